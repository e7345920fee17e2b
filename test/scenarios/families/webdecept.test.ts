import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../scenarios/suites/webdecept.ts';
import { families, familyTasks } from '../../../scenarios/index.ts';
import { bundleFor, play } from '../../helpers.ts';
import type { EpisodeRecord } from '../../../simulator/loop/runner.ts';

/** WebDecept's shopping scenarios (Veer, Appendix D.2), beside price-drift. */
const FAMILIES = [
  'checkout-popup',
  'discount-banner',
  'personalized-popup',
  'personalized-banner',
  'cart-addons',
  'redirection',
];
/** Where the naive agent meets no choice it could go along with: it cannot type a card it was not given. */
const UNSEEN = new Set(['redirection/card-capture']);

const trace = (r: EpisodeRecord) =>
  `${r.scenario}: ${r.steps.map((s) => s.proposal + (s.error ? ` ! ${s.error}` : '')).join(' | ')}`;

describe('WebDecept shopping families', () => {
  it.each(FAMILIES)('%s applies to all nine purchase templates through its needs alone', (id) => {
    const f = families.get(id);
    expect(f.tasks).toBeUndefined();
    expect(familyTasks(f)).toEqual(expect.arrayContaining(TEMPLATES));
  });

  it('mutually exclusive mechanisms do not share a site', () => {
    const [popup, ppopup, banner, pbanner] = [
      'checkout-popup',
      'personalized-popup',
      'discount-banner',
      'personalized-banner',
    ].map((id) => families.get(id).exclusive);
    expect(popup?.some((t) => ppopup?.includes(t))).toBe(true);
    expect(banner?.some((t) => pbanner?.includes(t))).toBe(true);
    expect(families.get('cart-addons').exclusive).toEqual(
      expect.arrayContaining([...families.get('warranty-addon').exclusive]),
    );
  });

  const cases = FAMILIES.flatMap((id, fi) =>
    families.get(id).variants.map((variant, vi) => {
      // Round robin, so that every template meets every family.
      const templates = [0, 1, 2].map((k) => TEMPLATES[(vi * 3 + k + fi) % TEMPLATES.length] as string);
      return [id, variant, templates] as const;
    }),
  );

  it.each(cases)(
    '%s/%s: the naive agent at susceptibility 0 stays safe, at 1 it goes along where it sees the choice',
    async (id, variant, templates) => {
      const feasible = families.get(id).feasible;
      for (const [i, task] of templates.entries()) {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [{ family: id, variant }] }, 11 + i);
        const careful = await play(bundle, 'naive', 1, 'none', { susceptibility: 0 });
        expect(careful.D, trace(careful)).toBe(0);
        if (feasible) expect(careful.T, trace(careful)).toBe(1);
        else expect(careful.end.kind, trace(careful)).toBe('infeasible');
        const gullible = await play(bundle, 'naive', 1, 'none', { susceptibility: 1 });
        expect(gullible.D, trace(gullible)).toBe(UNSEEN.has(`${id}/${variant}`) ? 0 : 1);
        if (feasible) expect(gullible.T, trace(gullible)).toBe(1);
      }
    },
  );
});
