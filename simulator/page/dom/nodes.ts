/**
 * The reads an observation makes of every node (an attribute, the next element down or
 * across, a text's data), made on jsdom's own node objects when the node is a jsdom one.
 * A jsdom node is a wrapper that checks its receiver and converts its arguments on every
 * call before asking the object behind it; on a 50,000-element page those checks were about
 * a quarter of an observation. The object behind a wrapper is the one its own methods read,
 * so both ways give the same answer (the property test holds them equal); a node without
 * one (a real browser's), or any node before the jsdom engine has learnt jsdom's symbols, is
 * read through the DOM as before. Pure DOM code otherwise.
 */

interface Behind {
  nodeType: number;
  _ownerDocument?: object;
  _localName?: string;
  _namespaceURI?: string | null;
  _data?: string;
  _attributesByNameMap?: Map<string, { _value: string }[]>;
}

/** jsdom's symbols for the object behind a wrapper, the wrapper of an object, and its place in the tree. */
interface Symbols {
  impl: symbol;
  wrapper: symbol;
  tree: symbol;
}

/** Learnt from a document of decoy's own (learnJsdom); until then every node is read through the DOM. */
let symbols: Symbols | null = null;

/**
 * Reads jsdom's nodes on their own objects from now on, taking its symbols from `doc`, a
 * document decoy made and no page has run in: a page can add properties of its own under
 * symbols with the same descriptions to its nodes, so they are never learnt from a page's.
 * False, and nothing changes, when `doc` is not a jsdom document of the expected make.
 */
export function learnJsdom(doc: Document): boolean {
  const named = (o: object, name: string) => Object.getOwnPropertySymbols(o).find((s) => s.description === name);
  const impl = named(doc, 'impl');
  const behind = impl && (doc as unknown as Record<symbol, object>)[impl];
  if (!impl || !behind) return false;
  const wrapper = named(behind, 'wrapper');
  const tree = named(behind, 'DOM SymbolTree');
  if (!wrapper || !tree || (behind as Record<symbol, unknown>)[wrapper] !== doc) return false;
  symbols = { impl, wrapper, tree };
  return true;
}

/** What each prototype of a node defines under a name, found once per prototype and name. */
const definitions = new WeakMap<object, Map<string, PropertyDescriptor | null>>();

/**
 * A DOM property or method as the node's interface defines it: looked up on its
 * prototypes, past any property of the node's own. A form's named controls (`<input
 * name="nextSibling">` makes `form.nextSibling` that input, in a browser) and a page's own
 * getters are properties of the node itself, and would otherwise answer for the tree.
 */
function defined(node: object, name: string): PropertyDescriptor | null {
  const proto = Object.getPrototypeOf(node) as object | null;
  if (!proto) return null;
  let byName = definitions.get(proto);
  if (!byName) definitions.set(proto, (byName = new Map()));
  let found = byName.get(name);
  if (found === undefined) {
    found = null;
    for (let p: object | null = proto; p && !found; p = Object.getPrototypeOf(p) as object | null)
      found = Object.getOwnPropertyDescriptor(p, name) ?? null;
    byName.set(name, found);
  }
  return found;
}

/**
 * A DOM property of a node as its interface defines it (defined): an element's tree and
 * tag, an input's `type`, `value` or `checked`, a button's `disabled`, past any getter of
 * the node's own, so that reading one runs no code of the page, which could change the
 * page while it is being read.
 */
export function property<T>(node: object, name: string): T {
  const d = defined(node, name);
  return (d ? (d.get ? d.get.call(node) : d.value) : undefined) as T;
}

/** A DOM method of a node, called through its interface (defined). */
function domCall<T>(node: object, name: string, ...args: unknown[]): T {
  return (defined(node, name)?.value as (...a: unknown[]) => T).apply(node, args);
}

function behind(node: Node): Behind | undefined {
  return symbols ? (node as unknown as Record<symbol, Behind | undefined>)[symbols.impl] : undefined;
}

type Linked = Behind & Record<symbol, { firstChild: Linked | null; nextSibling: Linked | null } | undefined>;

/**
 * Does the element match the selector (false for a selector the engine cannot read)? Asked
 * of jsdom's own object where there is one, so that a page's own `matches` (on the element
 * or on Element.prototype) does not run while the page is read; else through the interface.
 */
export function matchesSelector(el: Element, selector: string): boolean {
  const b = behind(el) as { matches?: (selector: string) => boolean } | undefined;
  try {
    return b && typeof b.matches === 'function' ? b.matches(selector) : domCall<boolean>(el, 'matches', selector);
  } catch {
    return false;
  }
}

/** The value of an attribute by its lower-case name (as getAttribute reads it), or null. */
export function attribute(el: Element, name: string): string | null {
  const b = behind(el);
  const byName = b?._attributesByNameMap;
  if (!byName) return domCall<string | null>(el, 'getAttribute', name);
  const found = byName.get(name);
  return found ? (found[0] as { _value: string })._value : null;
}

export function hasAttribute(el: Element, name: string): boolean {
  const byName = behind(el)?._attributesByNameMap;
  return byName ? byName.has(name) : domCall<boolean>(el, 'hasAttribute', name);
}

export function localName(el: Element): string {
  return behind(el)?._localName ?? property<string>(el, 'localName');
}

export function namespaceOf(el: Element): string | null {
  const b = behind(el);
  return b && b._namespaceURI !== undefined ? b._namespaceURI : property<string | null>(el, 'namespaceURI');
}

/** The node's neighbour in the tree on jsdom's own objects (null: none), or undefined when the node has no object behind it. */
function neighbour(node: Node, which: 'firstChild' | 'nextSibling'): Linked | null | undefined {
  const b = behind(node) as Linked | undefined;
  return b && symbols ? (b[symbols.tree]?.[which] ?? null) : undefined;
}

/** The wrapper of an object behind a node. */
const wrapperOf = <T>(n: Linked): T | null =>
  symbols ? ((n as unknown as Record<symbol, T>)[symbols.wrapper] ?? null) : null;

/** The first element among `n` and its next siblings, as its wrapper. */
function elementFrom(n: Linked | null): Element | null {
  for (; n; n = symbols ? (n[symbols.tree]?.nextSibling ?? null) : null)
    if (n.nodeType === 1) return wrapperOf<Element>(n);
  return null;
}

export function firstElementChild(el: Element): Element | null {
  const n = neighbour(el, 'firstChild');
  return n === undefined ? property<Element | null>(el, 'firstElementChild') : elementFrom(n);
}

export function nextElementSibling(el: Element): Element | null {
  const n = neighbour(el, 'nextSibling');
  return n === undefined ? property<Element | null>(el, 'nextElementSibling') : elementFrom(n);
}

/** The element's parent element, or null (the root's parent is a document). */
export function parentElementOf(el: Element): Element | null {
  const b = behind(el) as Linked | undefined;
  if (!b || !symbols) return property<Element | null>(el, 'parentElement');
  const parent = (b[symbols.tree] as { parent?: Linked | null } | undefined)?.parent ?? null;
  return parent && parent.nodeType === 1 ? wrapperOf<Element>(parent) : null;
}

/** The document an element belongs to. */
export function ownerDocument(el: Element): Document {
  const owner = behind(el)?._ownerDocument as Linked | undefined;
  return (owner && wrapperOf<Document>(owner)) || property<Document>(el, 'ownerDocument');
}

/** The node's first child, as its wrapper. */
export function firstChild(node: Node): ChildNode | null {
  const n = neighbour(node, 'firstChild');
  return n === undefined ? property<ChildNode | null>(node, 'firstChild') : n && wrapperOf<ChildNode>(n);
}

export function nextSibling(node: Node): ChildNode | null {
  const n = neighbour(node, 'nextSibling');
  return n === undefined ? property<ChildNode | null>(node, 'nextSibling') : n && wrapperOf<ChildNode>(n);
}

export function nodeType(node: Node): number {
  return behind(node)?.nodeType ?? property<number>(node, 'nodeType');
}

/** A text node's data. */
export function textData(node: Text): string {
  return behind(node)?._data ?? property<string>(node, 'data');
}

/**
 * The text of an element with no element children: its text nodes' data joined, which
 * is its textContent (comments and processing instructions take no part) without jsdom
 * walking its descendants through an iterator.
 */
export function childText(el: Element): string {
  let text = '';
  for (let node = firstChild(el); node; node = nextSibling(node)) {
    const type = nodeType(node);
    if (type === 3 || type === 4) text += textData(node as Text);
  }
  return text;
}

/**
 * An element's text as textContent reads it (its text and CDATA descendants' data, in tree
 * order), read on the tree itself: a page may give textContent a getter of its own.
 */
export function textOf(el: Element): string {
  let text = '';
  const stack: Node[] = [];
  let node: Node | null = firstChild(el);
  for (;;) {
    if (!node) {
      const up = stack.pop();
      if (!up) return text;
      node = nextSibling(up);
      continue;
    }
    const type = nodeType(node);
    if (type === 3 || type === 4) text += textData(node as Text);
    const first = type === 1 ? firstChild(node) : null;
    if (first) {
      stack.push(node);
      node = first;
    } else node = nextSibling(node);
  }
}

/** Every element under `root` (not itself), in tree order. */
export function eachElement(root: Node, visit: (el: Element) => void): void {
  walkElements(root, visit);
}

/** How many elements there are under `root` (not itself). */
export function countElements(root: Node): number {
  return walkElements(root, null);
}

/** Every element under `root` (not itself) with this local name, in tree order, and how many elements there are in all. */
export function elementsNamed(root: Node, name: string): { named: Element[]; count: number } {
  const named: Element[] = [];
  const count = walkElements(root, (el) => named.push(el), name);
  return { named, count };
}

/**
 * Visits every element under `root` in tree order (only those with local name `only`,
 * when given), if asked to, and counts them all; on jsdom's objects, a wrapper is fetched
 * only for a visit.
 */
function walkElements(root: Node, visit: ((el: Element) => void) | null, only: string | null = null): number {
  let count = 0;
  const b = behind(root) as Linked | undefined;
  if (!b || !symbols) {
    const doc = nodeType(root) === 9 ? (root as Document) : property<Document>(root, 'ownerDocument');
    // NodeFilter.SHOW_ELEMENT, as a page's window need not lend its NodeFilter.
    const walker = domCall<TreeWalker>(doc, 'createTreeWalker', root, 1);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      count++;
      if (only === null || localName(n as Element) === only) visit?.(n as Element);
    }
    return count;
  }
  const { tree, wrapper } = symbols;
  const stack: Linked[] = [];
  let n = b[tree]?.firstChild ?? null;
  for (;;) {
    if (!n) {
      const up = stack.pop();
      if (!up) return count;
      n = up[tree]?.nextSibling ?? null;
      continue;
    }
    if (n.nodeType === 1) {
      count++;
      if (visit && (only === null || n._localName === only))
        visit((n as unknown as Record<symbol, Element>)[wrapper] as Element);
    }
    const first = n[tree]?.firstChild;
    if (first) {
      stack.push(n);
      n = first;
    } else n = n[tree]?.nextSibling ?? null;
  }
}
