/**
 * jsdom's XPath is sloppy-mode code of the engine's realm: a page that called it without a
 * receiver ran it with the engine's global as `this`, writing to that global. A page's
 * window, and a frame's, has none of it.
 */
import { describe, expect, it } from 'vitest';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';

const PROBE = `<!doctype html><html><head></head><body><p id="out">-</p><script>
var f = document.createElement('iframe'); document.body.appendChild(f);
var seen = [typeof XPathExpression, typeof XPathResult, typeof XPathEvaluator, typeof document.evaluate, typeof document.createExpression, typeof f.contentWindow.XPathResult, typeof f.contentWindow.document.evaluate];
try { Object.getPrototypeOf(document).constructor.prototype.evaluate.call(undefined, 'count(//*)', document); seen.push('ran'); } catch (e) { seen.push('refused'); }
document.getElementById('out').textContent = 'seen ' + seen.join(',');
</script></body></html>`;

describe('the page has no XPath', () => {
  it("neither a page nor its frame reaches jsdom's XPath, and the engine's global gets nothing written", async () => {
    const b = new JsdomBrowser();
    await b.open({ files: { 'index.html': PROBE } }, { seed: 1 });
    const text = (await b.observe()).elements.map((e) => e.text ?? e.name).find((t) => t.startsWith('seen '));
    await b.close();
    expect(text).toBe(`seen ${Array(7).fill('undefined').join(',')},refused`);
    expect((globalThis as Record<string, unknown>)._ast).toBeUndefined();
  });
});
