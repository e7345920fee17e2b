/**
 * Hit testing without a layout engine: the topmost rendered element with an authored box
 * at a viewport point. Painting order is keyed by the chain of (z-index, tree order) over
 * stacking-context ancestors; `overflow: hidden` ancestors clip; `hidden`, `display`,
 * `visibility` and `pointer-events` exclude; an element's rounded corners (border-radius,
 * inline or from its stylesheet) are not part of it. Not modelled: the rounded clip an
 * `overflow: hidden` ancestor with a border-radius puts on its children (a generated page
 * has none). Pure DOM code.
 *
 * Cost grows with the page, not with its square: what scrolling does not change (keys,
 * unscrolled boxes, clipping ancestors) is read once per document, boxes go into a packed
 * R-tree (flatbush), and a point is tested exactly only against the few boxes near it.
 */
import Flatbush from 'flatbush';
import {
  contains,
  intersect,
  isFixed,
  offsetsBelow,
  type Offsets,
  pageBoxOf,
  placeBelow,
  type Rect,
  type Scroll,
  viewportBox,
} from './dom/geometry.ts';
import { clearOfCorners, cornerBound, insideRounded, radii, type Radii } from './dom/radius.ts';
import { currentRead, known, whileUnchanged, type Known } from './dom/unchanged.ts';

declare module './dom/unchanged.ts' {
  interface Known {
    /** Its paintable as the last paint index built in the read placed it. */
    layer: Layer | undefined;
  }
}
import { downFrom } from './dom/tree.ts';
import {
  countElements,
  firstChild,
  firstElementChild,
  nextElementSibling,
  nextSibling,
  nodeType,
  ownerDocument,
  parentElementOf,
} from './dom/nodes.ts';
import {
  drawnWith,
  facts,
  factsBelow,
  type Facts,
  type Parsed,
  parsedStyle,
  pointerWith,
  receivesPointer,
} from './dom/style.ts';

type Key = number[];

export interface Paintable {
  el: Element;
  rect: Rect;
  /** The visible part after clipping, or null when clipped away. */
  visible: Rect | null;
  key: Key;
  /** Fixed to the viewport (itself or through an ancestor): scrolling does not move it. */
  fixed: boolean;
}

/** A paintable element as scrolling leaves it: boxes at no scroll, shifted on placing. */
export interface Layer {
  el: Element;
  /** The layers it was read among (one paint index's). */
  among: Layer[];
  /** Its painting key is `base` (its stacking-context ancestors', shared) then its z-index and tree order. */
  base: Key;
  z: number;
  order: number;
  fixed: boolean;
  box: Rect;
  /** Boxes of the `overflow: hidden` ancestors that clip it, nearest first. */
  clips: Rect[];
  /** Receives pointer events (receivesPointer's answer, from the facts the walk read). */
  pointer: boolean;
  /** Its place in painting order among its index's layers, once the index has ranked them (rankLayers), else -1. */
  rank: number;
}

const NO_SCROLL: Scroll = { x: 0, y: 0 };

/** What an element passes to its children in the walk: the facts, offsets, painting key and clips they start from. */
interface Context<S> {
  facts: Facts;
  offsets: Offsets;
  key: Key;
  clipsFixed: Rect[];
  clipsScrolling: Rect[];
  /** What the reader gave the element for its children, or null: it hears nothing below. */
  state: S | null;
  /** The reader hears the element's text nodes too (`texts` said so of the state). */
  texts: boolean;
}

/**
 * Every rendered element with a box, in tree order, with its painting key and clipping
 * ancestors. One walk from the body down, each element's context built from its parent's;
 * it also keeps each element's style facts and page box for the rest of the read, and
 * hands each node to the reader, if any, while the node is at hand.
 */
function layers<S>(doc: Document, reader?: Reader<S>): Layer[] {
  const out: Layer[] = [];
  const body = doc.body;
  if (!body) return out;
  const bodyFacts = facts(body);
  const root = parentElementOf(body);
  const bodyState = reader ? reader.element(body, known(body) as Known, null, root && facts(root)) : null;
  let ctx: Context<S> = {
    facts: bodyFacts,
    offsets: offsetsBelow(body),
    // The keys stacking-context ancestors give start inside the body.
    key: NO_KEY,
    clipsFixed: downFrom(body, new Map<Element, Rect[]>(), NO_CLIPS, clippingFixed),
    clipsScrolling: downFrom(body, new Map<Element, Rect[]>(), NO_CLIPS, clippingScrolling),
    state: bodyState,
    texts: bodyState !== null && !!reader?.texts(bodyState),
  };
  const stack: { ctx: Context<S>; next: ChildNode | null }[] = [];
  // A parent whose text the reader hears is walked node by node, any other element by element.
  const firstIn = (el: Element, texts: boolean): ChildNode | null => (texts ? firstChild(el) : firstElementChild(el));
  const nextIn = (node: ChildNode, texts: boolean): ChildNode | null =>
    texts ? nextSibling(node) : nextElementSibling(node as Element);
  let node = firstIn(body, ctx.texts);
  let i = 0;
  for (;;) {
    if (!node) {
      const up = stack.pop();
      if (!up) break;
      ({ ctx, next: node } = up);
      continue;
    }
    const type = ctx.texts ? nodeType(node) : 1;
    if (type !== 1) {
      if (type === 3) (reader as Reader<S>).text(node as Text, ctx.state as S);
      node = nextSibling(node);
      continue;
    }
    const el = node as Element;
    const order = ++i;
    const k = known(el);
    const parsed = parsedStyle(el, k);
    const f = factsBelow(el, ctx.facts, parsed, k);
    // Nothing under an element that is not drawn is drawn: a site's hidden pages are skipped whole.
    if (!f.self) {
      // Counted on the tree itself: a page's own getElementsByTagName could answer anything.
      i += countElements(el);
      node = nextIn(el, ctx.texts);
      continue;
    }
    const state = ctx.state !== null && reader ? reader.element(el, k as Known, ctx.state, ctx.facts) : null;
    const offsets = placeBelow(el, ctx.offsets, parsed, k);
    // A page box is its box at no scroll (atScroll's, to the bit), and never changed: no copy.
    const box = pageBoxOf(el, k);
    if (box && drawnWith(f)) {
      const layer: Layer = {
        el,
        among: out,
        base: ctx.key,
        z: parsed.z ?? 0,
        order,
        fixed: f.fixed,
        box,
        clips: f.fixed ? ctx.clipsFixed : ctx.clipsScrolling,
        pointer: pointerWith(f),
        rank: -1,
      };
      out.push(layer);
      if (k) k.layer = layer;
    }
    const texts = state !== null && !!reader?.texts(state);
    const first = firstIn(el, texts);
    if (first) {
      stack.push({ ctx, next: nextIn(el, ctx.texts) });
      ctx = {
        facts: f,
        offsets,
        key: parsed.stacking ? [...ctx.key, parsed.z ?? 0, order] : ctx.key,
        clipsFixed: clipsInside(parsed, box, f.fixed, true, ctx.clipsFixed),
        clipsScrolling: clipsInside(parsed, box, f.fixed, false, ctx.clipsScrolling),
        state,
        texts,
      };
      node = first;
    } else {
      node = nextIn(el, ctx.texts);
    }
  }
  return out;
}

/**
 * What reads the page beside the paint walk, hearing each node while the walk has it at
 * hand: a page's nodes lie all over the heap, and a second walk to read more of them pays
 * again to reach each one. The walk reads the body and every element drawn itself, in
 * tree order; the reader hears the body (with no parent state) and each such element
 * below one it gave a state, and gives the element's children a state of theirs, or null
 * to hear nothing below it. Where `texts` says so of a state, it hears that element's
 * text nodes too, in their place among its children.
 */
export interface Reader<S> {
  element(el: Element, k: Known, parent: S | null, outer: Facts | null): S | null;
  texts(state: S): boolean;
  text(node: Text, parent: S): void;
}

const NO_KEY: Key = [];
const NO_CLIPS: Rect[] = [];
const clippingFixed = (el: Element, outer: Rect[]) => clipping(el, true, outer);
const clippingScrolling = (el: Element, outer: Rect[]) => clipping(el, false, outer);

/**
 * The clips inside an element, given those outside it: its own box first when it has
 * `overflow: hidden` and a box (for a fixed descendant, only when fixed too: it escapes
 * the rest), nearest first.
 */
function clipping(el: Element, fixed: boolean, outer: Rect[]): Rect[] {
  return clipsInside(parsedStyle(el), viewportBox(el, NO_SCROLL), isFixed(el), fixed, outer);
}

/** clipping's answer from what the walk has read of the element: its parsed style, its unscrolled box and whether it is fixed. */
function clipsInside(parsed: Parsed, box: Rect | null, elFixed: boolean, fixed: boolean, outer: Rect[]): Rect[] {
  if (!parsed.clips || !parsed.own || !box) return outer;
  if (fixed && !elFixed) return outer;
  return outer.length === 0 ? [box] : [box].concat(outer);
}

/**
 * A layer at a scroll. The arithmetic is viewportBox's (offsets summed, then the scroll
 * taken off) and the clipping ancestors are intersected nearest first, so a box is the
 * same to the last bit as one read at that scroll directly. A non-fixed element has no
 * fixed ancestor and a fixed one keeps only fixed clips, so one shift fits all its boxes.
 */
function place(l: Layer, scroll: Scroll): Paintable {
  const rect = shift(l.box, l.fixed, scroll);
  return { el: l.el, rect, visible: visibleAt(l, rect, scroll), key: [...l.base, l.z, l.order], fixed: l.fixed };
}

/** The layer's box placed at a scroll (`rect`), less what its clipping ancestors cut off. */
function visibleAt(l: Layer, rect: Rect, scroll: Scroll): Rect | null {
  let visible: Rect | null = rect;
  for (const c of l.clips) {
    if (!visible) break;
    visible = intersect(visible, shift(c, l.fixed, scroll));
  }
  return visible;
}

/** compareKeys of two layers' keys, without making them. */
function compareLayers(a: Layer, b: Layer): number {
  const na = a.base.length + 2;
  const nb = b.base.length + 2;
  const n = Math.min(na, nb);
  for (let i = 0; i < n; i++) {
    const d = keyAt(a, i) - keyAt(b, i);
    if (d !== 0) return d;
  }
  return na - nb;
}

const keyAt = (l: Layer, i: number): number =>
  i < l.base.length ? (l.base[i] as number) : i === l.base.length ? l.z : l.order;

/** Scratch for visibleInto: x, y, w, h. */
const VISIBLE = new Float64Array(4);

/**
 * The layer's visible box at a scroll into VISIBLE, false when clipped away: place's
 * arithmetic (the same shifts, intersections and comparisons, so the same box to the last
 * bit) without making a box at each step.
 */
function visibleInto(l: Layer, scroll: Scroll): boolean {
  const dx = l.fixed ? 0 : scroll.x;
  const dy = l.fixed ? 0 : scroll.y;
  let vx = l.fixed ? l.box.x : l.box.x - dx;
  let vy = l.fixed ? l.box.y : l.box.y - dy;
  let vw = l.box.w;
  let vh = l.box.h;
  for (const c of l.clips) {
    const cx = l.fixed ? c.x : c.x - dx;
    const cy = l.fixed ? c.y : c.y - dy;
    const left = Math.max(vx, cx);
    const top = Math.max(vy, cy);
    const right = Math.min(vx + vw, cx + c.w);
    const bottom = Math.min(vy + vh, cy + c.h);
    if (!(right > left && bottom > top)) return false;
    vx = left;
    vy = top;
    vw = right - left;
    vh = bottom - top;
  }
  VISIBLE[0] = vx;
  VISIBLE[1] = vy;
  VISIBLE[2] = vw;
  VISIBLE[3] = vh;
  return true;
}

/** Does the layer's visible box at a scroll hold (x, y)? */
function visibleHolds(l: Layer, scroll: Scroll, x: number, y: number): boolean {
  if (!visibleInto(l, scroll)) return false;
  const vx = VISIBLE[0] as number;
  const vy = VISIBLE[1] as number;
  return x >= vx && x < vx + (VISIBLE[2] as number) && y >= vy && y < vy + (VISIBLE[3] as number);
}

function shift(r: Rect, fixed: boolean, scroll: Scroll): Rect {
  return fixed ? { x: r.x, y: r.y, w: r.w, h: r.h } : { x: r.x - scroll.x, y: r.y - scroll.y, w: r.w, h: r.h };
}

export function compareKeys(a: Key, b: Key): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Elements' own shapes (their boxes less any rounded corners), each read once. Valid while the document is unchanged. */
class Shapes {
  private readonly known = new Map<Element, Radii | null>();

  /** Is (x, y) inside the shape of the element, whose box is `rect`? */
  holds(el: Element, rect: Rect, x: number, y: number): boolean {
    let r = this.known.get(el);
    if (r === undefined) {
      // A point well inside needs no radii: the cascade is dearer than a bound on them.
      if (clearOfCorners(rect, cornerBound(el, ownerDocument(el)), x, y)) return true;
      r = radii(el, rect);
      this.known.set(el, r);
    }
    return r === null || insideRounded(rect, r, x, y);
  }
}

/** Of some paintables, the topmost that would receive a pointer event at (x, y), or null. */
function topmost(items: Iterable<Paintable>, x: number, y: number, shapes: Shapes): Element | null {
  const under: Paintable[] = [];
  for (const p of items) {
    if (p.visible && contains(p.visible, x, y) && receivesPointer(p.el)) under.push(p);
  }
  // Topmost first; the shape, dearer to test than the box, only until one holds the point.
  under.sort((a, b) => compareKeys(b.key, a.key));
  return under.find((p) => shapes.holds(p.el, p.rect, x, y))?.el ?? null;
}

/** Room around every box and query: rounding in sums, shifts and clips never moves an edge this far. */
const slack = (v: number) => 1 + Math.abs(v) * 1e-9;

/**
 * Which of some boxes may hold a point: a superset, as the boxes are padded; the caller
 * tests each exactly. Boxes with a non-finite edge are kept apart and always returned.
 */
class BoxIndex {
  private readonly tree: Flatbush | null = null;
  private readonly ids: number[] = [];
  private readonly loose: number[] = [];

  constructor(boxes: readonly (Rect | null)[]) {
    let finite = 0;
    for (let i = 0; i < boxes.length; i++) {
      const r = boxes[i];
      // A box with no width or height holds no point, at any scroll or clip.
      if (!r || !(r.w > 0 && r.h > 0)) continue;
      if (Number.isFinite(r.x) && Number.isFinite(r.y) && Number.isFinite(r.x + r.w) && Number.isFinite(r.y + r.h))
        finite++;
      else this.loose.push(i);
    }
    if (finite === 0) return;
    this.tree = new Flatbush(finite);
    for (let i = 0; i < boxes.length; i++) {
      const r = boxes[i];
      if (!r || !(r.w > 0 && r.h > 0)) continue;
      const right = r.x + r.w;
      const bottom = r.y + r.h;
      if (!(Number.isFinite(r.x) && Number.isFinite(r.y) && Number.isFinite(right) && Number.isFinite(bottom)))
        continue;
      this.tree.add(r.x - slack(r.x), r.y - slack(r.y), right + slack(right), bottom + slack(bottom));
      this.ids.push(i);
    }
    this.tree.finish();
  }

  /** Where `near` is putting what it finds, and how many it has put there. */
  private sink: number[] = [];
  private filled = 0;
  /** Takes each box found straight into the sink, so that a search makes no list of its own. */
  private readonly take = (found: number): boolean => {
    this.sink[this.filled++] = this.ids[found] as number;
    return false;
  };

  /**
   * Puts in `out`, from place `from` on, the index of every box that may hold the point,
   * and returns the place after the last. The caller's list is written over, never
   * emptied: emptying a list frees its storage, and a hit test per entry would make it again.
   */
  near(x: number, y: number, pad: number, out: number[], from: number): number {
    this.sink = out;
    this.filled = from;
    if (this.tree) this.tree.search(x - pad, y - pad, x + pad, y + pad, this.take);
    for (let k = 0; k < this.loose.length; k++) out[this.filled++] = this.loose[k] as number;
    return this.filled;
  }
}

/**
 * The paintables of a document, read once and placed at any scroll. Scrolling moves every
 * non-fixed box by the same amount, so one index of unscrolled boxes answers for every
 * scroll: an observation that scrolls each element into view costs one read of the page.
 * Valid while the document is unchanged.
 */
export class PaintIndex {
  private readonly layers: Layer[];
  /** The read the layers were read in, when one went on around it: each element's record then says its layer. */
  private readonly read: object | null;
  /** The layers by element, made when asked for outside that read. */
  private byElement: Map<Element, Layer> | null = null;
  private trees: { scrolling: BoxIndex; fixed: BoxIndex } | null = null;
  private readonly shapes: Shapes;
  /** Scratch lists of one hit test, kept between tests and written over (only the first places a test fills are its), so that a test allocates none. */
  private readonly near: number[] = [];
  private readonly under: Layer[] = [];

  constructor(doc: Document, reader?: Reader<unknown>) {
    this.read = currentRead();
    this.layers = whileUnchanged(() => layers(doc, reader));
    this.shapes = new Shapes();
  }

  /** The element's layer in this index, if it has one (`k`: its record, when at hand). */
  private layerOf(el: Element, k?: Known | null): Layer | undefined {
    if (this.read !== null && this.read === currentRead()) {
      const l = (k ?? known(el))?.layer;
      // Another index read in the same read puts its own layer in the record: then look it up.
      if (l === undefined || l.among === this.layers) return l;
    }
    if (!this.byElement) {
      this.byElement = new Map();
      for (const l of this.layers) this.byElement.set(l.el, l);
    }
    return this.byElement.get(el);
  }

  /** Every paintable at a scroll, in tree order. */
  at(scroll: Scroll): Paintable[] {
    return this.layers.map((l) => place(l, scroll));
  }

  /**
   * Height of the scrollable page: the lowest non-fixed box, at least the viewport. The
   * arithmetic of `pageHeight` over this index's paintables, without placing each one.
   */
  pageHeight(scroll: Scroll, viewport: { height: number }): number {
    let max = viewport.height;
    for (let i = 0; i < this.layers.length; i++) {
      const l = this.layers[i] as Layer;
      if (l.fixed) continue;
      const y = l.box.y - scroll.y;
      if (y + l.box.h + scroll.y > max) max = y + l.box.h + scroll.y;
    }
    return Math.ceil(max);
  }

  /**
   * What a click at the centre of the element's visible box at a scroll would hit (the hit
   * at `centre(visible(...))`), or null when it has no visible box: without making either.
   */
  hitAtCentre(el: Element, scroll: Scroll, k?: Known | null): Element | null {
    const l = this.layerOf(el, k);
    if (!l || !visibleInto(l, scroll)) return null;
    return this.hit(
      Math.floor((VISIBLE[0] as number) + (VISIBLE[2] as number) / 2),
      Math.floor((VISIBLE[1] as number) + (VISIBLE[3] as number) / 2),
      scroll,
    );
  }

  /** The topmost element that would receive a pointer event at viewport point (x, y) at a scroll. */
  hit(x: number, y: number, scroll: Scroll): Element | null {
    this.trees ??= {
      scrolling: new BoxIndex(this.layers.map((l) => (l.fixed ? null : l.box))),
      fixed: new BoxIndex(this.layers.map((l) => (l.fixed ? l.box : null))),
    };
    const px = x + scroll.x;
    const py = y + scroll.y;
    const pad = slack(Math.abs(x) + Math.abs(y) + Math.abs(scroll.x) + Math.abs(scroll.y));
    const near = this.near;
    const found = this.trees.fixed.near(x, y, pad, near, this.trees.scrolling.near(px, py, pad, near, 0));
    // topmost's answer over the candidates whose visible box holds the point, topmost first.
    const under = this.under;
    let count = 0;
    for (let k = 0; k < found; k++) {
      const l = this.layers[near[k] as number] as Layer;
      if (visibleHolds(l, scroll, x, y) && l.pointer) under[count++] = l;
    }
    // A comparison of keys costs as much as the layers are nested deep: under many boxes, each
    // layer's place in painting order is read once for the index and compared instead.
    if (count > RANK_FROM && !this.ranked) this.rankLayers();
    const ranked = this.ranked;
    // The topmost left, taken one at a time: its shape nearly always holds the point, so a
    // point under many boxes costs one pass over them, not a sort. No two layers' keys are
    // equal, so the order is the sorted one.
    for (let picked = 0; count > 0; picked++) {
      if (picked === PICKS)
        return this.firstHolding(
          under.slice(0, count).sort(ranked ? (a, b) => b.rank - a.rank : (a, b) => compareLayers(b, a)),
          scroll,
          x,
          y,
        );
      let top = 0;
      for (let k = 1; k < count; k++) {
        const a = under[k] as Layer;
        const b = under[top] as Layer;
        if (ranked ? a.rank > b.rank : compareLayers(a, b) > 0) top = k;
      }
      const l = under[top] as Layer;
      if (this.shapes.holds(l.el, shift(l.box, l.fixed, scroll), x, y)) return l.el;
      under[top] = under[--count] as Layer;
    }
    return null;
  }

  private ranked = false;

  /** Gives every layer its place in painting order (rank), bottom first. */
  private rankLayers(): void {
    const sorted = this.layers.slice().sort(compareLayers);
    for (let i = 0; i < sorted.length; i++) (sorted[i] as Layer).rank = i;
    this.ranked = true;
  }

  /** Of layers topmost first, the element of the first whose shape holds the point. */
  private firstHolding(layers: readonly Layer[], scroll: Scroll, x: number, y: number): Element | null {
    for (const l of layers) if (this.shapes.holds(l.el, shift(l.box, l.fixed, scroll), x, y)) return l.el;
    return null;
  }
}

/** Shapes a hit test tries by picking the topmost left before it sorts the rest: past a few misses (rounded corners around the point), a sort costs less. */
const PICKS = 4;

/** Candidates at a point past which a hit test ranks its index's layers (a few on any real page). */
const RANK_FROM = 32;

/** Every rendered element with a box at a scroll, in tree order, with its painting key and clip. */
export function paintables(doc: Document, scroll: Scroll): Paintable[] {
  return new PaintIndex(doc).at(scroll);
}

/** Indexes of lists of paintables, built on a list's first hit test. */
const listIndexes = new WeakMap<readonly Paintable[], { boxes: BoxIndex; shapes: Shapes }>();

/** The topmost element of these paintables that would receive a pointer event at (x, y), or null. */
export function hitFrom(items: readonly Paintable[], x: number, y: number): Element | null {
  let index = listIndexes.get(items);
  if (!index) {
    index = { boxes: new BoxIndex(items.map((p) => p.visible)), shapes: new Shapes() };
    listIndexes.set(items, index);
  }
  // A new list, filled from its start: all of it is this test's.
  const ids: number[] = [];
  index.boxes.near(x, y, slack(Math.abs(x) + Math.abs(y)), ids, 0);
  return topmost(
    ids.map((i) => items[i] as Paintable),
    x,
    y,
    index.shapes,
  );
}

export function hitTest(doc: Document, x: number, y: number, scroll: Scroll): Element | null {
  return new PaintIndex(doc).hit(x, y, scroll);
}

/** Does a hit on `hit` land on `target` (the target itself or something inside it)? */
export function lands(hit: Element | null, target: Element): boolean {
  return hit !== null && (hit === target || target.contains(hit));
}
