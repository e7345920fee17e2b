/**
 * What Chromium's engine serves is the document that was checked, byte for byte: its
 * prelude and the document's seed reach the page beside the markup (an init script and a
 * cookie it deletes), never spliced into it, so no text of a bundle can change meaning
 * after the check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ChromiumBrowser, MAX_LOGGED_CHARS, overLogged, scriptAnswer } from '../../simulator/page/engine/chromium.ts';
import { LOG_CHANNEL } from '../../scenarios/contract.ts';
import { JsdomBrowser } from '../../simulator/page/engine/jsdom.ts';
import type { Browser, SiteFiles } from '../../simulator/page/engine/browser.ts';
import { servedFileProblem } from '../../simulator/loop/trust.ts';
import { bundleFor } from '../helpers.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const browser = have.ok ? new ChromiumBrowser() : null;
afterAll(async () => browser?.close());

const control = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);

/**
 * A `<head>` inside a quoted attribute, then markup that is inert attribute text: an
 * insertion after the first `<head…>` match ends the attribute with the prelude's first
 * quote, and the image's handler would click the page's first button.
 */
const HOSTILE = `<html data-x='<head><img src="/x.png" onerror="document.querySelector(\`button\`).click()">'`;

describe.skipIf(!have.ok)(`Chromium serves the checked document ${have.why}`, () => {
  it('a <head> inside a quoted attribute stays attribute text: the page is data by the check, and in Chromium it clicks nothing the agent did not', async () => {
    const index = control.site.files['index.html'] as string;
    expect(index).toMatch(/<html\b/);
    const files = { ...control.site.files, 'index.html': index.replace(/<html\b/, HOSTILE) };
    expect(servedFileProblem('index.html', files['index.html'])).toBeNull();
    const events = async (site: SiteFiles) => {
      await browser!.open(site, { seed: 3 });
      await browser!.advance(2000);
      return (await browser!.events()).map((e) => e.type);
    };
    const plain = await events(control.site);
    const crafted = await events({ files });
    expect(crafted).toEqual(plain);
    expect(crafted).not.toContain('click');
  }, 60_000);

  it('markup parse5 drops but Chromium keeps (an <img onerror> inside <select>) never reaches Chromium: it gets the checked tree, and clicks nothing', async () => {
    const index = control.site.files['index.html'] as string;
    const files = {
      ...control.site.files,
      'index.html': index.replace(
        '</body>',
        '<select><img src="/x.png" onerror="document.querySelector(`button`).click()"><option>a</option></select></body>',
      ),
    };
    expect(servedFileProblem('index.html', files['index.html'])).toBeNull();
    await browser!.open({ files }, { seed: 3 });
    await browser!.advance(2000);
    // Nothing but the site's own arrival notice, where it has one, showing itself.
    expect((await browser!.events()).map((e) => e.type).filter((t) => t !== 'overlay.shown')).toEqual([]);
  }, 60_000);

  it("each document gets its seed: Math.random and randomUUID equal jsdom's in a first and a second document, and the page never sees the seed cookie", async () => {
    const page = `<!doctype html><html><head></head><body><p id="r">-</p><script>document.getElementById('r').textContent = 'r ' + Math.random() + ' ' + crypto.randomUUID() + ' [' + document.cookie + ']';</script></body></html>`;
    const site: SiteFiles = { files: { 'index.html': page, 'two.html': page } };
    const read = async (b: Browser) => {
      await b.open(site, { seed: 11 });
      const out = [await written(b)];
      await b.goto('/two.html');
      out.push(await written(b));
      return out;
    };
    const jsdom = new JsdomBrowser();
    const want = await read(jsdom);
    await jsdom.close();
    const got = await read(browser!);
    expect(got).toEqual(want);
    for (const line of got) expect(line).toMatch(/^r 0\.\d+ [0-9a-f-]{36} \[\]$/);
    expect(new Set(got).size).toBe(2);
  }, 60_000);

  it("a page that floods the log binding ends its episode naming the cap, instead of growing the run's memory", async () => {
    const chunk = 'x'.repeat(10_000);
    const calls = Math.ceil(MAX_LOGGED_CHARS / chunk.length) + 5;
    const page = `<!doctype html><html><head><script>var send = window[${JSON.stringify(LOG_CHANNEL)}]; var s = ${JSON.stringify(JSON.stringify(chunk))}; for (var i = 0; i < ${calls}; i++) send(s);</script></head><body><p>flood</p></body></html>`;
    await browser!.open({ files: { 'index.html': page } }, { seed: 1 });
    await expect(browser!.events()).rejects.toThrow(overLogged(MAX_LOGGED_CHARS));
    await browser!.open(control.site, { seed: 1 });
    expect(await browser!.events()).toEqual([]);
  }, 60_000);
});

describe.skipIf(!have.ok)(`What a page may ask its site, in Chromium as in jsdom ${have.why}`, () => {
  it("a script's GET of its own JSON files is answered as in jsdom, and anything else is not found", async () => {
    const page = `<!doctype html><html><body><p>r</p><script>
var out = {};
function ask(name, method, url) {
  try { var x = new XMLHttpRequest(); x.open(method, url, false); x.send(); out[name] = x.status + ' ' + x.responseText; }
  catch (e) { out[name] = 'threw'; }
}
ask('own', 'GET', '/data/a.json');
ask('relative', 'GET', 'data/../data/a.json');
ask('missing', 'GET', '/data/none.json');
ask('page', 'GET', '/index.html');
ask('post', 'POST', '/data/a.json');
document.querySelector('p').textContent = 'r ' + JSON.stringify(out);
</script></body></html>`;
    const site = { files: { 'index.html': page, 'data/a.json': '{"a":1}' } };
    const read = async (b: Browser) => {
      await b.open(site, { seed: 1 });
      return JSON.parse((await written(b)).slice(2)) as Record<string, string>;
    };
    const jsdom = new JsdomBrowser();
    const want = await read(jsdom);
    await jsdom.close();
    expect(want).toEqual({ own: '200 {"a":1}', relative: '200 {"a":1}', missing: '404 ', page: '404 ', post: '404 ' });
    expect(await read(browser!)).toEqual(want);
  }, 60_000);

  it('an image, stylesheet, script or frame that loads a JSON file of the site gets nothing: only a script asks (a picture-sized load of a large one would grow the run)', () => {
    const site = { files: { 'index.html': '<p>x</p>', 'data/a.json': '{"a":1}' } };
    expect(scriptAnswer(site, 'GET', 'xhr', '/data/a.json')).toBe('{"a":1}');
    expect(scriptAnswer(site, 'GET', 'fetch', '/data/a.json')).toBe('{"a":1}');
    for (const kind of ['image', 'stylesheet', 'script', 'font', 'media', 'other'])
      expect(scriptAnswer(site, 'GET', kind, '/data/a.json'), kind).toBeNull();
    expect(scriptAnswer(site, 'POST', 'xhr', '/data/a.json')).toBeNull();
    expect(scriptAnswer(site, 'GET', 'xhr', '/index.html')).toBeNull();
  });
});

/** What the page's script wrote, as the observation reads it. */
async function written(b: Browser): Promise<string> {
  const obs = await b.observe();
  return obs.elements.map((e) => e.text ?? e.name).find((t) => t.startsWith('r ')) ?? '(nothing written)';
}
