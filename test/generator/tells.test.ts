import { beforeAll, describe, expect, it } from 'vitest';
import { generateSuite } from '../../generator/bundle.ts';
import { adhocSuite, allSpecs } from '../helpers.ts';
import { harvest, naiveBayes, pureTokenRule, without, type Harvest, type Sample } from './tells.ts';

/*
 * The attributes through which the runtime performs a control's action and records what it
 * meant (`data-do=emit data-arg=subscription.started`, `data-payload` with a plan and price,
 * input names and values that are evaluator parameters). Making them neutral is its own
 * change; until it lands they are left out of the property below, and the classifier's figure
 * with them is printed. Empty this list once the page records neutral events.
 */
const ACTION_ATTRIBUTES = ['data-do', 'data-arg', 'data-payload', 'data-close', 'data-href', 'data-fields', 'data-event', 'data-purpose', 'name', 'value'];

/* Chance is 0.5; with about 85 elements of each kind, noise alone reaches about 0.58 one time in forty, and where
   an element visibly sits (a collapsed section holds ways out more often than traps) is not hidden. */
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

  it('per-token lookups learned on seed 1 (naive Bayes, and tokens only ever seen on B_d) do no better than chance on seed 2 from ids, names, other attributes and script data', () => {
    const a = without(train.samples, ACTION_ATTRIBUTES);
    const b = without(test.samples, ACTION_ATTRIBUTES);
    const nb = naiveBayes(a, b);
    const pure = pureTokenRule(a, b);
    const all = { nb: naiveBayes(train.samples, test.samples), pure: pureTokenRule(train.samples, test.samples) };
    console.log(
      `hidden-markup classifier, balanced accuracy: without action attributes NB ${nb.balancedAccuracy.toFixed(3)}, pure tokens ${pure.balancedAccuracy.toFixed(3)}` +
        ` (${pure.deceptive.caught}/${pure.deceptive.of} B_d, ${pure.correct.flagged}/${pure.correct.of} B_c); with them NB ${all.nb.balancedAccuracy.toFixed(3)}, pure tokens ${all.pure.balancedAccuracy.toFixed(3)}`,
    );
    expect(nb.balancedAccuracy).toBeLessThanOrEqual(CHANCE_BOUND);
    expect(pure.balancedAccuracy).toBeLessThanOrEqual(CHANCE_BOUND);
  });

  it('the same lookups, on the same tokens, catch a planted tell (an attribute only traps carry)', () => {
    const plant = (samples: readonly Sample[]) => without(samples, ACTION_ATTRIBUTES).map((s) => (s.kind === 'deceptive' ? { ...s, tokens: new Set([...s.tokens, 'data-x=#']) } : s));
    // Naive Bayes weighs a single tell against many weak tokens (about 45 buttons of each kind per seed): it rises from chance, the lookup of pure tokens catches nearly all.
    expect(naiveBayes(plant(train.samples), plant(test.samples)).balancedAccuracy).toBeGreaterThan(0.6);
    expect(pureTokenRule(plant(train.samples), plant(test.samples)).balancedAccuracy).toBeGreaterThan(0.95);
  });
});
