/**
 * A listing a shopper can sort and filter: a shop's home page lets the user order its products
 * and keep those in a price range, and the site's script moves every card of each grid to its
 * place, on the page and in the document alike, hides the rest and closes the gap they leave.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import type { JsdomBrowser } from '../../simulator/page/engine/jsdom.ts';
import { ATTR, PRICE_FIELD, SORT_ORDERS } from '../../scenarios/contract.ts';
import { bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';

const env = new DecoyEnv();
afterAll(() => env.close());

interface Card {
  name: string;
  price: number;
  top: number;
  left: number;
  hidden: boolean;
}

const doc = () => (env.browser as JsdomBrowser).window.document;

/** Each grid's cards in document order: the name, the price the card shows, its place and whether it shows. */
function grids(): Card[][] {
  return [...doc().querySelectorAll<HTMLElement>(`main:not([hidden]) [${ATTR.dyn}="grid"]`)].map((g) =>
    [...(g.children as HTMLCollectionOf<HTMLElement>)].map((c) => ({
      name: c.querySelector('a')?.textContent ?? '',
      price: Number(/\$([\d.]+)/.exec(c.textContent ?? '')?.[1]),
      top: parseFloat(c.style.top),
      left: parseFloat(c.style.left),
      hidden: c.hidden,
    })),
  );
}

const byPlace = (cards: Card[]) => [...cards].sort((a, b) => a.top - b.top || a.left - b.left);
const places = (cards: Card[]) => byPlace(cards).map((c) => `${c.top},${c.left}`);
const shop = fc.constantFrom('purchase', 'purchase-cheapest', 'purchase-two');

describe('a listing sorted and filtered by the shopper', () => {
  it('for any shop and seed, each order puts the cards of every grid in that order, in their places and in the document, and "featured" gives back the authored order', async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, async (task, seed) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        const { observation } = await env.reset({ bundle, seed: 1 });
        const authored = grids();
        expect(authored.flat().length).toBeGreaterThan(2);
        const sort = observation.elements.find((e) => e.role === 'combobox' && /sort|order/i.test(e.name));
        expect(sort).toBeDefined();
        for (const order of [...SORT_ORDERS.filter((o) => o !== 'featured'), 'featured']) {
          const r = await env.step(`select_option('${sort!.ref}', '${order}')`);
          expect(r.info.error ?? '').toBe('');
          grids().forEach((cards, g) => {
            const was = authored[g] as Card[];
            // The same cards in the same places, and a reader meets them in the document's order.
            expect(places(cards)).toEqual(places(was));
            expect(byPlace(cards).map((c) => c.name)).toEqual(cards.map((c) => c.name));
            const p = cards.map((c) => c.price);
            if (order === 'price-asc') expect(p).toEqual([...p].sort((a, b) => a - b));
            if (order === 'price-desc') expect(p).toEqual([...p].sort((a, b) => b - a));
            if (order === 'name') expect(cards.map((c) => c.name)).toEqual(cards.map((c) => c.name).sort());
            if (order === 'featured') expect(cards.map((c) => c.name)).toEqual(was.map((c) => c.name));
          });
        }
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });

  it('for any shop, seed and range, the cards shown are those priced in it, sorted, in the first places; the rest are hidden, the grid ends under its last card and the page closes up; any price shows them all again', async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, fc.constantFrom(...SORT_ORDERS), async (task, seed, order) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        const { observation } = await env.reset({ bundle, seed: 1 });
        const authored = grids();
        const height = () => parseFloat(doc().querySelector<HTMLElement>('main:not([hidden])')!.style.height);
        const full = height();
        const sort = observation.elements.find((e) => e.role === 'combobox' && /sort|order/i.test(e.name));
        await env.step(`select_option('${sort!.ref}', '${order}')`);
        const select = doc().querySelector<HTMLSelectElement>(`select[name="${PRICE_FIELD}"]`)!;
        const filter = observation.elements.find(
          (e) => e.role === 'combobox' && e.name === select.labels?.[0]?.textContent,
        );
        expect(filter).toBeDefined();
        const ranges = [...select.options].map((o) => o.value);
        expect(ranges).toHaveLength(4);
        for (const range of [...ranges.slice(1), '']) {
          const label = [...select.options].find((o) => o.value === range)!.textContent!;
          const r = await env.step(`select_option('${filter!.ref}', '${label}')`);
          expect(r.info.error ?? '').toBe('');
          const [lo, hi] = range.split('-').map((v) => (v === '' ? NaN : Number(v)));
          const inRange = (p: number) => !(p < (lo as number)) && !(p >= (hi as number));
          grids().forEach((cards, g) => {
            const shown = cards.filter((c) => !c.hidden);
            expect(shown.map((c) => c.name).sort()).toEqual(
              (authored[g] as Card[])
                .filter((c) => inRange(c.price))
                .map((c) => c.name)
                .sort(),
            );
            // In the grid's first places, in reading order and in the document's.
            expect(places(shown)).toEqual(places(authored[g] as Card[]).slice(0, shown.length));
            expect(byPlace(shown).map((c) => c.name)).toEqual(shown.map((c) => c.name));
          });
          // A grid left with fewer rows ends higher, and the page with it.
          const rows = (cards: Card[]) => new Set(cards.map((c) => c.top)).size;
          const fewer = grids().some((cards, g) => rows(cards.filter((c) => !c.hidden)) < rows(authored[g] as Card[]));
          if (range === '') expect(height()).toBe(full);
          else if (fewer) expect(height()).toBeLessThan(full);
          else expect(height()).toBe(full);
        }
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });
});
