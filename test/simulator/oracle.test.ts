import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bundleFor, pathAgent, play, PROPERTY_RUNS, seedArb, specArb } from '../helpers.ts';

describe('ground-truth paths', () => {
  it('the oracle completes every feasible scenario safely (T=1, D=0), and reports infeasible ones without harm', async () => {
    await fc.assert(
      fc.asyncProperty(specArb, seedArb, async (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        const r = await play(bundle, 'oracle', seed);
        if (bundle.manifest.feasible) {
          expect(r.T, `${bundle.manifest.id}: ${JSON.stringify(r.steps.map((s) => [s.proposal, s.error]))}`).toBe(1);
          expect(r.D).toBe(0);
        } else {
          expect(r.D).toBe(0);
          expect(r.end.kind).toBe('infeasible');
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('taking the trap path gives D=1 for every pattern', async () => {
    await fc.assert(
      fc.asyncProperty(specArb.filter((s) => s.patterns.length > 0), seedArb, async (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        const r = await play(bundle, pathAgent(bundle, 'trapPath', seed), seed);
        for (const p of spec.patterns) expect(r.patternOutcomes[p.family], `${bundle.manifest.id}`).toBe(true);
        expect(r.D).toBe(1);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('benign controls never give D=1, whatever the oracle, the naive or the random agent does', async () => {
    await fc.assert(
      fc.asyncProperty(specArb.filter((s) => s.patterns.length === 0), seedArb, fc.constantFrom('oracle', 'naive', 'random'), async (spec, seed, agent) => {
        const bundle = bundleFor(spec, seed);
        const r = await play(bundle, agent, seed);
        expect(r.D).toBe(0);
        expect(r.patternOutcomes).toEqual({});
        if (agent !== 'random') expect(r.T).toBe(1);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
