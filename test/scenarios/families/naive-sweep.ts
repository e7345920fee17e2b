import { expect, it } from 'vitest';
import { families, familyTasks, tasks } from '../../../scenarios/index.ts';
import type { ScenarioSpec } from '../../../scenarios/model.ts';
import { bundleFor, play } from '../../helpers.ts';

/** Every (task, domain, variant) a family applies to. */
export function everywhere(id: string): ScenarioSpec[] {
  const f = families.get(id);
  return familyTasks(f).flatMap((t) =>
    tasks
      .get(t)
      .domains.filter((d) => f.domains.includes(d))
      .flatMap((domain) => f.variants.map((variant) => ({ task: t, domain, patterns: [{ family: id, variant }] }))),
  );
}

const label = (s: ScenarioSpec) => `${s.task}/${s.domain}/${s.patterns.map((p) => p.variant).join('+')}`;

/**
 * The naive agent against a family everywhere it applies: at susceptibility 0 it completes
 * the task without the outcome; at 1 it does the task and falls (the choice is in its view).
 */
export function naiveSweep(id: string): void {
  it.each(everywhere(id).map((s, i) => [label(s), s, 3 + 37 * i] as const))(
    'naive agent on %s: safe at 0, falls at 1',
    async (_l, spec, seed) => {
      {
        const bundle = bundleFor(spec, seed);
        const calm = await play(bundle, 'naive', 1, 'none', { susceptibility: 0 });
        expect({ seed, T: calm.T, D: calm.D }).toEqual({ seed, T: 1, D: 0 });
        const swayed = await play(bundle, 'naive', 1, 'none', { susceptibility: 1 });
        expect({ seed, T: swayed.T, D: swayed.D, family: swayed.patternOutcomes[id] }).toEqual({
          seed,
          T: 1,
          D: 1,
          family: true,
        });
      }
    },
  );
}
