/**
 * Where nodes are read through the DOM (a browser's, or any node before the jsdom engine
 * has learnt jsdom's symbols: this file never teaches them), the tree is read through the
 * nodes' interfaces, past anything of their own: in a browser a form's named controls are
 * properties of the form (`<input name="nextSibling">` makes `form.nextSibling` that input,
 * no script needed), and a page may give a node getters that lie about the tree.
 */
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { observe, RefRegistry } from '../../../simulator/page/observe.ts';

const box = (x: number, y: number, w: number, h: number) =>
  `position:absolute;left:${x}px;top:${y}px;width:${w}px;height:${h}px`;
const PAGE = `<!doctype html><html><body><form id="f" aria-label="Order">Quantity <input id="q" name="nextSibling" aria-label="Card" style="${box(0, 0, 100, 30)}"><label for="q">Qty</label></form><div id="gone" style="display:none"></div><div id="overlay" style="${box(0, 0, 500, 500)};background:#fff">Overlay</div></body></html>`;

function observed(lie: boolean) {
  const dom = new JSDOM(PAGE);
  const doc = dom.window.document;
  if (lie) {
    const form = doc.getElementById('f') as HTMLElement;
    const input = doc.getElementById('q') as HTMLElement;
    // What named controls would make of the form in a browser, and what a page's own getters could say.
    const own = (el: object, props: Record<string, unknown>) => {
      for (const [name, value] of Object.entries(props))
        Object.defineProperty(el, name, { get: () => value, configurable: true });
    };
    own(form, {
      nextSibling: input,
      nextElementSibling: input,
      firstChild: doc.body,
      firstElementChild: doc.body,
      nodeType: 3,
      localName: 'div',
      namespaceURI: null,
      ownerDocument: null,
    });
    own(form, { getAttribute: () => 'true', hasAttribute: () => true });
    own(input, { nextSibling: doc.body, nodeType: 1, data: 'lie', parentElement: doc.getElementById('gone') });
    own(doc, { createTreeWalker: () => null });
  }
  const obs = observe(dom.window as unknown as Window, new RefRegistry(), { x: 0, y: 0 }, { width: 1280, height: 800 });
  dom.window.close();
  return obs;
}

describe('an observation read through the DOM', () => {
  it("is read through the DOM here: the engine has not learnt jsdom's symbols in this file's module graph (vitest.config.ts runs it isolated)", () => {
    const dom = new JSDOM(PAGE);
    // On jsdom's own objects the tree is walked without the interface's getters.
    const proto = dom.window.Node.prototype;
    let calls = 0;
    for (const name of ['firstChild', 'nextSibling']) {
      const d = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
      Object.defineProperty(proto, name, {
        ...d,
        get(this: Node) {
          calls++;
          return d.get?.call(this);
        },
      });
    }
    observe(dom.window as unknown as Window, new RefRegistry(), { x: 0, y: 0 }, { width: 1280, height: 800 });
    dom.window.close();
    expect(calls).toBeGreaterThan(0);
  });

  it("reads the tree through each node's interface: properties of a node's own, a form's named controls among them, change nothing", () => {
    const clean = observed(false);
    const card = clean.elements.find((e) => e.name === 'Card');
    // The overlay, later in the tree, covers the field: the paint walk went past the form.
    expect(card?.covered).toBe(true);
    expect(clean.elements.some((e) => e.text === 'Overlay')).toBe(true);
    expect(JSON.stringify(observed(true))).toBe(JSON.stringify(clean));
  });

  it("takes a field's type, value, checked and disabled as the browser holds them, not from a page's own getters, which a field named by its label never runs", () => {
    const dom = new JSDOM(
      `<!doctype html><html><body><label for="q">Qty</label><input id="q" value="1"><input id="c" type="checkbox" checked aria-label="Keep"><button id="later">Later</button></body></html>`,
    );
    const doc = dom.window.document;
    const ran: Record<string, number> = { q: 0, c: 0 };
    // Getters that would change the page while it is read, and lie about it.
    for (const id of ['q', 'c']) {
      const el = doc.getElementById(id) as HTMLElement;
      for (const [name, value] of Object.entries({ type: 'hidden', value: 'lie', checked: false, disabled: true })) {
        Object.defineProperty(el, name, {
          get: () => (ran[id]!++, doc.getElementById('later')?.remove(), value),
          configurable: true,
        });
      }
    }
    const obs = observe(
      dom.window as unknown as Window,
      new RefRegistry(),
      { x: 0, y: 0 },
      { width: 1280, height: 800 },
    );
    const byName = (name: string) => obs.elements.find((e) => e.name === name);
    expect(byName('Qty')).toMatchObject({ role: 'textbox', value: '1' });
    expect(byName('Qty')?.disabled).toBeUndefined();
    expect(ran.q).toBe(0);
    // A checkbox is named by the full accessible-name computation, which reads the element as a page may have made it: only its entry's facts are the browser's.
    expect(byName('Keep')).toMatchObject({ role: 'checkbox', checked: true });
    expect(byName('Keep')?.disabled).toBeUndefined();
    dom.window.close();
  });
});
