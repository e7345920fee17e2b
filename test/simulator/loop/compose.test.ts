import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compatible } from '../../../generator/compose.ts';
import { checkBundle } from '../../../simulator/measure/check.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { bundleFor, compositionArb, PROPERTY_RUNS, seedArb } from '../../helpers.ts';

/** One engine process for the file's self-checks, sandboxed as decoy check's is: starting one costs about a second. */
const env = DecoyEnv.sandboxed();
afterAll(() => env.close());

describe('composition', () => {
  it('compatible families compose on one site, each keeps its own outcome, and D is their OR', async () => {
    await fc.assert(
      fc.asyncProperty(compositionArb, seedArb, async (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        expect(bundle.manifest.patterns.map((p) => p.family)).toEqual(spec.patterns.map((p) => p.family));
        const rows = await checkBundle(bundle, env);
        expect(rows.filter((r) => !r.ok)).toEqual([]);
      }),
      {
        numRuns: PROPERTY_RUNS,
        examples: [
          // A notification in the corner over a folded section's box once it opens: the safe path closes it first.
          [
            {
              task: 'download',
              domain: 'software',
              patterns: [
                { family: 'preselected-extras', variant: 'collapsed' },
                { family: 'fake-download', variant: 'system-notification' },
              ],
            },
            164601,
          ],
        ],
      },
    );
  });

  it('refuses families that claim the same resource, infeasible mixes and unmet needs, naming them', () => {
    expect(
      compatible({
        task: 'purchase',
        domain: 'shopping',
        patterns: [
          { family: 'warranty-addon', variant: 'preselected' },
          { family: 'cookie-trap', variant: 'modal' },
        ],
      }),
    ).toBe(true);
    expect(() =>
      bundleFor(
        {
          task: 'purchase',
          domain: 'shopping',
          patterns: [
            { family: 'price-drift', variant: 'fee' },
            { family: 'cookie-trap', variant: 'modal' },
          ],
        },
        1,
      ),
    ).toThrow(/no safe completion and cannot be composed/);
    expect(() =>
      bundleFor(
        { task: 'signup', domain: 'news', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
        1,
      ),
    ).toThrow(/does not apply to task 'signup'/);
  });
});
