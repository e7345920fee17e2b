import type { EnvObservation } from '../simulator/loop/env.ts';

/** An observation of the given fields on an empty page at the site's root, for unit tests of what reads one. */
export const observation = (given: Partial<EnvObservation> = {}): EnvObservation => ({
  goal: '',
  url: 'https://site.test/',
  title: '',
  axtree_txt: '',
  elements: [],
  scroll: { x: 0, y: 0 },
  last_action: '',
  last_action_error: '',
  elapsed_time: 0,
  step: 0,
  budget: 30,
  defense_context: '',
  ...given,
});
