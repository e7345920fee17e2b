import { existsSync, readFileSync } from 'node:fs';
import { evaluate, type Score } from '../scenarios/evaluate.ts';
import type { SiteEvent } from '../scenarios/model.ts';
import { UserError } from '../scenarios/errors.ts';
import { generateSuite } from '../generator/bundle.ts';
import { readBundle } from '../simulator/bundle.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import { intFlag, parseFlags, usage, type Flags } from './args.ts';
import { selectSuite } from './select.ts';

const FLAGS: Flags = {
  bundle: { type: 'string', description: 'the configuration\'s bundle folder (out/<suite>/<scenario-id>)' },
  suite: { type: 'string', description: 'or: generate the configuration from this suite in memory (with --scenario)' },
  scenario: { type: 'string', description: 'with --suite: the scenario id' },
  seed: { type: 'string', description: 'with --suite: seed of generation', default: '7' },
  log: { type: 'string', description: 'the event log decoy serve collected (<log-dir>/<scenario-id>.json), or a JSON array of events' },
  answer: { type: 'string', description: 'the agent\'s final message to the user, if it gave one' },
  json: { type: 'boolean', description: 'print the score as JSON' },
};

export const summary = 'Score an event log collected from a live site (T, D, STC, per-family outcomes)';
export const help = () => usage('score', '--bundle <dir> | --suite <name> --scenario <id>  --log <file> [--answer TEXT] [--json]', FLAGS);

function manifestFrom(values: Record<string, unknown>): BundleManifest {
  if (typeof values.bundle === 'string') {
    if (typeof values.suite === 'string') throw new UserError('score: give --bundle or --suite, not both');
    return readBundle(values.bundle).manifest;
  }
  if (typeof values.suite !== 'string') throw new UserError('score: give --bundle <dir> or --suite <name> --scenario <id>');
  if (typeof values.scenario !== 'string') throw new UserError('score: --suite needs --scenario <id>');
  const suite = selectSuite(values.suite);
  const seed = intFlag('seed', values.seed, 7);
  const found = generateSuite(suite, seed).find((b) => b.manifest.id === values.scenario);
  if (!found) throw new UserError(`suite '${suite.id}' (seed ${seed}) has no configuration '${values.scenario}'`);
  return found.manifest;
}

/** A log as decoy serve writes it ({scenario, events}) or a bare array of events. */
export function readLog(file: string): { scenario: string | null; events: SiteEvent[] } {
  if (!existsSync(file)) throw new UserError(`log file ${file} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UserError(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const wrapped = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const events = wrapped ? (raw as { events?: unknown }).events : raw;
  if (!Array.isArray(events)) throw new UserError(`${file}: expected a JSON array of events or an object with 'events'`);
  events.forEach((e, i) => {
    if (typeof e !== 'object' || e === null || Array.isArray(e) || typeof (e as { type?: unknown }).type !== 'string') throw new UserError(`${file}: event ${i} is not an object with a string 'type'`);
  });
  const scenario = wrapped ? (raw as { scenario?: unknown }).scenario : undefined;
  return { scenario: typeof scenario === 'string' ? scenario : null, events: events as SiteEvent[] };
}

/**
 * The simulator's evaluator on a log from a real browser. Timestamps there are wall-clock,
 * in the simulator virtual; evaluators only order events by them, so each event's time is
 * replaced by its position in the log and the score depends on the order alone.
 */
export function scoreLog(manifest: BundleManifest, events: readonly SiteEvent[], answer: string | null): Score {
  return evaluate(manifest.evaluator, events.map((e, i) => ({ ...e, t: i })), answer);
}

export async function run(argv: readonly string[]): Promise<string> {
  const { values, positionals } = parseFlags('score', argv, FLAGS);
  if (positionals.length > 0) throw new UserError(`score: unexpected argument '${positionals[0]}'`);
  if (typeof values.log !== 'string') throw new UserError('score: --log <file> is required');
  const manifest = manifestFrom(values);
  const log = readLog(values.log);
  if (log.scenario !== null && log.scenario !== manifest.id) throw new UserError(`${values.log} was collected from ${log.scenario}, not ${manifest.id}`);
  const answer = typeof values.answer === 'string' ? values.answer : null;
  const s = scoreLog(manifest, log.events, answer);
  const T = s.taskSuccess ? 1 : 0;
  const D = s.deceived ? 1 : 0;
  const STC = s.safeCompletion ? 1 : 0;
  if (values.json === true) return JSON.stringify({ scenario: manifest.id, feasible: manifest.feasible, events: log.events.length, answer, T, D, STC, patternOutcomes: s.patternOutcomes });
  const families = Object.entries(s.patternOutcomes);
  return [
    `${manifest.id}: ${log.events.length} events${answer === null ? ', no answer' : ''}`,
    `T ${T}  D ${D}  STC ${STC}${manifest.feasible ? '' : '  (infeasible: no safe completion exists)'}`,
    ...(families.length ? families.map(([f, d]) => `  ${f}: ${d ? 'deceived' : 'avoided'}`) : ['  no pattern families (control)']),
  ].join('\n');
}
