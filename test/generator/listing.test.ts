/**
 * A listing a shopper can sort, filter and page through: a shop's home page lets the user order
 * its products, keep those in a price range and turn its pages, and the site's script moves every
 * card of each grid to its place, on the page and in the document alike, hides the rest and
 * closes the gap they leave. Products listed only on later pages share one product page, filled
 * for the product its address names.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import type { JsdomBrowser } from '../../simulator/page/engine/jsdom.ts';
import { ATTR, PAGE_PARAM, PRICE_FIELD, SORT_ORDERS } from '../../scenarios/contract.ts';
import type { ObservedElement } from '../../simulator/page/observe.ts';
import { arrive, bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';

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
const gridEls = () => [...doc().querySelectorAll<HTMLElement>(`main:not([hidden]) [${ATTR.dyn}="grid"]`)];
const pagerOf = (g: HTMLElement) => g.querySelector<HTMLElement>(`[${ATTR.dyn}="pager"]`);

/** Each grid's cards in document order: the name, the price the card shows, its place and whether it shows. */
function grids(): Card[][] {
  return gridEls().map((g) =>
    [...(g.children as HTMLCollectionOf<HTMLElement>)]
      .filter((c) => c !== pagerOf(g))
      .map((c) => ({
        name: c.querySelector('a')?.textContent ?? '',
        price: Number(/\$([\d.]+)/.exec(c.textContent ?? '')?.[1]),
        top: parseFloat(c.style.top),
        left: parseFloat(c.style.left),
        hidden: c.hidden,
      })),
  );
}

/** The cards the paged grid shows. */
const pagedCards = () =>
  grids()
    .filter((_, g) => pagerOf(gridEls()[g] as HTMLElement))
    .flatMap((cards) => cards.filter((c) => !c.hidden).map((c) => c.name));

const byPlace = (cards: Card[]) => [...cards].sort((a, b) => a.top - b.top || a.left - b.left);
const places = (cards: Card[]) => byPlace(cards).map((c) => `${c.top},${c.left}`);
const shop = fc.constantFrom('purchase', 'purchase-cheapest', 'purchase-two');

/** The pager's links a reader meets, by what they say (page numbers, the next page's link). */
const pagerLinks = (els: readonly ObservedElement[]) => els.filter((e) => e.role === 'link' && /^\d+$/.test(e.name));

/**
 * Every grid's cards, page by page, as a shopper meets them turning the listing's pages with its
 * pager (grids without one have one page): the cards shown on each page, in document order.
 */
async function pages(first: readonly ObservedElement[]): Promise<Card[][][]> {
  const out: Card[][][] = grids().map((cards) => [cards.filter((c) => !c.hidden)]);
  const numbers = pagerLinks(first);
  for (const link of numbers.slice(1)) {
    const r = await env.step(`click('${link.ref}')`);
    expect(r.info.error ?? '').toBe('');
    grids().forEach((cards, g) => {
      if (pagerOf(gridEls()[g] as HTMLElement)) out[g]!.push(cards.filter((c) => !c.hidden));
    });
  }
  return out;
}

describe('a listing sorted, filtered and paged by the shopper', () => {
  it('for any shop and seed, each order puts the cards of every grid in that order across its pages, each page in the first page\'s places and in the document, and "featured" gives back the authored order', async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, async (task, seed) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        const observation = await arrive(env, bundle);
        const authored = grids();
        const firstPlaces = authored.map((cards) => places(cards.filter((c) => !c.hidden)));
        // Every listing has more products than fit one page.
        expect(authored.some((cards) => cards.some((c) => c.hidden))).toBe(true);
        const sort = observation.elements.find((e) => e.role === 'combobox' && /sort|order/i.test(e.name));
        expect(sort).toBeDefined();
        for (const order of [...SORT_ORDERS.filter((o) => o !== 'featured'), 'featured']) {
          const r = await env.step(`select_option('${sort!.ref}', '${order}')`);
          expect(r.info.error ?? '').toBe('');
          const paged = await pages(r.observation.elements);
          paged.forEach((pagesOfGrid, g) => {
            const was = authored[g] as Card[];
            for (const cards of pagesOfGrid) {
              // The page's cards in the first page's first places, met by a reader in the document's order.
              expect(places(cards)).toEqual((firstPlaces[g] as string[]).slice(0, cards.length));
              expect(byPlace(cards).map((c) => c.name)).toEqual(cards.map((c) => c.name));
            }
            const all = pagesOfGrid.flat();
            expect([...all.map((c) => c.name)].sort()).toEqual(was.map((c) => c.name).sort());
            const p = all.map((c) => c.price);
            if (order === 'price-asc') expect(p).toEqual([...p].sort((a, b) => a - b));
            if (order === 'price-desc') expect(p).toEqual([...p].sort((a, b) => b - a));
            if (order === 'name') expect(all.map((c) => c.name)).toEqual(all.map((c) => c.name).sort());
            if (order === 'featured') expect(all.map((c) => c.name)).toEqual(was.map((c) => c.name));
          });
        }
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });

  it('for any shop, seed and range, the cards shown across the pages are those priced in it, sorted, each page in the first places; the pager offers only the pages there are; the grid ends under its last card and pager and the page closes up; any price shows them all again', async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, fc.constantFrom(...SORT_ORDERS), async (task, seed, order) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        const observation = await arrive(env, bundle);
        const authored = grids();
        const perPage = authored.map((cards) => cards.filter((c) => !c.hidden).length);
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
          // A new filter starts from the first page.
          expect((env.browser as JsdomBrowser).window.location.search).toBe('');
          const [lo, hi] = range.split('-').map((v) => (v === '' ? NaN : Number(v)));
          const inRange = (p: number) => !(p < (lo as number)) && !(p >= (hi as number));
          const firstHeight = height();
          const firstRows = grids().map((cards) => new Set(cards.filter((c) => !c.hidden).map((c) => c.top)).size);
          const wanted = authored.map((cards) => cards.filter((c) => inRange(c.price)));
          expect(pagerLinks(r.observation.elements)).toHaveLength(
            Math.max(
              0,
              ...gridEls().map((g, i) =>
                pagerOf(g) ? Math.max(1, Math.ceil((wanted[i] as Card[]).length / (perPage[i] as number))) : 0,
              ),
            ),
          );
          const paged = await pages(r.observation.elements);
          paged.forEach((pagesOfGrid, g) => {
            const all = pagesOfGrid.flat();
            expect(all.map((c) => c.name).sort()).toEqual((wanted[g] as Card[]).map((c) => c.name).sort());
            for (const shown of pagesOfGrid) {
              expect(shown.length).toBeLessThanOrEqual(perPage[g] as number);
              expect(places(shown)).toEqual(
                places((authored[g] as Card[]).filter((c) => !c.hidden)).slice(0, shown.length),
              );
              expect(byPlace(shown).map((c) => c.name)).toEqual(shown.map((c) => c.name));
            }
          });
          // A first page left with fewer rows ends higher, and the page with it.
          const rows = (cards: Card[]) => new Set(cards.filter((c) => !c.hidden).map((c) => c.top)).size;
          const fewer = firstRows.some((n, g) => n < rows(authored[g] as Card[]));
          if (range === '') expect(firstHeight).toBe(full);
          else if (fewer) expect(firstHeight).toBeLessThan(full);
          else expect(firstHeight).toBe(full);
        }
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });

  it("for any shop and seed, the next page's link goes to the following page, is gone on the last, marks the page shown as current, and an address that asks for a page opens the listing at it", async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, async (task, seed) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        let observation = await arrive(env, bundle);
        const count = pagerLinks(observation.elements).length;
        expect(count).toBeGreaterThanOrEqual(2);
        const seen: string[][] = [];
        for (let at = 1; ; at++) {
          const current = doc().querySelector(`[${ATTR.dyn}="pager"] [aria-current="page"]`);
          expect(current?.textContent).toBe(String(at));
          seen.push(pagedCards());
          const numbers = pagerLinks(observation.elements).map((e) => e.name);
          const next = observation.elements.find(
            (e) => e.role === 'link' && !numbers.includes(e.name) && /next/i.test(e.name),
          );
          if (at === count) {
            expect(next).toBeUndefined();
            break;
          }
          expect(next).toBeDefined();
          const r = await env.step(`click('${next!.ref}')`);
          expect(r.info.error ?? '').toBe('');
          observation = r.observation;
        }
        expect(seen).toHaveLength(count);
        expect(new Set(seen.flat()).size).toBe(seen.flat().length);
        // The address of a page opens the listing at that page, in a document of its own.
        const r = await env.step(`goto('/?${PAGE_PARAM}=2')`);
        expect(r.info.error ?? '').toBe('');
        expect(pagedCards()).toEqual(seen[1]);
        // Going back from a product to a later page shows that page again.
        const card = r.observation.elements.find((e) => e.role === 'link' && (seen[1] as string[]).includes(e.name));
        await env.step(`click('${card!.ref}')`);
        await env.step('go_back()');
        expect(pagedCards()).toEqual(seen[1]);
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });
});
