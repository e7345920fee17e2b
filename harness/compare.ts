/**
 * `decoy compare`: one ordinary run per defense, each into its own folder of the comparison's
 * folder (so each is resumable and readable on its own), the same suite, seed, agent and agent
 * options for all; then the comparison is built from what those folders hold, never from
 * memory, so that its numbers are by construction their summary.json files' (and a recount
 * of their episodes.jsonl is checked to agree).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { clip, Halted, quote, Stopped, UserError } from '../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../lib/files.ts';
import { compareRuns, type Comparison, type DefenseRun } from '../simulator/measure/comparison.ts';
import { compareText } from '../simulator/measure/report/compare.ts';
import { defenseDef } from '../simulator/loop/resolve.ts';
import { requireSelfCheck } from './check.ts';
import { optionsByDefense } from './defense-options.ts';
import { subsetFields, subsetOf } from './subset.ts';
import { LOCK_NAME, lockFolder } from './lock.ts';
import { silent } from './progress.ts';
import {
  executeRun,
  finishedRun,
  heldOtherRun,
  stampText,
  nameOf,
  haltBeforeRun,
  newErrorStreak,
  prepareAgent,
  streakBroken,
  stampRun,
  type RunOptions,
} from './run.ts';
import { readRunFolder, RUN_FILE, SUMMARY_FILE, type RunConfig } from './run-folder.ts';
import { loadBundles, runSource, suiteTitle, suiteVersionOf } from './select.ts';
import { stopIfAsked } from './stop.ts';
import { keptMemo, type KeptMemo } from './pages-memo.ts';

export const COMPARE_JSON = 'compare.json';
export const COMPARE_MD = 'compare.md';

/** What `--defenses` is by default: no defense, then the reference defenses from the weakest. */
export const DEFAULT_DEFENSES = ['none', 'warn', 'gate', 'screen', 'intervene'] as const;
/** Veer's ablations (Table 18): full intervention, then each part taken away. */
export const ABLATIONS = [
  'intervene',
  'intervene-block',
  'intervene-reactive',
  'intervene-onestep',
  'intervene-notemporal',
] as const;

/** The same ablations of the model-backed Veer. */
export const LLM_ABLATIONS = [
  'intervene-llm',
  'intervene-llm-block',
  'intervene-llm-reactive',
  'intervene-llm-onestep',
  'intervene-llm-notemporal',
] as const;

/** The defenses given, then the ablation variants not among them: the model-backed ones when a model-backed defense is given. */
export const withAblations = (defenses: readonly string[]): string[] => [
  ...new Set([...defenses, ...(defenses.some((d) => d.endsWith('-llm')) ? LLM_ABLATIONS : ABLATIONS)]),
];

/** Everything that decides a comparison's episodes: a run's config but for the defense, which is each of `defenses` with its default options. */
export interface CompareConfig {
  readonly suite: string;
  readonly patterns: readonly string[];
  readonly bundles: string | null;
  readonly agent: string;
  readonly seed: number;
  /** The held-out phrasings, for a suite generated here (run-folder.ts RunConfig). */
  readonly phrasings?: 'heldout';
  /** The part of the suite played (harness/subset.ts), as run.json records it. */
  readonly scenarios?: readonly string[];
  readonly configs?: number;
  readonly limit?: number;
  readonly agentOptions: Readonly<Record<string, unknown>>;
  readonly defenses: readonly string[];
  /** --defense-opt: each option goes to the defenses that declare it (the model's name to every *-llm defense). */
  readonly defenseOptions?: Readonly<Record<string, unknown>>;
  readonly engine?: 'chromium';
}

export interface CompareOptions extends Pick<
  RunOptions,
  | 'bundles'
  | 'trustBundles'
  | 'noCheck'
  | 'progress'
  | 'signal'
  | 'limits'
  | 'executable'
  | 'llm'
  | 'concurrency'
  | 'workers'
  | 'maxErrors'
  | 'errorStreak'
> {
  /** compare.md gets the outcome table of Veer's ablations (Table 18). */
  ablations?: boolean;
}

export interface CompareResult {
  comparison: Comparison;
  /** The tables `decoy compare` prints. */
  printed: string;
  json: string;
  markdown: string;
  /** Per defense: episodes played now, and kept from an earlier, interrupted or finished, compare. */
  played: { defense: string; played: number; kept: number }[];
  /** Every run was in the folder finished: only compare.json and compare.md were written (anew, the same). */
  untouched: boolean;
  /** Calls to the engine this comparison's episodes made: answered from its memo, and made by the engine (engine/memo.ts). */
  calls: { answered: number; played: number };
}

/** The run of one defense, as `decoy run` with the same flags would record it in run.json. */
export function runConfigOf(
  c: CompareConfig,
  defense: string,
  limits?: RunOptions['limits'],
  defenseOptions: Readonly<Record<string, unknown>> = {},
): RunConfig {
  return stampRun(
    {
      suite: c.suite,
      patterns: c.patterns,
      bundles: c.bundles,
      agent: c.agent,
      defense,
      seed: c.seed,
      ...(c.phrasings ? { phrasings: c.phrasings } : {}),
      ...subsetFields(c),
      agentOptions: c.agentOptions,
      defenseOptions,
      replay: null,
      ...(c.engine ? { engine: c.engine } : {}),
    },
    limits,
  );
}

/** Each defense's folder name: its id, or a user's file by its name without the extension. */
export function defenseFolders(defenses: readonly string[]): string[] {
  if (defenses.length === 0) throw new UserError('--defenses names no defense');
  const folders = defenses.map(nameOf);
  defenses.forEach((d, i) => {
    const f = folders[i] as string;
    if (defenses.indexOf(d) !== i) throw new UserError(`--defenses names ${quote(d)} twice`);
    if (
      f === '' ||
      f === '.' ||
      f === '..' ||
      f === COMPARE_JSON ||
      f === COMPARE_MD ||
      f === LOCK_NAME ||
      isTempName(f)
    )
      throw new UserError(`defense ${quote(d)} cannot name a folder (${quote(f)}); rename the file`);
    const other = folders.indexOf(f);
    if (other !== i)
      throw new UserError(
        `defenses ${quote(defenses[other] as string)} and ${quote(d)} would share the folder ${quote(f)}; rename one of the files`,
      );
  });
  return folders;
}

/** The defenses' folder names, once each names a defense that loads (a registry id or a user's file): asked before a suite is generated. */
export async function checkDefenses(defenses: readonly string[]): Promise<string[]> {
  const folders = defenseFolders(defenses);
  for (const d of defenses) await defenseDef(d);
  return folders;
}

/** The comparison's config as compare.json records it: the suite's version beside its name, the options as given. */
export function compareStamp(config: CompareConfig, ablations = false): Record<string, unknown> {
  const { defenses, defenseOptions: given, suite, ...common } = config;
  const version = suiteVersionOf(config);
  return {
    suite,
    ...(version === undefined ? {} : { suiteVersion: version }),
    ...common,
    defenses,
    defenseOptions: given ?? {},
    ablations,
  };
}

/** Whether `file` is the compare.json of `decoy compare --runs`: its config names the run folders it compared. */
export function comparesRunFolders(file: string): boolean {
  try {
    return Array.isArray((JSON.parse(readFileSync(file, 'utf8')) as { config?: { runs?: unknown } }).config?.runs);
  } catch {
    return false;
  }
}

/**
 * Refuses, before anything is written, a folder that holds something other than a
 * comparison: every entry must be compare.json, compare.md, or a run folder (run.json), and
 * the folders of this comparison's defenses must be empty or hold this same run.
 */
export function assertCompareFolder(out: string, runs: readonly { folder: string; config: RunConfig }[]): void {
  if (!existsSync(out)) return;
  if (comparesRunFolders(join(out, COMPARE_JSON)))
    throw new UserError(
      `${clip(out)} holds a comparison of run folders (compare --runs) in ${COMPARE_JSON}, not one played; choose another --out`,
    );
  for (const name of readdirSync(out)) {
    if (isTempName(name) || name === LOCK_NAME || name === COMPARE_JSON || name === COMPARE_MD) continue;
    const dir = join(out, name);
    const own = runs.find((r) => r.folder === name);
    const isDir = statSync(dir).isDirectory();
    if (own && isDir && readdirSync(dir).every((n) => isTempName(n) || n === LOCK_NAME)) continue;
    const runFile = join(dir, RUN_FILE);
    if (!isDir || !existsSync(runFile))
      throw new UserError(`${clip(out)} holds something other than a comparison (${clip(name)}); choose another --out`);
    if (!own) continue;
    const held = readFileSync(runFile, 'utf8');
    if (held !== stampText(own.config)) throw heldOtherRun(dir, held, own.config, clip(dir));
  }
}

/**
 * Plays every defense's run that the folder does not hold finished (an interrupted one is
 * resumed, a finished one kept), then writes compare.json and compare.md whole from the
 * run folders. The agent, each defense and the folder are checked before anything runs.
 */
export async function compareDefenses(
  config: CompareConfig,
  out: string,
  opts: CompareOptions = {},
): Promise<CompareResult> {
  const folders = await checkDefenses(config.defenses);
  const shares = await optionsByDefense(config.defenses, config.defenseOptions);
  const all = opts.bundles ?? loadBundles(runSource(config, opts.trustBundles));
  // Each run takes its subset of all of them (executeRun); the same one, drawn by the same seed.
  const bundles = subsetOf(all, config, config.seed);
  const runs = config.defenses.map((defense, i) => ({
    defense,
    folder: folders[i] as string,
    config: runConfigOf(config, defense, opts.limits, shares[i]),
  }));
  for (const r of runs)
    await prepareAgent(
      r.config,
      bundles.map((b) => b.manifest),
      opts.llm,
    );
  assertCompareFolder(out, runs);
  const errorStreak = opts.errorStreak ?? newErrorStreak();
  // An earlier seed's errors go on into the first defense's run, unless a finished one comes between.
  if (runs[0] && !finishedRun(join(out, runs[0].folder), runs[0].config))
    haltBeforeRun(join(out, runs[0].folder), { ...opts, errorStreak });
  // The self-check is for episodes about to be played: a comparison whose runs are all finished is only read.
  if (!opts.noCheck && runs.some((r) => !finishedRun(join(out, r.folder), r.config))) {
    await requireSelfCheck(bundles, {
      signal: opts.signal,
      workers: opts.workers,
      progress: (_, done, total) => opts.progress?.('self-check', done, total),
    });
  }
  stopIfAsked(opts.signal, 'before any episode');
  const unlock = lockFolder(out);
  try {
    const progress = opts.progress ?? silent;
    const played: CompareResult['played'] = [];
    let untouched = true;
    // Most defenses let most proposals through: their episodes repeat the calls of an earlier defense's, answered
    // without a page. Kept for the folder (in the package's cache, pages-memo.ts), for the comparison played there
    // again (a defense changed and its run removed).
    let kept: KeptMemo | null = null;
    for (const [i, r] of runs.entries()) {
      const dir = join(out, r.folder);
      if (finishedRun(dir, r.config)) {
        streakBroken(errorStreak);
        played.push({ defense: r.defense, played: 0, kept: bundles.length });
        continue;
      }
      untouched = false;
      if (i > 0) stopIfAsked(opts.signal, `before defense ${r.defense} (${i} of ${runs.length} defenses done)`);
      kept ??= await keptMemo(out);
      const { memo, save } = kept;
      const later = runs.slice(i + 1).some((l) => !finishedRun(join(out, l.folder), l.config));
      const res = await executeRun(r.config, dir, {
        bundles: all,
        noCheck: true,
        progress: (label, done, total) => progress(`${r.folder} ${label}`, done, total),
        signal: opts.signal,
        limits: opts.limits,
        executable: opts.executable,
        memo,
        ...(opts.llm ? { llm: opts.llm } : {}),
        ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        ...(opts.workers ? { workers: opts.workers } : {}),
        ...(opts.maxErrors !== undefined ? { maxErrors: opts.maxErrors } : {}),
        errorStreak,
      })
        .catch((e: unknown) => {
          if (e instanceof Stopped)
            throw new Stopped(`${e.message} of defense ${r.defense} (${i} of ${runs.length} defenses done)`);
          // Which defense's episodes kept failing: the later defenses are not played.
          if (e instanceof Halted)
            throw new Halted(
              `defense ${r.defense}: ${e.message}${later ? '; the defenses after it were not played' : ''}`,
            );
          throw e;
        })
        .finally(save);
      played.push({ defense: r.defense, played: bundles.length - res.resumed, kept: res.resumed });
    }
    const defenseRuns: DefenseRun[] = runs.map((r) => {
      const dir = join(out, r.folder);
      try {
        const { summary, episodes } = readRunFolder(dir);
        return { id: r.defense, folder: r.folder, summary, episodes };
      } catch (e) {
        throw e instanceof UserError ? new UserError(`${e.message}; remove ${clip(dir)} to play it again`) : e;
      }
    });
    // Every defense must have played the same configurations: a folder missing episodes would shrink the pairs unseen.
    const keys = (d: DefenseRun) =>
      d.episodes
        .map((e) => `${e.scenario}\u0000${e.seed}`)
        .sort()
        .join('\n');
    const odd = defenseRuns.find((d) => keys(d) !== keys(defenseRuns[0] as DefenseRun));
    if (odd)
      throw new UserError(
        `${clip(join(out, odd.folder))}: holds other episodes than ${clip(join(out, (defenseRuns[0] as DefenseRun).folder))} (${odd.episodes.length} against ${(defenseRuns[0] as DefenseRun).episodes.length}); remove it to play it again`,
      );
    const comparison = compareRuns(defenseRuns);
    const json = JSON.stringify({ config: compareStamp(config, opts.ablations), ...comparison }, null, 2) + '\n';
    const version = suiteVersionOf(config);
    const title = `decoy compare · suite ${suiteTitle(config.suite, version)}${config.patterns.length ? ` (${config.patterns.join(', ')})` : ''} · agent ${config.agent} · seed ${config.seed} · ${bundles.length} configurations`;
    const { printed, markdown } = compareText(comparison, title, opts.ablations === true);
    writeFileAtomic(join(out, COMPARE_JSON), json);
    writeFileAtomic(join(out, COMPARE_MD), markdown);
    const calls = { ...(kept?.memo.counts ?? { answered: 0, played: 0 }) };
    return { comparison, printed, json, markdown, played, untouched, calls };
  } finally {
    unlock();
  }
}
