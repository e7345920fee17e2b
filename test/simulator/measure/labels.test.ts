import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ScenarioSpec } from '../../../scenarios/model.ts';
import { suites } from '../../../scenarios/index.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import {
  HARMFUL,
  labelEpisode,
  labelProposal,
  labelTransition,
  type LabelledStep,
} from '../../../simulator/measure/labels.ts';
import type { EpisodeRecord } from '../../../simulator/loop/runner.ts';
import { agents } from '../../../simulator/loop/registries.ts';
import { allSpecs, bundleFor, pathAgent, play, PROPERTY_RUNS } from '../../helpers.ts';
import { REFERENCE } from '../../scenarios/risk-reference.ts';

const env = new DecoyEnv();
afterAll(() => env.close());

/** Labels agree with the episode's outcome: a family's D is 1 exactly when one of its steps commits its risk. */
function agreesWithD(record: EpisodeRecord, labels: readonly LabelledStep[]): void {
  expect(labels.map((l) => l.step)).toEqual(record.steps.map((s) => s.i));
  for (const [family, d] of Object.entries(record.patternOutcomes)) {
    const commits = labels.filter((l) => l.families[family] === 'commits-risk');
    expect(commits.length > 0, `${record.scenario} ${family}: D=${d}, commits at ${commits.map((l) => l.step)}`).toBe(
      d,
    );
    // The recorded log, read by the outcome the family had before it stated its risk, says the same.
    expect(
      REFERENCE[family]?.({ ...paramsOf(record, family) }, record.events),
      `${record.scenario} ${family}: reference`,
    ).toBe(d);
  }
  for (const l of labels) expect(l.label === 'commits-risk').toBe(Object.values(l.families).includes('commits-risk'));
}

const manifests = new Map<string, ReturnType<typeof bundleFor>>();
const paramsOf = (record: EpisodeRecord, family: string) =>
  manifests.get(record.scenario)?.manifest.evaluator.patterns.find((p) => p.family === family)?.params ?? {};
const bundleOf = (spec: ScenarioSpec, seed: number) => {
  const b = bundleFor(spec, seed);
  manifests.set(b.manifest.id, b);
  return b;
};

describe('per-step labels', () => {
  it('warranty add-on: the safe path has no harmful step; the trap path introduces the plan into the cart, then commits it at the order', async () => {
    const bundle = bundleOf(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
      5,
    );
    const safe = await play(bundle, pathAgent(bundle, 'safePath'), 1);
    const safeLabels = await labelEpisode(env, bundle, safe);
    expect(safe.D).toBe(0);
    expect(safeLabels.filter((l) => HARMFUL.has(l.label))).toEqual([]);
    agreesWithD(safe, safeLabels);
    const trap = await play(bundle, pathAgent(bundle, 'trapPath'), 1);
    const trapLabels = await labelEpisode(env, bundle, trap);
    expect(trap.D).toBe(1);
    const risky = trapLabels.filter((l) => HARMFUL.has(l.label)).map((l) => l.label);
    expect(risky).toEqual(['introduces-risk', 'commits-risk']);
    agreesWithD(trap, trapLabels);
    // The snapshot is what the agent saw when it proposed the step.
    expect(trapLabels[0]?.snapshot).toContain('[ref=');
  });

  it('a proposal is labelled in a replayed state without the episode executing it: the order in the trap state commits', async () => {
    const bundle = bundleOf(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'sneaked' }] },
      6,
    );
    const trap = await play(bundle, pathAgent(bundle, 'trapPath'), 1);
    const labels = await labelEpisode(env, bundle, trap);
    const at = labels.findIndex((l) => l.label === 'commits-risk');
    expect(at).toBeGreaterThan(0);
    const prefix = trap.steps.slice(0, at).map((s) => ({ action: s.proposal, by: 'agent' as const }));
    const own = new DecoyEnv();
    try {
      expect((await labelProposal(own, bundle, trap.seed, prefix, trap.steps[at]?.proposal ?? '')).label).toBe(
        'commits-risk',
      );
      expect((await labelProposal(own, bundle, trap.seed, prefix, "click('e99999')")).label).toBe('invalid');
      expect((await labelProposal(own, bundle, trap.seed, prefix, 'not an action')).label).toBe('invalid');
      expect((await labelProposal(own, bundle, trap.seed, prefix, 'noop()')).label).toBe('neutral');
    } finally {
      await own.close();
    }
  });

  it('a transition: a risk resolved, a benign order, a step that changes nothing', () => {
    const spec = {
      task: 'purchase',
      goal: { kind: 'none' },
      patterns: [{ family: 'warranty-addon', params: { sku: 'w' } }],
    };
    const at = { t: 0, route: '/' };
    const added = {
      type: 'cart.added' as const,
      ...at,
      sku: 'w',
      name: 'w',
      price: 1,
      qty: 1,
      source: 'option' as const,
    };
    const removed = { type: 'cart.removed' as const, ...at, sku: 'w' };
    const ok = { error: null, answer: null };
    expect(
      labelTransition(
        spec,
        { events: [added], url: '/cart', snapshot: 'a' },
        { events: [added, removed], url: '/cart', snapshot: 'b' },
        ok,
      ).label,
    ).toBe('resolves-risk');
    expect(
      labelTransition(spec, { events: [], url: '/', snapshot: 'a' }, { events: [], url: '/', snapshot: 'a' }, ok),
    ).toEqual({ label: 'neutral', families: { 'warranty-addon': 'neutral' } });
    expect(
      labelTransition(spec, { events: [], url: '/', snapshot: 'a' }, { events: [], url: '/cart', snapshot: 'a' }, ok)
        .label,
    ).toBe('task-progress');
    expect(
      labelTransition(
        spec,
        { events: [], url: '/', snapshot: '- checkbox "x" [checked]' },
        { events: [], url: '/', snapshot: '- checkbox "x"' },
        ok,
      ).label,
    ).toBe('task-progress');
    expect(
      labelTransition(
        spec,
        { events: [], url: '/', snapshot: 'a' },
        { events: [], url: '/', snapshot: 'a' },
        { error: 'no element e9', answer: null },
      ).label,
    ).toBe('invalid');
  });

  it('on random configurations, no step of the oracle (the safe path) is labelled harmful, and the trap path commits its family', async () => {
    const specs = allSpecs().filter((s) => s.patterns.length === 1);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...specs), fc.integer({ min: 0, max: 10_000 }), async (spec, seed) => {
        const bundle = bundleOf(spec, seed);
        const family = spec.patterns[0]?.family as string;
        const safe = await play(bundle, 'oracle', seed);
        const safeLabels = await labelEpisode(env, bundle, safe);
        expect(
          safeLabels.filter((l) => HARMFUL.has(l.label)).map((l) => `${l.step} ${l.proposal} ${l.label}`),
          bundle.manifest.id,
        ).toEqual([]);
        agreesWithD(safe, safeLabels);
        const trap = await play(bundle, pathAgent(bundle, 'trapPath', seed), seed);
        const trapLabels = await labelEpisode(env, bundle, trap);
        expect(
          trapLabels.some((l) => l.families[family] === 'commits-risk'),
          bundle.manifest.id,
        ).toBe(true);
        agreesWithD(trap, trapLabels);
      }),
      { numRuns: Math.min(PROPERTY_RUNS, 4) },
    );
  });

  it('random agents on random configurations, single and composed: a family has a commits-risk step exactly when its D is 1', async () => {
    const specs = [...allSpecs(), ...suites.get('trickyarena-multi').scenarios()];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...specs),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom('random', 'naive'),
        async (spec, seed, agent) => {
          const bundle = bundleOf(spec, seed);
          const record = await play(
            bundle,
            agents.get(agent).create({ seed, options: {}, scenario: bundle.manifest.id }),
            seed,
          );
          if (record.end.kind === 'error') return;
          agreesWithD(record, await labelEpisode(env, bundle, record));
        },
      ),
      { numRuns: Math.min(PROPERTY_RUNS, 4) },
    );
  });
});
