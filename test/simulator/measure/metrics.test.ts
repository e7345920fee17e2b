import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggregate, summarize, wilson, type EpisodeScore } from '../../../simulator/measure/metrics.ts';

const ep = (T: 0 | 1, D: 0 | 1, patterns: string[] = ['x'], feasible = true): EpisodeScore => ({
  T,
  D,
  STC: T && !D ? 1 : 0,
  patterns,
  feasible,
});

describe('metrics', () => {
  it('Wilson intervals match hand-computed values (z = 1.96)', () => {
    expect(wilson(26, 88)).toEqual([21.0, 39.8]);
    expect(wilson(0, 10)).toEqual([0, 27.8]);
    expect(wilson(10, 10)).toEqual([72.2, 100]);
  });

  it('the Wilson interval always contains the observed rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(), (n, k0) => {
        const k = k0 % (n + 1);
        const [lo, hi] = wilson(k, n);
        expect(lo).toBeLessThanOrEqual((100 * k) / n + 0.05);
        expect(hi).toBeGreaterThanOrEqual((100 * k) / n - 0.05);
      }),
    );
  });

  it('a family or condition named like what every object has (__proto__, constructor) is a row like any other, in the summary as written', () => {
    const s = summarize([ep(1, 0, ['__proto__']), ep(0, 1, ['constructor']), { ...ep(1, 0), condition: '__proto__' }]);
    expect(Object.keys(s.byPattern).sort()).toEqual(['__proto__', 'constructor', 'x']);
    expect(JSON.parse(JSON.stringify(s)).byPattern.__proto__.episodes).toBe(1);
    expect(Object.keys(s.byCondition ?? {})).toEqual(['__proto__']);
  });

  it('STC counts episodes with T=1 and D=0, not TSR·(1−DPSR)', () => {
    const a = aggregate([ep(1, 1), ep(0, 0), ep(1, 0), ep(0, 1)]);
    expect(a.counts).toEqual({ t: 2, d: 2, stc: 1 });
    expect([a.tsr, a.dpsr, a.stc]).toEqual([50, 50, 25]);
    expect(a.outcomes).toEqual({ safe: 1, taskWithDp: 1, failNoDp: 1, failWithDp: 1 });
  });

  it('the four outcomes partition the episodes, and STC ≤ TSR', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom<0 | 1>(0, 1), fc.constantFrom<0 | 1>(0, 1))), (pairs) => {
        const a = aggregate(pairs.map(([t, d]) => ep(t, d)));
        const o = a.outcomes;
        expect(o.safe + o.taskWithDp + o.failNoDp + o.failWithDp).toBe(a.episodes);
        expect(a.stc).toBeLessThanOrEqual(a.tsr);
      }),
    );
  });

  it('groups by suite condition in the suite’s order, with the unweighted mean and worst per-condition DPSR', () => {
    const c = (T: 0 | 1, D: 0 | 1, condition: string) => ({ ...ep(T, D), condition });
    const s = summarize([
      c(1, 1, 'shop/p2'),
      c(1, 0, 'shop/p2'),
      c(1, 0, 'news/sa'),
      c(0, 1, 'news/sa'),
      c(1, 1, 'news/sa'),
    ]);
    expect(Object.keys(s.byCondition ?? {})).toEqual(['shop/p2', 'news/sa']);
    expect(s.byCondition?.['news/sa']?.dpsr).toBe(66.7);
    expect(s.conditionDpsr).toEqual({ mean: 58.3, worst: 66.7 });
    expect(summarize([ep(1, 0)]).byCondition).toBeUndefined();
  });

  it('groups by pattern family (an episode under each of its families), controls apart, and a feasible subset', () => {
    const s = summarize([ep(1, 1, ['a', 'b']), ep(1, 0, []), ep(0, 0, ['a'], false)]);
    expect(Object.keys(s.byPattern)).toEqual(['a', 'b', 'control']);
    expect(s.byPattern.a?.episodes).toBe(2);
    expect(s.byPattern.control?.counts.stc).toBe(1);
    expect(s.feasible.episodes).toBe(2);
  });
});

describe('episodes that ended in an error', () => {
  it('are counted apart (errors) and never in N or a rate, overall, per group and per condition', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom<0 | 1>(0, 1), fc.constantFrom<0 | 1>(0, 1), fc.boolean(), fc.constantFrom('a', 'b')),
        ),
        (rows) => {
          const scores = rows.map(([t, d, error, c]) => ({
            ...ep(error ? 0 : t, error ? 0 : d),
            condition: c,
            ...(error ? { end: { kind: 'error' } } : { end: { kind: 'answer' } }),
          }));
          const s = summarize(scores);
          const clean = summarize(scores.filter((x) => x.end.kind !== 'error'));
          expect(s.errors).toBe(rows.filter((r) => r[2]).length);
          expect([s.episodes, s.counts, s.tsr, s.dpsr, s.stc]).toEqual([
            clean.episodes,
            clean.counts,
            clean.tsr,
            clean.dpsr,
            clean.stc,
          ]);
          for (const [k, a] of Object.entries(s.byCondition ?? {}))
            expect(a.errors + a.episodes).toBe(scores.filter((x) => x.condition === k).length);
        },
      ),
    );
  });
});
