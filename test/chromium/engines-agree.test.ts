import { afterAll, describe, expect, it } from 'vitest';
import { ChromiumBrowser } from '../../simulator/page/engine/chromium.ts';
import { NO_EARLIER_PAGE } from '../../simulator/page/engine/browser.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { contains } from '../../simulator/page/dom/geometry.ts';
import { bundleFor } from '../helpers.ts';
import { PAGE_PARAM } from '../../scenarios/contract.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const browser = have.ok ? new ChromiumBrowser() : null;
afterAll(async () => browser?.close());

describe.skipIf(!have.ok)(`the engines agree where a page gives them room not to ${have.why}`, () => {
  it("conformance probes a bare-div control (no tag, no role, only the runtime's action attribute) against elementFromPoint", async () => {
    const bundle = bundleFor(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'premium-membership', variant: 'no-aria' }] },
      4,
    );
    const env = new DecoyEnv({ browser: browser! });
    await env.reset({ bundle, seed: 1 });
    await env.step("goto('/checkout')");
    const { observation } = await env.step('noop(3000)');
    const way = bundle.manifest.groundTruth.elements.find((e) => e.kind === 'correct')!.target;
    expect(way.role).toBe('text');
    const spot = observation.elements.find((e) => e.text === way.name);
    expect(spot?.box).toBeTruthy();
    const points = await browser!.probePoints();
    expect(points.filter((p) => contains(spot!.box!, p.x, p.y)).length).toBeGreaterThan(0);
    const hits = await browser!.compareHits();
    expect(hits.disagree).toEqual([]);
  }, 60_000);

  it('go_back on the first page of an episode is the same action error in both engines, and the event log stays readable', async () => {
    const bundle = bundleFor(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'cookie-trap', variant: 'modal' }] },
      7,
    );
    const run = async (env: DecoyEnv) => {
      await env.reset({ bundle, seed: 1 });
      const r = await env.step('go_back()');
      const outcome = await env.outcome(null);
      return {
        error: r.info.error,
        url: r.observation.url,
        events: outcome.events,
        elapsed: r.observation.elapsed_time,
      };
    };
    const jsdom = await run(new DecoyEnv());
    const chromium = await run(new DecoyEnv({ browser: browser! }));
    expect(chromium.error).toBe(NO_EARLIER_PAGE);
    expect(chromium).toEqual(jsdom);
  }, 60_000);

  it('going back from a page scrolled down opens the earlier page at the same scroll in both engines: its top', async () => {
    const bundle = bundleFor(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'cookie-trap', variant: 'modal' }] },
      7,
    );
    const run = async (env: DecoyEnv) => {
      const { observation } = await env.reset({ bundle, seed: 1 });
      // A link off the entry page that keeps the episode on the site: the first link of the footer's lists.
      const link = observation.elements.filter((e) => e.role === 'link' && e.ref).at(-1);
      await env.step(`click('${link!.ref}')`);
      const down = await env.step('scroll(0, 800)');
      const back = await env.step('go_back()');
      return { down: down.observation.scroll.y > 0, url: back.observation.url, scroll: back.observation.scroll };
    };
    const jsdom = await run(new DecoyEnv());
    const chromium = await run(new DecoyEnv({ browser: browser! }));
    expect(jsdom).toMatchObject({ down: true, scroll: { x: 0, y: 0 } });
    expect(chromium).toEqual(jsdom);
  }, 60_000);

  it("a listing sorted by price and filtered to a range puts the same cards at the same boxes in both engines, and our hit test agrees with Chromium's on the moved cards", async () => {
    const bundle = bundleFor({ task: 'purchase-cheapest', domain: 'shopping', patterns: [] }, 5);
    const run = async (env: DecoyEnv) => {
      const { observation } = await env.reset({ bundle, seed: 1 });
      const sort = observation.elements.find((e) => e.role === 'combobox' && /sort|order/i.test(e.name));
      await env.step(`select_option('${sort!.ref}', 'price-desc')`);
      // Then a price range: the cards left close up, and the page under them.
      const filter = observation.elements.find((e) => e.role === 'combobox' && /price/i.test(e.name));
      const middle = /<option value="(\d+-\d+)"/.exec(bundle.site.files['index.html'] ?? '')?.[1];
      expect(middle).toBeDefined();
      const r = await env.step(`select_option('${filter!.ref}', '${middle}')`);
      expect(r.info.error ?? '').toBe('');
      return r.observation.elements.filter((e) => e.role === 'link').map((e) => `${e.name} ${JSON.stringify(e.box)}`);
    };
    const jsdom = await run(new DecoyEnv());
    const chromium = await run(new DecoyEnv({ browser: browser! }));
    expect(chromium).toEqual(jsdom);
    const hits = await browser!.compareHits();
    expect(hits.disagree).toEqual([]);
    expect((await browser!.measureBoxes()).worst).toBeLessThanOrEqual(1);
  }, 60_000);

  it("a listing turned to its next page, and a later product's shared page filled and added to the cart, give the same elements at the same boxes and the same events in both engines; our hit test agrees with Chromium's", async () => {
    const bundle = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 11);
    const run = async (env: DecoyEnv) => {
      await env.reset({ bundle, seed: 1 });
      const seen: string[][] = [];
      const look = (elements: { role: string; name: string; box?: unknown }[]) =>
        elements
          .filter((e) => e.role === 'link' || e.role === 'heading' || e.role === 'button')
          .map((e) => `${e.role} ${e.name} ${JSON.stringify(e.box)}`);
      let r = await env.step(`goto('/?${PAGE_PARAM}=2')`);
      seen.push(look(r.observation.elements));
      const later = /<div class="card" hidden[^]*?<a href="(\/product\/p\d+)"/.exec(
        bundle.site.files['index.html'] ?? '',
      )?.[1];
      expect(later).toBeDefined();
      r = await env.step(`goto('${later}')`);
      seen.push(look(r.observation.elements), [r.observation.title]);
      const add = r.observation.elements.find((e) => e.role === 'button' && /add to/i.test(e.name));
      r = await env.step(`click('${add!.ref}')`);
      return { seen, error: r.info.error, events: (await env.outcome(null)).events };
    };
    const jsdom = await run(new DecoyEnv());
    const chromium = await run(new DecoyEnv({ browser: browser! }));
    expect(jsdom.events.some((e) => e.type === 'cart.added')).toBe(true);
    expect(chromium).toEqual(jsdom);
    const hits = await browser!.compareHits();
    expect(hits.disagree).toEqual([]);
    expect((await browser!.measureBoxes()).worst).toBeLessThanOrEqual(1);
  }, 60_000);
});
