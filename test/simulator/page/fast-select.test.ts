import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { suites } from '../../../scenarios/index.ts';
import { ATTR } from '../../../scenarios/contract.ts';
import { generateSuite } from '../../../generator/bundle.ts';
import { fastSelectors, jsdomsOwn } from '../../../simulator/page/engine/fast-select.ts';
import { PROPERTY_RUNS } from '../../helpers.ts';

fastSelectors();
const require = createRequire(import.meta.url);
const { implForWrapper } = require('jsdom/lib/generated/idl/utils.js') as { implForWrapper(w: unknown): Impl };
interface DomSelector {
  querySelector(s: string, node: Impl): unknown;
  querySelectorAll(s: string, node: Impl): unknown[];
  closest(s: string, node: Impl): unknown;
  matches(s: string, node: Impl): boolean;
}
interface Impl {
  _getDOMSelector(): DomSelector;
}

/** What a page could build that decoy's pages do not: case in names, namespaces, SVG, templates, odd values. */
const HOSTILE = `<!doctype html><html><body>
<div data-x="a" DATA-Y="b"><a href="/x" data-x="A">x</a>
<svg viewBox="0 0 1 1" data-x="a"><foreignObject data-x="a"><p data-x="a">in svg</p></foreignObject><a href="/svg" data-x="a">svg link</a><main data-route="/">svg main</main></svg></div>
<form data-account="1"><input type="Radio" name="qty" data-x="a,b"><input type="radio" name="q,ty" checked><select name="qty"><option>1</option></select></form>
<template><p data-x="a">in a template</p></template>
<main data-route="/" hidden><section data-x=""><a href="/y" data-slot="here">y</a></section></main>
<main data-route="/z"><p data-x="&quot;q&quot;">quoted</p></main>
<section><p data-e="😀">emoji</p><p data-e="\uFFFD\uFFFD">replaced</p><p data-n=":scope">scope</p><p data-n="a&amp;b">amp</p>
<p data-c="a > b">child</p><p data-c="a + b">next</p><p data-i="">empty</p><p data-i="i">i</p><b data-k="v">b</b></section>
</body></html>`;

function hostile(): JSDOM {
  const dom = new JSDOM(HOSTILE, { url: 'https://site.test/' });
  const doc = dom.window.document;
  const p = doc.querySelectorAll('p')[0] as HTMLElement;
  doc.body.firstElementChild?.setAttributeNS(null, 'Data-Z', 'c');
  p.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', '/ns');
  p.setAttributeNS('urn:other', 'data-x', 'ns');
  const upper = doc.createElementNS('http://www.w3.org/1999/xhtml', 'DIV');
  upper.setAttribute('data-x', 'a');
  doc.body.appendChild(upper);
  // Attributes only a namespace, a capital or a prefix tells apart from a plain one.
  const odd = doc.createElement('p');
  odd.setAttributeNS('urn:other', 'data-w', 'ns');
  odd.setAttributeNS(null, 'Data-Q', 'q');
  odd.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', '/ns');
  odd.setAttribute('data-v', 'Big');
  doc.body.appendChild(odd);
  const custom = doc.createElement('x-card');
  custom.setAttribute('data-slot', 'here');
  doc.body.appendChild(custom);
  // What jsdom's parsers rewrite or read otherwise: NUL, a Kelvin sign (lowercased, a k), a prefix in an element's name.
  const odder = doc.createElement('b');
  odder.setAttribute('data-z0', '\0');
  odder.setAttribute('\u212a', 'v');
  odder.setAttribute('data-\u212a', 'v');
  doc.body.appendChild(odder);
  const replaced = doc.createElement('b');
  replaced.setAttribute('data-z0', '\uFFFD');
  doc.body.appendChild(replaced);
  const prefixed = doc.createElement('x:div');
  prefixed.setAttribute('data-x', 'a');
  doc.body.appendChild(prefixed);
  return dom;
}

/** Served pages of three suites, their runtime run, and the hostile one. */
function documents(): JSDOM[] {
  const pages = ['trickyarena-single', 'webdecept', 'ruc'].map(
    (id) => generateSuite(suites.get(id), 0)[3]?.files['index.html'] as string,
  );
  return [...pages.map((html) => new JSDOM(html, { url: 'https://site.test/', runScripts: 'dangerously' })), hostile()];
}

/** Every attribute name and value the document holds, and every tag. */
function vocabulary(dom: JSDOM): { tags: string[]; names: string[]; values: string[] } {
  const els = [...dom.window.document.querySelectorAll('*')];
  const names = new Set<string>(['href', 'type', 'name', 'viewbox', 'data-missing', 'hidden', 'data-q', 'data-w']);
  const values = new Set<string>(['a', 'A', 'radio', '/x', '', 'x y', 'big', 'BIG', 'ns']);
  const tags = new Set<string>(['foreignobject', 'foreignObject', 'DIV', 'svg', 'x-card', 'template', 'div', 'b']);
  for (const el of els) {
    tags.add(el.localName);
    for (const a of el.attributes) {
      names.add(a.name);
      names.add(a.localName);
      if (a.value.length < 40) values.add(a.value);
    }
  }
  return { tags: [...tags], names: [...names], values: [...values] };
}

/** Attribute tests jsdom's parsers read in ways of their own (see fast-select.ts), and forms the fast path leaves to jsdom. */
const SPECIAL_TESTS = [
  ':checked',
  '[data-x="a,b"]',
  '[data-e="😀"]',
  '[data-e="\uFFFD\uFFFD"]',
  '[data-z0="\0"]',
  '[data-z0="\uFFFD"]',
  '[data-n="&"]',
  '[data-n="a&b"]',
  '[data-n=":scope"]',
  '[data-c="a > b"]',
  '[data-c="a + b"]',
  '[data-i=i]',
  '[data-i=I]',
  '[data-i="i"]',
  '[k]',
  '[data-k]',
  ':not([k])',
  ':not([data-k])',
  '[data-x = "a"]',
  '[data-x="a" s]',
  '[data-x="\\61"]',
];
/** Whole selectors with whitespace other than the space, which JavaScript trims and CSS does not. */
const SPECIAL_SELECTORS = [
  '\u00a0div',
  'div\u00a0',
  'p,\u00a0div',
  '[data-x]\v',
  '[data-x]\ufeff',
  'div\u3000',
  '\tdiv',
  'div\n',
  'b[k]',
  'div, p',
  'p, div',
  'div',
  'b',
  'div[data-x]',
];

const swapCase = (v: string) => [...v].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** An attribute test in each form the fast path takes (and one it leaves to jsdom), on a name and value. */
function testArb(name: string, value: string): fc.Arbitrary<string> {
  const quoted = value.replace(/["\\\n]/g, '');
  return fc.constantFrom(
    `[${name}]`,
    `[${name}="${quoted}"]`,
    ...(/^[A-Za-z_][A-Za-z0-9_-]*$/.test(value) ? [`[${name}=${value}]`] : []),
    `:not([${name}])`,
    `[${name}='${quoted.replace(/'/g, '')}' i]`,
  );
}

/**
 * Selector lists over the document's own words, in the forms the fast path takes and in forms it
 * leaves to jsdom; half of the compounds are an element's own tag and attributes, their names and
 * values as they are, in another case, or another value, so that near misses are common.
 */
function selectorArb(dom: JSDOM): fc.Arbitrary<string> {
  const v = vocabulary(dom);
  const elements = [...dom.window.document.querySelectorAll('*')];
  const words = fc
    .tuple(
      fc.option(fc.constantFrom(...v.tags), { nil: undefined }),
      fc.array(
        fc.oneof(
          fc.tuple(fc.constantFrom(...v.names), fc.constantFrom(...v.values)).chain(([n, x]) => testArb(n, x)),
          fc.constantFrom(...SPECIAL_TESTS),
        ),
        { maxLength: 3 },
      ),
    )
    .map(([tag, tests]) => `${tag ?? ''}${tests.join('')}` || '*');
  const own = fc.constantFrom(...elements).chain((el) => {
    const attrs = [...el.attributes];
    const test = attrs.length
      ? fc
          .tuple(
            fc.constantFrom(...attrs),
            fc.constantFrom('name', 'local', 'lower'),
            fc.constantFrom('same', 'swapped', 'upper', 'other'),
          )
          .chain(([a, n, x]) =>
            testArb(
              n === 'name' ? a.name : n === 'local' ? a.localName : a.name.toLowerCase(),
              x === 'same'
                ? a.value
                : x === 'swapped'
                  ? swapCase(a.value)
                  : x === 'upper'
                    ? a.value.toUpperCase()
                    : 'zz',
            ),
          )
      : fc.constant('');
    return fc
      .tuple(fc.constantFrom(el.localName, el.localName.toLowerCase(), ''), fc.array(test, { maxLength: 3 }))
      .map(([tag, tests]) => `${tag}${tests.join('')}` || '*');
  });
  const compound = fc.oneof(words, own, fc.constantFrom(...SPECIAL_SELECTORS));
  const complex = fc.oneof(
    { weight: 4, arbitrary: compound },
    { weight: 1, arbitrary: fc.tuple(compound, compound).map(([a, b]) => `${a} ${b}`) },
  );
  return fc
    .array(complex, { minLength: 1, maxLength: 3 })
    .chain((list) => fc.constantFrom(', ', ',').map((sep) => list.join(sep)));
}

/** Elements put on an otherwise plain page, one kind at a time, so that nothing else makes the query go to jsdom. */
const CASES: Record<string, (doc: Document) => void> = {
  'a value differing in case': (doc) => {
    append(doc, 'b', { 'data-x': 'A' });
    append(doc, 'b', { 'data-k': 'V' });
  },
  'a surrogate pair or its replacement in a value': (doc) => {
    append(doc, 'b', { 'data-e': '😀' });
    append(doc, 'b', { 'data-e': '\uFFFD\uFFFD' });
  },
  'NUL or its replacement in a value': (doc) => {
    append(doc, 'b', { 'data-z0': '\0' });
    append(doc, 'b', { 'data-z0': '\uFFFD' });
  },
  '`&` and `:scope` in a value': (doc) => {
    append(doc, 'b', { 'data-n': ':scope' });
    append(doc, 'b', { 'data-n': 'a&b' });
    append(doc, 'b', { 'data-n': '&' });
  },
  'a combinator in a value': (doc) => {
    append(doc, 'b', { 'data-c': 'a > b' });
    append(doc, 'b', { 'data-c': 'a + b' });
  },
  'a value a flag could be': (doc) => {
    append(doc, 'b', { 'data-i': '' });
    append(doc, 'b', { 'data-i': 'i' });
  },
  'a Kelvin sign in an attribute’s name': (doc) => {
    append(doc, 'b', { '\u212a': 'v' });
    append(doc, 'b', { 'data-\u212a': 'v' });
  },
  'a prefix in an element’s name': (doc) => {
    doc.body.appendChild(doc.createElement('x:div')).setAttribute('data-x', 'a');
    doc.body.appendChild(doc.createElement('x:b'));
  },
};

function append(doc: Document, tag: string, attrs: Record<string, string>): void {
  const el = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  doc.body.appendChild(el);
}

/** An answer, each node in it named by its place among `known` (identity, not likeness), or the name of the error it threw. */
function outcome(known: Map<unknown, number>, f: () => unknown): unknown {
  const id = (n: unknown) => (n === null ? null : (known.get(n) ?? 'unknown node'));
  try {
    const r = f();
    return Array.isArray(r) ? { nodes: r.map(id) } : typeof r === 'boolean' ? { value: r } : { node: id(r) };
  } catch (e) {
    return { error: e instanceof Error ? e.name : String(e) };
  }
}

type Root = Document | Element | DocumentFragment;

/** What the patched methods and jsdom's own answer to a selector, from a root and on an element. */
function answers(known: Map<unknown, number>, sel: string, root: Root | null, el: Element | null) {
  const mine: unknown[] = [];
  const theirs: unknown[] = [];
  if (root) {
    mine.push(
      outcome(known, () => [...root.querySelectorAll(sel)]),
      outcome(known, () => root.querySelector(sel)),
    );
    theirs.push(
      outcome(known, () => jsdomsOwn(root, 'querySelectorAll', sel)),
      outcome(known, () => jsdomsOwn(root, 'querySelector', sel)),
    );
  }
  if (el) {
    mine.push(
      outcome(known, () => el.closest(sel)),
      outcome(known, () => el.matches(sel)),
    );
    theirs.push(
      outcome(known, () => jsdomsOwn(el, 'closest', sel)),
      outcome(known, () => jsdomsOwn(el, 'matches', sel)),
    );
  }
  return { mine, theirs };
}

describe('fast selectors', () => {
  const doms = documents();

  it('property: querySelector, querySelectorAll, closest and matches answer every selector as jsdom’s own selector engine does, on served pages and a hostile one, from any root (seeded)', () => {
    for (const dom of doms) {
      const doc = dom.window.document;
      const elements = [...doc.querySelectorAll('*')];
      const fragment = doc.createDocumentFragment();
      fragment.append(...[...doc.body.children].slice(0, 3).map((c) => c.cloneNode(true)));
      const detached = doc.body.cloneNode(true) as HTMLElement;
      const template = doc.querySelector('template')?.content;
      const other = doc.implementation.createHTMLDocument('other');
      other.body.innerHTML = doc.body.innerHTML;
      const loose = [
        ...fragment.querySelectorAll('*'),
        ...detached.querySelectorAll('*'),
        detached,
        ...(template ? template.querySelectorAll('*') : []),
        ...other.querySelectorAll('*'),
      ];
      const roots: Root[] = [doc, doc.body, fragment, detached, other, ...(template ? [template] : []), ...elements];
      const all = [...elements, ...loose];
      const known = new Map<unknown, number>(all.map((n, i) => [n, i]));
      fc.assert(
        fc.property(selectorArb(dom), fc.nat(roots.length - 1), fc.nat(all.length - 1), (selectors, r, e) => {
          const { mine, theirs } = answers(known, selectors, roots[r] as Root, all[e] as Element);
          expect(mine, JSON.stringify(selectors)).toEqual(theirs);
        }),
        { numRuns: PROPERTY_RUNS * 40 },
      );
    }
  });

  it.each(Object.entries(CASES))(
    'answers the selectors jsdom’s parsers read in ways of their own as jsdom does, on a page where only this differs: %s (from every root, on every element)',
    (_, build) => {
      const dom = new JSDOM(`<!doctype html><body><div data-x="a"><p data-x="b">plain</p></div><b>plain</b></body>`, {
        url: 'https://site.test/',
      });
      const doc = dom.window.document;
      build(doc);
      const detached = doc.body.cloneNode(true) as HTMLElement;
      const roots: (Document | Element)[] = [doc, doc.body, detached];
      const all = [...doc.querySelectorAll('*'), ...detached.querySelectorAll('*'), detached];
      const known = new Map<unknown, number>(all.map((n, i) => [n, i]));
      const selectors = [...SPECIAL_TESTS, ...SPECIAL_TESTS.map((t) => `b${t}`), ...SPECIAL_SELECTORS];
      for (const sel of selectors) {
        for (const root of roots) {
          const { mine, theirs } = answers(known, sel, root, null);
          expect(mine, JSON.stringify(sel)).toEqual(theirs);
        }
        for (const el of all) {
          const { mine, theirs } = answers(known, sel, null, el);
          expect(mine, JSON.stringify(sel)).toEqual(theirs);
        }
      }
    },
  );

  it('makes a document’s selector engine when jsdom would, so `:hover` and `:active` hear the events after a first query', () => {
    const dom = new JSDOM('<!doctype html><body><main><p data-slot="here">here</p></main></body>', {
      url: 'https://site.test/',
    });
    const doc = dom.window.document;
    // The page's first query, answered by the fast path.
    const el = doc.querySelector('[data-slot]') as HTMLElement;
    el.dispatchEvent(new dom.window.MouseEvent('mouseover', { bubbles: true }));
    el.dispatchEvent(new dom.window.MouseEvent('mousedown', { bubbles: true, buttons: 1 }));
    expect(el.matches(':hover')).toBe(true);
    expect(el.matches(':active')).toBe(true);
  });

  it('answers the site runtime’s own single selectors without jsdom’s engine, and the same; leaves it a selector list', () => {
    const dom = doms[0] as JSDOM;
    const doc = dom.window.document;
    const engine = implForWrapper(doc)._getDOMSelector();
    let asked = 0;
    const spy = engine.querySelectorAll.bind(engine);
    engine.querySelectorAll = (s: string, node: Impl) => {
      asked++;
      return spy(s, node);
    };
    const routes = doc.querySelectorAll(`main[${ATTR.route}]`);
    const overlays = doc.querySelectorAll(`[${ATTR.overlay}]:not([${ATTR.routes}])`);
    expect(asked).toBe(0);
    const fields = doc.querySelectorAll('input[name], select[name]');
    expect(asked).toBe(1);
    engine.querySelectorAll = spy;
    expect(routes.length).toBeGreaterThan(1);
    expect(overlays.length).toBeGreaterThan(0);
    expect(fields.length).toBeGreaterThan(0);
    const same = (mine: NodeListOf<Element>, theirs: unknown[]) => {
      expect(mine.length).toBe(theirs.length);
      mine.forEach((n, i) => expect(n).toBe(theirs[i]));
    };
    same(routes, engine.querySelectorAll(`main[${ATTR.route}]`, implForWrapper(doc)));
    same(overlays, engine.querySelectorAll(`[${ATTR.overlay}]:not([${ATTR.routes}])`, implForWrapper(doc)));
  });
});
