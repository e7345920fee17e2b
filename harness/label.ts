import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { clip, UserError } from '../lib/errors.ts';
import { suites } from '../scenarios/index.ts';
import { appendLine, completeLines } from '../lib/files.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { DecoyEnv } from '../simulator/loop/env.ts';
import { inLanes, inOrder } from '../lib/lanes.ts';
import { labelEpisode, ReplayDiverged, type LabelledStep, type StateVisitor } from '../simulator/measure/labels.ts';
import type { EpisodeRecord } from '../simulator/loop/runner.ts';
import { shortReason } from '../lib/errors.ts';
import type { EpisodeLimits } from '../simulator/page/engine/limits.ts';
import { LABELS_FILE, parseLabelledStep, readRunFolder, type RunConfig } from './run-folder.ts';
import { lockFolder } from './lock.ts';
import { loadBundles, runSource } from './select.ts';
import { silent, type Progress } from './progress.ts';
import { stopIfAsked, stoppedAfter } from './stop.ts';
import { subsetOfRuns, type Subset } from './subset.ts';

export interface LabelOptions {
  /** Where the labels go; labels.jsonl in the run folder unless given. */
  out?: string;
  /** The run's bundles were read from disk with --trust-bundles. */
  trustBundles?: boolean;
  limits?: Partial<EpisodeLimits>;
  progress?: Progress;
  signal?: AbortSignal;
  /** Which of the run's episodes are labelled (harness/subset.ts subsetOfRuns); all unless given. */
  subset?: Subset;
  /** Engine processes the episodes are spread over (default 1); the file is the same bytes at any number. */
  workers?: number;
}

export interface LabelResult {
  file: string;
  episodes: number;
  /** Episodes whose labels the file already held (an interrupted labelling's), not replayed. */
  kept: number;
  steps: number;
  /** Episodes not labelled: they ended in an error before their last step. */
  skipped: number;
  /** Steps per label, over the episodes labelled now and kept. */
  counts: Record<string, number>;
}

/**
 * The bundles a run was played on, by id (select.ts loadBundles): from the folder it names,
 * else its suite generated again from its seed. Every episode of the run must have its bundle.
 */
export function runBundles(
  runs: string,
  config: RunConfig,
  episodes: readonly EpisodeRecord[],
  trustBundles: boolean,
): Map<string, LoadedBundle> {
  assertSameSuite(runs, config);
  const bundles = new Map(loadBundles(runSource(config, trustBundles)).map((b) => [b.manifest.id, b]));
  for (const e of episodes)
    if (!bundles.has(e.scenario))
      throw new UserError(
        `${clip(runs)}: episode ${clip(e.scenario)} has no bundle in ${config.bundles === null ? `suite ${clip(config.suite)} (seed ${config.seed})` : clip(config.bundles)}`,
      );
  return bundles;
}

/** A run's suite generated again is the one it was played on only under the version run.json records. */
function assertSameSuite(runs: string, config: RunConfig): void {
  if (config.bundles !== null) return;
  const now = suites.get(config.suite).version;
  if (config.suiteVersion === now) return;
  const then =
    config.suiteVersion === undefined ? 'before suites were versioned' : `on ${config.suite} v${config.suiteVersion}`;
  throw new UserError(
    `${clip(runs)} was played ${then}; this decoy generates v${now}, whose sites differ: play the run again with this decoy`,
  );
}

/** labelEpisode on a recorded episode, its failures as one-line errors naming the episode. */
export async function labelRecorded(
  env: DecoyEnv,
  bundle: LoadedBundle,
  e: EpisodeRecord,
  fork: DecoyEnv,
  visit?: StateVisitor,
): Promise<LabelledStep[]> {
  try {
    return await labelEpisode(env, bundle, e, fork, visit);
  } catch (err) {
    if (err instanceof ReplayDiverged) throw new UserError(err.message);
    throw new UserError(
      `${clip(e.scenario)}: its replay failed (${shortReason(err instanceof Error ? err.message : String(err))})`,
    );
  }
}

/**
 * How many of the episodes to label the labels file already holds whole, in order (each
 * episode's steps, one line each). After them, only the first lines of the next episode (a
 * labelling stopped midway) or a line cut short by a kill may follow, and are cut off; any
 * other whole line is labels this labelling would not write there (of another part of the
 * run, or of another run), and the file is refused rather than cut.
 */
function labelledPrefix(
  file: string,
  episodes: readonly EpisodeRecord[],
): { kept: number; counts: Record<string, number>; steps: number } {
  const counts: Record<string, number> = {};
  if (!existsSync(file)) return { kept: 0, counts, steps: 0 };
  const bytes = readFileSync(file);
  const first = bytes.subarray(0, bytes.indexOf(10) === -1 ? bytes.length : bytes.indexOf(10)).toString('utf8');
  // A file that does not begin with a label (or the start of one a kill cut short) is someone else's: never cut it.
  if (bytes.length > 0 && !isLabel(first) && !(bytes.indexOf(10) === -1 && first.startsWith('{"scenario":'))) {
    throw new UserError(`${clip(file)} holds something other than labels; nothing was changed (choose another --out)`);
  }
  const lines = completeLines(bytes);
  const read = (from: number, n: number) =>
    lines.slice(from, from + n).map((l, j) => parseLabelledStep(l.text, file, from + j + 1));
  /** How many of `mine` are `e`'s first steps, in order. */
  const fitting = (mine: readonly LabelledStep[], e: EpisodeRecord) => {
    const k = mine.findIndex((m, j) => m.scenario !== e.scenario || m.step !== e.steps[j]?.i);
    return k === -1 ? mine.length : k;
  };
  let at = 0;
  let end = 0;
  let kept = 0;
  let steps = 0;
  for (const e of episodes) {
    if (labelledSkip(e)) {
      kept++;
      continue;
    }
    // A whole line that does not fit is refused, not cut: only a kill's cut-short last line is ours to drop.
    const mine = read(at, e.steps.length);
    if (mine.length < e.steps.length || fitting(mine, e) < e.steps.length) break;
    for (const m of mine) counts[m.label] = (counts[m.label] ?? 0) + 1;
    at += e.steps.length;
    steps += e.steps.length;
    end = lines[at - 1]?.end ?? end;
    kept++;
  }
  const next = episodes[kept];
  const rest = read(at, lines.length - at);
  const ours = next === undefined ? 0 : fitting(rest, next);
  if (ours < rest.length) {
    const m = rest[ours] as LabelledStep;
    throw new UserError(
      `${clip(file)}:${at + ours + 1} holds the label of ${clip(m.scenario)} step ${m.step}, which this labelling does not write there (labels of another part of the run, or of another run); nothing was changed (choose another --out)`,
    );
  }
  truncateSync(file, end);
  return { kept, counts, steps };
}

function isLabel(text: string): boolean {
  try {
    const r = JSON.parse(text) as Partial<LabelledStep> | null;
    return (
      typeof r === 'object' &&
      r !== null &&
      typeof r.scenario === 'string' &&
      typeof r.step === 'number' &&
      typeof r.label === 'string'
    );
  } catch {
    return false;
  }
}

/** An episode that ended in an error is not labelled: its last state may not replay. */
export const labelledSkip = (e: EpisodeRecord) => e.end.kind === 'error';

/**
 * Labels every step of a recorded run (simulator/measure/labels.ts) into a JSONL file, one record per
 * step; of part of its episodes with `subset`, the same lines as the whole run's for those. Each line is flushed as it is written; run again on the same file after an
 * interruption, it keeps the episodes already whole there and labels the rest, ending byte
 * for byte as an uninterrupted labelling.
 */
export async function labelRun(runs: string, opts: LabelOptions = {}): Promise<LabelResult> {
  const { config, episodes: all } = readRunFolder(runs);
  const file = opts.out ?? join(runs, LABELS_FILE);
  const bundles = runBundles(runs, config, all, opts.trustBundles === true);
  const [episodes] = subsetOfRuns([{ episodes: all, seed: config.seed }], opts.subset ?? {}, clip(runs)) as [
    EpisodeRecord[],
  ];
  const unlock = lockFolder(dirname(file));
  // The limits the run was played with, unless given: a step replayed under others could end otherwise.
  const limits = { ...config.limits, ...opts.limits };
  try {
    const done = labelledPrefix(file, episodes);
    if (!existsSync(file)) writeFileSync(file, '');
    const counts = done.counts;
    let steps = done.steps;
    let skipped = episodes.slice(0, done.kept).filter(labelledSkip).length;
    const progress = opts.progress ?? silent;
    const todo = episodes.slice(done.kept);
    // Labels are written in the episodes' order, each episode's once it and every one before it are whole.
    const whole = inOrder<LabelledStep[]>(todo.length, (labels, k) => {
      for (const l of labels) {
        appendLine(file, JSON.stringify(l));
        counts[l.label] = (counts[l.label] ?? 0) + 1;
      }
      steps += labels.length;
      if (labelledSkip(todo[k]!)) skipped++;
      else progress('episodes', done.kept + k + 1, episodes.length);
    });
    // How far the job got: read again once every lane has stopped.
    const far = () => `after ${done.kept + whole.emitted} of ${episodes.length} episodes`;
    await stoppedAfter(
      inLanes(
        todo.length,
        opts.workers ?? 1,
        {
          open: (worker) => ({
            env: DecoyEnv.sandboxed(limits, null, worker),
            fork: DecoyEnv.sandboxed(limits, null, worker),
          }),
          close: async ({ env, fork }) => {
            await env.close();
            await fork.close();
          },
        },
        async ({ env, fork }, k) => {
          const e = todo[k]!;
          if (k > 0 && !labelledSkip(e)) stopIfAsked(opts.signal, far());
          // Nothing of this episode is written before it is whole: after a failure, the same command carries on from it.
          whole.put(
            k,
            labelledSkip(e) ? [] : await labelRecorded(env, bundles.get(e.scenario) as LoadedBundle, e, fork),
          );
          await new Promise((r) => setImmediate(r));
        },
      ),
      far,
    );
    return { file, episodes: episodes.length, kept: done.kept, steps, skipped, counts };
  } finally {
    unlock();
  }
}
