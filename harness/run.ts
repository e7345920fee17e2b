import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { clip, Halted, quote, shortReason, Stopped, UserError } from '../lib/errors.ts';
import { LOCK_NAME, lockFolder } from './lock.ts';
import { appendLine, clearTemps, isTempName, readWhole, writeFileAtomic } from '../lib/files.ts';
import { clearOtherVersion } from '../generator/bundle.ts';
import { scenarioId } from '../generator/compose.ts';
import { suites } from '../scenarios/index.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { runBatch, type Engine } from '../simulator/loop/batch.ts';
import { LlmSession, type SessionOptions } from '../simulator/llm/session.ts';
import { keyProblem } from '../simulator/llm/endpoint.ts';
import { llmSettings } from '../simulator/llm/settings.ts';
import { summarize, type EpisodeScore, type Summary } from '../simulator/measure/metrics.ts';
import { configurationOf, type EpisodeRecord } from '../simulator/loop/runner.ts';
import { judgedOutcome } from '../simulator/measure/judged.ts';
import {
  EPISODES_FILE,
  finishedEpisodes,
  firstDifference,
  shownValue,
  valueAt,
  RUN_FILE,
  runConfigProblem,
  SUMMARY_FILE,
  type RunConfig,
  type RunSummary,
} from './run-folder.ts';
import {
  agentDef as resolveAgent,
  checkOptions,
  defenseDef as resolveDefense,
  contentHash,
  injectionHash,
  isInjection,
  isModulePath,
  moduleHash,
} from '../simulator/loop/resolve.ts';
import { agents, defenses } from '../simulator/loop/registries.ts';
import type { AgentDef } from '../simulator/loop/agent.ts';
import type { DefenseDef } from '../simulator/loop/defense.ts';
import { resultsTable } from '../simulator/measure/report/table.ts';
import { assertReplayFits, readReplayFile, replayDigest, type ReplayActions } from './replay-file.ts';
import { loadBundles, makeSuite, runSource, selectSuite, suiteTitle, suiteVersionOf } from './select.ts';
import { requireSelfCheck } from './check.ts';
import { silent, type Progress } from './progress.ts';
import { stopIfAsked } from './stop.ts';
import { sliceOf } from './shard.ts';
import { subsetOf } from './subset.ts';
import { DEFAULT_LIMITS, type EpisodeLimits } from '../simulator/page/engine/limits.ts';
import type { RunLimits } from '../simulator/loop/call-limits.ts';
import type { PageMemo } from '../simulator/page/engine/memo.ts';

/** The hashes of the files (or folders) a registered party's options read (OptionDoc.reads), by option; null for none. */
function optionFiles(def: AgentDef | DefenseDef | null, options: Readonly<Record<string, unknown>>) {
  const read: [string, string][] = [];
  for (const o of def?.options ?? []) {
    const file = Object.hasOwn(options, o.name) ? (o.reads?.(options[o.name]) ?? null) : null;
    // One that is not there is the party's to name, as its options are checked.
    if (file !== null && existsSync(file)) read.push([o.name, contentHash(file, o.name)]);
  }
  return read.length > 0 ? Object.fromEntries(read) : null;
}

/** The config with the hashes of the user's files it names (simulator/loop/resolve.ts), as run.json records it. */
function stampFiles(config: RunConfig): RunConfig {
  const {
    agentSha256: _a,
    defenseSha256: _d,
    replaySha256: _r,
    agentOptionsSha256: _ao,
    defenseOptionsSha256: _do,
    ...rest
  } = config;
  const agentFiles = optionFiles(agents.has(config.agent) ? agents.get(config.agent) : null, config.agentOptions);
  const defenseFiles = optionFiles(
    defenses.has(config.defense) ? defenses.get(config.defense) : null,
    config.defenseOptions,
  );
  return {
    ...rest,
    ...(agentFiles ? { agentOptionsSha256: agentFiles } : {}),
    ...(defenseFiles ? { defenseOptionsSha256: defenseFiles } : {}),
    ...(config.agent === 'replay' && config.replay
      ? { replaySha256: replayDigest(readReplayFile(config.replay)) }
      : {}),
    ...(isModulePath(config.agent) ? { agentSha256: moduleHash(config.agent, 'agent') } : {}),
    ...(isModulePath(config.defense) ? { defenseSha256: moduleHash(config.defense, 'defense') } : {}),
    ...(isInjection(config.defense) ? { defenseSha256: injectionHash(config.defense) } : {}),
  };
}

/**
 * The limits of `limits` that are not the defaults, in the defaults' order, then the per-call
 * limit when one is given (its default depends on the party); none when all are the defaults.
 */
function differingLimits(limits: RunLimits = {}): RunLimits | null {
  const differing: Record<string, number> = {};
  for (const k of Object.keys(DEFAULT_LIMITS) as (keyof EpisodeLimits)[]) {
    const v = limits[k];
    if (v !== undefined && v !== DEFAULT_LIMITS[k]) differing[k] = v;
  }
  if (limits.callSeconds !== undefined) differing.callSeconds = limits.callSeconds;
  return Object.keys(differing).length > 0 ? differing : null;
}

/** The config as run.json records it for a run played with these limits: stampFiles's, with the limits that are not the defaults. */
export function stampRun(config: RunConfig, limits?: RunLimits): RunConfig {
  const { limits: _l, suiteVersion: _v, ...rest } = config;
  const differing = differingLimits(limits);
  // Beside the suite's name, where a reader looks for it; a folder of bundles carries its versions in their ids.
  const version = suiteVersionOf(config);
  const versioned = version === undefined ? {} : { suite: rest.suite, suiteVersion: version };
  return stampFiles({ ...versioned, ...rest, ...(differing ? { limits: differing } : {}) });
}

export interface RunOptions {
  /** Bundles already in memory (else from config.bundles, else generated from config.suite: select.ts loadBundles). */
  bundles?: readonly LoadedBundle[];
  /** Bundles read from config.bundles may hold scripts other than decoy's runtime (--trust-bundles); for `bundles` given, the caller's loader said so. */
  trustBundles?: boolean;
  /** Run even if the suite fails its self-check. */
  noCheck?: boolean;
  /** The folder may hold an earlier run of the same suite, which is replaced (the demo's own folder). */
  replaceSameSuite?: boolean;
  progress?: Progress;
  /** Stops the run after the episode under way (its record is written whole); see Stopped. */
  signal?: AbortSignal;
  /** Per-episode limits, in either engine, and the per-call one; the defaults (simulator/page/engine/limits.ts, loop/party.ts) for the rest. */
  limits?: RunLimits;
  /** The Chromium executable (already found and launched), for a config with `engine: 'chromium'`. */
  executable?: string;
  /** The run's LLM: the cassette and its mode, the price table (live without a cassette). */
  llm?: SessionOptions;
  /** Episodes played at once (default 1); the files are the same at any number. */
  concurrency?: number;
  /** Engine processes the episodes are spread over (default 1); the files are the same at any number. */
  workers?: number;
  /** Stop once this many episodes in a row end in the same error (--max-errors); none: never. */
  maxErrors?: number;
  /**
   * The count of --max-errors, carried from one run of a command to the next (seeds, defenses):
   * a streak does not start again where a run ends. The run makes its own without it.
   */
  errorStreak?: ErrorStreak;
  /** Pages the comparison this run is part of has played (simulator/page/engine/memo.ts). */
  memo?: PageMemo;
  /** Called once the agent, the defense, the recording and the LLM's cassette are accepted, before the self-check: where a command warns of what it will play. */
  accepted?: () => void;
  /** When the command began (performance.now()): the time printed is the whole wall time, generation and self-check included. */
  startedAt?: number;
}

/** Episodes in a row that ended in one same error: its kind (numbers as #), the last reason as given, how many. */
export interface ErrorStreak {
  kind: string;
  reason: string;
  n: number;
}

export const newErrorStreak = (): ErrorStreak => ({ kind: '', reason: '', n: 0 });

/** Episodes kept in a folder (a run found finished, or resumed) sit between: the streak starts again after them. */
export function streakBroken(s: ErrorStreak): void {
  Object.assign(s, newErrorStreak());
}

/**
 * A run the command is about to begin in `dir`, after an earlier one of it (a seed, a defense)
 * ended K episodes in the same error, is not begun. A run it resumes has episodes kept
 * between, which end the streak.
 */
export function haltBeforeRun(dir: string, opts: Pick<RunOptions, 'maxErrors' | 'errorStreak'>): void {
  const s = opts.errorStreak;
  if (!s || opts.maxErrors === undefined || s.n < opts.maxErrors) return;
  const file = join(dir, EPISODES_FILE);
  if (existsSync(file) && statSync(file).size > 0) return streakBroken(s);
  throw new Halted(
    `not begun: the last ${s.n} episodes played ended in the same error (${shortReason(s.reason, 120)}); everything played is written, these as errors, and the same command goes on from here (another --out plays them again)`,
  );
}

export interface RunResult {
  episodes: string;
  summaryFile: string;
  /** Episodes found finished in the folder and kept (an interrupted run's), not replayed. */
  resumed: number;
  /** The results table, titled. */
  table: string;
  /** Episodes that ended in an error (written like the others, counted apart in the summary). */
  errors: number;
}

/** run.json's text for `config`: what a folder holding this run holds, byte for byte. */
export const stampText = (config: RunConfig): string => JSON.stringify(config, null, 2) + '\n';

/**
 * Refuses a folder that holds something other than this same run; nothing is overwritten.
 * With `replaceSameSuite`, an earlier run of the same suite is the caller's own and is replaced.
 * Returns whether the folder holds this same run, unfinished (run.json, and no summary.json
 * yet), whose finished episodes a resumed run keeps.
 */
export function claimOutput(out: string, config: RunConfig, replaceSameSuite = false): boolean {
  const stamp = stampText(config);
  const runFile = join(out, RUN_FILE);
  if (existsSync(runFile)) {
    const held = readWhole(runFile, 'utf8');
    if (held === stamp && !existsSync(join(out, SUMMARY_FILE))) return true;
    let suite: unknown = null;
    try {
      suite = (JSON.parse(held) as { suite?: unknown }).suite;
    } catch {
      suite = null;
    }
    if (held !== stamp && !(replaceSameSuite && suite === config.suite)) throw heldOtherRun(out, held, config);
  } else if (existsSync(out) && readdirSync(out).some((name) => !isTempName(name) && name !== LOCK_NAME)) {
    throw new UserError(`${clip(out)} is not empty and holds no run; choose another --out`);
  }
  mkdirSync(out, { recursive: true });
  // A new run (or a finished one played anew): the summary goes first, so that the folder
  // says "unfinished" from here on; then nothing of the earlier episodes may look like its own.
  rmSync(join(out, SUMMARY_FILE), { force: true });
  rmSync(join(out, EPISODES_FILE), { force: true });
  writeFileAtomic(runFile, stamp);
  return false;
}

/** Whether `dir` holds this run, finished (summary.json is written last): one that playing again would only replay. */
export const finishedRun = (dir: string, config: RunConfig): boolean =>
  existsSync(join(dir, SUMMARY_FILE)) &&
  existsSync(join(dir, RUN_FILE)) &&
  readWhole(join(dir, RUN_FILE), 'utf8') === stampText(config);

/** The refusal of a run folder (`shown` so) that holds another run than `config`: what its run.json does not fit (run-folder.ts), else what differs. */
export function heldOtherRun(dir: string, held: string, config: RunConfig, shown = dir): UserError {
  const malformed = runConfigProblem(dir);
  return new UserError(
    malformed
      ? `${malformed}; choose another --out or remove it`
      : `${clip(shown)} already holds a different run${changedFile(held, config)}; choose another --out or remove it`,
  );
}

/** Recorded limits as the flags that set them. */
export function limitsText(limits: unknown): string {
  const flags: Record<string, string> = {
    stepSeconds: '--step-seconds',
    memoryMb: '--memory-mb',
    domElements: '--max-elements',
    timersPerStep: 'timers per step',
    callSeconds: '--call-seconds',
  };
  const set = typeof limits === 'object' && limits !== null ? Object.entries(limits as Record<string, unknown>) : [];
  // A name run.json gives that is not a limit (`constructor`) is shown as written, not as the property every object has.
  return set.length === 0
    ? 'the defaults'
    : set.map(([k, v]) => `${Object.hasOwn(flags, k) ? flags[k] : k} ${String(v)}`).join(' ');
}

/** ' (the defense file ./x.ts changed since)', the suite's version or the limits played with, when that is the only difference from the run held. */
export function changedFile(held: string, config: RunConfig): string {
  let was: Record<string, unknown>;
  try {
    was = JSON.parse(held) as Record<string, unknown>;
  } catch {
    return '';
  }
  // Compared whatever the order of their keys: the stamps put a field where it was added.
  const sorted = (_k: string, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v;
  const same = (a: unknown, b: unknown) => JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
  if (
    config.suiteVersion !== undefined &&
    !same(was.suiteVersion, config.suiteVersion) &&
    same({ ...was, suiteVersion: config.suiteVersion }, config)
  )
    return ` (played on ${config.suite} ${typeof was.suiteVersion === 'number' ? `v${was.suiteVersion}` : 'from before suites were versioned'}; this decoy generates v${config.suiteVersion})`;
  if (!same(was.limits, config.limits) && same({ ...was, limits: config.limits }, config))
    return ` (played with other per-episode limits: ${limitsText(was.limits)}, now ${limitsText(config.limits)})`;
  if (
    config.replaySha256 &&
    was.replay === config.replay &&
    !same(was.replaySha256, config.replaySha256) &&
    same({ ...was, replaySha256: config.replaySha256 }, config)
  )
    return ` (the replay file ${clip(config.replay ?? '')} holds other actions since)`;
  for (const who of ['agent', 'defense'] as const) {
    const key = `${who}Sha256` as const;
    if (
      config[key] &&
      was[who] === config[who] &&
      !same(was[key], config[key]) &&
      same({ ...was, [key]: config[key] }, config)
    ) {
      return isInjection(config[who])
        ? ` (the injected script ${clip(config[who].slice('inject:'.length))} changed since)`
        : ` (the ${who} file ${clip(config[who])} changed since)`;
    }
  }
  // Any other difference: the first field that differs, with what the folder holds and what is asked now.
  const field = firstDifference(
    JSON.parse(JSON.stringify(was, sorted)) as unknown,
    JSON.parse(JSON.stringify(config, sorted)) as unknown,
  );
  if (field === null || field === 'the order of its fields' || field === 'the whole') return '';
  return ` (${field}: ${shownValue(valueAt(was, field), 60)} there, ${shownValue(valueAt(config, field), 60)} now)`;
}

/** The configurations a run may meet in a recording: its own, and the rest of each registered suite they come from. */
function knownIds(run: readonly Pick<BundleManifest, 'id' | 'suite' | 'seed'>[]): Set<string> {
  const known = new Set(run.map((m) => m.id));
  const suiteSeeds = new Set(run.map((m) => JSON.stringify([m.suite, m.seed])));
  for (const pair of suiteSeeds) {
    const [suite, seed] = JSON.parse(pair) as [string, number];
    if (!suites.ids().includes(suite)) continue;
    const def = suites.get(suite);
    for (const spec of def.scenarios()) known.add(scenarioId(def, spec, seed));
  }
  return known;
}

/**
 * Resolves the agent and the defense, checks the options given them and makes each once:
 * what a command can refuse before it generates a suite, which for a large one takes seconds.
 */
export async function checkParties(
  config: Pick<RunConfig, 'agent' | 'defense' | 'agentOptions' | 'defenseOptions' | 'seed' | 'engine' | 'replay'>,
  llm?: SessionOptions,
): Promise<{
  agentDef: Awaited<ReturnType<typeof resolveAgent>>;
  defenseDef: Awaited<ReturnType<typeof resolveDefense>>;
  /** The replay file's actions (read whole and parsed), for --agent replay. */
  actions: ReplayActions | null;
}> {
  let actions: ReplayActions | null = null;
  if (config.agent === 'replay') {
    if (!config.replay) throw new UserError('--agent replay needs --replay <file.jsonl>');
    actions = readReplayFile(config.replay);
  } else if (config.replay) throw new UserError('--replay is only for --agent replay');
  const agentDef = await resolveAgent(config.agent);
  const defenseDef = await checkDefense(config.defense, config.defenseOptions, config.seed, llm);
  agentChecked(config, agentDef, llm);
  return { agentDef, defenseDef, actions };
}

/** The agent's half of checkParties, for a command that checks its defenses one by one (compare). */
export async function checkAgent(
  config: Pick<RunConfig, 'agent' | 'agentOptions' | 'seed' | 'engine'>,
  llm?: SessionOptions,
): Promise<void> {
  agentChecked(config, await resolveAgent(config.agent), llm);
}

/** The agent's options checked, and a registered agent made once, with `def` resolved. */
function agentChecked(
  config: Pick<RunConfig, 'agent' | 'agentOptions' | 'seed' | 'engine'>,
  def: AgentDef,
  llm: SessionOptions | undefined,
): void {
  checkOptions('agent', config.agent, def, config.agentOptions);
  if (!madeAtFirst(config.agent))
    seesOnly(config, def.create({ seed: config.seed, options: { ...config.agentOptions }, scenario: '' }));
  keyAtHand(def, config.agentOptions, `--agent ${config.agent}`, llm);
}

/** The defense's half of checkParties: bad options, a file they name that is missing, a create that throws are refused here. */
export async function checkDefense(
  defense: string,
  options: Readonly<Record<string, unknown>>,
  seed: number,
  llm?: SessionOptions,
): Promise<Awaited<ReturnType<typeof resolveDefense>>> {
  const def = await resolveDefense(defense);
  checkOptions('defense', defense, def, options);
  def.create({ seed, options: { ...options } });
  keyAtHand(def, options, `--defense ${defense}`, llm);
  return def;
}

/** checkDefense for each of a comparison's defenses and its share of the options, naming the defense among several. */
export async function checkEachDefense(
  defenses: readonly string[],
  shares: readonly Readonly<Record<string, unknown>>[],
  seed: number,
  llm?: SessionOptions,
): Promise<void> {
  for (const [i, d] of defenses.entries())
    await checkDefense(d, shares[i] ?? {}, seed, llm).catch((e: unknown) => {
      // A user's file or script names itself in what it says, and so does an LLM's setting (`--defense d: …`).
      const named = isModulePath(d) || isInjection(d) || (e instanceof Error && e.message.startsWith(`--defense ${d}`));
      throw e instanceof UserError && !named ? new UserError(`defense ${quote(d)}: ${e.message}`) : e;
    });
}

/**
 * A party that takes the LLM's options (LLM_OPTIONS) and whose every call goes out live (no
 * cassette, or one being recorded) needs its endpoint's key: refused now, not at its first call.
 */
function keyAtHand(
  def: Pick<AgentDef, 'options'>,
  options: Readonly<Record<string, unknown>>,
  who: string,
  llm: SessionOptions | undefined,
): void {
  const live = !llm?.cassette || llm.mode === 'record';
  if (!live || !def.options?.some((o) => o.name === 'api_key_env')) return;
  const problem = keyProblem(llmSettings(options, who).endpoint);
  if (problem) throw new UserError(`${who}: ${problem}`);
}

/**
 * Whether the agent is made only at the first configuration (prepareAgent), not before any
 * exists (checkAgent): a recording (replay) is checked against the configurations, and a user's
 * agent may read the id. A registered agent reads none.
 */
const madeAtFirst = (agent: string): boolean => isModulePath(agent) || agent === 'replay';

/** An agent that looks at screenshots needs a browser that paints them. */
function seesOnly(config: Pick<RunConfig, 'agent' | 'engine'>, agent: { sees?: unknown }): void {
  if (agent.sees && config.engine !== 'chromium')
    throw new UserError(
      `agent ${quote(config.agent)} looks at screenshots, which only a browser that paints gives: add --engine chromium`,
    );
}

/**
 * Checks the agent, the defense, their options and the replay file against the run's
 * configurations, before anything is generated or written; returns the agent's options as
 * the runner takes them.
 */
export async function prepareAgent(
  config: RunConfig,
  run: readonly Pick<BundleManifest, 'id' | 'suite' | 'seed'>[],
  llm?: SessionOptions,
): Promise<Record<string, unknown>> {
  const { agentDef, actions } = await checkParties(config, llm);
  const agentOptions: Record<string, unknown> = { ...config.agentOptions };
  if (actions && config.replay) {
    assertReplayFits(
      config.replay,
      actions,
      run.map((m) => m.id),
      knownIds(run),
    );
    agentOptions.actions = actions;
  }
  const first = run[0];
  // Made once up front, so that bad options (or a user's create that throws) stop the run before anything is written.
  if (first && madeAtFirst(config.agent))
    seesOnly(config, agentDef.create({ seed: config.seed, options: agentOptions, scenario: first.id }));
  return agentOptions;
}

/** A configuration's fields in one order, for a record and its bundle alike. */
const fieldsOf = (c: Pick<EpisodeRecord, 'feasible' | 'patterns' | 'condition'>) => ({
  feasible: c.feasible,
  patterns: c.patterns,
  condition: c.condition,
});

/**
 * The episodes a resumed run (or a merge) keeps are the ones it played: each one's configuration
 * (suite, feasibility, pattern families, condition) must be its bundle's, and its T, D, STC and
 * pattern outcomes what the bundle's evaluator gives its events and answer, or the folder was
 * edited by hand, and going on would carry the edit into summary.json. `advice` says what to do then.
 */
export function heldToTheirEvents(
  file: string,
  kept: readonly EpisodeRecord[],
  bundles: readonly LoadedBundle[],
  advice = 'remove the folder or choose another --out',
): void {
  kept.forEach((r, i) => {
    const m = bundles[i]!.manifest;
    const field =
      firstDifference(
        { scenario: r.scenario, suite: r.suite, ...fieldsOf(r) },
        { scenario: m.id, suite: m.suite, ...fieldsOf(configurationOf(m)) },
      ) ??
      firstDifference(
        { T: r.T, D: r.D, STC: r.STC, patternOutcomes: r.patternOutcomes },
        judgedOutcome(m.evaluator, r),
      );
    if (field !== null)
      throw new UserError(
        `${clip(file)}: episode ${i + 1} (${clip(r.scenario)}): ${field}: not what its configuration and events give (edited by hand?); ${advice}`,
      );
  });
}

/**
 * Replays an agent behind a defense over a suite and writes run.json, episodes.jsonl and
 * summary.json into `out`. Each episode is appended to episodes.jsonl and flushed to disk as
 * it finishes; summary.json is written last, so a folder without it is an unfinished run,
 * and running the same run into it again plays only the episodes it lacks (the files end
 * byte for byte as an uninterrupted run's). A finished run run again is played anew.
 */
export async function executeRun(config: RunConfig, out: string, opts: RunOptions = {}): Promise<RunResult> {
  haltBeforeRun(out, opts);
  const startedAt = opts.startedAt ?? performance.now();
  const all = opts.bundles ?? loadBundles(runSource(config, opts.trustBundles));
  const chosen = subsetOf(all, config, config.seed);
  const bundles = config.shard ? sliceOf(chosen, config.shard) : chosen;
  config = stampRun(config, opts.limits);
  const agentOptions = await prepareAgent(
    config,
    bundles.map((b) => b.manifest),
    opts.llm,
  );
  // Made before the self-check and anything written: a replay without its cassette is refused here.
  const llm = new LlmSession(opts.llm);
  opts.accepted?.();
  let checkSeconds: number | null = null;
  if (!opts.noCheck) {
    const t = performance.now();
    await requireSelfCheck(bundles, {
      signal: opts.signal,
      workers: opts.workers,
      progress: (_, done, total) => opts.progress?.('self-check', done, total),
    });
    checkSeconds = (performance.now() - t) / 1000;
  }
  stopIfAsked(opts.signal, 'before any episode');
  // Taken before the folder is claimed, so a second run into it never appends beside the first.
  const unlock = lockFolder(out);
  try {
    return await playInto(config, out, bundles, agentOptions, { ...opts, startedAt, checkSeconds }, llm);
  } finally {
    unlock();
  }
}

async function playInto(
  config: RunConfig,
  out: string,
  bundles: readonly LoadedBundle[],
  agentOptions: Record<string, unknown>,
  opts: RunOptions & { startedAt: number; checkSeconds: number | null },
  llm: LlmSession,
): Promise<RunResult> {
  const unfinished = claimOutput(out, config, opts.replaceSameSuite);
  clearTemps(out);
  const episodes = join(out, EPISODES_FILE);
  // There from the start, so that a run of no episodes (an empty shard) is a run folder too.
  if (!existsSync(episodes)) writeFileAtomic(episodes, '');
  const summaryFile = join(out, SUMMARY_FILE);
  const ids = bundles.map((b) => b.manifest.id);
  const before = unfinished ? finishedEpisodes(episodes, config, ids) : [];
  heldToTheirEvents(episodes, before, bundles);
  const progress = opts.progress ?? silent;
  let done = before.length;
  if (done > 0) progress('episodes', done, bundles.length);
  const streak = opts.errorStreak ?? newErrorStreak();
  if (before.length > 0) streakBroken(streak);
  const rest = bundles.slice(done);
  const engine: Engine =
    config.engine === 'chromium' ? { kind: 'chromium', executable: opts.executable ?? '' } : { kind: 'jsdom' };
  if (engine.kind === 'chromium' && !engine.executable)
    throw new Error('a Chromium run needs the executable (launchableChromium)');
  let result: Awaited<ReturnType<typeof runBatch>>;
  const { callSeconds, ...engineLimits } = opts.limits ?? {};
  try {
    result = await runBatch(
      rest,
      {
        agent: config.agent,
        defense: config.defense,
        seed: config.seed,
        agentOptions,
        defenseOptions: { ...config.defenseOptions },
        limits: engineLimits,
        ...(callSeconds !== undefined ? { callSeconds } : {}),
        engine,
        llm,
        concurrency: opts.concurrency ?? 1,
        workers: opts.workers ?? 1,
        ...(opts.memo ? { memo: opts.memo } : {}),
        drawMarks: async (png, obs) => {
          // Loaded when an agent asks for marks: a run of agents that read text never pays for sharp.
          const [{ default: sharp }, { drawMarks }] = await Promise.all([
            import('sharp'),
            import('../simulator/measure/report/marks.ts'),
          ]);
          const { width, height } = await sharp(png).metadata();
          return drawMarks(png, obs.elements, { width: width ?? 0, height: height ?? 0 });
        },
      },
      (r) => {
        // An episode that failed while the run was being stopped may have failed of the stop
        // itself (Ctrl-C reaches every process of the terminal's group): it is played again.
        const failed: string = r.end.kind;
        if (opts.signal?.aborted && failed === 'error')
          throw new Stopped(`stopped after ${done} of ${bundles.length} episodes`);
        appendLine(episodes, JSON.stringify(r));
        progress('episodes', ++done, bundles.length);
        // Episodes in a row that ended in one same error (numbers aside: a request id or a count); any other end starts the count again.
        const reason = r.end.kind === 'error' ? r.end.reason : '';
        const kind = reason.replace(/[\w.-]*\d[\w.-]*/g, '#');
        if (!reason) streak.n = 0;
        else streak.n = kind === streak.kind ? streak.n + 1 : 1;
        streak.kind = kind;
        streak.reason = reason;
        if (opts.maxErrors !== undefined && streak.n >= opts.maxErrors && done < bundles.length)
          throw new Halted(
            `stopped after ${done} of ${bundles.length} episodes: the last ${streak.n} ended in the same error (${shortReason(reason, 120)}); everything played is written, these as errors, and the same command goes on after them (another --out plays them again)`,
          );
        if (done < bundles.length) stopIfAsked(opts.signal, `after ${done} of ${bundles.length} episodes`);
      },
    );
  } finally {
    // Written whole whatever ended the run: a run stopped or failed keeps every call it paid for.
    llm.close(
      `decoy run --suite ${config.suite} --agent ${config.agent} --defense ${config.defense} --seed ${config.seed}`,
    );
  }
  const seconds = (performance.now() - opts.startedAt) / 1000;
  const summary = writeSummary(summaryFile, config, [...before, ...result.records]);
  const checked = opts.checkSeconds === null ? '' : `, ${opts.checkSeconds.toFixed(1)} s of it the self-check`;
  const played = `${rest.length} episode${rest.length === 1 ? '' : 's'} in ${seconds.toFixed(1)} s${checked}${before.length > 0 ? ` (${before.length} more kept from the interrupted run)` : ''}`;
  const shard = config.shard ? ` · shard ${config.shard.index}/${config.shard.count}` : '';
  const title = `suite ${suiteTitle(config.suite, config.suiteVersion)}${shard} · agent ${config.agent} · defense ${config.defense} · seed ${config.seed} · ${played}`;
  return { episodes, summaryFile, resumed: before.length, table: resultsTable(summary, title), errors: summary.errors };
}

/** summary.json of a run's records, written last (a folder without it is an unfinished run); the figures it holds. */
export function writeSummary(file: string, config: RunConfig, records: readonly EpisodeRecord[]): Summary {
  const head: Omit<RunSummary, keyof Summary> = {
    suite: config.suite,
    agent: config.agent,
    defense: config.defense,
    seed: config.seed,
  };
  return writeFigures(file, head, records);
}

/**
 * A summary.json: `head` (what the figures are of), then the figures of the scored episodes
 * (simulator/measure/metrics.ts summarize), written whole; returns the figures. Every
 * summary.json decoy writes (a run's, a batch of collected logs') is made here.
 */
export function writeFigures(file: string, head: object, scores: readonly EpisodeScore[]): Summary {
  const summary = summarize(scores);
  writeFileAtomic(file, JSON.stringify({ ...head, ...summary }, null, 2) + '\n');
  return summary;
}

export interface DemoConfig {
  readonly agent: string;
  readonly defense: string;
  readonly seed: number;
  readonly agentOptions: Readonly<Record<string, unknown>>;
  /** Where the bundles go; out/demo-s<seed> unless given. */
  readonly bundles?: string;
  /** Where the run goes; runs/demo/<agent>-<defense>-s<seed> unless given. */
  readonly out?: string;
}

/** An agent or defense as a folder name: a user's file by its name without the extension (an injected script's prefixed `inject-`). */
export const nameOf = (v: string) =>
  isModulePath(v)
    ? basename(v).replace(/\.(ts|js|mjs)$/, '')
    : isInjection(v)
      ? `inject-${basename(v).replace(/\.js$/, '')}`
      : v;

export const demoFolders = (c: Pick<DemoConfig, 'agent' | 'defense' | 'seed'>) => ({
  bundles: join('out', `demo-s${c.seed}`),
  out: join('runs', 'demo', `${nameOf(c.agent)}-${nameOf(c.defense)}-s${c.seed}`),
});

/**
 * The demo: generates the demo suite, writes it, and runs it. Each agent, defense and seed
 * has its own folders, and a demo replaces its own earlier output there, so it can be run
 * again and again; the agent and its options are checked before anything is written.
 */
export async function runDemo(
  c: DemoConfig,
  progress: Progress = silent,
  signal?: AbortSignal,
): Promise<RunResult & { bundles: string }> {
  const startedAt = performance.now();
  const suite = selectSuite('demo');
  const where = { ...demoFolders(c), ...(c.bundles ? { bundles: c.bundles } : {}), ...(c.out ? { out: c.out } : {}) };
  const config: RunConfig = {
    suite: suite.id,
    patterns: [],
    bundles: where.bundles,
    agent: c.agent,
    defense: c.defense,
    seed: c.seed,
    agentOptions: c.agentOptions,
    defenseOptions: {},
    replay: null,
  };
  const made = makeSuite(suite, c.seed);
  await prepareAgent(
    config,
    made.bundles.map((b) => b.manifest),
  );
  clearOtherVersion(where.bundles, suite);
  made.writeTo(where.bundles);
  const result = await executeRun(config, where.out, {
    bundles: loadBundles({ bundles: where.bundles }),
    replaceSameSuite: true,
    progress,
    signal,
    startedAt,
  });
  return { ...result, bundles: where.bundles };
}
