/**
 * Labels read in one pass. jsdom finds an element's labels by walking the whole document
 * and, at each label met, walking it again to find that label's control: on a page of n
 * elements, the name of one control costs n times the number of labels, and an observation
 * names every control. While an observation runs, each label's control is found once, as
 * HTML says (`for` names the first element with that id, else the label's first labelable
 * descendant), and each control's labels with it. The observation's own name readings ask
 * `labelsOf` and `controlOf`; the full accessible-name computation reads the elements'
 * `labels` and `control`, so before it first runs, every control is lent its labels and
 * every label its control, and the page's own properties come back when the observation
 * ends. Pure DOM code: in Chromium, whose own lookups are cheap, it changes nothing either.
 */

import { descendants } from './tree.ts';
import { eachElement, elementsNamed, localName, namespaceOf, ownerDocument, property } from './nodes.ts';

const LABELABLE = new Set(['button', 'meter', 'output', 'progress', 'select', 'textarea', 'input']);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

function labelable(el: Element): boolean {
  if (namespaceOf(el) !== HTML_NS || !LABELABLE.has(localName(el))) return false;
  return localName(el) !== 'input' || property<string>(el, 'type') !== 'hidden';
}

/** A custom element may be form-associated, which only the browser knows: leave those labels to it. */
const custom = (el: Element) => el.localName.includes('-');

/** The label's control; undefined where only the browser can tell. */
function findControl(label: Element, doc: Document): Element | null | undefined {
  if (label.hasAttributeNS(null, 'for')) {
    const id = label.getAttributeNS(null, 'for') ?? '';
    if (id === '') return null;
    // The first element in tree order with that id, as the document keeps it.
    const el = doc.getElementById(id);
    if (!el) return null;
    if (custom(el)) return undefined;
    return labelable(el) ? el : null;
  }
  for (const el of descendants(label)) {
    if (custom(el)) return undefined;
    if (labelable(el)) return el;
  }
  return null;
}

/** The labels of one document as read at the start of an observation. */
interface Reading {
  doc: Document;
  /** Each label's control (undefined: the browser's to tell). */
  controls: Map<Element, Element | null | undefined>;
  /** Each control's labels, in tree order. */
  labels: Map<Element, Element[]>;
  /** What was lent, once lent; null before. */
  lent: [Element, 'labels' | 'control'][] | null;
}

let current: Reading | null = null;

const own = (el: Element, prop: string) => Object.prototype.hasOwnProperty.call(el, prop);

/**
 * Reads the labels of a document for an observation; returns what ends it, giving the
 * page its own properties back if any were lent. `counted` hears how many elements the
 * document holds, from the same pass, before anything else is read (it may throw).
 */
export function readLabels(doc: Document, counted?: (elements: number) => void): () => void {
  const { named, count } = elementsNamed(doc, 'label');
  counted?.(count);
  const labelElements = named.filter((el) => namespaceOf(el) === HTML_NS);
  const controls = new Map<Element, Element | null | undefined>();
  const labels = new Map<Element, Element[]>();
  for (const el of labelElements) {
    const found = findControl(el, doc);
    controls.set(el, found);
    const control = found === undefined ? (el as HTMLLabelElement).control : found;
    if (!control) continue;
    const list = labels.get(control) ?? [];
    list.push(el);
    labels.set(control, list);
  }
  const outer = current;
  const reading: Reading = { doc, controls, labels, lent: null };
  current = reading;
  return () => {
    // The reading ends even if the page has made a lent property undeletable (which throws).
    current = outer;
    if (reading.lent) for (const [el, prop] of reading.lent) delete (el as unknown as Record<string, unknown>)[prop];
  };
}

const NONE: readonly Element[] = [];

/**
 * The element's labels as `el.labels` reads them while labels are lent, or none where it
 * reads null or undefined. For an element of the document being read (an observation
 * names no other).
 */
export function labelsOf(el: Element): ArrayLike<Element> {
  const r = current;
  // What lending gives: a labelable element that has `labels` and none of its own is lent the labels read; any other keeps its answer.
  if (
    !r ||
    r.lent ||
    own(el, 'labels') ||
    ownerDocument(el) !== r.doc ||
    !(LABELABLE.has(localName(el)) && labelable(el) && 'labels' in el)
  )
    return (el as HTMLInputElement).labels ?? NONE;
  return r.labels.get(el) ?? NONE;
}

/** The label's control, as `label.control` reads it while labels are lent. */
export function controlOf(label: HTMLLabelElement): Element | null {
  const r = current;
  const found = r && !r.lent && !own(label, 'control') ? r.controls.get(label) : undefined;
  return found === undefined ? label.control : found;
}

/**
 * Lends every control of the document its labels and every label its control, for code
 * that reads the properties (the full accessible-name computation); once per observation.
 */
export function lendAll(): void {
  const r = current;
  if (!r || r.lent) return;
  const lent: [Element, 'labels' | 'control'][] = [];
  r.lent = lent;
  const lend = (el: Element, prop: 'labels' | 'control', value: unknown) => {
    // A property the page set on the element itself is the page's: keep it, and its answer.
    if (own(el, prop)) return;
    Object.defineProperty(el, prop, { value, configurable: true });
    lent.push([el, prop]);
  };
  for (const [label, control] of r.controls) if (control !== undefined) lend(label, 'control', control);
  eachElement(r.doc, (el) => {
    if (LABELABLE.has(localName(el)) && labelable(el) && 'labels' in el) lend(el, 'labels', r.labels.get(el) ?? []);
  });
}
