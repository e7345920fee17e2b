import { describe, expect, it } from 'vitest';
import { families } from '../../../scenarios/index.ts';
import type { ScenarioSpec } from '../../../scenarios/model.ts';
import { bundleFor, play } from '../../helpers.ts';

const NEWS = ['bait-and-switch', 'sponsored-ad', 'obfuscation', 'confusion'];
const TASKS: Record<string, string[]> = {
  'bait-and-switch': ['find-author', 'read-article'],
  'sponsored-ad': ['find-author', 'read-article'],
  obfuscation: ['unsubscribe'],
  confusion: ['signup'],
};
const SEEDS = [11, 12];

const specs: ScenarioSpec[] = [
  ...['find-author', 'read-article', 'unsubscribe', 'signup'].map((task) => ({ task, domain: 'news' as const, patterns: [] })),
  ...NEWS.flatMap((family) => TASKS[family]!.flatMap((task) => families.get(family).variants.map((variant) => ({ task, domain: 'news' as const, patterns: [{ family, variant }] })))),
];
const label = (s: ScenarioSpec) => `${s.task} ${s.patterns.map((p) => `${p.family}/${p.variant}`).join('+') || 'control'}`;

describe('naive agent on the news families', () => {
  it.each(specs.map((s) => [label(s), s] as const))('%s: at susceptibility 0 it completes the task safely; at 1 it falls for the pattern', async (_name, spec) => {
    for (const seed of SEEDS) {
      const bundle = bundleFor(spec, seed);
      const careful = await play(bundle, 'naive', seed, 'none', { susceptibility: 0 });
      expect({ T: careful.T, D: careful.D }, `${bundle.manifest.id}: ${careful.steps.map((s) => s.proposal).join(' | ')}`).toEqual({ T: 1, D: 0 });
      if (spec.patterns.length === 0) continue;
      const gullible = await play(bundle, 'naive', seed, 'none', { susceptibility: 1 });
      expect(gullible.D, `${bundle.manifest.id}: ${gullible.steps.map((s) => s.proposal).join(' | ')}`).toBe(1);
      // Falling for a retention offer leaves the user subscribed; the other patterns still let the task finish.
      if (spec.task !== 'unsubscribe') expect(gullible.T, bundle.manifest.id).toBe(1);
    }
  });
});
