/**
 * The products a shop lists only on its later pages share one product page, served empty and
 * filled by the site's script for the product its address names, as that product's card shows
 * it. It sells what it shows; a task never asks for such a product, so ordering one fails it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import type { JsdomBrowser } from '../../simulator/page/engine/jsdom.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import { ANY_PRODUCT, ATTR, PAGE_PARAM } from '../../scenarios/contract.ts';
import { PAUSE } from '../../scenarios/sites/furniture.ts';
import { arrive, bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';

const env = new DecoyEnv();
afterAll(() => env.close());

const doc = () => (env.browser as JsdomBrowser).window.document;
const shop = fc.constantFrom('purchase', 'purchase-qty', 'purchase-cheapest', 'purchase-two');

/** The products of the listing's paged grid that the first page hides: each card's link and what it shows. */
function later(): { href: string; name: string; texts: string[]; picture: string }[] {
  const grid = [...doc().querySelectorAll(`[${ATTR.dyn}="grid"]`)].find((g) =>
    g.querySelector(`[${ATTR.dyn}="pager"]`),
  );
  return [...(grid?.children ?? [])]
    .filter((c): c is HTMLElement => (c as HTMLElement).hidden)
    .map((c) => ({
      href: c.querySelector('a')!.getAttribute('href')!,
      name: c.querySelector('a')!.textContent!,
      texts: [...c.querySelectorAll('p')].slice(0, 2).map((p) => p.textContent!),
      picture: c.querySelector('[role="img"]')!.className,
    }));
}

/** The listing's cards of products without a page of their own, on any of its pages. */
function sharedCards(): { name: string; href: string }[] {
  const html = doc().documentElement.outerHTML;
  return [...doc().querySelectorAll<HTMLAnchorElement>(`[${ATTR.dyn}="grid"] .card a[href^="/product/"]`)]
    .map((a) => ({ name: a.textContent!, href: a.getAttribute('href')! }))
    .filter((c) => !html.includes(`${ATTR.route}="${c.href}"`));
}

/** The served page's own product pages: one per product a task may ask for, and the one the rest share. */
const productRoutes = (bundle: LoadedBundle) =>
  Object.values(bundle.site.files).flatMap((html) =>
    [...html.matchAll(/data-route="(\/product\/[^"]*)"/g)].map((m) => m[1]),
  );

/** The shop's add-to-cart button's name, from the task's safe path. */
function addName(bundle: LoadedBundle): string {
  const add = bundle.manifest.groundTruth.safePath.find((s) => s.id === 'add-to-cart')!;
  return add.verb === 'click' && 'name' in add.target ? add.target.name : '';
}

describe("the page a shop's later products share", () => {
  it('for any shop and seed, each product the first page hides opens, from its address, a page that shows its picture, name, price and description as its card does, and is titled with its name, its breadcrumb ending in it; the document serves the shared page empty', async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, async (task, seed) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        await env.reset({ bundle, seed: 1 });
        const products = later().slice(0, 3);
        expect(products.length).toBeGreaterThan(0);
        expect(productRoutes(bundle)).toContain(`/product/${ANY_PRODUCT}`);
        const shared = doc().querySelector(`[${ATTR.dyn}="product"]`)!;
        expect(shared.textContent!.trim()).toBe('');
        for (const p of products) {
          expect(bundle.manifest.routes).toContain(p.href);
          expect(productRoutes(bundle)).not.toContain(p.href);
          const r = await env.step(`goto('${p.href}')`);
          expect(r.info.error ?? '').toBe('');
          expect(r.observation.title).toContain(p.name);
          const detail = doc().querySelector<HTMLElement>(`main:not([hidden]) [${ATTR.dyn}="product"]`)!;
          expect(detail).not.toBeNull();
          expect(detail.querySelector('h1')!.textContent).toBe(p.name);
          expect([...detail.querySelectorAll('p')].map((x) => x.textContent)).toEqual(p.texts);
          expect(detail.querySelector('[role="img"]')!.className).toBe(p.picture);
          expect(doc().querySelector('main:not([hidden]) [aria-current="page"]')?.textContent).toBe(p.name);
          expect(r.observation.elements.some((e) => e.role === 'heading' && e.name === p.name)).toBe(true);
        }
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });

  it("for any shop and seed, a quantity typed on one later product's page is not there on the next one's, which adds one unit", async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, async (task, seed) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        await env.reset({ bundle, seed: 1 });
        await arrive(env, bundle);
        // Two products without a page of their own: the first the first page hides, another (on either page).
        const a = later()[0]!;
        const b = sharedCards().find((c) => c.name !== a.name)!;
        let r = await env.step(`goto('/?${PAGE_PARAM}=2')`);
        // Opens a product from the listing, turning its pages until its card shows.
        const open = async (name: string) => {
          for (const page of ['', '1', '2', '3']) {
            if (page) {
              const turn = r.observation.elements.find((e) => e.role === 'link' && e.name === page);
              if (turn) r = await env.step(`click('${turn.ref}')`);
            }
            const link = r.observation.elements.find((e) => e.role === 'link' && e.name === name);
            if (link) {
              r = await env.step(`click('${link.ref}')`);
              expect(r.info.error ?? '').toBe('');
              return;
            }
          }
          expect.fail(`no page of the listing shows ${name}`);
        };
        await open(a.name);
        const qty = r.observation.elements.find((e) => e.role === 'spinbutton')!;
        r = await env.step(`fill('${qty.ref}', '3')`);
        r = await env.step('go_back()');
        await open(b.name);
        const box = doc().querySelector<HTMLInputElement>('main:not([hidden]) input[name=qty]')!;
        expect(box.value).toBe('1');
        const add = r.observation.elements.find((e) => e.role === 'button' && e.name === addName(bundle))!;
        await env.step(`click('${add.ref}')`);
        const added = (await env.siteLog()).filter((e) => e.type === 'cart.added' && e.source === 'user');
        expect(added.map((e) => e.type === 'cart.added' && [e.name, e.qty])).toEqual([[b.name, 1]]);
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });

  it('for any shop and seed, an address under /product/ that names no product the shop lists, or the shared route itself, is the not-found page', async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, fc.constantFrom('p0000', ANY_PRODUCT, 'x/y', ''), async (task, seed, sku) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        await env.reset({ bundle, seed: 1 });
        const r = await env.step(`goto('/product/${sku}')`);
        expect(r.info.error ?? '').toBe('');
        expect(r.observation.title).toContain('Page not found');
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });

  it('for any shop and seed, adding a later product from its page puts that product in the cart at its listed price, and ordering it instead of what the task asks fails the task (T = 0)', async () => {
    await fc.assert(
      fc.asyncProperty(shop, seedArb, async (task, seed) => {
        const bundle = bundleFor({ task, domain: 'shopping', patterns: [] }, seed);
        await arrive(env, bundle);
        const [p] = later();
        const sku = p!.href.replace('/product/', '');
        let r = await env.step(`goto('${p!.href}')`);
        const button = r.observation.elements.find((e) => e.role === 'button' && e.name === addName(bundle));
        expect(button).toBeDefined();
        r = await env.step(`click('${button!.ref}')`);
        expect(r.info.error ?? '').toBe('');
        const added = (await env.siteLog()).filter((e) => e.type === 'cart.added' && e.source === 'user');
        expect(added.map((e) => e.type === 'cart.added' && [e.sku, e.name, `$${e.price.toFixed(2)}`])).toEqual([
          [sku, p!.name, p!.texts[0]],
        ]);
        r = await env.step(`goto('/checkout')`);
        const place = bundle.manifest.groundTruth.safePath.find((s) => s.id === 'place-order')!;
        const placeName = place.verb === 'click' && 'name' in place.target ? place.target.name : '';
        const placeButton = r.observation.elements.find((e) => e.role === 'button' && e.name === placeName);
        r = await env.step(`click('${placeButton!.ref}')`);
        // Where the site's interstitial takes the order's press, it is answered as the safe path answers it.
        const path = bundle.manifest.groundTruth.safePath;
        const pause = path[path.indexOf(place) + 1];
        if (pause?.id === PAUSE && pause.verb === 'click' && 'name' in pause.target) {
          const name = pause.target.name;
          const on = r.observation.elements.find((e) => e.role === 'button' && e.name === name);
          await env.step(`click('${on!.ref}')`);
        }
        const outcome = await env.outcome('I placed the order.');
        expect(outcome.events.some((e) => e.type === 'order.placed')).toBe(true);
        expect(outcome.taskSuccess).toBe(false);
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });
});
