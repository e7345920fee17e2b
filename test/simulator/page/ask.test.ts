import { describe, expect, it } from 'vitest';
import { ANSWERS, ATTR, type CheckoutData } from '../../../scenarios/contract.ts';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { bundleFor, play } from '../../helpers.ts';

/*
 * What a page may ask its site (simulator/page/engine/jsdom.ts ASK_SHIM): a JSON file of its own
 * origin, synchronously. Everything else is not found, or refused, and reaches nothing.
 */
const PROBE = `<script>
var out = {};
function ask(name, method, url, async) {
  try {
    var x = new XMLHttpRequest();
    x.open(method, url, async);
    x.send();
    out[name] = x.status + ' ' + x.responseText;
  } catch (e) { out[name] = 'threw'; }
}
ask('own', 'GET', '/data/a.json', false);
ask('relative', 'GET', 'data/../data/a.json', false);
ask('missing', 'GET', '/data/none.json', false);
ask('page', 'GET', '/index.html', false);
ask('post', 'POST', '/data/a.json', false);
ask('other origin', 'GET', 'https://elsewhere.test/data/a.json', false);
ask('file', 'GET', 'file:///etc/hostname', false);
ask('async', 'GET', '/data/a.json', true);
try { var p = XMLHttpRequest.constructor('return typeof process === "undefined" ? "none" : process')(); out.realm = typeof p === 'object' && p && typeof p.exit === 'function' ? 'node' : String(p); } catch (e) { out.realm = 'threw'; }
document.body.setAttribute('data-out', JSON.stringify(out));
</script>`;

describe('a page asks its site for a JSON file of its own origin, and for nothing else', () => {
  it('is answered its own JSON files (200 and the text), is told anything else is not there (404), and cannot ask asynchronously or reach Node', async () => {
    const b = new JsdomBrowser();
    await b.open(
      { files: { 'index.html': `<!doctype html><html><body>${PROBE}</body></html>`, 'data/a.json': '{"a":1}' } },
      { seed: 1 },
    );
    const win = (b as unknown as { win: Window }).win;
    expect(JSON.parse(win.document.body.getAttribute('data-out') as string)).toEqual({
      own: '200 {"a":1}',
      relative: '200 {"a":1}',
      missing: '404 ',
      page: '404 ',
      post: '404 ',
      'other origin': '404 ',
      file: '404 ',
      async: 'threw',
      realm: 'none',
    });
    await b.close();
  });

  it("an agent that goes to a JSON file's address gets the site's page, never the file's text", async () => {
    const site = {
      files: { 'index.html': '<!doctype html><html><body><p>the site</p></body></html>', 'data/a.json': '{"a":1}' },
    };
    const b = new JsdomBrowser();
    await b.open(site, { seed: 1 });
    await b.goto('/data/a.json');
    const win = (b as unknown as { win: Window }).win;
    expect(win.document.body.textContent).toBe('the site');
    expect(win.document.documentElement.outerHTML).not.toContain('"a":1');
    await b.close();
  });

  it("a coupon task's code and its percent off are the checkout's answer, never in the page, and the code applied there gives its discount", async () => {
    for (const seed of [1, 2, 3]) {
      const bundle = bundleFor({ task: 'purchase-coupon', domain: 'shopping', patterns: [] }, seed);
      const code = bundle.manifest.task.goal.coupon as string;
      const checkout = JSON.parse(bundle.site.files[ANSWERS.checkout] ?? '{}') as CheckoutData;
      expect(checkout.coupons[code], bundle.manifest.id).toBeGreaterThan(0);
      expect(bundle.site.files['index.html'], bundle.manifest.id).not.toContain(code);
      const rec = await play(bundle, 'oracle');
      const placed = rec.events.find((e) => e.type === 'order.placed');
      expect(rec.T, bundle.manifest.id).toBe(1);
      expect(placed?.type === 'order.placed' && placed.coupon, bundle.manifest.id).toBe(code);
    }
  });

  it("a cart row's Remove takes out its own line wherever the row is moved (the line is the script's, not the row's place)", async () => {
    const plain = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
    const b = new JsdomBrowser();
    await b.open(plain.site, { seed: 1 });
    const win = (b as unknown as { win: Window }).win;
    const doc = win.document;
    const products = [...doc.querySelectorAll(`main[${ATTR.route}^="/product/"]`)];
    const addOf = (page: Element) => {
      const controls = JSON.parse(plain.site.files[ANSWERS.controls] as string) as Record<string, { do: string }>;
      return [...page.querySelectorAll(`[${ATTR.control}]`)].find(
        (el) => controls[el.getAttribute(ATTR.control) as string]?.do === 'cart.add',
      ) as HTMLElement;
    };
    addOf(products[0]!).click();
    addOf(products[1]!).click();
    const cart = () => JSON.parse(win.localStorage.getItem('site:state') as string).cart as { sku: string }[];
    const [first, second] = cart().map((l) => l.sku);
    const rows = [...doc.querySelectorAll(`main[${ATTR.route}="/cart"] [${ATTR.dyn}="cart-lines"] [${ATTR.row}]`)];
    expect(rows).toHaveLength(2);
    // A page-side script moves the second row in front of the first.
    rows[0]!.parentElement!.insertBefore(rows[1]!, rows[0]!);
    (rows[1]!.querySelector(`[${ATTR.slot}="remove"]`) as HTMLElement).click();
    expect(cart().map((l) => l.sku)).toEqual([first]);
    expect(second).not.toBe(first);
    await b.close();
  });
});
