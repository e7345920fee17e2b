/**
 * The run folder, as `decoy run` writes it and every command reads it: run.json (what decides
 * the episodes), episodes.jsonl (one record a line, appended as each episode ends) and
 * summary.json (written last: a folder without it is an unfinished run), and the labels.jsonl
 * decoy label adds (one labelled step a line, read back to resume). Each file is a zod
 * schema held to its TypeScript type, and read here only: a file that does not fit is a
 * one-line error naming the file, the line (episodes.jsonl) and the field.
 *
 * What is checked is what was read: a reader gets the file's own JSON once it fits (never
 * zod's rebuilt copy), so a summary compared with its episodes is compared as written.
 */
import { existsSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { clip, firstIssue, UserError } from '../lib/errors.ts';
import { completeLines, readWhole } from '../lib/files.ts';
import type { Same } from '../lib/same.ts';
import { episodeSeed } from '../scenarios/rng.ts';
import { versionPrefix } from '../scenarios/scenario-id.ts';
import { count, episodeRecordSchema, llmUsage } from './episode-schema.ts';
import type { EpisodeRecord } from '../simulator/loop/runner.ts';
import { LABELS, type LabelledStep } from '../simulator/measure/labels.ts';
import { summarize, type Summary } from '../simulator/measure/metrics.ts';
import type { RunLimits } from '../simulator/loop/call-limits.ts';
import { MAX_SHARDS, type Shard } from './shard.ts';

export const RUN_FILE = 'run.json';
export const EPISODES_FILE = 'episodes.jsonl';
export const SUMMARY_FILE = 'summary.json';
/** decoy label's output, in the run folder unless told otherwise. */
export const LABELS_FILE = 'labels.jsonl';

/** Everything that decides a run's episodes; written to run.json. */
export interface RunConfig {
  readonly suite: string;
  /** The suite's version (scenarios/model.ts SuiteDef), for a suite generated from the registry; stampRun sets it. */
  readonly suiteVersion?: number;
  readonly patterns: readonly string[];
  readonly bundles: string | null;
  readonly agent: string;
  readonly defense: string;
  readonly seed: number;
  /** The half of the phrasing pools a suite generated here drew its texts from; absent: standard (so such a run.json is as it always was). */
  readonly phrasings?: 'heldout';
  readonly agentOptions: Readonly<Record<string, unknown>>;
  readonly defenseOptions: Readonly<Record<string, unknown>>;
  readonly replay: string | null;
  /** Chromium plays the episodes; absent, the jsdom engine sandbox does (so a jsdom run's run.json is as it always was). */
  readonly engine?: 'chromium';
  /**
   * For an agent or defense from a user's file (recorded as the path given), or a script
   * injected into the pages (`inject:<file.js>`): the sha256 of the file's content, so that
   * resuming the run with a changed file is refused. Absent for registry ids; executeRun sets them.
   */
  readonly agentSha256?: string;
  readonly defenseSha256?: string;
  /** For a registered agent's or defense's option that reads a file (OptionDoc.reads, as gate's `lessons=a.txt`): the sha256 of the file's content by option, so that a run with the file changed is another run. */
  readonly agentOptionsSha256?: Readonly<Record<string, string>>;
  readonly defenseOptionsSha256?: Readonly<Record<string, string>>;
  /** For `--agent replay`: the sha256 of the actions its replay file holds (replayDigest), so that resuming with other actions under the same path is refused. */
  readonly replaySha256?: string;
  /**
   * The per-episode limits the run was played with, where they are not the defaults (absent
   * when all are, so such a run's run.json is as it always was): they decide which episodes
   * end in an error, so a run resumed with others would mix two runs. executeRun sets them.
   */
  readonly limits?: RunLimits;
  /** The part of the suite played (`--scenario`, `--configs`, `--limit`: harness/subset.ts); absent: all of it. */
  readonly scenarios?: readonly string[];
  readonly configs?: number;
  readonly limit?: number;
  /** The slice of the configurations this run plays (`--shard i/n`, harness/shard.ts); absent: all of them. `decoy merge` joins the shards into the run without it. */
  readonly shard?: Shard;
}

/** summary.json: the run's figures (simulator/measure/metrics.ts), headed by what identifies the run. */
export type RunSummary = { suite: string; agent: string; defense: string; seed: number } & Summary;

// ---------------------------------------------------------------------------
// The schemas, each held to its type at the end.

const options = z.record(z.string(), z.unknown());
const limit = z.number().positive();

export const runConfigSchema = z.strictObject({
  suite: z.string(),
  suiteVersion: z.number().int().nonnegative().optional(),
  patterns: z.array(z.string()).readonly(),
  bundles: z.string().nullable(),
  agent: z.string(),
  defense: z.string(),
  seed: z.number().int(),
  phrasings: z.literal('heldout').optional(),
  agentOptions: options,
  defenseOptions: options,
  replay: z.string().nullable(),
  engine: z.literal('chromium').optional(),
  agentSha256: z.string().optional(),
  defenseSha256: z.string().optional(),
  replaySha256: z.string().optional(),
  agentOptionsSha256: z.record(z.string(), z.string()).optional(),
  defenseOptionsSha256: z.record(z.string(), z.string()).optional(),
  limits: z
    .strictObject({
      stepSeconds: limit.optional(),
      memoryMb: limit.optional(),
      domElements: limit.optional(),
      timersPerStep: limit.optional(),
      callSeconds: limit.optional(),
    })
    .optional(),
  scenarios: z.array(z.string()).readonly().optional(),
  configs: z.number().int().positive().optional(),
  limit: z.number().int().positive().optional(),
  shard: z
    .strictObject({ index: z.number().int().positive(), count: z.number().int().positive().max(MAX_SHARDS) })
    .refine((s) => s.index <= s.count, 'its index is past its count')
    .optional(),
});

export { episodeRecordSchema };

const percent = z.number().min(0).max(100);
const interval = z.tuple([percent, percent]);
const aggregate = z.strictObject({
  episodes: count,
  errors: count,
  counts: z.strictObject({ t: count, d: count, stc: count }),
  tsr: percent,
  dpsr: percent,
  stc: percent,
  ci: z.strictObject({ tsr: interval, dpsr: interval, stc: interval }),
  outcomes: z.strictObject({ safe: count, taskWithDp: count, failNoDp: count, failWithDp: count }),
});

export const runSummarySchema = z.strictObject({
  suite: z.string(),
  agent: z.string(),
  defense: z.string(),
  seed: z.number().int(),
  ...aggregate.shape,
  feasible: aggregate,
  byPattern: z.record(z.string(), aggregate),
  byCondition: z.record(z.string(), aggregate).optional(),
  conditionDpsr: z.strictObject({ mean: percent, worst: percent }).optional(),
  llm: llmUsage.extend({ episodes: count }).optional(),
});

const label = z.enum(LABELS);

/** One line of labels.jsonl: a recorded step, as decoy label labelled it (simulator/measure/labels.ts). */
export const labelledStepSchema = z.strictObject({
  scenario: z.string(),
  step: count,
  proposal: z.string(),
  snapshot: z.string(),
  url: z.string(),
  label,
  families: z.record(z.string(), label),
});

/** Fail type checking when a file's schema and its type describe different files. */
export const RUN_CONFIG_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof runConfigSchema>, RunConfig> = true;
export const EPISODE_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof episodeRecordSchema>, EpisodeRecord> = true;
export const SUMMARY_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof runSummarySchema>, RunSummary> = true;
export const LABELLED_STEP_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof labelledStepSchema>, LabelledStep> = true;

// ---------------------------------------------------------------------------
// Reading.

/** `text` read as JSON and checked against `schema`; else a UserError naming `where` (a file, or file:line). */
function parsed<T>(schema: z.ZodType, text: string, where: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${where}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const r = schema.safeParse(json);
  if (!r.success) throw new UserError(`${where}: ${firstIssue(r.error, 'not as decoy run writes it')}`);
  return json as T;
}

/** run.json's text as the config it records; a UserError naming the file and the field. */
export const parseRunConfig = (text: string, file: string): RunConfig =>
  parsed<RunConfig>(runConfigSchema, text, clip(file));

/** One line of episodes.jsonl (`line` counted from 1) as the record it holds; a UserError naming the file, the line and the field. */
export const parseEpisode = (text: string, file: string, line: number): EpisodeRecord =>
  parsed<EpisodeRecord>(episodeRecordSchema, text, `${clip(file)}:${line}`);

/** One line of labels.jsonl (`line` counted from 1); a UserError naming the file, the line and the field. */
export const parseLabelledStep = (text: string, file: string, line: number): LabelledStep =>
  parsed<LabelledStep>(labelledStepSchema, text, `${clip(file)}:${line}`);

/** summary.json's text; a UserError naming the file and the field. */
export const parseSummary = (text: string, file: string): RunSummary =>
  parsed<RunSummary>(runSummarySchema, text, clip(file));

/** What the folder's run.json does not fit, as the error to give, or null when it fits (or there is none). */
export function runConfigProblem(dir: string): string | null {
  const file = join(dir, RUN_FILE);
  if (!existsSync(file)) return null;
  try {
    parseRunConfig(readWhole(file, 'utf8'), file);
    return null;
  } catch (e) {
    if (e instanceof UserError) return e.message;
    throw e;
  }
}

/** A finished run folder, every file checked and the three agreeing. */
export interface RunFolder {
  config: RunConfig;
  episodes: EpisodeRecord[];
  summary: Summary;
}

/** The value at a path firstDifference gives (`counts.d`) in `v`, or undefined where there is none. */
export const valueAt = (v: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (x, k) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[k] : undefined),
      v,
    );

/** A value as a refusal names it: its JSON clipped to `max` characters, `none` where there is none. */
export const shownValue = (v: unknown, max: number): string =>
  v === undefined ? 'none' : clip(JSON.stringify(v), max);

/** The first place two JSON values differ, as a path (`counts.d`), or null. */
export function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        at ? `${at}.${k}` : k,
      );
      if (d !== null) return d;
    }
    return JSON.stringify(a) === JSON.stringify(b) ? null : at || 'the order of its fields';
  }
  return JSON.stringify(a) === JSON.stringify(b) ? null : at || 'the whole';
}

/**
 * The one reader of a finished run folder (decoy label, assess, compare): run.json,
 * episodes.jsonl and summary.json, each checked against its schema, then held to each other:
 * every episode is the run's (its agent, defense, and the seed run.json's seed gives its
 * scenario), and summary.json is run.json's and the one its episodes give. Anything else is
 * a one-line UserError naming the file, the line and the field.
 */
export function readRunFolder(dir: string): RunFolder {
  if (!existsSync(dir)) throw new UserError(`run folder ${clip(dir)} does not exist`);
  if (!statSync(dir).isDirectory())
    throw new UserError(`${clip(dir)} is not a folder (give the folder decoy run wrote)`);
  const runFile = join(dir, RUN_FILE);
  const episodesFile = join(dir, EPISODES_FILE);
  const summaryFile = join(dir, SUMMARY_FILE);
  if (!existsSync(runFile) || !existsSync(episodesFile))
    throw new UserError(`${clip(dir)} holds no run (${RUN_FILE} and ${EPISODES_FILE}, as decoy run writes them)`);
  const config = parseRunConfig(readWhole(runFile, 'utf8'), runFile);
  const bytes = readWhole(episodesFile);
  const lines = completeLines(bytes);
  const episodes = lines.map((l, i) => parseEpisode(l.text, episodesFile, i + 1));
  if ((lines.at(-1)?.end ?? 0) < bytes.length)
    throw new UserError(`${clip(episodesFile)}:${lines.length + 1}: a line without its newline (cut short)`);
  const lineOf = new Map<string, number>();
  episodes.forEach((e, i) => {
    const where = `${clip(episodesFile)}:${i + 1}`;
    const earlier = lineOf.get(e.scenario);
    if (earlier !== undefined)
      throw new UserError(`${where}: scenario: ${clip(e.scenario)} was played already, at line ${earlier}`);
    lineOf.set(e.scenario, i + 1);
    if (e.agent !== config.agent)
      throw new UserError(`${where}: agent: ${clip(e.agent)} is not run.json's ${clip(config.agent)}`);
    if (e.defense !== config.defense)
      throw new UserError(`${where}: defense: ${clip(e.defense)} is not run.json's ${clip(config.defense)}`);
    if (config.bundles === null && e.suite !== config.suite)
      throw new UserError(`${where}: suite: ${clip(e.suite)} is not run.json's ${clip(config.suite)}`);
    if (config.suiteVersion !== undefined && !e.scenario.startsWith(versionPrefix(config.suite, config.suiteVersion)))
      throw new UserError(
        `${where}: scenario: ${clip(e.scenario)} is not of ${clip(config.suite)} v${config.suiteVersion}, the suite run.json names`,
      );
    // The scores are one another's: D is any pattern's outcome, STC is T without D.
    const d = Object.values(e.patternOutcomes).some(Boolean) ? 1 : 0;
    if (e.D !== d) throw new UserError(`${where}: D: ${e.D} is not what its patternOutcomes give (${d})`);
    if (e.STC !== (e.T === 1 && e.D === 0 ? 1 : 0))
      throw new UserError(`${where}: STC: ${e.STC} is not T=${e.T} without D=${e.D}`);
    const seed = episodeSeed(config.seed, e.scenario);
    if (e.seed !== seed)
      throw new UserError(
        `${where}: seed: ${e.seed} is not the seed run.json's seed gives ${clip(e.scenario)} (${seed})`,
      );
  });
  if (!existsSync(summaryFile))
    throw new UserError(
      `${clip(summaryFile)}: missing: the run did not finish (run the same decoy run again to finish it)`,
    );
  const { suite, agent, defense, seed, ...summary } = parseSummary(readWhole(summaryFile, 'utf8'), summaryFile);
  const head = { suite, agent, defense, seed };
  for (const k of ['suite', 'agent', 'defense', 'seed'] as const) {
    if (head[k] !== config[k])
      throw new UserError(
        `${clip(summaryFile)}: ${k}: ${clip(String(head[k]))} is not run.json's ${clip(String(config[k]))}`,
      );
  }
  const differs = firstDifference(summary, summarize(episodes));
  if (differs !== null)
    throw new UserError(`${clip(summaryFile)}: ${clip(differs)}: not what ${EPISODES_FILE} gives (edited by hand?)`);
  return { config, episodes, summary };
}

/**
 * The episodes an interrupted run finished, in order: the longest prefix of episodes.jsonl
 * whose lines are whole records (episodeRecordSchema) of this run's first configurations, in
 * run order, with the episode seed this run gives them (scenarios/rng.ts episodeSeed: an
 * episode depends only on the run's seed and its scenario, so the rest can be played without
 * replaying these). Anything after that prefix (a line cut short by a kill, a foreign line,
 * a record with a field that is not the schema's) is cut off and played again.
 */
export function finishedEpisodes(
  file: string,
  config: Pick<RunConfig, 'seed' | 'agent' | 'defense'>,
  scenarios: readonly string[],
): EpisodeRecord[] {
  if (!existsSync(file)) return [];
  const kept: EpisodeRecord[] = [];
  let end = 0;
  for (const line of completeLines(readWhole(file))) {
    const id = scenarios[kept.length];
    if (id === undefined) break;
    let record: EpisodeRecord | null = null;
    try {
      record = parseEpisode(line.text, file, kept.length + 1);
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      record = null;
    }
    if (
      record?.scenario !== id ||
      record.seed !== episodeSeed(config.seed, id) ||
      record.agent !== config.agent ||
      record.defense !== config.defense
    )
      break;
    kept.push(record);
    end = line.end;
  }
  truncateSync(file, end);
  return kept;
}
