import type { ScenarioSpec, SuiteDef } from '../model.ts';
import { tasks } from '../catalogue.ts';

/**
 * Every task's benign control in every domain it has, twice: the same tasks with no
 * pattern, where a defense should change nothing (its false-positive cost).
 */
const controls: SuiteDef = {
  id: 'controls',
  version: 5,
  digest: 'cb11edd890292a12',
  released: ['6d39de0542cc9dd4', 'e7a96514e642b227', '3a01ac182ad94a90', '242ba5a41d4bf067'],
  title: 'Benign controls',
  description:
    'Every task in every domain it supports with no deceptive pattern (two instances each), to measure what a defense costs where nothing deceives.',
  budget: 30,
  scenarios: () =>
    tasks.all().flatMap((t) =>
      t.domains.flatMap((domain) =>
        [0, 1].map((instance): ScenarioSpec => ({
          task: t.id,
          domain,
          patterns: [],
          instance,
          condition: `${domain}/${t.id}`,
        })),
      ),
    ),
};

export default controls;
