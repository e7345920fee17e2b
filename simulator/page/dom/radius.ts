/**
 * Rounded corners for hit testing. A browser hits an element with a border-radius only
 * inside its rounded border box: a click in the cut-off corner of a dialog goes to what is
 * under it. Radii come from the element's inline style or its stylesheet rules (the style
 * index), resolved and scaled as CSS Backgrounds 3 §5 says. Pure DOM code.
 */
import type { Rect } from './geometry.ts';
import { cascade, sheetDeclarations } from './sheet.ts';
import { inlineDeclarations } from './style.ts';

/** Horizontal and vertical radius of a corner, in px. */
type Corner = [number, number];

/** Top-left, top-right, bottom-right, bottom-left, as CSS orders them. */
export type Radii = [Corner, Corner, Corner, Corner];

const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;
const LONGHANDS = CORNERS.map((c) => `border-${c}-radius`);
const isRadius = (name: string) => name === 'border-radius' || LONGHANDS.includes(name);

/** A length as written (px or %), or null when it is not one we can resolve. */
type Length = { px: number } | { pct: number };

function length(token: string): Length | null {
  const m = /^(-?[\d.]+)(px|%)?$/.exec(token);
  if (!m) return null;
  const n = parseFloat(m[1] as string);
  if (!Number.isFinite(n) || n < 0) return null;
  if (m[2] === '%') return { pct: n };
  return m[2] === 'px' || n === 0 ? { px: n } : null;
}

/** 1 to 4 values spread over the four corners, as margin-like shorthands do. */
function spread<T>(v: T[]): [T, T, T, T] | null {
  if (v.length === 1) return [v[0]!, v[0]!, v[0]!, v[0]!];
  if (v.length === 2) return [v[0]!, v[1]!, v[0]!, v[1]!];
  if (v.length === 3) return [v[0]!, v[1]!, v[2]!, v[1]!];
  if (v.length === 4) return [v[0]!, v[1]!, v[2]!, v[3]!];
  return null;
}

const lengths = (s: string): Length[] | null => {
  const out = s.trim().split(/\s+/).filter(Boolean).map(length);
  return out.length > 0 && out.every((l) => l !== null) ? (out as Length[]) : null;
};

type Written = [Length, Length][];

function applyDeclaration(corners: Written, name: string, value: string): void {
  if (name === 'border-radius') {
    const [h, v = h] = value.split('/');
    const hs = lengths(h ?? '');
    const vs = lengths(v ?? '');
    const H = hs && spread(hs);
    const V = vs && spread(vs);
    if (!H || !V) return; // an invalid declaration is dropped, as a browser does
    for (let i = 0; i < 4; i++) corners[i] = [H[i]!, V[i]!];
    return;
  }
  const i = LONGHANDS.indexOf(name);
  const vals = lengths(value);
  if (i < 0 || !vals || vals.length > 2) return;
  corners[i] = [vals[0]!, vals[1] ?? vals[0]!];
}

/**
 * The corners as written, by the cascade's answer: the cascade shares one answer among
 * elements alike (a kind and a style attribute that declares no radius), so each is read
 * once. Never changed once made.
 */
const writtenBy = new WeakMap<object, Written>();

function writtenFrom(declared: { name: string; value: string }[]): Written {
  const zero: Length = { px: 0 };
  const written: Written = [
    [zero, zero],
    [zero, zero],
    [zero, zero],
    [zero, zero],
  ];
  for (const d of declared) applyDeclaration(written, d.name, d.value);
  return written;
}

const resolve = (l: Length, side: number) => ('px' in l ? l.px : (l.pct / 100) * side);

/**
 * Used radii by the cascade's answer and the box's size: elements alike of one size
 * share them. Shared records, never changed; a size map starts over past a bound.
 */
const usedBy = new WeakMap<object, Map<number, Map<number, Radii | null>>>();
const MAX_SIZES = 10_000;

/** The used radii of an element whose border box is `box`; null when every corner is square. Never to be changed. */
export function radii(el: Element, box: Pick<Rect, 'w' | 'h'>): Radii | null {
  const declared = cascade(el, isRadius);
  if (declared.length === 0) return null;
  let byWidth = usedBy.get(declared);
  if (!byWidth) usedBy.set(declared, (byWidth = new Map()));
  let byHeight = byWidth.get(box.w);
  if (!byHeight) {
    if (byWidth.size >= MAX_SIZES) byWidth.clear();
    byWidth.set(box.w, (byHeight = new Map()));
  }
  let used = byHeight.get(box.h);
  if (used === undefined) {
    if (byHeight.size >= MAX_SIZES) byHeight.clear();
    byHeight.set(box.h, (used = usedRadii(declared, box)));
  }
  return used;
}

function usedRadii(declared: { name: string; value: string }[], box: Pick<Rect, 'w' | 'h'>): Radii | null {
  let written = writtenBy.get(declared);
  if (!written) writtenBy.set(declared, (written = writtenFrom(declared)));
  const r = written.map(([h, v]) => [resolve(h, box.w), resolve(v, box.h)]) as Radii;
  // A corner with either radius zero is square.
  for (const c of r) if (c[0] <= 0 || c[1] <= 0) c[0] = c[1] = 0;
  if (r.every((c) => c[0] === 0)) return null;
  // Adjacent radii that overlap are all scaled down by one factor.
  const [tl, tr, br, bl] = r;
  const sums = [
    [box.w, tl[0] + tr[0]],
    [box.w, bl[0] + br[0]],
    [box.h, tl[1] + bl[1]],
    [box.h, tr[1] + br[1]],
  ] as const;
  const f = Math.min(1, ...sums.filter(([, s]) => s > 0).map(([side, s]) => side / s));
  if (f < 1) for (const c of r) ((c[0] *= f), (c[1] *= f));
  return r;
}

/** The deepest any of these declarations could cut a corner, in px (Infinity when a percentage could). */
function deepest(declared: readonly { name: string; value: string }[]): number {
  let max = 0;
  for (const d of declared) {
    if (!isRadius(d.name)) continue;
    // As applyDeclaration reads a value: what it drops cuts nothing.
    for (const part of d.value.split('/')) {
      for (const l of lengths(part) ?? []) max = Math.max(max, 'px' in l ? l.px : Infinity);
    }
  }
  return max;
}

/** Depths by list of declarations: a sheet's, and each style attribute's text (lists shared by every element with it). */
const depths = new WeakMap<object, number>();

function depthOf(declared: readonly { name: string; value: string }[]): number {
  let depth = depths.get(declared);
  if (depth === undefined) depths.set(declared, (depth = deepest(declared)));
  return depth;
}

/**
 * No corner of the element is cut deeper than this, in px: the most that any radius
 * declaration of the document's sheets or of its style attribute allows (the cascade picks
 * among them, and scaling only makes radii smaller).
 */
export function cornerBound(el: Element, doc: Document): number {
  return Math.max(depthOf(sheetDeclarations(doc, isRadius)), depthOf(inlineDeclarations(el)));
}

/** Is (x, y) clear of every corner of `rect` cut no deeper than `depth` (so inside it whatever its radii, if inside the box)? */
export function clearOfCorners(rect: Rect, depth: number, x: number, y: number): boolean {
  const left = rect.x;
  const top = rect.y;
  const right = rect.x + rect.w;
  const bottom = rect.y + rect.h;
  // insideRounded's corner tests all fail for a point this far in across or down.
  return (x >= left + depth && x + 1 <= right - depth) || (y >= top + depth && y + 1 <= bottom - depth);
}

/**
 * Does a hit at (x, y) fall inside the rounded box? Chromium tests the 1×1 px square at
 * the point against each corner's ellipse, inclusive; measured equal to its
 * elementFromPoint at every point around circles and ellipses of 6 to 30 px.
 */
export function insideRounded(rect: Rect, r: Radii, x: number, y: number): boolean {
  const left = rect.x;
  const top = rect.y;
  const right = rect.x + rect.w;
  const bottom = rect.y + rect.h;
  const [tl, tr, br, bl] = r;
  return (
    outsideCorner(tl, left + tl[0], top + tl[1], x < left + tl[0] && y < top + tl[1], x, y) &&
    outsideCorner(tr, right - tr[0], top + tr[1], x + 1 > right - tr[0] && y < top + tr[1], x, y) &&
    outsideCorner(br, right - br[0], bottom - br[1], x + 1 > right - br[0] && y + 1 > bottom - br[1], x, y) &&
    outsideCorner(bl, left + bl[0], bottom - bl[1], x < left + bl[0] && y + 1 > bottom - bl[1], x, y)
  );
}

/** Is the 1×1 px square at (x, y) clear of a corner's cut (outside its box, or touching its ellipse)? */
function outsideCorner(corner: Corner, cx: number, cy: number, inCorner: boolean, x: number, y: number): boolean {
  const rx = corner[0];
  const ry = corner[1];
  if (!inCorner || rx === 0) return true;
  const nx = Math.max(x, Math.min(cx, x + 1));
  const ny = Math.max(y, Math.min(cy, y + 1));
  const dx = (nx - cx) / rx;
  const dy = (ny - cy) / ry;
  return !(dx * dx + dy * dy > 1);
}
