/**
 * Where nodes are read through the DOM (a browser's, or any node before the jsdom engine
 * has learnt jsdom's symbols: this file never teaches them), the tree is read through the
 * nodes' interfaces, past anything of their own: in a browser a form's named controls are
 * properties of the form (`<input name="nextSibling">` makes `form.nextSibling` that input,
 * no script needed), and a page may give a node getters that lie about the tree.
 */
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { observe, RefRegistry } from '../../simulator/observe.ts';

const box = (x: number, y: number, w: number, h: number) => `position:absolute;left:${x}px;top:${y}px;width:${w}px;height:${h}px`;
const PAGE = `<!doctype html><html><body><form id="f" aria-label="Order">Quantity <input id="q" name="nextSibling" aria-label="Card" style="${box(0, 0, 100, 30)}"><label for="q">Qty</label></form><div id="gone" style="display:none"></div><div id="overlay" style="${box(0, 0, 500, 500)};background:#fff">Overlay</div></body></html>`;

function observed(lie: boolean) {
  const dom = new JSDOM(PAGE);
  const doc = dom.window.document;
  if (lie) {
    const form = doc.getElementById('f') as HTMLElement;
    const input = doc.getElementById('q') as HTMLElement;
    // What named controls would make of the form in a browser, and what a page's own getters could say.
    const own = (el: object, props: Record<string, unknown>) => {
      for (const [name, value] of Object.entries(props)) Object.defineProperty(el, name, { get: () => value, configurable: true });
    };
    own(form, { nextSibling: input, nextElementSibling: input, firstChild: doc.body, firstElementChild: doc.body, nodeType: 3, localName: 'div', namespaceURI: null, ownerDocument: null });
    own(form, { getAttribute: () => 'true', hasAttribute: () => true });
    own(input, { nextSibling: doc.body, nodeType: 1, data: 'lie', parentElement: doc.getElementById('gone') });
    own(doc, { createTreeWalker: () => null });
  }
  const obs = observe(dom.window as unknown as Window, new RefRegistry(), { x: 0, y: 0 }, { width: 1280, height: 800 });
  dom.window.close();
  return obs;
}

describe('an observation read through the DOM', () => {
  it("reads the tree through each node's interface: properties of a node's own, a form's named controls among them, change nothing", () => {
    const clean = observed(false);
    const card = clean.elements.find((e) => e.name === 'Card');
    // The overlay, later in the tree, covers the field: the paint walk went past the form.
    expect(card?.covered).toBe(true);
    expect(clean.elements.some((e) => e.text === 'Overlay')).toBe(true);
    expect(JSON.stringify(observed(true))).toBe(JSON.stringify(clean));
  });
});
