import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decoyIn } from '../helpers.ts';

const SMALL = ['--suite', 'demo', '--pattern', 'preselected-consent', '--no-check', '--defenses', 'none,gate'];
const FILES = [
  'compare.json',
  'compare.md',
  ...['none', 'gate'].flatMap((d) => ['run.json', 'episodes.jsonl', 'summary.json'].map((f) => join(d, f))),
];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-compare-seeds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (...p: string[]) => readFileSync(join(dir, ...p), 'utf8');

describe('decoy compare --seeds', () => {
  it("writes each seed's folder as decoy compare --seed writes it, byte for byte, and seeds.json each defense's rates across them; run again, it keeps the finished seeds and finishes the rest", async () => {
    const r = await decoyIn(dir, 'compare', ...SMALL, '--seeds', '1-2', '--out', 'many');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^decoy compare · suite demo v5 \(preselected-consent\) · agent naive · 2 seeds, 4 episodes/);
    expect(r.out).toContain('defense gate');
    const compared = [];
    for (const seed of [1, 2]) {
      const one = await decoyIn(dir, 'compare', ...SMALL, '--seed', String(seed), '--out', `one-${seed}`);
      expect(one.code, one.err).toBe(0);
      for (const f of FILES) expect(read('many', `s${seed}`, f), f).toBe(read(`one-${seed}`, f));
      compared.push(JSON.parse(read(`one-${seed}`, 'compare.json')) as { defenses: Record<string, number>[] });
    }
    const written = JSON.parse(read('many', 'seeds.json'));
    expect(written.seeds).toEqual([1, 2]);
    expect(written.folders).toEqual(['s1', 's2']);
    expect(written.compare).not.toHaveProperty('seed');
    expect(written.compare.defenses).toEqual(['none', 'gate']);
    expect(written.defenses.map((d: { id: string }) => d.id)).toEqual(['none', 'gate']);
    for (const [i, d] of (
      written.defenses as { rates: Record<string, { values: number[]; mean: number }> }[]
    ).entries())
      for (const k of ['tsr', 'dpsr', 'stc']) {
        const values = compared.map((c) => c.defenses[i]![k]!);
        expect(d.rates[k]!.values).toEqual(values);
        expect(d.rates[k]!.mean).toBeCloseTo((values[0]! + values[1]!) / 2, 1);
      }
    expect(read('many', 'seeds.md')).toMatch(/## defense none\n\n```\nrate +mean/);
    // Seed 2's gate run stopped half-way (no summary): run again, seed 1 is kept and seed 2 finished.
    rmSync(join(dir, 'many', 's2', 'gate', 'summary.json'));
    rmSync(join(dir, 'many', 's2', 'compare.json'));
    const again = await decoyIn(dir, 'compare', ...SMALL, '--seeds', '1-2', '--out', 'many');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/\(seeds 1 kept as they were\)/);
    expect(JSON.parse(read('many', 'seeds.json'))).toEqual(written);
    expect(read('many', 's2', 'compare.json')).toBe(read('one-2', 'compare.json'));
  }, 240_000);

  it('refuses in one line, before anything is written, a folder holding something else', async () => {
    const one = await decoyIn(dir, 'compare', ...SMALL, '--seeds', '1-2', '--out', 'one-1');
    expect(one.code, one.err).toBe(2);
    expect(one.err).toMatch(
      /^decoy compare: one-1 holds compare\.json, which is not a run under seeds; choose another --out\n$/,
    );
  });
});
