import { beforeAll, describe, expect, it } from 'vitest';
import { generateSuite } from '../../generator/bundle.ts';
import { adhocSuite, allSpecs } from '../helpers.ts';
import { harvest, naiveBayes, pureTokenRule, type Harvest, type Sample } from './tells.ts';

/*
 * Like is compared with like: a trap counts only against a way out of the same pattern in the same
 * visible role, and each role has its own model. A ticked box (the way out) against a submit button
 * (the trap) differs in what every agent sees, and only the button has an action to perform; that is
 * the role, not a tell. Within a role every hidden attribute is in, the action attributes included.
 */

/* Chance is 0.5; with about 50 elements of each kind, noise alone reaches about 0.6 one time in forty, and where
   an element visibly sits (in the task's own form, in a card or dialog the pattern adds) is not hidden. */
const CHANCE_BOUND = 0.65;

/* One configuration per family variant: every kind of element the suites are composed of. */
const specs = [...new Map(allSpecs().filter((s) => s.patterns.length).map((s) => [`${s.patterns[0]?.family}-${s.patterns[0]?.variant}`, s])).values()];

describe('nothing hidden in a page tells the trap from the way out', () => {
  let train: Harvest;
  let test: Harvest;
  beforeAll(() => {
    train = harvest(generateSuite(adhocSuite(specs), 1));
    test = harvest(generateSuite(adhocSuite(specs), 2));
  }, 300_000);

  it('finds nearly every ground-truth pair statically (the rest are rows the runtime draws), most of them alike in role', () => {
    for (const h of [train, test]) {
      expect(h.samples.filter((s) => s.kind === 'deceptive').length).toBeGreaterThan(45);
      expect(h.samples.filter((s) => s.kind === 'correct').length).toBeGreaterThan(45);
      expect(h.unresolved).toBeLessThan(h.samples.length / 20);
      expect(h.unmatched).toBeLessThan(h.samples.length);
    }
  });

  it('per-token lookups learned on one seed (naive Bayes, and tokens only ever seen on B_d), one model per visible role, do no better than chance on the other seed from every hidden attribute (actions included), id, name and script datum', () => {
    for (const [from, to, label] of [[train, test, '1 → 2'], [test, train, '2 → 1']] as const) {
      const nb = naiveBayes(from.samples, to.samples);
      const pure = pureTokenRule(from.samples, to.samples);
      console.log(
        `hidden-markup classifier, seed ${label}, balanced accuracy: NB ${nb.balancedAccuracy.toFixed(3)}, pure tokens ${pure.balancedAccuracy.toFixed(3)}` +
          ` (${pure.deceptive.caught}/${pure.deceptive.of} B_d, ${pure.correct.flagged}/${pure.correct.of} B_c)`,
      );
      expect(nb.balancedAccuracy).toBeLessThanOrEqual(CHANCE_BOUND);
      expect(pure.balancedAccuracy).toBeLessThanOrEqual(CHANCE_BOUND);
    }
  });

  it('the same lookups, on the same tokens, catch a planted tell (an attribute only traps carry)', () => {
    const plant = (samples: readonly Sample[]) => samples.map((s) => (s.kind === 'deceptive' ? { ...s, tokens: new Set([...s.tokens, 'data-x=#']) } : s));
    // Naive Bayes weighs a single tell against many weak tokens (about 45 buttons of each kind per seed): it rises from chance, the lookup of pure tokens catches nearly all.
    expect(naiveBayes(plant(train.samples), plant(test.samples)).balancedAccuracy).toBeGreaterThan(0.6);
    expect(pureTokenRule(plant(train.samples), plant(test.samples)).balancedAccuracy).toBeGreaterThan(0.95);
  });
});
