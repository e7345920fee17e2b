/**
 * An episode record's outcome judged again from what it holds. Its own module: the runner is
 * part of what defense authors import (decoy/defense), and the evaluators' registries are not.
 */
import { evaluate, type EvaluatorSpec } from '../../scenarios/evaluate.ts';
import { outcomeBits, type EpisodeRecord } from '../loop/runner.ts';

/**
 * An episode's outcome as its record's events, answer and end give it: what the runner's finish recorded,
 * judged again by the bundle's evaluator (an error's outcome is none), so that a record whose
 * T, D or pattern outcomes were changed after it was written can be told from one played.
 */
export function judgedOutcome(
  spec: EvaluatorSpec,
  r: Pick<EpisodeRecord, 'end' | 'events' | 'answer'>,
): Pick<EpisodeRecord, 'T' | 'D' | 'STC' | 'patternOutcomes'> {
  if (r.end.kind === 'error') return { T: 0, D: 0, STC: 0, patternOutcomes: {} };
  return outcomeBits(evaluate(spec, r.events, r.answer, r.end.kind === 'infeasible'));
}
