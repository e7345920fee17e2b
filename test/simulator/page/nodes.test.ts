/**
 * The observation's node reads on jsdom's own node objects answer as the DOM answers, on
 * any document: attributes of any case and namespace, elements of any namespace, text,
 * comments and templates between them, and nodes the page moved or took out.
 */
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  attribute,
  childText,
  countElements,
  textOf,
  eachElement,
  elementsNamed,
  learnJsdom,
  ownerDocument,
  firstChild,
  firstElementChild,
  hasAttribute,
  localName,
  namespaceOf,
  nextElementSibling,
  nextSibling,
  nodeType,
  textData,
} from '../../../simulator/page/dom/nodes.ts';

const ATTRIBUTES = ['style', 'hidden', 'aria-hidden', 'role', 'href', 'aria-label', 'list', 'data-x'];
const name = fc.constantFrom(...ATTRIBUTES, 'STYLE', 'Hidden', 'xlink:href');
const tag = fc.constantFrom('div', 'a', 'button', 'input', 'label', 'p', 'svg', 'rect', 'template', 'x-card', 'h2');
const attrs = fc.array(fc.tuple(name, fc.constantFrom('', 'true', 'false', 'a b', 'display:none')), { maxLength: 3 });
const html: fc.Arbitrary<string> = fc.letrec<{ node: string; nodes: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('text', ' ', '<!-- c -->', '', '<?pi x?>', 'a\u00a0b'),
    fc
      .tuple(tag, attrs, tie('nodes'))
      .map(([t, as, inner]) => `<${t}${as.map(([k, v]) => ` ${k}="${v}"`).join('')}>${inner}</${t}>`),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }).map((ns) => ns.join('')),
})).nodes;

/** Every node of the document, through the DOM itself, and those inside its templates (another document's). */
function everything(root: Document | DocumentFragment): Node[] {
  const out: Node[] = [];
  const walker = (root.ownerDocument ?? (root as Document)).createTreeWalker(root, 0xffffffff);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    out.push(n);
    if (n.nodeType === 1 && (n as Element).localName === 'template' && 'content' in n)
      out.push(...everything((n as HTMLTemplateElement).content));
  }
  return out;
}

describe("node reads on jsdom's own objects", () => {
  // The engine learns jsdom's symbols when it loads; the property below reads jsdom's objects, not the DOM.
  beforeAll(() => expect(learnJsdom(new JSDOM('<!doctype html>').window.document)).toBe(true));

  it("jsdom's symbols are learnt only from a document that is jsdom's through and through", () => {
    expect(learnJsdom({} as Document)).toBe(false);
    // Look-alikes: symbols described as jsdom's, the object behind not pointing back, or no place in a tree.
    const behind: Record<symbol, unknown> = { [Symbol('wrapper')]: {}, [Symbol('DOM SymbolTree')]: {} };
    expect(learnJsdom({ [Symbol('impl')]: behind } as unknown as Document)).toBe(false);
    const node = {} as Record<symbol, unknown>;
    node[Symbol('impl')] = { [Symbol('wrapper')]: node };
    expect(learnJsdom(node as unknown as Document)).toBe(false);
    expect(learnJsdom(new JSDOM('<!doctype html><p>').window.document)).toBe(true);
  });

  it("a page that plants symbols described as jsdom's, before anything of it is read, changes no later page's observation", async () => {
    const plant = (what: string) => `<!doctype html><p>x</p><script>
      var implS = Object.getOwnPropertySymbols(document).find(function (s) { return s.description === 'impl'; });
      var d = document[implS];
      var real = Object.getOwnPropertySymbols(d).find(function (s) { return s.description === ${JSON.stringify(what)}; });
      var keep = d[real];
      delete d[real];
      d[Symbol(${JSON.stringify(what)})] = ${what === 'wrapper' ? 'document' : '{ firstChild: null, nextSibling: null }'};
      d[real] = keep;
    </script>`;
    const benign = '<!doctype html><h1>Shop</h1><button>Buy</button><a href="/x">Next</a>';
    for (const what of ['wrapper', 'DOM SymbolTree']) {
      const hostile = new JsdomBrowser();
      await hostile.open({ files: { 'index.html': plant(what) } }, { seed: 1 });
      await hostile.observe();
      await hostile.close();
      const later = new JsdomBrowser();
      await later.open({ files: { 'index.html': benign } }, { seed: 1 });
      expect((await later.observe()).elements.map((e) => [e.ref, e.role, e.name])).toEqual([
        [null, 'heading', 'Shop'],
        ['e1', 'button', 'Buy'],
        ['e2', 'link', 'Next'],
      ]);
      await later.close();
    }
  });

  it('every read answers as the DOM does, on any document, before and after the page moves and removes nodes', () => {
    fc.assert(
      fc.property(html, fc.nat(), (body, pick) => {
        const { window } = new JSDOM(`<!doctype html><body>${body}</body>`);
        const doc = window.document;
        const check = () => {
          const nodes = everything(doc);
          const elements = nodes.filter((n): n is Element => n.nodeType === 1);
          const walked: Element[] = [];
          eachElement(doc, (el) => walked.push(el));
          expect(walked).toEqual(elements.filter((el) => el.ownerDocument === doc));
          expect(countElements(doc)).toBe(walked.length);
          for (const tag of new Set(walked.map((el) => el.localName)))
            expect(elementsNamed(doc, tag)).toEqual({
              named: walked.filter((el) => el.localName === tag),
              count: walked.length,
            });
          for (const n of nodes) {
            expect(nodeType(n)).toBe(n.nodeType);
            expect(firstChild(n)).toBe(n.firstChild);
            expect(nextSibling(n)).toBe(n.nextSibling);
            if (n.nodeType === 3) expect(textData(n as Text)).toBe((n as Text).data);
          }
          for (const el of elements) {
            expect(localName(el)).toBe(el.localName);
            expect(namespaceOf(el)).toBe(el.namespaceURI);
            expect(ownerDocument(el)).toBe(el.ownerDocument);
            expect(firstElementChild(el)).toBe(el.firstElementChild);
            expect(nextElementSibling(el)).toBe(el.nextElementSibling);
            if (el.firstElementChild === null) expect(childText(el)).toBe(el.textContent);
            expect(textOf(el)).toBe(el.textContent);
            for (const a of ATTRIBUTES) {
              expect(attribute(el, a)).toBe(el.getAttribute(a));
              expect(hasAttribute(el, a)).toBe(el.hasAttribute(a));
            }
          }
          return elements;
        };
        const elements = check();
        // The page changes its tree: one element moved to the end, another taken out, an attribute set.
        if (elements.length > 2) {
          const moved = elements[pick % elements.length] as Element;
          if (!moved.contains(doc.body) && moved.ownerDocument === doc) doc.body.appendChild(moved);
          const gone = elements[(pick + 1) % elements.length] as Element;
          if (!gone.contains(doc.body) && gone.ownerDocument === doc && gone.isConnected) gone.remove();
          doc.body.insertAdjacentHTML('beforeend', '<i><b></b></i>');
          doc.body.setAttribute('aria-hidden', 'true');
          check();
        }
        window.close();
      }),
      { numRuns: 150 },
    );
  });

  it('a node from no jsdom (an object standing in for a browser node) is read through its interface, past properties of its own', () => {
    class Interface {
      getAttribute(n: string) {
        return n === 'style' ? 'x' : null;
      }
      hasAttribute(n: string) {
        return n === 'style';
      }
      get localName() {
        return 'div';
      }
      get firstElementChild() {
        return null;
      }
    }
    // What a form's named controls or a page's own getters would put on the node itself.
    const el = new Interface() as unknown as Element;
    for (const [name, value] of Object.entries({
      getAttribute: () => 'lie',
      hasAttribute: () => true,
      localName: 'lie',
      firstElementChild: {},
    }))
      Object.defineProperty(el, name, { value });
    expect(attribute(el, 'style')).toBe('x');
    expect(hasAttribute(el, 'hidden')).toBe(false);
    expect(localName(el)).toBe('div');
    expect(namespaceOf(el)).toBe(undefined);
    expect(firstElementChild(el)).toBe(null);
  });
});
