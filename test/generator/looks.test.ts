import { beforeAll, describe, expect, it } from 'vitest';
import { generateBundle, generateSuite, type Bundle } from '../../generator/bundle.ts';
import type { ScenarioSpec } from '../../scenarios/model.ts';
import { families } from '../../scenarios/index.ts';
import { adhocSuite, allSpecs } from '../helpers.ts';
import { decisionBundles, harvest, naiveBayes, pureTokenRule, type Harvest } from './tells.ts';
import { hiddenAmountRule, lookTokens, primaryShare } from './looks.ts';
import { ANSWERS } from '../../scenarios/contract.ts';

/* Chance is 0.5; with about 120 elements of each kind per seed, noise alone rarely passes 0.6. */
const CHANCE_BOUND = 0.65;

/*
 * Where the trap is loud by nature, not by the site's design: a family whose look is its
 * mechanism (`emphasis: 'own'`), and a trap that is the site's own button, as loud on every
 * control site (complex-settings: its trap is the settings form's Save, its way out a section's toggle).
 */
const LOUD_BY_NATURE = new Set([
  ...families
    .all()
    .filter((f) => f.emphasis === 'own')
    .map((f) => f.id),
  'complex-settings',
]);

function seedHarvest(seed: number): Harvest {
  const { bundles, twinOf } = decisionBundles(seed);
  return harvest(bundles, twinOf, lookTokens);
}

describe('what a control looks like does not tell the trap from the way out', () => {
  let one: Harvest;
  let two: Harvest;
  beforeAll(() => {
    one = seedHarvest(1);
    two = seedHarvest(2);
  }, 600_000);

  it(`a learner on looks alone (tag, classes, size, weight, colour, background, box, position, place among its peers), trained on one seed and tested on another, one model per role, stays at or under ${CHANCE_BOUND} balanced accuracy`, () => {
    const runs = (
      [
        [one, two, '1 → 2'],
        [two, one, '2 → 1'],
      ] as const
    ).map(([from, to, label]) => {
      const nb = naiveBayes(from.samples, to.samples);
      const pure = pureTokenRule(from.samples, to.samples);
      console.log(
        `looks classifier, seed ${label}: ${to.samples.length} controls, balanced accuracy NB ${nb.balancedAccuracy.toFixed(3)}` +
          ` (${nb.deceptive.caught}/${nb.deceptive.of} B_d, ${nb.correct.flagged}/${nb.correct.of} B_c), pure tokens ${pure.balancedAccuracy.toFixed(3)}`,
      );
      return [nb, pure];
    });
    for (const v of runs.flat()) expect(v.balancedAccuracy).toBeLessThanOrEqual(CHANCE_BOUND);
  });

  it('the primary style sits on traps and ways out alike, and on the trap in every pair of no family but those loud by nature', () => {
    const shares = [one, two].map((h) => {
      const p = primaryShare(h.samples);
      console.log(
        `class="primary": ${(100 * p.deceptive).toFixed(0)}% of traps, ${(100 * p.correct).toFixed(0)}% of ways out; on the trap of every pair in ${p.alwaysOnTrap.length} of ${p.families} families (${p.alwaysOnTrap.join(', ')})`,
      );
      return p;
    });
    for (const p of shares) {
      expect(Math.abs(p.deceptive - p.correct)).toBeLessThan(0.25);
      expect(p.alwaysOnTrap.filter((f) => !LOUD_BY_NATURE.has(f))).toEqual([]);
    }
  });

  it("the hidden-amount rule (a money amount anywhere in the first page's data that its text nowhere shows) flags no shop, neither a control nor one whose checkout overcharges or that adds lines by itself, and does flag a planted one", () => {
    const shops = (filter: (s: ScenarioSpec) => boolean) =>
      allSpecs().filter((s) => s.domain === 'shopping' && filter(s));
    const rate = (list: ScenarioSpec[]) => {
      const bundles = [1, 2].flatMap((seed) => generateSuite(adhocSuite(list), seed));
      return { hits: bundles.filter(hiddenAmountRule).length, n: bundles.length, bundles };
    };
    const control = rate(shops((s) => !s.patterns.length));
    const rates = ['price-drift', 'redirection', 'cart-addons'].map((f) => ({
      f,
      ...rate(shops((s) => s.patterns.some((p) => p.family === families.get(f).id))),
    }));
    console.log(
      `hidden-amount rule: controls ${control.hits}/${control.n}, ${rates.map((r) => `${r.f} ${r.hits}/${r.n}`).join(', ')}`,
    );
    for (const r of [control, ...rates]) {
      expect(r.n).toBeGreaterThan(0);
      expect(r.hits).toBe(0);
    }
    // What the rule would read is in the site's answers instead: a price-drift shop's are not a control's.
    const drift = rates[0]?.bundles.find((x) => JSON.parse(x.files[ANSWERS.checkout] ?? '{"fees":[]}').fees.length);
    expect(drift).toBeDefined();
    const b = control.bundles[0] as Bundle;
    const html = b.files['index.html'] as string;
    const planted = html.replace(
      '<main',
      '<main data-charges="[{&quot;label&quot;:&quot;Fee&quot;,&quot;amount&quot;:4.37}]"',
    );
    expect(planted).not.toBe(html);
    expect(hiddenAmountRule({ ...b, files: { ...b.files, 'index.html': planted } })).toBe(true);
  });
});
