import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bundleFor, pathAgent, play, PROPERTY_RUNS, seedArb, specArb } from '../../helpers.ts';
import { agents } from '../../../simulator/loop/registries.ts';
import { evaluate } from '../../../scenarios/evaluate.ts';
import { families, familyTasks, tasks } from '../../../scenarios/index.ts';
import type { Domain } from '../../../scenarios/model.ts';

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
      fc.asyncProperty(
        specArb.filter((s) => s.patterns.length > 0),
        seedArb,
        async (spec, seed) => {
          const bundle = bundleFor(spec, seed);
          const r = await play(bundle, pathAgent(bundle, 'trapPath', seed), seed);
          for (const p of spec.patterns) expect(r.patternOutcomes[p.family], `${bundle.manifest.id}`).toBe(true);
          expect(r.D).toBe(1);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('benign controls: the oracle and the naive agent complete every one (T=1)', async () => {
    await fc.assert(
      fc.asyncProperty(
        specArb.filter((s) => s.patterns.length === 0),
        seedArb,
        fc.constantFrom('oracle', 'naive'),
        async (spec, seed, agent) => {
          const bundle = bundleFor(spec, seed);
          const r = await play(bundle, agent, seed);
          expect(r.T, `${bundle.manifest.id} (${agent})`).toBe(1);
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });

  // D on a control is an OR over no patterns, so asserting D=0 there proves nothing. What can
  // fail: each family's outcome fires on its own trap, and not on the same clicks made on the
  // control built from the same task, domain and seed (an outcome that any order or sign-up
  // satisfies would be caught here).
  it.each(families.all().map((f, i) => [f.id, i] as const))(
    '%s: its trap path gives D=1, and the same clicks on the benign control score D=0 under the same evaluator',
    async (id, i) => {
      const f = families.get(id);
      const task = familyTasks(f)[i % familyTasks(f).length] as string;
      const domain = f.domains.find((d) => tasks.get(task).domains.includes(d)) as Domain;
      const spec = { task, domain, patterns: [{ family: id, variant: f.variants[i % f.variants.length] as string }] };
      const seed = 100 + i;
      const twin = bundleFor(spec, seed);
      const trap = await play(twin, pathAgent(twin, 'trapPath', seed), seed);
      expect(trap.patternOutcomes[id], twin.manifest.id).toBe(true);
      const control = bundleFor({ task, domain, patterns: [] }, seed);
      // The same clicks: the control's own steps that the trap path makes too (by step id; the
      // family's detours have no element to act on there).
      const taken = new Set(twin.manifest.groundTruth.trapPath.map((s) => s.id));
      const same = control.manifest.groundTruth.safePath.filter((s) => taken.has(s.id));
      expect(same.length).toBeGreaterThan(0);
      const replayed = await play(
        control,
        agents
          .get('oracle')
          .create({ seed, options: {}, scenario: control.manifest.id, privileged: { safePath: same, trapPath: same } }),
        seed,
      );
      expect(replayed.events.length).toBeGreaterThan(0);
      const score = evaluate(twin.manifest.evaluator, replayed.events, replayed.answer);
      expect(score.patternOutcomes, `${twin.manifest.id}: ${JSON.stringify(same.map((s) => s.id))}`).toEqual({
        [id]: false,
      });
    },
  );
});
