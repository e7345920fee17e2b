/**
 * jsdom answers every selector query with a general selector engine that walks the tree
 * through its own machinery; the site runtime's queries (an attribute, a tag with an
 * attribute, a list of them) were about a tenth of an episode. Here a query made only of such
 * compounds is answered by one walk over the tree with jsdom's own nodes; any other selector
 * goes to jsdom as before. Both give the same elements in the same order (a property holds it:
 * test/simulator/page/fast-select.test.ts), so what a page sees is unchanged but the time.
 */
import { createRequire } from 'node:module';

/** An element as jsdom keeps it (its implementation object). */
interface Impl {
  nodeType: number;
  _namespaceURI: string | null;
  _localName: string;
  _attributeList: { _namespace: string | null; _localName: string; _value: string }[];
  _ownerDocument: DocImpl;
  documentElement?: unknown;
}
interface DocImpl extends Impl {
  _parsingMode: string;
  _getDOMSelector(): unknown;
}
interface NodeListImpl {
  createImpl(global: unknown, args: unknown[], priv: { nodes: unknown[] }): unknown;
}
interface Tree {
  treeIterator(root: Impl): Iterable<Impl>;
  parent(node: Impl): Impl | null;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

const require = createRequire(import.meta.url);
/** jsdom's map between a page's nodes (wrappers) and its own objects for them. */
const idl = require('jsdom/lib/generated/idl/utils.js') as {
  implForWrapper(wrapper: object): Impl;
  wrapperForImpl(impl: Impl): unknown;
};

/**
 * Attributes whose values HTML matches without regard to case (HTML's list for selectors):
 * queries on them go to jsdom, which decides that case as it does.
 */
const CASELESS_VALUES = new Set(
  (
    'accept accept-charset align alink axis bgcolor charset checked clear codetype color compact declare defer dir ' +
    'direction disabled enctype face frame hreflang http-equiv lang language link media method multiple nohref ' +
    'noresize noshade nowrap readonly rel rev rules scope scrolling selected shape target text type valign valuetype vlink'
  ).split(' '),
);

/** One attribute test: present (`value` null), equal to `value`, or absent (`absent`). */
interface Test {
  name: string;
  value: string | null;
  absent: boolean;
}
/** A compound selector: a tag (or any) and attribute tests. */
interface Compound {
  tag: string | null;
  tests: Test[];
}

const TAG = /^[a-z][a-z0-9]*/;
const ATTR = /^\[([a-z][a-z0-9_-]*)(?:=(?:"([^"\\]*)"|([A-Za-z_][A-Za-z0-9_-]*)))?\]/;
const NOT = /^:not\(\[([a-z][a-z0-9_-]*)\]\)/;
/**
 * What a selector this module answers is made of: printable ASCII and the space. jsdom's
 * parsers read the rest in ways of their own (other whitespace, a surrogate pair and NUL
 * rewritten, `&` read as `:scope`, `>`, `+` and `~` in a quoted value read as combinators).
 */
const PLAIN_SELECTOR = /^[\x20-\x7e]*$/;
const READ_OTHERWISE = /[&>+~]/;
/** An unquoted value jsdom reads as a case flag, not a value. */
const FLAG_LIKE = /^[iIsS]$/;

/** The compounds of a selector list this module answers, or null for one it leaves to jsdom. */
function parse(selectors: string): Compound[] | null {
  if (!PLAIN_SELECTOR.test(selectors) || READ_OTHERWISE.test(selectors)) return null;
  const out: Compound[] = [];
  for (const part of selectors.split(',')) {
    let rest = part.replace(/^ +| +$/g, '');
    if (rest === '') return null;
    const tag = TAG.exec(rest);
    const compound: Compound = { tag: tag ? tag[0] : null, tests: [] };
    if (tag) rest = rest.slice(tag[0].length);
    while (rest !== '') {
      const a = ATTR.exec(rest);
      const n = a ? null : NOT.exec(rest);
      const m = a ?? n;
      if (!m) return null;
      const name = m[1] as string;
      const value = a ? (a[2] ?? a[3] ?? null) : null;
      if (value !== null && CASELESS_VALUES.has(name)) return null;
      if (a?.[3] !== undefined && FLAG_LIKE.test(a[3])) return null;
      compound.tests.push({ name, value, absent: n !== null });
      rest = rest.slice(m[0].length);
    }
    if (!compound.tag && compound.tests.length === 0) return null;
    out.push(compound);
  }
  return out;
}

const parsed = new Map<string, Compound[] | null>();
function compounds(selectors: string): Compound[] | null {
  let c = parsed.get(selectors);
  if (c === undefined) {
    c = parse(selectors);
    if (parsed.size < 1000) parsed.set(selectors, c);
  }
  return c;
}

/** Where jsdom's own engines might answer otherwise than this module (see `decide`). */
const UNSURE = 2;
type Decision = boolean | typeof UNSURE;

/** A name no engine reads otherwise: printable ASCII without capitals or a prefix (`toLowerCase` makes `k` of a Kelvin sign). */
const PLAIN_NAME = /^[\x21-\x39\x3b-\x40\x5b-\x7e]+$/;

/** Is every attribute of the element one no engine could name otherwise: no namespace, and a plain name? */
function plainAttributes(el: Impl): boolean {
  for (const a of el._attributeList) if (a._namespace !== null || !PLAIN_NAME.test(a._localName)) return false;
  return true;
}

/** Does an element whose attributes all have plain names pass a compound's attribute tests (UNSURE for a value differing only in case)? */
function passes(el: Impl, tests: readonly Test[]): Decision {
  let result: Decision = true;
  for (const t of tests) {
    const a = el._attributeList.find((x) => x._localName === t.name);
    if (t.absent) {
      if (a) result = false;
    } else if (!a) result = false;
    else if (t.value !== null && a._value !== t.value) {
      if (a._value.toLowerCase() === t.value.toLowerCase()) return UNSURE;
      result = false;
    }
  }
  return result;
}

/**
 * Does an element match any compound of a list? jsdom answers a query with one of two engines,
 * and they disagree on case (an attribute's value matched with or without it, depending on the
 * method and the selector's shape), on namespaced attributes and on names beyond plain ASCII.
 * This module answers only where every reading agrees: an HTML element whose name, and every
 * attribute's, is plain (PLAIN_NAME, no namespace), and a value that is either equal or differs
 * beyond case. Anywhere else it is UNSURE, and the query goes to jsdom whole. What is the
 * element's own is read once, not once for each compound.
 */
function decideAny(el: Impl, list: readonly Compound[]): Decision {
  if (el._namespaceURI !== HTML_NS || !PLAIN_NAME.test(el._localName)) return UNSURE;
  let plain: boolean | undefined;
  let result: Decision = false;
  for (const c of list) {
    if (c.tag !== null && el._localName !== c.tag) continue;
    if (c.tests.length === 0) {
      result = true;
      continue;
    }
    if (!(plain ??= plainAttributes(el))) return UNSURE;
    const d = passes(el, c.tests);
    if (d === UNSURE) return UNSURE;
    if (d) result = true;
  }
  return result;
}

/** The compounds of `selectors` where this module may answer for `node`'s document; null where jsdom does. */
function answerable(node: Impl, selectors: unknown): Compound[] | null {
  if (typeof selectors !== 'string' || node._ownerDocument._parsingMode !== 'html') return null;
  return compounds(selectors);
}

type Method = 'querySelector' | 'querySelectorAll' | 'closest' | 'matches';
type Own = (this: Impl, s: unknown) => unknown;
/** jsdom's own methods, by the prototype they were taken from. */
const originals = new Map<object, Partial<Record<Method, Own>>>();

/**
 * jsdom's own answer to a query on `node` (a page's node), as it was before this module: the
 * nodes of a `querySelectorAll` as a list. For the property that holds the two equal.
 */
export function jsdomsOwn(node: object, method: Method, selectors: string): unknown {
  const impl = idl.implForWrapper(node);
  for (
    let proto = Object.getPrototypeOf(impl) as object | null;
    proto;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const own = originals.get(proto)?.[method];
    if (!own) continue;
    const answer = own.call(impl, selectors);
    if (method !== 'querySelectorAll') return answer;
    const list = answer as { length: number; item(i: number): unknown };
    return Array.from({ length: list.length }, (_, i) => list.item(i));
  }
  throw new Error(`no ${method} of jsdom's for this node`);
}

let done = false;

/** Answers simple selector queries by one walk, once per process (see above). */
export function fastSelectors(): void {
  if (done) return;
  done = true;
  const { domSymbolTree: tree } = require('jsdom/lib/jsdom/living/helpers/internal-constants.js') as {
    domSymbolTree: Tree;
  };
  const NodeList = require('jsdom/lib/generated/idl/NodeList.js') as NodeListImpl;
  /* jsdom's selector engine answers with the nodes' wrappers (what a page holds), and so does this. */
  const wrap = (impl: Impl): unknown => idl.wrapperForImpl(impl);
  const protos = [
    require('jsdom/lib/jsdom/living/nodes/Document-impl.js'),
    require('jsdom/lib/jsdom/living/nodes/DocumentFragment-impl.js'),
    require('jsdom/lib/jsdom/living/nodes/Element-impl.js'),
  ].map(
    (m) =>
      (m as { implementation: { prototype: object } }).implementation.prototype as Record<
        string,
        (this: Impl & { _globalObject: unknown }, s: unknown) => unknown
      >,
  );

  /** The descendant elements of `root` that match, in tree order (at most one when `first`); null where jsdom must answer. */
  const select = (root: Impl, list: Compound[], first: boolean): unknown[] | null => {
    const found: unknown[] = [];
    for (const node of tree.treeIterator(root)) {
      if (node === root || node.nodeType !== 1) continue;
      const d = decideAny(node, list);
      if (d === UNSURE) return null;
      if (!d) continue;
      found.push(wrap(node));
      if (first) break;
    }
    return found;
  };
  /* A document without its root element selects nothing, as jsdom's own query says. */
  const empty = (node: Impl): boolean => node === node._ownerDocument && !node.documentElement;
  /*
   * jsdom makes a document's selector engine at its first query, and the engine then listens on
   * the window for the events `:hover`, `:active` and `:focus-visible` read: made at the same
   * moment here, it hears what it would have heard.
   */
  const engineOf = (node: Impl): void => void node._ownerDocument._getDOMSelector();

  for (const proto of protos) {
    const one = proto.querySelector as Own;
    const every = proto.querySelectorAll as Own;
    originals.set(proto, { querySelector: one, querySelectorAll: every });
    proto.querySelector = function (selectors) {
      const list = answerable(this, selectors);
      if (list === null || empty(this)) return one.call(this, selectors);
      engineOf(this);
      const found = select(this, list, true);
      return found === null ? one.call(this, selectors) : (found[0] ?? null);
    };
    proto.querySelectorAll = function (selectors) {
      const list = answerable(this, selectors);
      // jsdom lists what matches a selector list in an order of its own, not always the tree's: that is its to answer.
      if (list === null || list.length > 1 || empty(this)) return every.call(this, selectors);
      engineOf(this);
      const found = select(this, list, false);
      return found === null
        ? every.call(this, selectors)
        : NodeList.createImpl(this._globalObject, [], { nodes: found });
    };
  }
  const element = protos[2] as Record<string, (this: Impl, s: unknown) => unknown>;
  const closest = element.closest as Own;
  const matches = element.matches as Own;
  Object.assign(originals.get(element) as object, { closest, matches });
  element.closest = function (selectors) {
    engineOf(this);
    const list = answerable(this, selectors);
    if (list !== null)
      for (let el: Impl | null = this; ; el = tree.parent(el)) {
        if (el === null || el.nodeType !== 1) return null;
        const d = decideAny(el, list);
        if (d === UNSURE) break;
        if (d) return wrap(el);
      }
    return closest.call(this, selectors);
  };
  element.matches = function (selectors) {
    engineOf(this);
    const list = answerable(this, selectors);
    const d = list === null ? UNSURE : decideAny(this, list);
    return d === UNSURE ? matches.call(this, selectors) : d;
  };
}
