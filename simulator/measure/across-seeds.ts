/** Figures of one run played under several seeds: each rate's mean over the seeds, with a 95% interval (Student's t). */
import { createRequire } from 'node:module';
import type { Aggregate } from './metrics.ts';

// jstat is CommonJS and ships no types: the one function used, typed here.
const { jStat } = createRequire(import.meta.url)('jstat') as {
  jStat: { studentt: { inv(p: number, dof: number): number } };
};

export const SEED_RATES = ['tsr', 'dpsr', 'stc'] as const;
export type SeedRate = (typeof SEED_RATES)[number];

export interface AcrossSeeds {
  seeds: number[];
  /** Per rate: each seed's value (in `seeds`' order), their mean and sample standard deviation, and the 95% t interval of the mean (null under two seeds). */
  rates: Record<SeedRate, { values: number[]; mean: number; sd: number | null; ci: [number, number] | null }>;
}

const round = (x: number) => Math.round(x * 10) / 10;

/** Which count of a summary each rate is of. */
const COUNT: Record<SeedRate, keyof Aggregate['counts']> = { tsr: 't', dpsr: 'd', stc: 'stc' };

/** A seed's rate from its counts, unrounded: summary.json's rates are rounded, and means of rounded figures drift. */
const exact = (s: Aggregate, k: SeedRate) => (s.episodes === 0 ? 0 : (100 * s.counts[COUNT[k]]) / s.episodes);

/** The rates of `runs` (each a seed's summary, in order) across the seeds: each seed's as its summary gives it, the mean, spread and interval from its counts. */
export function acrossSeeds(runs: readonly { seed: number; summary: Aggregate }[]): AcrossSeeds {
  const n = runs.length;
  const rates = Object.fromEntries(
    SEED_RATES.map((k) => {
      const values = runs.map((r) => r.summary[k]);
      const rates = runs.map((r) => exact(r.summary, k));
      const mean = rates.reduce((s, v) => s + v, 0) / n;
      if (n < 2) return [k, { values, mean: round(mean), sd: null, ci: null }];
      const sd = Math.sqrt(rates.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
      const half = jStat.studentt.inv(0.975, n - 1) * (sd / Math.sqrt(n));
      // A rate is a percentage: its interval stays within 0 to 100.
      const ci: [number, number] = [round(Math.max(0, mean - half)), round(Math.min(100, mean + half))];
      return [k, { values, mean: round(mean), sd: round(sd), ci }];
    }),
  ) as AcrossSeeds['rates'];
  return { seeds: runs.map((r) => r.seed), rates };
}

/** The table `decoy run --seeds` prints. */
export function seedsTable(a: AcrossSeeds, title: string): string {
  const head = ['rate', 'mean', '95% CI (t)', 'sd', ...a.seeds.map((s) => `s${s}`)];
  const rows = SEED_RATES.map((k) => {
    const r = a.rates[k];
    return [
      k.toUpperCase(),
      r.mean.toFixed(1),
      r.ci ? `[${r.ci[0].toFixed(1)}–${r.ci[1].toFixed(1)}]` : '—',
      r.sd === null ? '—' : r.sd.toFixed(1),
      ...r.values.map((v) => v.toFixed(1)),
    ];
  });
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join('  ');
  return [title, '', line(head), line(w.map((n) => '─'.repeat(n))), ...rows.map(line)].join('\n');
}
