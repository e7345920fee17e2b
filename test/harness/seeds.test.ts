import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acrossSeeds } from '../../simulator/measure/across-seeds.ts';
import type { Aggregate } from '../../simulator/measure/metrics.ts';
import { decoyIn } from '../helpers.ts';

const FILES = ['run.json', 'episodes.jsonl', 'summary.json'];
const SMALL = ['--suite', 'demo', '--pattern', 'preselected-consent', '--no-check'];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-seeds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A seed's summary as a run writes it: counts of n scored episodes, and the rates rounded to one decimal. */
const seedRun = fc
  .integer({ min: 0, max: 40 })
  .chain((n) => fc.tuple(fc.constant(n), fc.nat({ max: n }), fc.nat({ max: n }), fc.nat({ max: n })))
  .map(([n, t, d, stc]) => summaryOf(n, t, d, stc));

function summaryOf(n: number, t: number, d: number, stc: number): Aggregate {
  const pct = (k: number) => (n === 0 ? 0 : Math.round((1000 * k) / n) / 10);
  return { episodes: n, counts: { t, d, stc }, tsr: pct(t), dpsr: pct(d), stc: pct(stc) } as Aggregate;
}

describe('a run under several seeds', () => {
  it("the mean lies between the seeds' values, the 95% interval holds the mean and stays within 0 to 100, and is null under two seeds", () => {
    fc.assert(
      fc.property(fc.array(seedRun, { minLength: 1, maxLength: 12 }), (summaries) => {
        const a = acrossSeeds(summaries.map((summary, i) => ({ seed: i, summary })));
        for (const k of ['tsr', 'dpsr', 'stc'] as const) {
          const r = a.rates[k];
          expect(r.values).toEqual(summaries.map((s) => s[k]));
          expect(r.mean).toBeGreaterThanOrEqual(Math.floor(Math.min(...r.values) * 10) / 10);
          expect(r.mean).toBeLessThanOrEqual(Math.ceil(Math.max(...r.values) * 10) / 10);
          if (summaries.length < 2) expect(r.ci).toBeNull();
          else {
            expect(r.ci![0]).toBeLessThanOrEqual(r.mean);
            expect(r.ci![1]).toBeGreaterThanOrEqual(r.mean);
            expect(r.ci![0]).toBeGreaterThanOrEqual(0);
            expect(r.ci![1]).toBeLessThanOrEqual(100);
          }
        }
      }),
    );
  });

  it("uses Student's t: for 40, 50 and 60 the interval is 50 ± 4.303 × 10 / √3", () => {
    const a = acrossSeeds([4, 5, 6].map((k, i) => ({ seed: i, summary: summaryOf(10, k, k, k) })));
    expect(a.rates.tsr).toEqual({ values: [40, 50, 60], mean: 50, sd: 10, ci: [25.2, 74.8] });
  });

  it("the mean, spread and interval come from the seeds' counts, not from their rates as rounded: 15, 15 and 16 of 16 give 95.8, not 95.9", () => {
    const a = acrossSeeds([15, 15, 16].map((t, i) => ({ seed: i, summary: summaryOf(16, t, 0, t) })));
    // 93.75, 93.75 and 100: summary.json says 93.8, 93.8 and 100, whose mean would be 95.9.
    expect(a.rates.tsr).toEqual({ values: [93.8, 93.8, 100], mean: 95.8, sd: 3.6, ci: [86.9, 100] });
  });

  it("writes each seed's folder as decoy run --seed writes it, byte for byte, and seeds.json the mean of their rates; run again, it keeps the finished seeds and finishes the rest", async () => {
    const r = await decoyIn(dir, 'run', ...SMALL, '--seeds', '3,1-2', '--out', 'many');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^suite demo v5 · agent naive · defense none · 3 seeds, 4 episodes each\n/);
    const summaries = [];
    for (const seed of [1, 2, 3]) {
      const one = await decoyIn(dir, 'run', ...SMALL, '--seed', String(seed), '--out', `one-${seed}`);
      expect(one.code).toBe(0);
      const files = (d: string) => FILES.map((f) => readFileSync(join(dir, d, f), 'utf8'));
      expect(files(join('many', `s${seed}`))).toEqual(files(`one-${seed}`));
      summaries.push(JSON.parse(readFileSync(join(dir, `one-${seed}`, 'summary.json'), 'utf8')) as Aggregate);
    }
    const written = JSON.parse(readFileSync(join(dir, 'many', 'seeds.json'), 'utf8'));
    expect(written.seeds).toEqual([1, 2, 3]);
    expect(written.folders).toEqual(['s1', 's2', 's3']);
    expect(written.run).not.toHaveProperty('seed');
    for (const k of ['tsr', 'dpsr', 'stc'] as const) {
      expect(written.rates[k].values).toEqual(summaries.map((s) => s[k]));
      expect(written.rates[k].mean).toBeCloseTo(summaries.reduce((n, s) => n + s[k], 0) / 3, 1);
    }
    // Seed 2 stopped half-way (no summary): run again, 1 and 3 are kept and 2 is finished.
    rmSync(join(dir, 'many', 's2', 'summary.json'));
    const again = await decoyIn(dir, 'run', ...SMALL, '--seeds', '1-3', '--out', 'many');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/\(seeds 1, 3 kept as they were\)/);
    expect(JSON.parse(readFileSync(join(dir, 'many', 'seeds.json'), 'utf8'))).toEqual(written);
  });

  it('refuses in one line, before anything is written: a bad list, --shard beside it, a folder holding something else', async () => {
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'other', 'notes.txt'), 'mine');
    for (const [args, message] of [
      [['--seeds', '5-2', '--out', 'x'], /^decoy run: --seeds: 5-2 runs backwards\n$/],
      [['--seeds', '1,,2', '--out', 'x'], /^decoy run: --seeds: '1,,2' is not a list of seeds/],
      [['--seeds', '0-1000', '--out', 'x'], /^decoy run: --seeds: more than 1,000 seeds\n$/],
      [['--seeds', '1-2', '--shard', '1/2', '--out', 'x'], /^decoy run: --seeds and --shard do not go together/],
      [
        ['--seeds', '1-2', '--out', 'other'],
        /^decoy run: other holds notes\.txt, which is not a run under seeds; choose another --out\n$/,
      ],
    ] as const) {
      const r = await decoyIn(dir, 'run', ...SMALL, ...args);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(message);
    }
    expect(readFileSync(join(dir, 'other', 'notes.txt'), 'utf8')).toBe('mine');
  });
});
