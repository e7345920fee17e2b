/**
 * The element table as it was read before it came out of the paint walk: a walk of its
 * own down the tree, reading each element as it meets it. Kept as the reference the table
 * read beside the paint walk must equal (test/simulator/page/table-walk.test.ts).
 */
import { atScroll, pageBoxOf } from '../../../simulator/page/dom/geometry.ts';
import {
  drawnWith,
  facts,
  type Facts,
  inherited,
  parsedStyle,
  styleFacts,
  type StyleFacts,
} from '../../../simulator/page/dom/style.ts';
import { lands } from '../../../simulator/page/hit.ts';
import {
  attribute,
  childText,
  firstChild,
  firstElementChild,
  nextElementSibling,
  nextSibling,
  nodeType,
  textData,
} from '../../../simulator/page/dom/nodes.ts';
import {
  collapse,
  describe,
  INTERACTIVE_ROLES,
  nameOf,
  roleOf,
  tableStep,
  type CoverageProbe,
  type Observation,
  type ObservedElement,
  type RefRegistry,
} from '../../../simulator/page/observe.ts';
import type { Rect, Scroll } from '../../../simulator/page/dom/geometry.ts';

export function walkTable(
  win: Window,
  refs: RefRegistry,
  scroll: Scroll,
  viewport: { width: number; height: number },
  probe: CoverageProbe,
): Observation {
  const elements: ObservedElement[] = [];
  const doc = win.document;
  const pageBg = inherited(doc.body, 'background', '#ffffff');
  interface Read {
    el: Element;
    f: Facts;
    outer: Facts | null;
  }
  const boxFacts = (r: Read): { box: Rect | null; inViewport: boolean } => {
    const at = pageBoxOf(r.el);
    const box = at && atScroll(at, scroll);
    const inViewport =
      !!box && box.x < viewport.width && box.x + box.w > 0 && box.y < viewport.height && box.y + box.h > 0;
    return { box, inViewport };
  };
  const style = (r: Read): StyleFacts => styleFacts(r.f, parsedStyle(r.el), r.outer, pageBg);

  const visit = (el: Element, depth: number, outer: Facts | null, quiet: boolean) => {
    const r: Read = { el, f: facts(el), outer };
    if (!r.f.drawn) return;
    if (attribute(el, 'aria-hidden') === 'true') return;
    if (!drawnWith(r.f)) {
      for (let child = firstElementChild(el); child; child = nextElementSibling(child)) visit(child, depth, r.f, quiet);
      return;
    }
    const role = roleOf(el);
    const step = tableStep(el, role);
    if (INTERACTIVE_ROLES.has(role)) {
      const name = nameOf(el);
      const { box, inViewport } = boxFacts(r);
      const { hit } = probe.probe(el);
      const covered = box !== null && !lands(hit, el);
      const entry: ObservedElement = {
        ref: refs.refFor(el, role, name),
        role,
        name,
        depth,
        box,
        inViewport,
        covered,
        style: style(r),
      };
      if (covered) entry.coveredBy = describe(hit);
      const input = el as HTMLInputElement;
      if (role === 'checkbox' || role === 'switch' || role === 'radio') entry.checked = input.checked;
      if (role === 'textbox' || role === 'searchbox' || role === 'combobox' || role === 'spinbutton')
        entry.value = input.value ?? '';
      if ((el as HTMLButtonElement).disabled) entry.disabled = true;
      elements.push(entry);
      return;
    }
    if (role === 'heading') {
      const level = parseInt(el.localName.slice(1), 10) || Number(el.getAttribute('aria-level')) || 2;
      elements.push({
        ref: null,
        role,
        name: nameOf(el),
        level,
        depth,
        ...boxFacts(r),
        covered: false,
        style: style(r),
      });
      return;
    }
    if (step === 'entry') {
      const name = nameOf(el);
      if (name) elements.push({ ref: null, role, name, depth, ...boxFacts(r), covered: false });
      return;
    }
    if (step === 'text') {
      if (quiet) return;
      const text = collapse(childText(el));
      if (text)
        elements.push({ ref: null, role, name: '', text, depth, ...boxFacts(r), covered: false, style: style(r) });
      return;
    }
    let childDepth = depth;
    if (step === 'container') {
      elements.push({ ref: null, role, name: nameOf(el), depth, ...boxFacts(r), covered: false });
      childDepth = depth + 1;
    }
    const within = quiet || step === 'label';
    for (let node = firstChild(el); node; node = nextSibling(node)) {
      const type = nodeType(node);
      if (type === 3 && !within) {
        const text = collapse(textData(node as Text));
        if (!text) continue;
        const own = boxFacts(r);
        const entry: ObservedElement = {
          ref: null,
          role: 'text',
          name: '',
          text,
          depth: childDepth,
          ...own,
          covered: false,
        };
        if (own.box) {
          const { hit } = probe.probe(el);
          entry.covered = !lands(hit, el);
          entry.style = style(r);
        }
        elements.push(entry);
      } else if (type === 1) {
        visit(node as Element, childDepth, r.f, within);
      }
    }
  };
  const body = doc.body;
  if (body) visit(body, 0, body.parentElement && facts(body.parentElement), false);
  return { url: win.location.href, title: doc.title, scroll, viewport, elements };
}
