/**
 * The observation: one element table, rendered as a Playwright-MCP-style snapshot and
 * available as JSON with boxes, coverage and style facts. Roles and names come from
 * dom-accessibility-api, fed the cheap inline style source. Pure DOM code.
 */
import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import { shortReason } from '../../lib/errors.ts';
import { atScroll, pageBoxOf, type PageBox, type Rect, type Scroll } from './dom/geometry.ts';
import {
  cheapComputedStyle,
  drawnWith,
  facts,
  type Facts,
  inherited,
  isRendered,
  parsedStyle,
  styleFacts,
  type StyleFacts,
} from './dom/style.ts';
import { lands, PaintIndex, type Paintable, type Reader } from './hit.ts';
import { controlOf, labelsOf, lendAll, readLabels } from './dom/labels.ts';
import { kept, known, upward, whileUnchanged, type Known } from './dom/unchanged.ts';

declare module './dom/unchanged.ts' {
  interface Known {
    /** Its role, read while the paint walk has it at hand (TableReader). */
    role: string | undefined;
    /** What the table does with it (tableStep). */
    step: TableStep | undefined;
    /** Its name, where the observation shows one. */
    name: string | undefined;
    /** A paragraph's (or other text role's) text, collapsed, when it has no element inside. */
    text: string | undefined;
  }
}
import {
  attribute,
  childText,
  firstChild,
  firstElementChild,
  hasAttribute,
  localName,
  namespaceOf,
  nextSibling,
  nodeType,
  ownerDocument,
  property,
  textData,
  textOf,
} from './dom/nodes.ts';

export const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'switch',
  'radio',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'option',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'slider',
  'spinbutton',
]);
const CONTAINER_ROLES = new Set([
  'banner',
  'navigation',
  'main',
  'dialog',
  'alertdialog',
  'region',
  'form',
  'article',
  'contentinfo',
  'complementary',
]);
const TEXT_ROLES = new Set(['paragraph', 'alert', 'status']);

/** One entry of the observation's element table: role, accessible name, ref (when it can be acted on), state, box and style facts. */
export interface ObservedElement {
  /** Only interactable elements carry a ref. */
  ref: string | null;
  /** Its ARIA role; `text` for visible text that is no element of its own. */
  role: string;
  /** Its accessible name; empty for text, which is in `text`. */
  name: string;
  /** How deep it is nested in the page's landmarks and containers (the snapshot's indent). */
  depth: number;
  /** The text it shows, for text and paragraphs. */
  text?: string;
  /** A heading's level (1 for h1). */
  level?: number;
  /** A checkbox's, switch's or radio button's state. */
  checked?: boolean;
  /** Present (true) when the control is disabled. */
  disabled?: boolean;
  /** A text field's, drop-down's or spin button's value. */
  value?: string;
  /** Viewport coordinates at the current scroll, or null when the element has no box. */
  box: Rect | null;
  /** Some of its box is within the viewport. */
  inViewport: boolean;
  /** Something else would receive a click at the element's centre, even after scrolling to it. */
  covered: boolean;
  /** What would receive that click instead (`dialog "Cookies"`), when covered. */
  coveredBy?: string;
  /** Its font, colours, contrast with its background, underline (controls, headings and text). */
  style?: StyleFacts;
}

export interface Observation {
  url: string;
  title: string;
  scroll: Scroll;
  viewport: { width: number; height: number };
  elements: ObservedElement[];
}

/** Refs stay stable while an element's role and name are unchanged. */
export class RefRegistry {
  // A Map, not a WeakMap: byRef holds every element anyway, and a Map is cheaper to fill.
  private readonly byElement = new Map<Element, { ref: string; role: string; name: string }>();
  /** The elements by the number of their ref, from the first this registry gave. */
  private readonly byRef: Element[] = [];
  private readonly first: number;

  /** `count`: refs already given in this episode (a new document in Chromium goes on from there). */
  constructor(private count = 0) {
    this.first = count + 1;
  }

  /** How many refs this episode has given so far. */
  get issued(): number {
    return this.count;
  }

  refFor(el: Element, role: string, name: string): string {
    const known = this.byElement.get(el);
    if (known && known.role === role && known.name === name) return known.ref;
    const ref = `e${++this.count}`;
    this.byElement.set(el, { ref, role, name });
    this.byRef.push(el);
    return ref;
  }

  element(ref: string): Element | undefined {
    if (typeof ref !== 'string') return undefined;
    const n = Number(ref.slice(1));
    // Only a ref as this registry writes them: `e` and the number, nothing before or after.
    return ref === `e${n}` && Number.isInteger(n) && n >= this.first ? this.byRef[n - this.first] : undefined;
  }

  /** The element's current ref, if the registry has given it one. */
  currentRef(el: Element): string | undefined {
    return this.byElement.get(el)?.ref;
  }
}

const WHITE = /\s/;

/**
 * Runs of white space as one space, none at either end. A text already so (most of a
 * page's) is returned as it is: replacing and trimming it would copy it for nothing.
 */
export function collapse(s: string): string {
  let space = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 32) {
      if (space) return collapseAll(s);
      space = true;
    } else if ((c >= 9 && c <= 13) || (c > 127 && WHITE.test(s[i] as string))) {
      return collapseAll(s);
    } else {
      space = false;
    }
  }
  return space && s.length > 0 ? collapseAll(s) : s;
}

const collapseAll = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Does the element have any of these attributes? */
function hasAny(el: Element, attrs: readonly string[]): boolean {
  for (let i = 0; i < attrs.length; i++) if (hasAttribute(el, attrs[i] as string)) return true;
  return false;
}

/** Input types a text field has; with no `list`, its role is textbox. */
const TEXT_FIELDS = new Set(['text', 'email', 'tel', 'url']);

/** ARIA 1.2 roles dom-accessibility-api leaves out. */
const IMPLICIT: Record<string, string> = { p: 'paragraph' };

export function roleOf(el: Element): string {
  return (hasAttribute(el, 'role') ? undefined : tagRole(el)) ?? getRole(el) ?? IMPLICIT[el.localName] ?? 'generic';
}

/**
 * The roles of the tags most of a page is made of, when they have no role attribute: what
 * roleOf reads through dom-accessibility-api then, without its walk through every rule
 * (the property test holds the two equal). Undefined for any other tag.
 */
const TAG_ROLES = new Map<string, string>([
  ['div', 'generic'],
  ['span', 'generic'],
  ['label', 'generic'],
  ['p', 'paragraph'],
  ['button', 'button'],
  ['li', 'listitem'],
  ['ul', 'list'],
  ['ol', 'list'],
  ['h1', 'heading'],
  ['h2', 'heading'],
  ['h3', 'heading'],
  ['h4', 'heading'],
  ['h5', 'heading'],
  ['h6', 'heading'],
  ['nav', 'navigation'],
  ['main', 'main'],
  ['header', 'banner'],
  ['footer', 'contentinfo'],
  ['section', 'region'],
  ['form', 'form'],
  ['article', 'article'],
  ['aside', 'complementary'],
  ['textarea', 'textbox'],
]);
const INPUT_ROLES = new Map<string, string>([
  ['button', 'button'],
  ['image', 'button'],
  ['reset', 'button'],
  ['submit', 'button'],
  ['checkbox', 'checkbox'],
  ['radio', 'radio'],
  ['range', 'slider'],
  ['number', 'spinbutton'],
]);

function tagRole(el: Element): string | undefined {
  const tag = localName(el);
  const role = TAG_ROLES.get(tag);
  if (role !== undefined) return role;
  if (tag === 'a') return hasAttribute(el, 'href') ? 'link' : 'generic';
  if (tag !== 'input') return undefined;
  const type = property<string>(el, 'type');
  if (TEXT_FIELDS.has(type)) return hasAttribute(el, 'list') ? 'combobox' : 'textbox';
  if (type === 'search') return hasAttribute(el, 'list') ? 'combobox' : 'searchbox';
  return INPUT_ROLES.get(type) ?? 'generic';
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const HEADING = /^h[1-6]$/;
/** Attributes that take part in an element's name beside its text. */
const NAMING = ['role', 'aria-label', 'aria-labelledby', 'aria-owns'];

/**
 * The name of a button, link or heading named by nothing but its own text, or null for
 * any other element. The accessible-name computation gives such an element the joined
 * text of its child text nodes (no label, ARIA attribute, role, title or pseudo-element
 * can take part), so that text is read directly: most of a page's names, at a fraction
 * of the full computation's cost. The property test holds the two equal.
 */
function ownTextName(el: Element): string | null {
  const tag = localName(el);
  if (namespaceOf(el) !== HTML_NS || !(tag === 'button' || tag === 'a' || HEADING.test(tag))) return null;
  if (hasAny(el, NAMING) || attribute(el, 'aria-hidden') === 'true') return null;
  if (tag === 'a' && !hasAttribute(el, 'href')) return null;
  if (hiddenByStyle(facts(el))) return null;
  const labels = labelsOf(el);
  if (labels && labels.length > 0) return null;
  let text = '';
  for (let node = firstChild(el); node; node = nextSibling(node)) {
    if (nodeType(node) !== 3) return null;
    text += textData(node as Text);
  }
  const name = collapse(text);
  return name === '' ? null : name;
}

/**
 * Hidden as the accessible-name computation sees one node (it, not its ancestors), with
 * cheapComputedStyle as its style source: display none where the element is not drawn
 * itself, its visibility the nearest inline one (read from its facts, not through a
 * style record made for the question).
 */
function hiddenForNaming(el: Element): boolean {
  return hasAttribute(el, 'hidden') || attribute(el, 'aria-hidden') === 'true' || hiddenByStyle(facts(el));
}

/** Not drawn itself, or invisible: hidden by its style as the name computation reads it. */
const hiddenByStyle = (f: Facts) => !f.self || (f.visibility || 'visible') === 'hidden';

/**
 * The name of a text field named by nothing but labels of plain text, or null for any
 * other element. The computation then names it by its labels: each label not hidden
 * gives its child text nodes joined and trimmed, and the non-empty ones are joined by a
 * space (no ARIA attribute, role or title on either can take part). Form fields are most
 * of a page's other names, and the full computation walks each label through every rule;
 * the property test holds the two equal.
 */
function labelledFieldName(el: Element): string | null {
  if (localName(el) !== 'input' || namespaceOf(el) !== HTML_NS) return null;
  if (!TEXT_FIELDS.has(property<string>(el, 'type')) || hasAttribute(el, 'list')) return null;
  if (
    hasAttribute(el, 'role') ||
    hasAttribute(el, 'aria-label') ||
    hasAttribute(el, 'aria-labelledby') ||
    hiddenForNaming(el)
  )
    return null;
  const labels = labelsOf(el);
  if (!labels || labels.length === 0) return null;
  const parts: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as Element;
    if (label === el || hasAny(label, NAMING)) return null;
    let text = '';
    for (let node = firstChild(label); node; node = nextSibling(node)) {
      if (nodeType(node) !== 3) return null;
      text += textData(node as Text);
    }
    if (hiddenForNaming(label)) continue;
    text = text.trim();
    if (text.length > 0) parts.push(text);
  }
  if (labels.length >= MANY_LABELS) labelTexts()?.set(el, new Set(parts.map(collapse)));
  return collapse(parts.join(' '));
}

/**
 * A field's name made of many labels is as long as all of them, and each of those labels
 * asks whether its text is in it (namingLabel): one search through the name per label grew
 * with the square of the labels (20,000 labels of one field took 1.4 s). Such a field's
 * label texts, collapsed, are kept for the read: each is in the name as it is, as the name
 * is those texts joined by single spaces.
 */
const MANY_LABELS = 8;
const labelTexts = () => kept<ReadonlySet<string>>('label texts');

/** Tags the computation names by ARIA, title and (an img) alt alone when their role takes no name from content. */
const AUTHOR_TAGS = new Set([
  'div',
  'span',
  'nav',
  'main',
  'header',
  'footer',
  'section',
  'article',
  'aside',
  'form',
  'img',
]);
/** Roles that take no name from content: the landmarks, regions and images the table names. */
const AUTHOR_ROLES = new Set([...CONTAINER_ROLES, 'img']);

/**
 * The name of a landmark, region or image named by nothing but its own attributes, or null
 * for any other element. The computation names such an element, when not hidden itself
 * and not labelled by others, by its `aria-label`, else an img's `alt`, else its labels
 * (which only a page's own `labels` getter gives it: then the full computation), else its
 * `title` (the first not blank), in that order, reading nothing after the one that names
 * it: its content takes no part. Every landmark of a page went through the full
 * computation, whose first run lends every control its labels; the property test holds
 * the two equal.
 */
function authorName(el: Element): string | null {
  const tag = localName(el);
  if (namespaceOf(el) !== HTML_NS || !AUTHOR_TAGS.has(tag) || hasAttribute(el, 'aria-labelledby')) return null;
  if (!AUTHOR_ROLES.has(roleOf(el))) return null;
  if (hiddenForNaming(el)) return '';
  const own = (attr: string) => {
    const value = attribute(el, attr);
    return value !== null && value.trim() !== '' ? collapse(value) : null;
  };
  const named = own('aria-label') ?? (tag === 'img' ? own('alt') : null);
  if (named !== null) return named;
  const labels = labelsOf(el);
  if (labels && labels.length > 0) return null;
  return own('title') ?? '';
}

export function nameOf(el: Element): string {
  return ownTextName(el) ?? labelledFieldName(el) ?? authorName(el) ?? fullName(el);
}

/** The full accessible-name computation, which reads labels through the elements' own properties. */
function fullName(el: Element): string {
  lendAll();
  return collapse(
    computeAccessibleName(el, {
      getComputedStyle: cheapComputedStyle as unknown as typeof window.getComputedStyle,
      computedStyleSupportsPseudoElements: false,
    }),
  );
}

/** The scroll that brings a page box into view the way Playwright's actions do. */
export function scrollIntoView(
  box: Rect,
  scroll: Scroll,
  viewport: { width: number; height: number },
  pageHeight: number,
): Scroll {
  const top = box.y + scroll.y;
  if (box.y >= 0 && box.y + box.h <= viewport.height) return scroll;
  const wanted = Math.round(top + box.h / 2 - viewport.height / 2);
  return { x: scroll.x, y: Math.max(0, Math.min(wanted, Math.max(0, pageHeight - viewport.height))) };
}

/** Height of the scrollable page: the lowest non-fixed box, at least the viewport. */
export function pageHeight(items: readonly Paintable[], scroll: Scroll, viewport: { height: number }): number {
  let max = viewport.height;
  for (const p of items) {
    if (p.rect.y + p.rect.h + scroll.y > max && !p.fixed) max = p.rect.y + p.rect.h + scroll.y;
  }
  return Math.ceil(max);
}

export interface CoverageProbe {
  /** Which element receives a click aimed at the element, after scrolling it into view (`k`: its record of this read, when at hand). */
  probe(el: Element, k?: Known | null): { hit: Element | null; scroll: Scroll; box: Rect | null };
  /** probe's hit alone, where the probe can tell it for less (the table asks it of every entry). */
  hitOf?(el: Element, k?: Known | null): Element | null;
}

/** One read of the page answers every probe, at whatever scroll each one needs. */
export function coverageProbe(
  doc: Document,
  scroll: Scroll,
  viewport: { width: number; height: number },
  reader?: Reader<unknown>,
): CoverageProbe {
  const index = new PaintIndex(doc, reader);
  const height = index.pageHeight(scroll, viewport);
  /** The scroll a probe aims from: the page's own for a fixed element, else the one that brings its page box into view. */
  const scrollFor = (at: PageBox) =>
    at.fixed ? scroll : scrollIntoView(atScroll(at, scroll), scroll, viewport, height);
  return {
    probe(el, k = known(el)) {
      // viewportBox's box, read once: a page box says whether the element is fixed (isFixed's answer).
      const at = pageBoxOf(el, k);
      if (!at) return { hit: null, scroll, box: null };
      const s = scrollFor(at);
      return { hit: index.hitAtCentre(el, s, k), scroll: s, box: atScroll(at, s) };
    },
    hitOf(el, k = known(el)) {
      const at = pageBoxOf(el, k);
      return at ? index.hitAtCentre(el, scrollFor(at), k) : null;
    },
  };
}

export function describe(el: Element | null): string {
  if (!el) return 'nothing';
  const role = roleOf(el);
  const name = nameOf(el);
  return name ? `${role} "${shortReason(name, 60)}"` : role;
}

/**
 * Where an observation's entries go, each once it is complete: a list, or something that
 * takes each while it is at hand (the engine process encodes them for the run as they come).
 */
export interface Entries {
  push(entry: ObservedElement): unknown;
}

/** An observation whose entries went to `S`. */
export type ObservationInto<S extends Entries> = Omit<Observation, 'elements'> & { elements: S };

/**
 * The observation; `counted` hears how many elements the document holds before the page
 * is read further (it may throw to refuse it). Its entries go to `into`, a new list unless given.
 */
export function observe(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  counted?: (elements: number) => void,
): Observation;
export function observe<S extends Entries>(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  counted: ((elements: number) => void) | undefined,
  into: S,
): ObservationInto<S>;
export function observe(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  counted?: (elements: number) => void,
  into: Entries = [],
): ObservationInto<Entries> {
  const restore = readLabels(win.document, counted);
  try {
    // Reading the page changes nothing in it: each element's style, box and rendering are read once.
    return whileUnchanged(() => {
      const table = new TableReader();
      return tableOf(win, refs, scroll, viewport, coverageProbe(win.document, scroll, viewport, table), table, into);
    });
  } finally {
    restore();
  }
}

/**
 * What the table does with an element that is drawn and not aria-hidden, by its role: an
 * entry of its own and nothing below it (`entry`: a control, heading or image), no text
 * at any depth but the elements inside that show more than text (`label`: a label whose
 * text is its control's name, namingLabel; a control inside it, or a link, is still on
 * the page), its text as one entry (`text`: a paragraph or other text role
 * with no element inside), an entry and then its children (`container`), or only its
 * children (`children`). The one place that says where the table goes on to an element's
 * children.
 */
export type TableStep = 'entry' | 'label' | 'text' | 'container' | 'children';

export function tableStep(el: Element, role: string): TableStep {
  if (INTERACTIVE_ROLES.has(role) || role === 'heading' || role === 'img') return 'entry';
  if (namingLabel(el)) return 'label';
  if (TEXT_ROLES.has(role) && firstElementChild(el) === null) return 'text';
  return CONTAINER_ROLES.has(role) ? 'container' : 'children';
}

const goesOn = (step: TableStep) => step === 'container' || step === 'children' || step === 'label';

/**
 * A label whose text the table shows as its control's name, and so leaves out: its control
 * is drawn, has an entry of its own (a control's role, nothing `aria-hidden` on the way up)
 * and a name with the label's text in it. A control named otherwise (its own `aria-label`,
 * a button's value, an `aria-label` inside the label) would leave the label's text, which
 * a person reads, nowhere: then the label is shown as any other element.
 */
function namingLabel(el: Element): boolean {
  if (localName(el) !== 'label') return false;
  const control: unknown = controlOf(el as HTMLLabelElement);
  // A page's own `control` property can be anything.
  if (!control || nodeType(control as Node) !== 1 || ownerDocument(control as Element) !== ownerDocument(el))
    return false;
  const c = control as Element;
  if (!isRendered(c) || !INTERACTIVE_ROLES.has(roleOf(c)) || hiddenFromTable(c)) return false;
  const k = known(c);
  const name = k?.name ?? nameOf(c);
  if (k) k.name = name;
  const text = collapse(textOf(el));
  return labelTexts()?.get(c)?.has(text) === true || name.includes(text);
}

/** Under (or is) an element with `aria-hidden="true"`, which the table does not go into. */
function hiddenFromTable(el: Element): boolean {
  return upward('aria-hidden', el, hidesItself, false);
}

const hidesItself = (el: Element) => (attribute(el, 'aria-hidden') === 'true' ? true : undefined);

/** What the table reader gives an element's children: where they stand in the table, and what their parent is. */
interface Place {
  /** The parent (the body for the body's children), its record, its facts and its own parent's. */
  el: Element;
  k: Known;
  f: Facts;
  outer: Facts | null;
  /** The depth of the children's entries. */
  depth: number;
  /** Inside a label whose text names its control, where no text is shown. */
  quiet: boolean;
  /** The parent's box facts, read for the first of its text nodes that shows. */
  own: BoxFacts | null;
}

type BoxFacts = { box: Rect | null; inViewport: boolean };

/**
 * Reads what the table shows of each element while the paint walk has it at hand (its
 * role, its step, its name where it shows one, a paragraph's text), and lists the nodes
 * that make entries in the order their entries come, each with the place it stands in.
 * It goes on to an element's children only where the table does (goesOn), so that nothing
 * is read that the table never reads, and hears an element's text nodes where the table
 * shows them.
 */
class TableReader implements Reader<Place> {
  /** Elements and text nodes that make entries, in order; each one's record (null for a text node) and place. */
  readonly nodes: (Element | Text)[] = [];
  readonly records: (Known | null)[] = [];
  readonly places: Place[] = [];

  element(el: Element, k: Known, parent: Place | null, outer: Facts | null): Place | null {
    const f = k.facts ?? facts(el);
    // The body stands at depth 0, below the html element (its `outer`), of which the table shows nothing.
    const at = parent ?? { el, k, f: outer as Facts, outer: null, depth: 0, quiet: false, own: null };
    // Not drawn covers a skipped tag, `hidden` and `display: none` too: nothing below is drawn either.
    if (!f.drawn) return null;
    if (attribute(el, 'aria-hidden') === 'true') return null;
    // Invisible (visibility: hidden): none of its own text shows, but a descendant made visible again does, as in a browser.
    if (!drawnWith(f)) return { el, k, f, outer: at.f, depth: at.depth, quiet: at.quiet, own: null };
    const role = roleOf(el);
    const step = tableStep(el, role);
    k.role = role;
    k.step = step;
    if (step === 'entry' || step === 'container') k.name ??= nameOf(el);
    else if (step === 'text') k.text = collapse(childText(el));
    if (step !== 'children' && step !== 'label') this.add(el, k, at);
    if (!goesOn(step)) return null;
    return {
      el,
      k,
      f,
      outer: at.f,
      depth: step === 'container' ? at.depth + 1 : at.depth,
      quiet: at.quiet || step === 'label',
      own: null,
    };
  }

  texts(place: Place): boolean {
    // A parent drawn invisible shows no text of its own; one inside a naming label neither.
    return !place.quiet && drawnWith(place.f);
  }

  text(node: Text, parent: Place): void {
    this.add(node, null, parent);
  }

  private add(node: Element | Text, k: Known | null, place: Place): void {
    this.nodes.push(node);
    this.records.push(k);
    this.places.push(place);
  }
}

/** The observation with a given coverage probe (how covered elements are found is the probe's business). */
export function observeWith(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  probe: CoverageProbe,
): Observation;
export function observeWith<S extends Entries>(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  probe: CoverageProbe,
  elements: S,
): ObservationInto<S>;
export function observeWith(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  probe: CoverageProbe,
  elements: Entries = [],
): ObservationInto<Entries> {
  return whileUnchanged(() => {
    const table = new TableReader();
    // The table's own read of the page, beside the probe's.
    new PaintIndex(win.document, table);
    return tableOf(win, refs, scroll, viewport, probe, table, elements);
  });
}

const hitOf = (probe: CoverageProbe, el: Element, k: Known) =>
  probe.hitOf ? probe.hitOf(el, k) : probe.probe(el, k).hit;

/** The table from what the reader listed, with a coverage probe for the entries that show. */
function tableOf(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  probe: CoverageProbe,
  table: TableReader,
  elements: Entries,
): ObservationInto<Entries> {
  const doc = win.document;
  const pageBg = inherited(doc.body, 'background', '#ffffff');

  const boxFacts = (el: Element, k: Known): BoxFacts => {
    const at = pageBoxOf(el, k);
    const box = at && atScroll(at, scroll);
    const inViewport =
      !!box && box.x < viewport.width && box.x + box.w > 0 && box.y < viewport.height && box.y + box.h > 0;
    return { box, inViewport };
  };
  // An element whose style adds nothing to its parent's (the same facts, no background of
  // its own) has the style facts of any other such element with those facts: read once, a copy each.
  const plain = new Map<Facts, StyleFacts>();
  const style = (el: Element, k: Known, f: Facts, outer: Facts | null): StyleFacts => {
    const parsed = parsedStyle(el, k);
    if (f !== outer || parsed.background !== null) return styleFacts(f, parsed, outer, pageBg);
    let s = plain.get(f);
    if (!s) plain.set(f, (s = styleFacts(f, parsed, outer, pageBg)));
    return { ...s };
  };

  const { nodes, records, places } = table;
  for (let i = 0; i < nodes.length; i++) {
    const at = places[i] as Place;
    const k = records[i];
    if (!k) {
      // A text node, shown as its parent's: the parent's box, coverage and style.
      const text = collapse(textData(nodes[i] as Text));
      if (!text) continue;
      const own = (at.own ??= boxFacts(at.el, at.k));
      const entry: ObservedElement = {
        ref: null,
        role: 'text',
        name: '',
        text,
        depth: at.depth,
        ...own,
        covered: false,
      };
      if (own.box) {
        entry.covered = !lands(hitOf(probe, at.el, at.k), at.el);
        entry.style = style(at.el, at.k, at.f, at.outer);
      }
      elements.push(entry);
      continue;
    }
    const el = nodes[i] as Element;
    const f = k.facts as Facts;
    const role = k.role as string;
    const step = k.step as TableStep;
    if (INTERACTIVE_ROLES.has(role)) {
      const name = k.name ?? nameOf(el);
      const { box, inViewport } = boxFacts(el, k);
      const hit = hitOf(probe, el, k);
      const covered = box !== null && !lands(hit, el);
      const entry: ObservedElement = {
        ref: refs.refFor(el, role, name),
        role,
        name,
        depth: at.depth,
        box,
        inViewport,
        covered,
        style: style(el, k, f, at.f),
      };
      if (covered) entry.coveredBy = describe(hit);
      if (role === 'checkbox' || role === 'switch' || role === 'radio')
        entry.checked = property<boolean>(el, 'checked');
      if (role === 'textbox' || role === 'searchbox' || role === 'combobox' || role === 'spinbutton')
        entry.value = property<string | undefined>(el, 'value') ?? '';
      if (property<boolean | undefined>(el, 'disabled')) entry.disabled = true;
      elements.push(entry);
    } else if (role === 'heading') {
      const level = parseInt(el.localName.slice(1), 10) || Number(el.getAttribute('aria-level')) || 2;
      elements.push({
        ref: null,
        role,
        name: k.name ?? nameOf(el),
        level,
        depth: at.depth,
        ...boxFacts(el, k),
        covered: false,
        style: style(el, k, f, at.f),
      });
    } else if (step === 'entry') {
      const name = k.name ?? nameOf(el);
      if (name) elements.push({ ref: null, role, name, depth: at.depth, ...boxFacts(el, k), covered: false });
    } else if (step === 'text') {
      const text = k.text ?? collapse(childText(el));
      if (text && !at.quiet)
        elements.push({
          ref: null,
          role,
          name: '',
          text,
          depth: at.depth,
          ...boxFacts(el, k),
          covered: false,
          style: style(el, k, f, at.f),
        });
    } else {
      elements.push({
        ref: null,
        role,
        name: k.name ?? nameOf(el),
        depth: at.depth,
        ...boxFacts(el, k),
        covered: false,
      });
    }
  }
  return { url: win.location.href, title: doc.title, scroll, viewport, elements };
}

/** A name as the snapshot writes it: in double quotes, its quotes and backslashes escaped. */
function snapshotString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * How far the snapshot indents: landmarks nested deeper than this line up at it. A page of
 * thousands of nested regions would otherwise make a text that grows with the square of its
 * size on every look.
 */
export const MAX_INDENT = 64;

/** Playwright-MCP snapshot lines: `- checkbox "Add warranty" [checked] [ref=e7]`. */
export function snapshotText(obs: Observation): string {
  const lines: string[] = [];
  for (const e of obs.elements) {
    const pad = '  '.repeat(Math.min(e.depth, MAX_INDENT));
    if (e.text !== undefined) {
      lines.push(`${pad}- ${e.role}: ${e.text}`);
      continue;
    }
    let line = `${pad}- ${e.role}`;
    if (e.name) line += ` ${snapshotString(e.name)}`;
    if (e.level !== undefined) line += ` [level=${e.level}]`;
    if (e.checked) line += ' [checked]';
    if (e.disabled) line += ' [disabled]';
    if (e.ref) line += ` [ref=${e.ref}]`;
    if (CONTAINER_ROLES.has(e.role)) line += ':';
    else if (e.value) line += `: ${e.value}`;
    lines.push(line);
  }
  return lines.join('\n');
}
