/**
 * A listing's order: a shop's home page lets the user sort its products, and the site's script
 * moves every card of each grid to its place in that order, on the page and in the document alike.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import type { JsdomBrowser } from '../../simulator/page/engine/jsdom.ts';
import { ATTR, SORT_ORDERS } from '../../scenarios/contract.ts';
import { bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';

const env = new DecoyEnv();
afterAll(() => env.close());

interface Card {
  name: string;
  price: number;
  top: number;
  left: number;
}

/** Each grid's cards in document order: the name, the price the card shows, and its place. */
function grids(): Card[][] {
  const doc = (env.browser as JsdomBrowser).window.document;
  return [...doc.querySelectorAll<HTMLElement>(`main:not([hidden]) [${ATTR.dyn}="grid"]`)].map((g) =>
    [...(g.children as HTMLCollectionOf<HTMLElement>)].map((c) => ({
      name: c.querySelector('a')?.textContent ?? '',
      price: Number(/\$([\d.]+)/.exec(c.textContent ?? '')?.[1]),
      top: parseFloat(c.style.top),
      left: parseFloat(c.style.left),
    })),
  );
}

const byPlace = (cards: Card[]) => [...cards].sort((a, b) => a.top - b.top || a.left - b.left);
const places = (cards: Card[]) => byPlace(cards).map((c) => `${c.top},${c.left}`);

describe('a listing sorted by the shopper', () => {
  it('for any shop and seed, each order puts the cards of every grid in that order, in their places and in the document, and "featured" gives back the authored order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('purchase', 'purchase-cheapest', 'purchase-two'),
        seedArb,
        async (task, seed) => {
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
        },
      ),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });
});
