import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { families, tasks } from '../../scenarios/index.ts';
import type { ScenarioSpec } from '../../scenarios/model.ts';
import { compatible } from '../../generator/compose.ts';
import { checkBundle } from '../../simulator/check.ts';
import { bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';

/** Random compositions of two or more families that the composer accepts on one site. */
const pairs = tasks.all().flatMap((t) => t.domains.map((domain) => ({ task: t.id, domain })));
const compositionArb: fc.Arbitrary<ScenarioSpec> = fc
  .constantFrom(...pairs)
  .chain(({ task, domain }) => {
    const fits = families.all().filter((f) => f.feasible && compatible({ task, domain, patterns: [{ family: f.id, variant: f.variants[0] as string }] }));
    if (fits.length < 2) return fc.constant(null);
    return fc
      .shuffledSubarray(fits, { minLength: 2, maxLength: Math.min(4, fits.length) })
      .chain((picked) => fc.tuple(...picked.map((f) => fc.constantFrom(...f.variants))).map((variants) => ({
        task,
        domain,
        patterns: picked.map((f, i) => ({ family: f.id, variant: variants[i] as string })),
      })));
  })
  .filter((spec): spec is ScenarioSpec => spec !== null && compatible(spec));

describe('composition', () => {
  it('compatible families compose on one site, each keeps its own outcome, and D is their OR', async () => {
    await fc.assert(
      fc.asyncProperty(compositionArb, seedArb, async (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        expect(bundle.manifest.patterns.map((p) => p.family)).toEqual(spec.patterns.map((p) => p.family));
        const rows = await checkBundle(bundle);
        expect(rows.filter((r) => !r.ok)).toEqual([]);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('refuses families that claim the same resource, infeasible mixes and unmet needs, naming them', () => {
    expect(compatible({ task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }, { family: 'cookie-trap', variant: 'modal' }] })).toBe(true);
    expect(() => bundleFor({ task: 'purchase', domain: 'shopping', patterns: [{ family: 'price-drift', variant: 'fee' }, { family: 'cookie-trap', variant: 'modal' }] }, 1)).toThrow(/no safe completion and cannot be composed/);
    expect(() => bundleFor({ task: 'signup', domain: 'news', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] }, 1)).toThrow(/does not apply to task 'signup'/);
  });
});
