import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { families } from '../../scenarios/index.ts';
import { EVENT_NAMES, type SiteEvent } from '../../scenarios/contract.ts';
import { basketOf, commitments, outcomeOf } from '../../scenarios/risk.ts';
import { evaluate } from '../../scenarios/evaluate.ts';
import { allSpecs, bundleFor } from '../helpers.ts';
import { REFERENCE } from './risk-reference.ts';

type Params = Record<string, unknown>;

/** One configuration per family (its first variant on its first task), for the parameters its bundles carry. */
const paramsByFamily: [string, Params][] = families.ids().map((id) => {
  const spec = allSpecs().find((s) => s.patterns.length === 1 && s.patterns[0]?.family === id);
  if (!spec) throw new Error(`no configuration of ${id}`);
  const params = bundleFor(spec, 3).manifest.evaluator.patterns.find((p) => p.family === id)?.params;
  if (!params) throw new Error(`${id}: no evaluator parameters`);
  return [id, params];
});

/** Every string and number a family's parameters hold, at any depth: the values its outcome can be about. */
function valuesIn(
  x: unknown,
  out: { strings: Set<string>; numbers: Set<number> } = { strings: new Set(), numbers: new Set() },
) {
  if (typeof x === 'string') out.strings.add(x);
  else if (typeof x === 'number') out.numbers.add(x);
  else if (Array.isArray(x)) x.forEach((v) => valuesIn(v, out));
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) (out.strings.add(k), valuesIn(v, out));
  return out;
}

/**
 * Logs of the site events any site records, made of the family's own values (its skus, plans,
 * fields, purposes, event names and prices) and a few foreign ones, so that harmful and
 * harmless events both come up often.
 */
function logArb(params: Params): fc.Arbitrary<SiteEvent[]> {
  const { strings, numbers } = valuesIn(params);
  const word = fc.constantFrom(...strings, 'other', 'p1', 'newsletter');
  const money = fc.constantFrom(...numbers, 0, 1.49, 5, 999);
  const own = [...strings].filter((s) => s.includes('.'));
  // The family's own event types half of the time, so that its harmful events come up often.
  const type = own.length
    ? fc.oneof(fc.constantFrom(...own), fc.constantFrom(...EVENT_NAMES))
    : fc.constantFrom(...EVENT_NAMES);
  const at = { t: fc.nat(1000), route: fc.constantFrom('/', '/cart', '/checkout') };
  const scalar = fc.oneof(fc.boolean(), word);
  const event: fc.Arbitrary<SiteEvent> = fc.oneof(
    fc.record({
      type: fc.constant('cart.added' as const),
      ...at,
      sku: word,
      name: word,
      price: money,
      qty: fc.constant(1),
      source: fc.constantFrom('user' as const, 'option' as const, 'site' as const),
    }),
    fc.record({ type: fc.constant('cart.removed' as const), ...at, sku: word }),
    fc.record({
      type: fc.constant('order.placed' as const),
      ...at,
      order: fc.constant('A1'),
      items: fc.array(fc.record({ sku: word, name: word, price: money, qty: fc.constant(1) }), { maxLength: 3 }),
      fees: fc.array(fc.record({ label: word, amount: money }), { maxLength: 2 }),
      shipping: fc.oneof(fc.constant(null), word),
      options: fc.array(fc.record({ name: word, label: word, price: money }), { maxLength: 2 }),
      total: money,
    }),
    fc.record({
      type: fc.constant('consent.set' as const),
      ...at,
      source: fc.constantFrom('banner' as const, 'form' as const),
      purposes: fc.dictionary(word, fc.boolean(), { maxKeys: 3 }),
    }),
    fc.record({
      type,
      ...at,
      form: word,
      fields: fc.dictionary(word, scalar, { maxKeys: 3 }),
    }) as fc.Arbitrary<SiteEvent>,
    fc.record({ type, ...at, plan: word, offer: word, ad: word, file: word }) as fc.Arbitrary<SiteEvent>,
    fc.record({ type: fc.constant('nav' as const), ...at, from: fc.constant('/'), to: word }),
  );
  return fc.array(event, { maxLength: 10 });
}

describe('risk state and commitment', () => {
  it('every family has its reference outcome', () => {
    expect(Object.keys(REFERENCE).sort()).toEqual(families.ids().sort());
  });

  it.each(paramsByFamily)(
    '%s: D = 1 exactly when R holds at a commitment, and it is the outcome the family always had',
    (id, params) => {
      const family = families.get(id);
      const reference = REFERENCE[id] as (p: Params, e: readonly SiteEvent[]) => boolean;
      fc.assert(
        fc.property(logArb(params), (events) => {
          const d = evaluate(
            { task: 'purchase', goal: { kind: 'none' }, patterns: [{ family: id, params }] },
            events,
            null,
          ).patternOutcomes[id];
          const at = commitments(family.risk, params, events);
          expect(d).toBe(reference(params, events));
          expect(d).toBe(at.length > 0);
          expect(d).toBe(outcomeOf(family.risk, params, events));
          for (const i of at) {
            expect(family.risk.commits(params, events[i] as SiteEvent)).toBe(true);
            expect(family.risk.holds(params, events.slice(0, i + 1))).toBe(true);
          }
        }),
        { numRuns: 150 },
      );
    },
  );

  it('harmful and harmless logs both come up for every family (the property above is not vacuous)', () => {
    for (const [id, params] of paramsByFamily) {
      const seen = new Set<boolean>();
      fc.assert(
        fc.property(logArb(params), (events) => void seen.add(families.get(id).outcome(params, events))),
        { numRuns: 500, seed: 1 },
      );
      expect([...seen].sort(), id).toEqual([false, true]);
    }
  });

  it('the basket: added, removed, emptied by an order, and what an order carried is kept', () => {
    const at = { t: 0, route: '/' };
    const add = (sku: string): SiteEvent => ({
      type: 'cart.added',
      ...at,
      sku,
      name: sku,
      price: 1,
      qty: 1,
      source: 'option',
    });
    const order = (skus: string[]): SiteEvent => ({
      type: 'order.placed',
      ...at,
      order: 'A',
      items: skus.map((sku) => ({ sku, name: sku, price: 1, qty: 1 })),
      fees: [],
      shipping: null,
      options: [{ name: 'support', label: 'Support', price: 5 }],
      total: 1,
    });
    const b = basketOf([add('w'), add('x'), { type: 'cart.removed', ...at, sku: 'x' }, order(['w']), add('y')]);
    expect([...b.cart]).toEqual(['y']);
    expect([...b.ordered]).toEqual(['w']);
    expect([...b.options]).toEqual(['support']);
    const warranty = families.get('warranty-addon').risk;
    expect(warranty.holds({ sku: 'w' }, [add('w')])).toBe(true);
    expect(warranty.holds({ sku: 'w' }, [add('w'), { type: 'cart.removed', ...at, sku: 'w' }])).toBe(false);
    expect(commitments(warranty, { sku: 'w' }, [add('w'), order(['w'])])).toEqual([1]);
    expect(
      commitments(warranty, { sku: 'w' }, [add('w'), { type: 'cart.removed', ...at, sku: 'w' }, order(['v'])]),
    ).toEqual([]);
  });
});
