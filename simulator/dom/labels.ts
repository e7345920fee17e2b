/**
 * Labels read in one pass. jsdom finds an element's labels by walking the whole document
 * and, at each label met, walking it again to find that label's control: on a page of n
 * elements, the name of one control costs n times the number of labels, and an observation
 * names every control. While an observation runs, each control is lent its labels and each
 * label its control, found as HTML says (`for` names the first element with that id, else
 * the label's first labelable descendant), then the page's own properties come back.
 * Pure DOM code: in Chromium, whose own lookups are cheap, it changes nothing either.
 */

import { descendants } from './tree.ts';
import { eachElement, localName } from './nodes.ts';

const LABELABLE = new Set(['button', 'meter', 'output', 'progress', 'select', 'textarea', 'input']);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

function labelable(el: Element): boolean {
  if (el.namespaceURI !== HTML_NS || !LABELABLE.has(el.localName)) return false;
  return el.localName !== 'input' || (el as HTMLInputElement).type !== 'hidden';
}

/** A custom element may be form-associated, which only the browser knows: leave those labels to it. */
const custom = (el: Element) => el.localName.includes('-');

/** The label's control; undefined where only the browser can tell. */
function controlOf(label: Element, doc: Document): Element | null | undefined {
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

/** Lends every control its labels and every label its control; returns what gives the page its own back. */
export function lendLabels(doc: Document): () => void {
  // One pass finds the labels and labelable elements, reading no more of the others than their tag.
  const labelElements: Element[] = [];
  const controls: Element[] = [];
  eachElement(doc, (el) => {
    const tag = localName(el);
    if (tag === 'label') {
      if (el.namespaceURI === HTML_NS) labelElements.push(el);
    } else if (LABELABLE.has(tag) && labelable(el)) controls.push(el);
  });
  const lent: [Element, 'labels' | 'control'][] = [];
  const lend = (el: Element, prop: 'labels' | 'control', value: unknown) => {
    // A property the page set on the element itself is the page's: keep it, and its answer.
    if (Object.prototype.hasOwnProperty.call(el, prop)) return;
    Object.defineProperty(el, prop, { value, configurable: true });
    lent.push([el, prop]);
  };
  const labels = new Map<Element, Element[]>();
  for (const el of labelElements) {
    let control = controlOf(el, doc);
    if (control === undefined) control = (el as HTMLLabelElement).control;
    else lend(el, 'control', control);
    if (!control) continue;
    const list = labels.get(control) ?? [];
    list.push(el);
    labels.set(control, list);
  }
  for (const el of controls) {
    if ('labels' in el) lend(el, 'labels', labels.get(el) ?? []);
  }
  return () => {
    for (const [el, prop] of lent) delete (el as unknown as Record<string, unknown>)[prop];
  };
}
