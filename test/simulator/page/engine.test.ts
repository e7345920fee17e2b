import { mainItem } from '../../../scenarios/goals.ts';
import { describe, expect, it } from 'vitest';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { bundleFor } from '../../helpers.ts';

const page = (body: string, script = '') =>
  `<!doctype html><html><head><title>t</title></head><body style="position:relative">${body}<script>${script}</script></body></html>`;
const btn = (id: string, y: number, extra = '') =>
  `<button id="${id}" ${extra} style="position:absolute;left:0px;top:${y}px;width:100px;height:30px">${id}</button>`;
const link = (href: string, y: number) =>
  `<a href="${href}" style="position:absolute;left:0px;top:${y}px;width:100px;height:30px">go ${href}</a>`;

describe('jsdom engine', () => {
  it('owns the clock: a banner set for 5 s appears exactly when the virtual clock passes 5 s', async () => {
    const b = new JsdomBrowser();
    await b.open(
      { files: { 'index.html': page('', "setTimeout(function(){ document.title = 'late'; }, 5000);") } },
      { seed: 1 },
    );
    await b.advance(4999);
    expect((await b.observe()).title).toBe('t');
    await b.advance(1);
    expect((await b.observe()).title).toBe('late');
    expect(b.elapsed()).toBe(5000);
    await b.close();
  });

  it('pins time and randomness in the page: Date, performance.now, Event.timeStamp and Math.random repeat per seed', async () => {
    const script =
      "var record = window.__decoyLog; window.addEventListener('click', function(e){ record(JSON.stringify({type:'x', t: Date.now(), route:'/', ts: e.timeStamp, pn: performance.now(), r: Math.random()})); });";
    const run = async (seed: number) => {
      const b = new JsdomBrowser();
      await b.open({ files: { 'index.html': page(btn('b', 0), script) } }, { seed });
      await b.advance(1234);
      await b.clickAt(10, 10);
      // A log this page records itself through the engine's channel (as the site runtime does): read it as plain records.
      const events = (await b.events()) as unknown as Record<string, unknown>[];
      await b.close();
      return events;
    };
    const a = await run(5);
    expect(a).toEqual(await run(5));
    expect(a[0]?.t).toBe(1234);
    expect(a[0]?.ts).toBe(1234);
    expect(a[0]?.pn).toBe(1234);
    expect((await run(6))[0]?.r).not.toBe(a[0]?.r);
  });

  it('performs cross-document navigation itself and carries localStorage across documents; go_back returns', async () => {
    const files = {
      'index.html': page(
        link('/second.html', 0),
        "localStorage.setItem('visits', String(Number(localStorage.getItem('visits')||0)+1));",
      ),
      'second.html': page(
        btn('b', 0),
        "localStorage.setItem('visits', String(Number(localStorage.getItem('visits')||0)+1)); document.title = 'two:' + localStorage.getItem('visits');",
      ),
    };
    const b = new JsdomBrowser();
    await b.open({ files }, { seed: 1 });
    await b.clickAt(10, 10);
    const obs = await b.observe();
    expect(obs.url).toBe('https://site.test/second.html');
    expect(obs.title).toBe('two:2');
    await b.back();
    expect((await b.observe()).url).toBe('https://site.test/');
    await expect(b.goto('https://elsewhere.test/')).rejects.toThrow(/outside the site/);
    await b.close();
  });

  it('keeps the site runtime state across History-API routes and replays the same event log per seed', async () => {
    const bundle = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 11);
    const b = new JsdomBrowser();
    const log = async () => {
      await b.open(bundle.site, { seed: 3 });
      const obs = await b.observe();
      const link = obs.elements.find(
        (e) => e.role === 'link' && e.name === mainItem(bundle.manifest.task.goal, 'test').name,
      );
      if (!link?.box) throw new Error('no product link');
      await b.clickAt(link.box.x + 5, link.box.y + 5);
      await b.advance(1000);
      const add = (await b.observe()).elements.find((e) => e.role === 'button' && /add to/i.test(e.name));
      if (!add?.box) throw new Error('no add button');
      await b.clickAt(add.box.x + 5, add.box.y + 5);
      return b.events();
    };
    const first = await log();
    // The page's own log: the add button's press (by its opaque id), then what it did.
    expect(first.map((e) => e.type)).toEqual(['nav', 'press', 'cart.added', 'nav']);
    expect(await log()).toEqual(first);
    await b.close();
  });
});
