/**
 * The hit test as it was before paintables were indexed: every element against every
 * paintable, and the page read again at every scroll an observation probes. Kept verbatim
 * as the reference the indexed one must equal (test/simulator/page/hit-index.test.ts,
 * observe-index.test.ts).
 */
import {
  centre,
  contains,
  intersect,
  isFixed,
  ownBox,
  positionOf,
  type Rect,
  type Scroll,
  viewportBox,
} from '../../../simulator/page/dom/geometry.ts';
import { insideRounded, radii } from '../../../simulator/page/dom/radius.ts';
import { inline, isRendered, isRenderedSelf, receivesPointer } from '../../../simulator/page/dom/style.ts';
import { scrollIntoView, type CoverageProbe } from '../../../simulator/page/observe.ts';

type Key = number[];

export interface Paintable {
  el: Element;
  rect: Rect;
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

export function paintables(doc: Document, scroll: Scroll): Paintable[] {
  const order = new Map<Element, number>();
  const out: Paintable[] = [];
  const all = Array.from(doc.body ? doc.body.querySelectorAll('*') : []);
  let i = 0;
  for (let at = 0; at < all.length; at++) {
    const el = all[at] as Element;
    order.set(el, ++i);
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

function compareKeys(a: Key, b: Key): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function inShape(p: Paintable, x: number, y: number): boolean {
  const r = radii(p.el, p.rect);
  return r === null || insideRounded(p.rect, r, x, y);
}

export function hitFrom(items: readonly Paintable[], x: number, y: number): Element | null {
  const under: Paintable[] = [];
  for (const p of items) {
    if (p.visible && contains(p.visible, x, y) && receivesPointer(p.el)) under.push(p);
  }
  under.sort((a, b) => compareKeys(b.key, a.key));
  return under.find((p) => inShape(p, x, y))?.el ?? null;
}

export function hitTest(doc: Document, x: number, y: number, scroll: Scroll): Element | null {
  return hitFrom(paintables(doc, scroll), x, y);
}

export function pageHeight(items: readonly Paintable[], scroll: Scroll, viewport: { height: number }): number {
  let max = viewport.height;
  for (const p of items) {
    if (p.rect.y + p.rect.h + scroll.y > max && !isFixed(p.el)) max = p.rect.y + p.rect.h + scroll.y;
  }
  return Math.ceil(max);
}

export function coverageProbe(
  doc: Document,
  scroll: Scroll,
  viewport: { width: number; height: number },
): CoverageProbe {
  const cache = new Map<number, Paintable[]>();
  const at = (s: Scroll) => {
    let items = cache.get(s.y);
    if (!items) {
      items = paintables(doc, s);
      cache.set(s.y, items);
    }
    return items;
  };
  const height = pageHeight(at(scroll), scroll, viewport);
  return {
    probe(el) {
      const box = viewportBox(el, scroll);
      if (!box) return { hit: null, scroll, box: null };
      const s = isFixed(el) ? scroll : scrollIntoView(box, scroll, viewport, height);
      const items = at(s);
      const mine = items.find((p) => p.el === el);
      const visible = mine?.visible;
      if (!visible) return { hit: null, scroll: s, box: viewportBox(el, s) };
      const c = centre(visible);
      return { hit: hitFrom(items, c.x, c.y), scroll: s, box: viewportBox(el, s) };
    },
  };
}
