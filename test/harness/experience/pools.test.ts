import { describe, expect, it } from 'vitest';
import { createRng } from '../../../scenarios/rng.ts';
import { Pools } from '../../../harness/experience/pools.ts';
import type { ClickVerdict } from '../../../harness/experience/judge.ts';

const verdict = (key: string, correct: boolean): ClickVerdict => ({
  key,
  label: 1,
  judged: { kind: 'label', label: correct ? 1 : -1, confidence: 1 },
  correct,
});

describe("DUDE's pools (Appendix G.1)", () => {
  it('κ counts the judging passes a click has stayed wrong through: 1 on entering F, +1 per pass it stays, forgotten once right', () => {
    const pools = new Pools();
    pools.update([verdict('a', false), verdict('b', false), verdict('c', true)]);
    expect([pools.kappa('a'), pools.kappa('b'), pools.kappa('c')]).toEqual([1, 1, undefined]);
    pools.update([verdict('a', false), verdict('b', true), verdict('c', false)]);
    expect([pools.kappa('a'), pools.kappa('b'), pools.kappa('c')]).toEqual([2, undefined, 1]);
    pools.update([verdict('a', false), verdict('b', false), verdict('c', false)]);
    // b was fixed, then broken again: its persistence starts over.
    expect([pools.kappa('a'), pools.kappa('b'), pools.kappa('c')]).toEqual([3, 1, 2]);
    expect([pools.failureCount, pools.successCount]).toEqual([3, 0]);
  });

  it('failure batches prefer high κ: of 10 clicks at κ 6 and 10 at κ 1, a batch of 5 draws mostly the stubborn ones, yet not only them', () => {
    const pools = new Pools();
    const keys = Array.from({ length: 20 }, (_, i) => `k${String(i).padStart(2, '0')}`);
    for (let pass = 0; pass < 6; pass++) pools.update(keys.map((k, i) => verdict(k, i >= 10 && pass < 5)));
    expect(keys.map((k) => pools.kappa(k))).toEqual([...Array(10).fill(6), ...Array(10).fill(1)]);
    let stubborn = 0;
    let drawn = 0;
    for (let seed = 0; seed < 300; seed++) {
      const batch = pools.drawFailures(5, createRng(seed));
      expect(new Set(batch.map((b) => b.key)).size).toBe(5);
      // Highest κ first, the order the summarizer reads them in.
      expect(batch.map((b) => b.kappa)).toEqual([...batch.map((b) => b.kappa)].sort((a, b) => b - a));
      stubborn += batch.filter((b) => b.kappa === 6).length;
      drawn += batch.length;
    }
    expect(stubborn / drawn).toBeGreaterThan(0.8);
    expect(stubborn / drawn).toBeLessThan(1);
  });

  it('a batch as large as F takes all of F; the same seed draws the same batch and anchors', () => {
    const pools = new Pools();
    pools.update(['x', 'y', 'z', 'p', 'q', 'r'].map((k, i) => verdict(k, i >= 3)));
    expect(
      pools
        .drawFailures(10, createRng(1))
        .map((b) => b.key)
        .sort(),
    ).toEqual(['x', 'y', 'z']);
    expect(pools.drawFailures(2, createRng(9))).toEqual(pools.drawFailures(2, createRng(9)));
    expect(pools.drawAnchors(2, createRng(9))).toEqual(pools.drawAnchors(2, createRng(9)));
    expect(pools.drawAnchors(5, createRng(3))).toEqual(['p', 'q', 'r']);
  });
});
