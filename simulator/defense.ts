import type { Step } from '../scenarios/model.ts';
import type { Action } from './actions.ts';
import type { Turn, AgentOptions, OptionDoc } from './agent.ts';
import type { EnvObservation } from './env.ts';

/**
 * An intervention is a prospective trajectory of steps (scenarios/model.ts `Step`: id, verb,
 * target named by role + name, text or point, `expect`ed states, `dependsOn`). The runner
 * grounds each step in the live page just before executing it (simulator/steps.ts), checks
 * its expected states on the next observation, and asks the defense to replan on a mismatch.
 */
export type Verdict =
  | { kind: 'allow' }
  | { kind: 'block'; feedback: string }
  | { kind: 'intervene'; objective: unknown; trajectory: Step[] }
  | { kind: 'terminate'; reason: string };

export interface ReviewContext {
  goal: string;
  observation: EnvObservation;
  proposal: Action;
  proposalText: string;
  /** The proposal named the way a trajectory names targets (role + name, text or point); null when its ref is not on the page. */
  proposalStep: Step | null;
  history: readonly Turn[];
  /** Internal actions the defense may still spend this episode. */
  defenseBudgetLeft: number;
}

export interface ReplanContext extends ReviewContext {
  objective: unknown;
  /** The step that could not be grounded, failed, or whose expected state did not hold. */
  failed: { step: string; reason: string };
}

export interface Defense {
  review(ctx: ReviewContext): Promise<Verdict> | Verdict;
  /** After a step of the trajectory failed; absent means give up the intervention. */
  replan?(ctx: ReplanContext): Promise<Verdict> | Verdict;
}

export interface DefenseDef {
  id: string;
  description: string;
  options?: readonly OptionDoc[];
  create(ctx: { seed: number; options: AgentOptions }): Defense;
}
