/**
 * Hit testing without a layout engine: the topmost rendered element with an authored box
 * at a viewport point. Painting order is keyed by the chain of (z-index, tree order) over
 * stacking-context ancestors; `overflow: hidden` ancestors clip; `hidden`, `display`,
 * `visibility` and `pointer-events` exclude; an element's rounded corners (border-radius,
 * inline or from its stylesheet) are not part of it. Not modelled: the rounded clip an
 * `overflow: hidden` ancestor with a border-radius puts on its children (a generated page
 * has none). Pure DOM code.
 */
import { contains, intersect, isFixed, ownBox, positionOf, type Rect, type Scroll, viewportBox } from './dom/geometry.ts';
import { insideRounded, radii } from './dom/radius.ts';
import { inline, isRendered, isRenderedSelf, receivesPointer } from './dom/style.ts';

type Key = number[];

export interface Paintable {
  el: Element;
  rect: Rect;
  /** The visible part after clipping, or null when clipped away. */
  visible: Rect | null;
  key: Key;
}

function zIndex(el: Element): number | null {
  const z = inline(el, 'z-index');
  if (!z || z === 'auto') return null;
  const n = parseInt(z, 10);
  return Number.isFinite(n) ? n : null;
}

function formsStackingContext(el: Element): boolean {
  const pos = positionOf(el);
  if (pos === 'fixed') return true;
  if (pos && zIndex(el) !== null) return true;
  const opacity = inline(el, 'opacity');
  return opacity !== '' && parseFloat(opacity) < 1;
}

/** Every rendered element with a box, in tree order, with its painting key and clip. */
export function paintables(doc: Document, scroll: Scroll): Paintable[] {
  const order = new Map<Element, number>();
  const out: Paintable[] = [];
  const all = Array.from(doc.body ? doc.body.querySelectorAll('*') : []);
  let i = 0;
  for (let at = 0; at < all.length; at++) {
    const el = all[at] as Element;
    order.set(el, ++i);
    // Nothing under an element that is not drawn is drawn: a site's hidden pages are skipped whole.
    if (!isRenderedSelf(el)) {
      const below = el.getElementsByTagName('*').length;
      at += below;
      i += below;
      continue;
    }
    const rect = viewportBox(el, scroll);
    if (!rect || !isRendered(el)) continue;
    const key: Key = [];
    for (let cur: Element | null = el.parentElement; cur && cur !== doc.body; cur = cur.parentElement) {
      if (formsStackingContext(cur)) key.unshift(zIndex(cur) ?? 0, order.get(cur) ?? 0);
    }
    key.push(zIndex(el) ?? 0, i);
    out.push({ el, rect, visible: clip(el, rect, scroll), key });
  }
  return out;
}

/** Clipping by `overflow: hidden` ancestors; a fixed element escapes non-fixed ones. */
function clip(el: Element, rect: Rect, scroll: Scroll): Rect | null {
  let visible: Rect | null = rect;
  const fixed = isFixed(el);
  for (let cur = el.parentElement; cur && visible; cur = cur.parentElement) {
    const overflow = inline(cur, 'overflow');
    if (overflow !== 'hidden' || !ownBox(cur)) continue;
    if (fixed && !isFixed(cur)) continue;
    const box = viewportBox(cur, scroll);
    if (box) visible = intersect(visible, box);
  }
  return visible;
}

export function compareKeys(a: Key, b: Key): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Is (x, y) inside the element's own shape (its box less any rounded corners)? */
function inShape(p: Paintable, x: number, y: number): boolean {
  const r = radii(p.el, p.rect);
  return r === null || insideRounded(p.rect, r, x, y);
}

/** The topmost element that would receive a pointer event at (x, y), or null. */
export function hitFrom(items: readonly Paintable[], x: number, y: number): Element | null {
  const under: Paintable[] = [];
  for (const p of items) {
    if (p.visible && contains(p.visible, x, y) && receivesPointer(p.el)) under.push(p);
  }
  // Topmost first; the shape, dearer to test than the box, only until one holds the point.
  under.sort((a, b) => compareKeys(b.key, a.key));
  return under.find((p) => inShape(p, x, y))?.el ?? null;
}

export function hitTest(doc: Document, x: number, y: number, scroll: Scroll): Element | null {
  return hitFrom(paintables(doc, scroll), x, y);
}

/** Does a hit on `hit` land on `target` (the target itself or something inside it)? */
export function lands(hit: Element | null, target: Element): boolean {
  return hit !== null && (hit === target || target.contains(hit));
}
