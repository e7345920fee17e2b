/**
 * `decoy run --seeds 1-5`: the same run under each seed, one run folder each (`s<seed>/`, what
 * `decoy run --seed <seed>` writes), and the rates across them (seeds.json, seeds.md): a
 * suite generated here is generated anew under each seed, bundles from disk are the same
 * under all. A seed whose folder holds its run finished is kept; one stopped is resumed.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { clip, Halted, Stopped, UserError } from '../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../lib/files.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { acrossSeeds, seedsTable, type AcrossSeeds } from '../simulator/measure/across-seeds.ts';
import { mdCell } from '../simulator/measure/report/compare.ts';
import { LOCK_NAME } from './lock.ts';
import {
  executeRun,
  finishedRun,
  haltBeforeRun,
  newErrorStreak,
  stampRun,
  streakBroken,
  type RunOptions,
} from './run.ts';
import { readRunFolder, type RunConfig } from './run-folder.ts';
import { loadBundles, runSource, suiteTitle } from './select.ts';

export const SEEDS_FILE = 'seeds.json';
export const SEEDS_MARKDOWN = 'seeds.md';

/** The folder of a seed's run. */
export const seedFolder = (seed: number) => `s${seed}`;

export interface SeedsResult {
  /** The seeds' run folders, in the seeds' order. */
  folders: string[];
  across: AcrossSeeds;
  file: string;
  table: string;
  /** Seeds whose finished run the folder held, kept as they were. */
  kept: number[];
  /** Episodes that ended in an error, over every seed. */
  errors: number;
}

/** Refuses an output folder that holds anything but the seeds' folders and the aggregate. */
function claimSeedsFolder(out: string): void {
  if (!existsSync(out)) return;
  const other = readdirSync(out).find(
    (n) => !/^s\d+$/.test(n) && n !== SEEDS_FILE && n !== SEEDS_MARKDOWN && !isTempName(n) && n !== LOCK_NAME,
  );
  if (other !== undefined)
    throw new UserError(`${clip(out)} holds ${clip(other)}, which is not a run under seeds; choose another --out`);
}

/**
 * Plays the same work under each of `seeds`, each into `out/s<seed>` as the command given
 * that one seed writes it; `play` says whether the folder held it finished (kept as it was).
 * The folder is checked before anything is played; a stop names the seed it stopped in.
 */
export async function overSeeds(
  seeds: readonly number[],
  out: string,
  play: (seed: number, dir: string) => Promise<boolean>,
): Promise<{ folders: string[]; kept: number[] }> {
  if (seeds.length === 0) throw new UserError('--seeds names no seed');
  claimSeedsFolder(out);
  const kept: number[] = [];
  for (const [i, seed] of seeds.entries()) {
    const wasKept = await play(seed, join(out, seedFolder(seed))).catch((e: unknown) => {
      if (e instanceof Stopped) throw new Stopped(`${e.message} of seed ${seed} (${i} of ${seeds.length} seeds done)`);
      // Which seed's episodes kept failing: the later seeds are not played.
      if (e instanceof Halted)
        throw new Halted(
          `seed ${seed}: ${e.message}${i + 1 < seeds.length ? '; the seeds after it were not played' : ''}`,
        );
      throw e;
    });
    if (wasKept) kept.push(seed);
  }
  return { folders: seeds.map((s) => join(out, seedFolder(s))), kept };
}

/** seeds.json (`json`, written last) and seeds.md: `tables` are seedsTable's, each under its heading when there are several. */
export function writeAcrossSeeds(
  out: string,
  title: string,
  tables: readonly { heading?: string; table: string }[],
  json: unknown,
): string {
  const block = (t: string) => `\`\`\`\n${t.split('\n').slice(2).join('\n')}\n\`\`\`\n`;
  writeFileAtomic(
    join(out, SEEDS_MARKDOWN),
    `# ${mdCell(title)}\n\n${tables.map((t) => (t.heading ? `## ${mdCell(t.heading)}\n\n${block(t.table)}` : block(t.table))).join('\n')}`,
  );
  const file = join(out, SEEDS_FILE);
  writeFileAtomic(file, JSON.stringify(json, null, 2) + '\n');
  return file;
}

/**
 * Plays `config` under each of `seeds` into `out/s<seed>`, then writes the rates across the
 * seeds. `bundles`, when given, are played under every seed (a folder of bundles); otherwise
 * each seed generates its own suite.
 */
export async function runSeeds(
  config: RunConfig,
  seeds: readonly number[],
  out: string,
  opts: RunOptions = {},
  bundles?: readonly LoadedBundle[],
): Promise<SeedsResult> {
  if (config.shard) throw new UserError("--seeds and --shard do not go together: shard each seed's run instead");
  const errorStreak = opts.errorStreak ?? newErrorStreak();
  const { folders, kept } = await overSeeds(seeds, out, async (seed, dir) => {
    const c: RunConfig = { ...config, seed };
    if (finishedRun(dir, stampRun(c, opts.limits))) {
      streakBroken(errorStreak);
      return true;
    }
    // Before this seed's suite is generated.
    haltBeforeRun(dir, { ...opts, errorStreak });
    await executeRun(c, dir, {
      ...opts,
      errorStreak,
      bundles: bundles ?? loadBundles(runSource(c, opts.trustBundles)),
      progress: (label, done, total) => opts.progress?.(`${seedFolder(seed)} ${label}`, done, total),
    });
    return false;
  });
  const runs = seeds.map((seed, i) => ({ seed, summary: readRunFolder(folders[i]!).summary }));
  const across = acrossSeeds(runs);
  const { seed: _s, ...shared } = stampRun(config, opts.limits);
  const title = `suite ${suiteTitle(config.suite, shared.suiteVersion)} · agent ${config.agent} · defense ${config.defense} · ${seeds.length} seeds, ${runs[0]?.summary.episodes ?? 0} episodes each`;
  const table = seedsTable(across, title);
  const file = writeAcrossSeeds(out, title, [{ table }], {
    run: shared,
    seeds: across.seeds,
    folders: seeds.map(seedFolder),
    rates: across.rates,
  });
  return { folders, across, file, table, kept, errors: runs.reduce((n, r) => n + r.summary.errors, 0) };
}
