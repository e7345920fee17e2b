/**
 * The style index: a document's stylesheet rules, read once, so a property a page sets in
 * a stylesheet rather than inline (border-radius: `.overlay{border-radius:12px}`) is known
 * without getComputedStyle, which jsdom neither makes cheap nor gets right for shorthands.
 * Cascade: normal sheet declarations by selector specificity then source order, then
 * inline ones, then `!important` ones in the same order. Top-level style rules only: a
 * generated page has no @media or other grouping rules. Pure DOM code: it runs unchanged
 * inside a real browser page.
 */
/// <reference path="./specificity.d.ts" />
// The shim is referenced here, not only included by decoy's tsconfig: a project that imports decoy/defense type-checks this file under its own tsconfig.
import Specificity from '@bramus/specificity';
import { inlineDeclarations, TextCache } from './style.ts';
import { kept } from './unchanged.ts';
import { attribute, localName, matchesSelector, ownerDocument } from './nodes.ts';

interface Declaration {
  name: string;
  value: string;
  important: boolean;
}

interface IndexedRule {
  /** Each selector of the rule's list with its specificity packed into one number. */
  selectors: { text: string; weight: number; subject: Subject | null }[];
  order: number;
  declarations: Declaration[];
}

interface SheetIndex {
  sheets: StyleSheet[];
  rules: IndexedRule[];
}

const indexes = new WeakMap<Document, SheetIndex>();

/** a, b and c of a specificity in one comparable number (each count well under 1000). */
const weigh = (s: { a: number; b: number; c: number }) => s.a * 1_000_000 + s.b * 1000 + s.c;

function build(sheets: StyleSheet[]): IndexedRule[] {
  const rules: IndexedRule[] = [];
  for (const sheet of sheets) {
    let list: CSSRuleList;
    try {
      list = (sheet as CSSStyleSheet).cssRules;
    } catch {
      continue; // a cross-origin sheet: nothing a generated page has
    }
    for (const rule of Array.from(list)) {
      if (!('selectorText' in rule) || !('style' in rule)) continue;
      const { selectorText, style } = rule as CSSStyleRule;
      const declarations: Declaration[] = [];
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i);
        declarations.push({
          name,
          value: style.getPropertyValue(name).trim(),
          important: style.getPropertyPriority(name) === 'important',
        });
      }
      let selectors: IndexedRule['selectors'];
      try {
        // Pseudo-element selectors style something else than the element itself.
        selectors = Specificity.calculate(selectorText)
          .map((s) => ({ text: s.selectorString(), weight: weigh(s), subject: null as Subject | null }))
          .filter((s) => !/::|:(before|after|first-line|first-letter)\b/.test(s.text));
        for (const s of selectors) s.subject = subjectOf(s.text);
      } catch {
        continue;
      }
      if (selectors.length > 0 && declarations.length > 0) rules.push({ selectors, order: rules.length, declarations });
    }
  }
  return rules;
}

/** What a selector's subject (its last compound) requires of an element's own tag and classes. */
interface Subject {
  tag: string | null;
  classes: string[];
  /** The selector is this compound alone (a tag as written, classes or both): requiring them is matching it. */
  whole: boolean;
  /** The tag as written, for `whole`. */
  written: string | null;
}

/**
 * The tag and classes a selector's subject requires, or null when unsure (escapes,
 * namespaces, quoted values, nesting): only used to skip `matches` for an element that lacks one, as browsers'
 * rule hashes do. Bracketed and parenthesised parts (attribute values, :not(.x)) require
 * nothing here and are dropped.
 */
function subjectOf(selector: string): Subject | null {
  if (/[\\|&"']/.test(selector)) return null;
  let depth = 0;
  let flat = '';
  for (const ch of selector.trim()) {
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (depth === 0) flat += /[\s>+~]/.test(ch) ? ' ' : ch;
    if (depth < 0) return null;
  }
  if (depth !== 0) return null;
  const last = flat.trim().split(' ').pop() ?? '';
  // Only a compound of plain ASCII names is read: anything else requires nothing known.
  if (!/^([a-zA-Z_-][\w-]*|\*)?([.#][\w-]+|::?[\w-]+)*$/.test(last)) return null;
  const tag = /^[a-zA-Z_-][\w-]*/.exec(last)?.[0].toLowerCase() ?? null;
  const classes = Array.from(last.matchAll(/\.([\w-]+)/g), (m) => m[1] as string);
  const whole = /^([a-zA-Z_-][\w-]*)?(\.[\w-]+)*$/.test(selector.trim()) && selector.trim() !== '';
  return { tag, classes, whole, written: /^[a-zA-Z_-][\w-]*/.exec(last)?.[0] ?? null };
}

/** Could an element match a selector with this subject? False only when it surely cannot. */
function mayMatch(el: Element, subject: Subject | null, classes: Set<string> | null): boolean {
  if (!subject) return true;
  // Names that differ in more than case never match, whatever the document's case rules.
  if (subject.tag !== null && subject.tag !== el.localName.toLowerCase()) return false;
  if (classes) for (const c of subject.classes) if (!classes.has(c)) return false;
  return true;
}

/**
 * Does an element that may match a selector surely match it, without asking the selector
 * engine? When the selector is a bare compound of tag and classes, the element is an HTML
 * one whose tag is the one written (as a browser would match it in any document) and its
 * classes were compared.
 */
function surely(el: Element, subject: Subject | null, classes: Set<string> | null): boolean {
  if (!subject?.whole || el.namespaceURI !== HTML_NS) return false;
  return (
    (subject.written === null || subject.written === el.localName) && (classes !== null || subject.classes.length === 0)
  );
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** The rules of the document's sheets; within one read of an unchanged document, looked up once. */
function indexFor(doc: Document): IndexedRule[] {
  const memo = kept<IndexedRule[], Document>('sheet index');
  let rules = memo?.get(doc);
  if (!rules) {
    rules = currentIndex(doc);
    memo?.set(doc, rules);
  }
  return rules;
}

function currentIndex(doc: Document): IndexedRule[] {
  const sheets = Array.from(doc.styleSheets);
  const known = indexes.get(doc);
  if (known && known.sheets.length === sheets.length && known.sheets.every((s, i) => s === sheets[i]))
    return known.rules;
  const rules = shared(sheets);
  indexes.set(doc, { sheets, rules });
  return rules;
}

/*
 * Indexes by what their sheets were parsed from: the documents of one site (a shop's first
 * document, its cart's and its checkout's) carry the same stylesheet, so it is read once, not
 * once per document. A sheet is known by its element's text or its address and by how many
 * rules it holds; the index is pure data, never a node of the document it was read from. A
 * few sites' sheets are kept, a few hundred kB of their text at most.
 */
export const sharedIndexes = new TextCache<IndexedRule[]>(16, 1_000_000);

function shared(sheets: StyleSheet[]): IndexedRule[] {
  let key = '';
  for (const sheet of sheets) {
    const owner = sheet.ownerNode as Element | null;
    let count: number;
    try {
      count = (sheet as CSSStyleSheet).cssRules.length;
    } catch {
      return build(sheets); // a cross-origin sheet: nothing a generated page has
    }
    const text =
      owner && localName(owner) === 'style' ? `style ${owner.textContent ?? ''}` : `href ${sheet.href ?? ''}`;
    key += `${count} ${text.length} ${text}\u0000`;
  }
  let rules = sharedIndexes.get(key);
  if (!rules) {
    rules = build(sheets);
    sharedIndexes.set(key, rules);
  }
  return rules;
}

/** A rule's selectors an element of some tag and classes may match; `sure` when it matches without asking the selector engine. */
interface Candidate {
  rule: IndexedRule;
  own: Declaration[];
  selectors: { text: string; weight: number; sure: boolean }[];
}

/** Rules narrowed to the declarations a caller wants, per index and caller: hit testing asks per point. */
interface Narrowed {
  rules: { rule: IndexedRule; own: Declaration[] }[];
  /**
   * The candidates for each kind of element (namespace, tag and class attribute, or tag
   * alone in quirks mode): what decides mayMatch and surely, so each kind is sorted once.
   */
  byKind: Map<string, Map<string | null, Candidate[]>>;
  /** How many kinds byKind holds. */
  kinds: number;
  /** The rules' declarations in one list (sheetDeclarations'). */
  all?: Declaration[];
}

const narrowed = new WeakMap<IndexedRule[], Map<(name: string) => boolean, Narrowed>>();

/** Kinds kept per narrowing before it starts over: a page that writes ever new tags or classes cannot grow it. */
const MAX_KINDS = 10_000;

function rulesWith(doc: Document, wanted: (name: string) => boolean): Narrowed {
  const rules = indexFor(doc);
  let byWanted = narrowed.get(rules);
  if (!byWanted) narrowed.set(rules, (byWanted = new Map()));
  let out = byWanted.get(wanted);
  if (!out) {
    const kept = rules
      .map((rule) => ({ rule, own: rule.declarations.filter((d) => wanted(d.name)) }))
      .filter((r) => r.own.length > 0);
    out = { rules: kept, byKind: new Map(), kinds: 0 };
    byWanted.set(wanted, out);
  }
  return out;
}

/** Candidate lists whose every selector matches surely: their cascade depends on nothing else than the style attribute. */
const sureOnly = new WeakSet<Candidate[]>();
/** Cascades of such lists, by the style attribute's parsed declarations (shared by their text). Never changed by callers. */
const sharedCascades = new WeakMap<Candidate[], WeakMap<object, { name: string; value: string }[]>>();

/** The key of the cascades whose style attribute declares nothing wanted. */
const NO_INLINE = {};

/** Is the document in quirks mode (where class names match in any case, so classes tell nothing here)? */
function quirksMode(doc: Document): boolean {
  const memo = kept<boolean, Document>('quirks');
  let quirks = memo?.get(doc);
  if (quirks === undefined) {
    quirks = doc.compatMode === 'BackCompat';
    memo?.set(doc, quirks);
  }
  return quirks;
}

function candidatesFor(el: Element, doc: Document, narrow: Narrowed): Candidate[] {
  if (narrow.rules.length === 0) return [];
  const quirks = quirksMode(doc);
  const classAttr = quirks ? null : (attribute(el, 'class') ?? '');
  const tag = localName(el);
  // An HTML element's kind is its tag: most elements are found without making a key.
  const ns = el.namespaceURI;
  const named = ns === HTML_NS ? tag : `${ns ?? ''}\u0000${tag}`;
  let byClass = narrow.byKind.get(named);
  if (!byClass) narrow.byKind.set(named, (byClass = new Map()));
  let found = byClass.get(classAttr);
  if (found) return found;
  const classes = classAttr === null ? null : new Set(classAttr.split(/[\t\n\f\r ]+/).filter(Boolean));
  found = [];
  for (const { rule, own } of narrow.rules) {
    const selectors = rule.selectors
      .filter((s) => mayMatch(el, s.subject, classes))
      .map((s) => ({ text: s.text, weight: s.weight, sure: surely(el, s.subject, classes) }));
    if (selectors.length > 0) found.push({ rule, own, selectors });
  }
  if (found.every((c) => c.selectors.every((sel) => sel.sure))) sureOnly.add(found);
  if (++narrow.kinds > MAX_KINDS) {
    narrow.byKind.clear();
    narrow.kinds = 1;
    narrow.byKind.set(named, (byClass = new Map()));
  }
  byClass.set(classAttr, found);
  return found;
}

/** Every declaration of the named properties in the document's sheets, whatever it applies to. */
export function sheetDeclarations(
  doc: Document,
  wanted: (name: string) => boolean,
): readonly { name: string; value: string }[] {
  const narrow = rulesWith(doc, wanted);
  return (narrow.all ??= narrow.rules.flatMap((r) => r.own));
}

/**
 * The declarations of the named properties that apply to an element, in cascade order
 * (a later one overrides an earlier one of the same property or of its shorthand).
 */
export function cascade(el: Element, wanted: (name: string) => boolean): { name: string; value: string }[] {
  const doc = ownerDocument(el);
  const found = candidatesFor(el, doc, rulesWith(doc, wanted));
  const inline = inlineDeclarations(el);
  // Without a selector to ask the engine about, the answer is the kind's and the style
  // attribute's: shared. A style attribute that declares none of the properties wanted
  // takes no part, so all such share one answer.
  const shared = sureOnly.has(found);
  const key = shared && !inline.some((d) => wanted(d.name)) ? NO_INLINE : inline;
  if (shared) {
    const known = sharedCascades.get(found)?.get(key);
    if (known) return known;
  }
  const matched: { weight: number; order: number; declarations: Declaration[] }[] = [];
  for (const { rule, own, selectors } of found) {
    let weight = -1;
    for (const s of selectors) {
      if (s.weight <= weight) continue;
      if (s.sure || matchesSelector(el, s.text)) weight = s.weight;
    }
    if (weight >= 0) matched.push({ weight, order: rule.order, declarations: own });
  }
  let out: { name: string; value: string }[] = [];
  if (matched.length > 0 || inline.some((d) => wanted(d.name))) {
    matched.sort((a, b) => a.weight - b.weight || a.order - b.order);
    const sheet = matched.flatMap((m) => m.declarations);
    const mine = inline.filter((d) => wanted(d.name));
    const ordered = [
      ...sheet.filter((d) => !d.important),
      ...mine.filter((d) => !d.important),
      ...sheet.filter((d) => d.important),
      ...mine.filter((d) => d.important),
    ];
    out = ordered.map(({ name, value }) => ({ name, value }));
  }
  if (shared) {
    let byInline = sharedCascades.get(found);
    if (!byInline) sharedCascades.set(found, (byInline = new WeakMap()));
    byInline.set(key, out);
  }
  return out;
}
