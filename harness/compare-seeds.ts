/**
 * `decoy compare --seeds 1-5`: the same comparison under each seed, one comparison folder
 * each (`s<seed>/`, what `decoy compare --seed <seed>` writes), and each defense's rates
 * across them (seeds.json, seeds.md, as `decoy run --seeds` writes them for one defense).
 * A seed whose runs are all finished is only read; one stopped is resumed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { acrossSeeds, seedsTable, type AcrossSeeds } from '../simulator/measure/across-seeds.ts';
import type { Comparison } from '../simulator/measure/comparison.ts';
import { COMPARE_JSON, compareDefenses, compareStamp, type CompareConfig, type CompareOptions } from './compare.ts';
import { newErrorStreak } from './run.ts';
import { overSeeds, seedFolder, writeAcrossSeeds } from './seeds.ts';
import { suiteTitle, suiteVersionOf } from './select.ts';

export interface CompareSeedsResult {
  /** The seeds' comparison folders, in the seeds' order. */
  folders: string[];
  /** Each defense's rates across the seeds, in --defenses' order. */
  defenses: { id: string; folder: string; across: AcrossSeeds }[];
  file: string;
  /** What `decoy compare --seeds` prints: a table per defense under the title. */
  printed: string;
  /** Seeds whose every run the folder held finished. */
  kept: number[];
  /** Episodes that ended in an error, over every seed and defense. */
  errors: number;
}

/**
 * Compares `config`'s defenses under each of `seeds` into `out/s<seed>`, then writes each
 * defense's rates across the seeds. `opts.bundles`, when given, are played under every seed
 * (a folder of bundles); otherwise each seed generates its own suite.
 */
export async function compareSeeds(
  config: CompareConfig,
  seeds: readonly number[],
  out: string,
  opts: CompareOptions = {},
): Promise<CompareSeedsResult> {
  const comparisons: Comparison[] = [];
  const errorStreak = opts.errorStreak ?? newErrorStreak();
  const { folders, kept } = await overSeeds(seeds, out, async (seed, dir) => {
    // Its runs finished by an earlier command that stopped before writing the comparison: not kept as it was.
    const written = existsSync(join(dir, COMPARE_JSON));
    const r = await compareDefenses({ ...config, seed }, dir, {
      ...opts,
      errorStreak,
      progress: (label, done, total) => opts.progress?.(`${seedFolder(seed)} ${label}`, done, total),
    });
    comparisons.push(r.comparison);
    return r.untouched && written;
  });
  const defenses = config.defenses.map((id, i) => ({
    id,
    folder: comparisons[0]?.defenses[i]?.folder ?? '',
    across: acrossSeeds(seeds.map((seed, k) => ({ seed, summary: comparisons[k]!.defenses[i]! }))),
  }));
  const { seed: _s, ...shared } = compareStamp(config, opts.ablations);
  const episodes = comparisons[0]?.defenses[0]?.episodes ?? 0;
  const title = `decoy compare · suite ${suiteTitle(config.suite, suiteVersionOf(config))}${config.patterns.length ? ` (${config.patterns.join(', ')})` : ''} · agent ${config.agent} · ${seeds.length} seeds, ${episodes} episodes per defense each`;
  const tables = defenses.map((d) => ({ heading: `defense ${d.id}`, table: seedsTable(d.across, `defense ${d.id}`) }));
  const file = writeAcrossSeeds(out, title, tables, {
    compare: shared,
    seeds: [...seeds],
    folders: seeds.map(seedFolder),
    defenses: defenses.map((d) => ({ id: d.id, folder: d.folder, rates: d.across.rates })),
  });
  return {
    folders,
    defenses,
    file,
    printed: [title, ...tables.map((t) => t.table)].join('\n\n'),
    kept,
    errors: comparisons.reduce((n, c) => n + c.defenses.reduce((m, d) => m + d.errors, 0), 0),
  };
}
