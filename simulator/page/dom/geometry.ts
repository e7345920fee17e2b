/**
 * Boxes from authored inline geometry. One function reads a box from the live DOM; hit
 * testing, observations and ground-truth boxes all go through it. Pure DOM code.
 */

import { isFixed, parsedStyle, type Parsed, type Position, type Rect } from './style.ts';
import { known, type Known } from './unchanged.ts';

declare module './unchanged.ts' {
  interface Known {
    /** Its page box (null: none). */
    page: PageBox | null | undefined;
  }
}
import { parentElementOf } from './nodes.ts';

export { isFixed };
export type { Position, Rect };

export interface Scroll {
  x: number;
  y: number;
}

export const NO_SCROLL: Scroll = { x: 0, y: 0 };

export function positionOf(el: Element): Position | null {
  return parsedStyle(el).position;
}

/** The element's own authored box relative to its containing block, or null if it has none. */
export function ownBox(el: Element): Rect | null {
  return parsedStyle(el).own;
}

/** An element's box on the page, before any scroll, and whether it is fixed to the viewport. */
export type PageBox = Rect & { fixed: boolean };

/** The element's page box, kept for the rest of a read. */
export function pageBoxOf(el: Element, k: Known | null = known(el)): PageBox | null {
  let at = k?.page;
  if (at === undefined) {
    at = pageBox(el);
    if (k) k.page = at;
  }
  return at;
}

/** A page box in viewport coordinates at a scroll. */
export function atScroll(at: PageBox, scroll: Scroll): Rect {
  let { x, y } = at;
  // The scroll comes off last, as a whole: the same sum to the last bit at any scroll.
  if (!at.fixed) {
    x -= scroll.x;
    y -= scroll.y;
  }
  return { x, y, w: at.w, h: at.h };
}

/**
 * The element's box in viewport coordinates: the sum of authored offsets over its
 * positioned ancestors; a fixed ancestor anchors the chain to the viewport, otherwise the
 * page scroll applies.
 */
export function viewportBox(el: Element, scroll: Scroll): Rect | null {
  const at = pageBoxOf(el);
  return at && atScroll(at, scroll);
}

/**
 * What positioned ancestors add to a descendant's own box: their boxes nearest first, up
 * to and including the nearest fixed one, and whether there is one. A walk from the root
 * down passes it on, instead of each element walking up (pageBox).
 */
export interface Offsets {
  boxes: { box: Rect; next: Offsets['boxes'] } | null;
  fixed: boolean;
}

export const NO_OFFSETS: Offsets = { boxes: null, fixed: false };

/**
 * For a walk from the root down inside `whileUnchanged`: the element's page box (as
 * pageBox sums it, in its order, and kept as viewportBox keeps it) given the offsets below
 * its parent, and the offsets below the element.
 */
export function placeBelow(
  el: Element,
  outer: Offsets,
  parsed: Parsed = parsedStyle(el),
  k: Known | null = known(el),
): Offsets {
  const pos = parsed.position;
  const own = parsed.own;
  if (k && k.page === undefined) {
    let at: PageBox | null = null;
    if (own) {
      let { x, y } = own;
      if (pos !== 'fixed') {
        for (let n = outer.boxes; n; n = n.next) {
          x += n.box.x;
          y += n.box.y;
        }
      }
      at = { x, y, w: own.w, h: own.h, fixed: pos === 'fixed' || outer.fixed };
    }
    k.page = at;
  }
  if (!pos) return outer;
  if (pos === 'fixed') return { boxes: own ? { box: own, next: null } : null, fixed: true };
  return own ? { boxes: { box: own, next: outer.boxes }, fixed: outer.fixed } : outer;
}

/** The offsets below an element, built from the root down. */
export function offsetsBelow(el: Element): Offsets {
  const path: Element[] = [];
  for (let cur: Element | null = el; cur; cur = parentElementOf(cur)) path.push(cur);
  let v = NO_OFFSETS;
  for (let i = path.length - 1; i >= 0; i--) v = placeBelow(path[i] as Element, v);
  return v;
}

/** The authored offsets summed nearest ancestor first, before any scroll. */
function pageBox(el: Element): PageBox | null {
  const own = ownBox(el);
  if (!own) return null;
  let { x, y } = own;
  let fixed = positionOf(el) === 'fixed';
  for (let cur = parentElementOf(el); cur && !fixed; cur = parentElementOf(cur)) {
    const pos = positionOf(cur);
    if (!pos) continue;
    const box = ownBox(cur);
    if (box) {
      x += box.x;
      y += box.y;
    }
    if (pos === 'fixed') fixed = true;
  }
  return { x, y, w: own.w, h: own.h, fixed };
}

export function contains(r: Rect, x: number, y: number): boolean {
  return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

export function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const r = Math.min(a.x + a.w, b.x + b.w);
  const bottom = Math.min(a.y + a.h, b.y + b.h);
  return r > x && bottom > y ? { x, y, w: r - x, h: bottom - y } : null;
}

export function centre(r: Rect): { x: number; y: number } {
  return { x: Math.floor(r.x + r.w / 2), y: Math.floor(r.y + r.h / 2) };
}
