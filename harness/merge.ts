/**
 * `decoy merge`: the folders of one run played in shards (`decoy run --shard i/n`, shard.ts)
 * joined into the run without shards, whose files are the ones an unsharded run writes, byte
 * for byte: run.json without its shard, the episodes back in the suite's order, and the
 * summary of them all.
 */
import { join } from 'node:path';
import { clip, UserError } from '../lib/errors.ts';
import { writeFileAtomic } from '../lib/files.ts';
import { resultsTable } from '../simulator/measure/report/table.ts';
import { lockFolder } from './lock.ts';
import { claimOutput, heldToTheirEvents, limitsText, writeSummary } from './run.ts';
import {
  EPISODES_FILE,
  firstDifference,
  readRunFolder,
  SUMMARY_FILE,
  type RunConfig,
  type RunFolder,
} from './run-folder.ts';
import { interleave, sliceOf } from './shard.ts';
import { subsetOf } from './subset.ts';
import { loadBundles, runSource, suiteTitle } from './select.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';

export interface MergeResult {
  config: RunConfig;
  episodes: string;
  summaryFile: string;
  table: string;
}

/** The run the shard is a slice of: its config without the shard. */
const whole = ({ shard: _s, ...config }: RunConfig): RunConfig => config;

/** The shards' folders, each read whole (run-folder.ts readRunFolder), held to being every shard of one same run once. */
function readShards(dirs: readonly string[]): { config: RunConfig; shards: RunFolder[] } {
  if (dirs.length === 0)
    throw new UserError('name the shard folders to merge: decoy merge --out DIR runs/shard-1 runs/shard-2 …');
  const read = dirs.map((dir) => ({ dir, run: readRunFolder(dir) }));
  const first = read[0]!;
  for (const { dir, run } of read) {
    if (!run.config.shard)
      throw new UserError(
        `${clip(dir)} is a whole run, not a shard (its run.json has no shard): merge joins the folders of decoy run --shard i/n`,
      );
    const differs = firstDifference(whole(run.config), whole(first.run.config));
    if (differs !== null)
      throw new UserError(
        `${clip(dir)} and ${clip(first.dir)} are shards of different runs (${
          differs.split('.')[0] === 'limits'
            ? `played with other per-episode limits: ${limitsText(run.config.limits)} and ${limitsText(first.run.config.limits)}`
            : `their run.json differ in ${clip(differs)}`
        })`,
      );
  }
  const count = first.run.config.shard!.count;
  const byIndex = new Map<number, string>();
  for (const { dir, run } of read) {
    const { index, count: n } = run.config.shard!;
    if (n !== count)
      throw new UserError(
        `${clip(dir)} is shard ${index} of ${n}, ${clip(first.dir)} one of ${count}: the shards of one run have one count`,
      );
    const twice = byIndex.get(index);
    if (twice !== undefined)
      throw new UserError(`shard ${index} of ${count} is given twice: ${clip(twice)} and ${clip(dir)}`);
    byIndex.set(index, dir);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw new UserError(
      `shard${missing.length === 1 ? '' : 's'} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing: merge needs every shard of the run`,
    );
  const shards = Array.from({ length: count }, (_, i) => read.find((r) => r.run.config.shard!.index === i + 1)!);
  const config = whole(first.run.config);
  holdTheirSlices(config, shards);
  return { config, shards: shards.map((s) => s.run) };
}

/**
 * Each shard holds the configurations its slice of the run gives, in order: the run's
 * configurations are made again (generated, or read from its bundles folder) and sliced as
 * `decoy run` slices them, so that a shard whose index was edited, whose lines were reordered
 * or dropped, or that played another folder of bundles under the same path, is refused.
 */
function holdTheirSlices(config: RunConfig, shards: readonly { dir: string; run: RunFolder }[]): void {
  let all: readonly LoadedBundle[];
  try {
    // Only the ids are read: no page of these bundles runs here.
    all = loadBundles(runSource(config, true));
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    throw new UserError(`merge checks each shard against the run's configurations, which cannot be made: ${e.message}`);
  }
  const bundles = subsetOf(all, config, config.seed);
  const chosen = bundles.map((b) => b.manifest.id);
  for (const { dir, run } of shards) {
    const expected = sliceOf(chosen, run.config.shard!);
    const held = run.episodes.map((e) => e.scenario);
    const at = Array.from({ length: Math.max(expected.length, held.length) }, (_, i) => i).find(
      (i) => expected[i] !== held[i],
    );
    if (at !== undefined)
      throw new UserError(
        `${clip(dir)} is not shard ${run.config.shard!.index} of ${run.config.shard!.count} of this run: its episode ${at + 1} is ${held[at] === undefined ? 'missing' : clip(held[at])}, where the run's configurations give ${expected[at] === undefined ? 'none' : clip(expected[at])}`,
      );
    heldToTheirEvents(
      join(dir, EPISODES_FILE),
      run.episodes,
      sliceOf(bundles, run.config.shard!),
      'play that shard again into a folder of its own',
    );
  }
}

/** Joins the shards into `out`, which may hold nothing but this same run (it is then written anew). */
export function mergeShards(dirs: readonly string[], out: string): MergeResult {
  const { config, shards } = readShards(dirs);
  const records = interleave(shards.map((s) => s.episodes));
  const unlock = lockFolder(out);
  try {
    claimOutput(out, config);
    const episodes = join(out, EPISODES_FILE);
    writeFileAtomic(episodes, records.map((r) => JSON.stringify(r) + '\n').join(''));
    const summaryFile = join(out, SUMMARY_FILE);
    const summary = writeSummary(summaryFile, config, records);
    const title = `suite ${suiteTitle(config.suite, config.suiteVersion)} · agent ${config.agent} · defense ${config.defense} · seed ${config.seed} · ${records.length} episode${records.length === 1 ? '' : 's'} merged from ${shards.length} shard${shards.length === 1 ? '' : 's'}`;
    return { config, episodes, summaryFile, table: resultsTable(summary, title) };
  } finally {
    unlock();
  }
}
