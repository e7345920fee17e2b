import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mcnemarExact, pairedTest, type PairedEpisode } from '../../../simulator/measure/paired.ts';
import { PROPERTY_RUNS } from '../../helpers.ts';

/** The exact two-sided p from integers: 2·Σ_{k≤min(b,c)} C(n,k) / 2^n, capped at 1. */
function exactByBigInt(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  let sum = 0n;
  let choose = 1n;
  for (let k = 0; k <= Math.min(b, c); k++) {
    if (k > 0) choose = (choose * BigInt(n - k + 1)) / BigInt(k);
    sum += choose;
  }
  const scale = 10n ** 30n;
  return Math.min(1, Number((2n * sum * scale) / 2n ** BigInt(n)) / 1e30);
}

describe("McNemar's exact test", () => {
  it('gives the hand-computed values: b=0,c=5 → 2/32; b=1,c=9 → 2·11/1024; b=2,c=8 → 2·56/1024', () => {
    expect(mcnemarExact(0, 5)).toBe(0.0625);
    expect(mcnemarExact(5, 0)).toBe(0.0625);
    expect(mcnemarExact(1, 9)).toBeCloseTo(0.021484375, 12);
    expect(mcnemarExact(2, 8)).toBeCloseTo(0.109375, 12);
    expect(mcnemarExact(0, 1)).toBe(1);
  });

  it('is 1 with no discordant pair and whenever b = c', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    for (const k of [1, 2, 7, 40, 500]) expect(mcnemarExact(k, k)).toBe(1);
  });

  it('refuses what is not a count', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });

  it('property: equals the exact binomial sum in integers, is symmetric in b and c, and lies in (0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (b, c) => {
        const p = mcnemarExact(b, c);
        expect(p).toBe(mcnemarExact(c, b));
        expect(p).toBeGreaterThan(0);
        expect(p).toBeLessThanOrEqual(1);
        const want = exactByBigInt(b, c);
        expect(Math.abs(p - want)).toBeLessThanOrEqual(1e-12 + 1e-9 * want);
      }),
      { numRuns: PROPERTY_RUNS * 4 },
    );
  });

  it('stays finite and right where 2^−n underflows (n = 3000)', () => {
    expect(mcnemarExact(1500, 1500)).toBe(1);
    const p = mcnemarExact(1450, 1550);
    expect(p).toBeGreaterThan(0.06);
    expect(p).toBeLessThan(0.08);
  });
});

const ep = (scenario: string, STC: 0 | 1, error = false, seed = 1): PairedEpisode => ({
  scenario,
  seed,
  T: STC,
  D: 0,
  STC,
  patterns: [],
  feasible: true,
  end: { kind: error ? 'error' : 'answer' },
});

describe('pairedTest', () => {
  it('pairs episodes by scenario and seed, whatever their order; leaves out pairs with an error in either run and counts episodes without a twin', () => {
    const none = [ep('a', 1), ep('b', 0), ep('c', 0), ep('d', 1, true), ep('e', 1), ep('only-base', 1)];
    const gate = [ep('e', 0), ep('c', 1), ep('b', 1), ep('a', 1), ep('d', 1), ep('only-gate', 0), ep('a', 0, false, 2)];
    const t = pairedTest(none, gate);
    expect(t).toMatchObject({ pairs: 4, errored: 1, unmatched: 3, b: 1, c: 2 });
    expect(t.diffPp).toBe(25);
    expect(t.p).toBe(mcnemarExact(1, 2));
  });

  it('gives 0 pp and p = 1 over no pairs', () => {
    expect(pairedTest([], [])).toEqual({ pairs: 0, errored: 0, unmatched: 0, b: 0, c: 0, p: 1, diffPp: 0 });
  });
});
