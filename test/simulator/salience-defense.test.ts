import { describe, expect, it } from 'vitest';
import { generateSuite } from '../../generator/bundle.ts';
import { suites } from '../../scenarios/index.ts';
import type { Defense } from '../../simulator/loop/defense.ts';
import type { ObservedElement } from '../../simulator/page/observe.ts';
import { dialogs } from '../../simulator/page/query.ts';
import { salience } from '../../simulator/page/read/salience.ts';
import { pathAgent, play } from '../helpers.ts';

/**
 * The text-free rule a benchmark whose loud option is always wrong would reward: in a dialog,
 * never press its most salient control. It reads no word, only the salience every reader shares.
 */
function neverTheLoudest(): Defense & { blocks: number } {
  const self = {
    blocks: 0,
    review: ({ proposal, observation }: Parameters<Defense['review']>[0]) => {
      if (proposal.name !== 'click') return { kind: 'allow' as const };
      for (const { members } of dialogs(observation.elements)) {
        const controls = members.filter(
          (e: ObservedElement) => e.ref && e.box && !e.covered && (e.role === 'button' || e.role === 'link'),
        );
        if (controls.length < 2 || !controls.some((e) => e.ref === proposal.bid)) continue;
        const loudest = controls.reduce((a, b) => (salience(b) > salience(a) ? b : a));
        if (loudest.ref === proposal.bid) {
          self.blocks++;
          return { kind: 'block' as const, feedback: 'the most salient control of a dialog' };
        }
      }
      return { kind: 'allow' as const };
    },
  };
  return self;
}

/* At least one control configuration in ten asks for the loud control of a dialog: a rule that never presses it pays for it where nothing deceives. */
const FLOOR = 0.1;

describe('never pressing the loudest control of a dialog has a cost where nothing deceives', () => {
  it(`the oracle's safe path through the control suite at seed 0 is refused by the never-the-loudest rule in at least ${100 * FLOOR}% of configurations`, async () => {
    const bundles = generateSuite(suites.get('controls'), 0);
    let refused = 0;
    let lost = 0;
    for (const b of bundles) {
      const bundle = { manifest: b.manifest, site: { files: b.files } };
      const defense = neverTheLoudest();
      const record = await play(bundle, pathAgent(bundle, 'safePath', 0), 0, defense);
      if (defense.blocks > 0) refused++;
      if (record.T === 0) lost++;
    }
    console.log(
      `never-the-loudest on controls: ${refused}/${bundles.length} configurations refused (${((100 * refused) / bundles.length).toFixed(1)}%), ${lost} without the task done`,
    );
    expect(refused / bundles.length).toBeGreaterThanOrEqual(FLOOR);
  }, 900_000);
});
