/**
 * Cheap style facts from inline styles and the `hidden` attribute. Generated pages keep
 * everything that decides geometry, visibility and salience inline (the bundle contract),
 * so this agrees with a real browser while costing a fraction of getComputedStyle.
 * Pure DOM code: it must run unchanged inside a real browser page.
 */

const BLOCK_TAGS = new Set([
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'main',
  'section',
  'article',
  'form',
  'header',
  'nav',
  'footer',
  'ul',
  'ol',
  'li',
  'body',
  'html',
  'aside',
]);
const NEVER_RENDERED = new Set(['head', 'script', 'style', 'template', 'title', 'meta', 'link', 'noscript']);

import { known, reading, upward, type Known } from './unchanged.ts';

declare module './unchanged.ts' {
  interface Known {
    /** Its style attribute as parsed. */
    style: Parsed | undefined;
    facts: Facts | undefined;
  }
}
import { downFrom, type Memo } from './tree.ts';
import { attribute, hasAttribute, localName } from './nodes.ts';

type Declared = { name: string; value: string; important: boolean }[];

/** The inherited properties read on every element, kept together in its facts. */
const CARRIED = [
  'visibility',
  'pointer-events',
  'font-size',
  'font-weight',
  'color',
  'text-decoration',
  'text-decoration-line',
] as const;
type Carried = (typeof CARRIED)[number];
const carriedProp = (prop: string): prop is Carried => (CARRIED as readonly string[]).includes(prop);
const NO_CARRIED: Readonly<Record<Carried, string>> = {
  visibility: '',
  'pointer-events': '',
  'font-size': '',
  'font-weight': '',
  color: '',
  'text-decoration': '',
  'text-decoration-line': '',
};

/**
 * A style attribute as read: what the element's facts and geometry take from it (its own
 * background; `passive` when it sets no carried property, no background and no fixed
 * position), and, only when asked, its declarations in order and the value each property
 * ends with. A page's styles are mostly unique, and what is kept of each for the rest of
 * the read is what the garbage collector copies: the declarations are read again, from the
 * text, by the few that ask.
 */
export type Parsed = ParsedStyle;

export type Position = 'absolute' | 'fixed' | 'relative';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

function px(value: string): number | null {
  if (!value.endsWith('px')) return value === '0' ? 0 : null;
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : null;
}

/** The authored box of an absolutely or fixed positioned style, when every side is in px. */
function authoredBox(left: string, top: string, width: string, height: string): Rect | null {
  const x = px(left);
  const y = px(top);
  const w = px(width);
  const h = px(height);
  if (x === null || y === null || w === null || h === null) return null;
  return { x, y, w, h };
}

function zIndexOf(z: string): number | null {
  if (!z || z === 'auto') return null;
  const n = parseInt(z, 10);
  return Number.isFinite(n) ? n : null;
}

/**
 * Values by a text they are read from, kept for pages that repeat the same strings. Only
 * strings are keys (no element), and the cache starts over past a count of entries or of
 * characters in its keys, so a page that writes ever new or ever longer strings cannot grow
 * it, nor leave it large for the next episode in the same engine.
 */
export class TextCache<V> {
  private readonly map = new Map<string, V>();
  private chars = 0;

  constructor(
    private readonly maxEntries = MAX_TEXTS,
    private readonly maxChars = MAX_TEXT_CHARS,
  ) {}

  /** Characters held in keys, and entries. */
  get held(): { chars: number; entries: number } {
    return { chars: this.chars, entries: this.map.size };
  }

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  /** Forgets every entry (when full, and for a test that must not see what earlier files read). */
  clear(): void {
    this.map.clear();
    this.chars = 0;
  }

  set(key: string, value: V): void {
    if (key.length > this.maxChars / 8) return;
    if (this.map.size >= this.maxEntries || this.chars + key.length > this.maxChars) this.clear();
    this.map.set(key, value);
    this.chars += key.length;
  }
}
export const MAX_TEXTS = 50_000;
/** About 8 MB of keys; a generated page's distinct styles hold a few KB. */
export const MAX_TEXT_CHARS = 4_000_000;

/** Parsed style attributes by their text: each distinct one is parsed once. */
const byText = new TextCache<Parsed>();

/** The element's inline declarations in order, with their `!important` flag (for the cascade). */
export function inlineDeclarations(el: Element): Declared {
  return parsedStyle(el).list;
}

/** Everything read from the element's style attribute (see Parsed). */
export function parsedStyle(el: Element, k: Known | null = known(el)): Parsed {
  if (!k) return readInlineStyle(el);
  return (k.style ??= readInlineStyle(el));
}

function readInlineStyle(el: Element): Parsed {
  const raw = attribute(el, 'style') ?? '';
  let p = byText.get(raw);
  if (p) return p;
  p = new ParsedStyle(raw);
  byText.set(raw, p);
  return p;
}

class ParsedStyle {
  background: Rgba | null;
  passive: boolean;
  /** `display: none`. */
  none: boolean;
  position: Position | null;
  /** The authored box (left, top, width and height in px, when absolute or fixed), or null. Shared by every element with this style: never changed. */
  own: Rect | null;
  /** The z-index as a number, or null for auto or none. */
  z: number | null;
  /** Forms a stacking context (fixed, positioned with a z-index, or translucent). */
  stacking: boolean;
  /** `overflow: hidden`. */
  clips: boolean;
  /** The carried properties it sets (the value each ends with, '' when none), or null when it sets none. */
  carried: Readonly<Record<Carried, string>> | null;
  private declared: Declared | null = null;
  private byName: Map<string, string> | null = null;

  constructor(private readonly raw: string) {
    // The properties read here, each as it ends; the declarations themselves are not kept.
    // Keywords in lower case, as a browser reads them whatever their case (`display:NONE` hides).
    let position = '',
      left = '',
      top = '',
      width = '',
      height = '',
      z = '',
      opacity = '',
      display = '',
      overflow = '',
      background = '',
      backgroundColor = '';
    let carried: Record<Carried, string> | null = null;
    for (const d of declarations(raw)) {
      switch (d.name) {
        case 'position':
          position = d.value.toLowerCase();
          break;
        case 'left':
          left = d.value;
          break;
        case 'top':
          top = d.value;
          break;
        case 'width':
          width = d.value;
          break;
        case 'height':
          height = d.value;
          break;
        case 'z-index':
          z = d.value;
          break;
        case 'opacity':
          opacity = d.value;
          break;
        case 'display':
          display = d.value.toLowerCase();
          break;
        case 'overflow':
          overflow = d.value.toLowerCase();
          break;
        case 'background':
          background = d.value;
          break;
        case 'background-color':
          backgroundColor = d.value;
          break;
        default:
          if (carriedProp(d.name)) (carried ??= { ...NO_CARRIED })[d.name] = d.value.toLowerCase();
      }
    }
    this.background = backgroundOf(backgroundColor, background);
    this.carried = carried && CARRIED.some((c) => carried[c] !== '') ? carried : null;
    this.passive = this.background === null && position !== 'fixed' && this.carried === null;
    this.none = display === 'none';
    this.position = position === 'absolute' || position === 'fixed' || position === 'relative' ? position : null;
    this.own = this.position === 'absolute' || this.position === 'fixed' ? authoredBox(left, top, width, height) : null;
    this.z = zIndexOf(z);
    this.stacking =
      this.position === 'fixed' ||
      (this.position !== null && this.z !== null) ||
      (opacity !== '' && parseFloat(opacity) < 1);
    this.clips = overflow === 'hidden';
  }

  get list(): Declared {
    return (this.declared ??= declarations(this.raw));
  }

  get props(): Map<string, string> {
    if (!this.byName) {
      const byName = new Map<string, string>();
      for (const d of this.list) byName.set(d.name, d.value);
      this.byName = byName;
    }
    return this.byName;
  }
}

/** The declarations of a style attribute, in order, with their `!important` flag. */
export function declarations(raw: string): Declared {
  const out: Declared = [];
  for (const decl of raw.split(';')) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    const name = decl.slice(0, colon).trim().toLowerCase();
    const value = decl.slice(colon + 1);
    // Without a `!` there is no flag to find or take off.
    const important = value.includes('!') && /!\s*important\s*$/i.test(value);
    if (name)
      out.push({ name, value: (important ? value.replace(/!\s*important\s*$/i, '') : value).trim(), important });
  }
  return out;
}

/** An inline declaration's value, read from the style attribute: far cheaper than going through jsdom's CSSOM. */
export function inline(el: Element, prop: string): string {
  return parsedStyle(el).props.get(prop) ?? '';
}

/** Is the element drawn at all (itself and every ancestor)? */
export function isRendered(el: Element): boolean {
  return drawnWith(facts(el));
}

/**
 * What an element takes from its ancestors, each fact its own or else its parent's: drawn
 * (it and every ancestor), fixed (itself or an ancestor), the nearest own background, and
 * the nearest inline value of each carried property ('' when none).
 */
export interface Facts {
  /** Drawn itself (not hidden, not display: none, not a never-drawn tag). */
  self: boolean;
  drawn: boolean;
  fixed: boolean;
  background: Rgba | null;
  visibility: string;
  'pointer-events': string;
  'font-size': string;
  'font-weight': string;
  color: string;
  'text-decoration': string;
  'text-decoration-line': string;
}

const ROOT: Facts = {
  self: true,
  drawn: true,
  fixed: false,
  background: null,
  visibility: '',
  'pointer-events': '',
  'font-size': '',
  'font-weight': '',
  color: '',
  'text-decoration': '',
  'text-decoration-line': '',
};

function factsFrom(el: Element, outer: Facts, parsed: Parsed = parsedStyle(el)): Facts {
  const self = drawnSelfWith(el, parsed);
  // An element that adds nothing has its parent's facts, the same record.
  if (parsed.passive && self === outer.self) return outer;
  const c = parsed.carried ?? NO_CARRIED;
  return {
    self,
    drawn: outer.drawn && self,
    fixed: outer.fixed || parsed.position === 'fixed',
    background: parsed.background ?? outer.background,
    visibility: c.visibility || outer.visibility,
    'pointer-events': c['pointer-events'] || outer['pointer-events'],
    'font-size': c['font-size'] || outer['font-size'],
    'font-weight': c['font-weight'] || outer['font-weight'],
    color: c.color || outer.color,
    'text-decoration': c['text-decoration'] || outer['text-decoration'],
    'text-decoration-line': c['text-decoration-line'] || outer['text-decoration-line'],
  };
}

/**
 * The element's facts, built from the root down: within a read of an unchanged document,
 * one walk up to the nearest ancestor already known, then each element from its parent's.
 */
export function facts(el: Element): Facts {
  return downFrom(el, reading() ? KEPT_FACTS : new Map<Element, Facts>(), ROOT, factsFrom);
}

/** Facts as the current read keeps them, in each element's record. */
const KEPT_FACTS: Memo<Facts> = {
  get: (el) => known(el)?.facts,
  set: (el, f) => {
    const k = known(el);
    if (k) k.facts = f;
  },
};

/**
 * For a walk from the root down inside `whileUnchanged`: the element's facts from its
 * parent's, kept for the rest of the read as `facts` would keep them.
 */
export function factsBelow(el: Element, outer: Facts, parsed?: Parsed, k: Known | null = known(el)): Facts {
  let f = k?.facts;
  if (f === undefined) {
    f = factsFrom(el, outer, parsed);
    if (k) k.facts = f;
  }
  return f;
}

/** Are an element with these facts and every ancestor drawn (isRendered)? */
export const drawnWith = (f: Facts) => f.drawn && (f.visibility || 'visible') !== 'hidden';

/** Is the element fixed to the viewport (itself or through an ancestor)? */
export function isFixed(el: Element): boolean {
  return facts(el).fixed;
}

const inheritedKinds = new Map<string, { kind: string; own: (el: Element) => string | undefined }>();

/** The nearest inline value on the element or an ancestor, for inherited properties. */
export function inherited(el: Element, prop: string, fallback: string): string {
  if (carriedProp(prop)) return facts(el)[prop] || fallback;
  let k = inheritedKinds.get(prop);
  if (k === undefined)
    inheritedKinds.set(prop, (k = { kind: `inherited ${prop}`, own: (cur) => inline(cur, prop) || undefined }));
  return upward(k.kind, el, k.own, '') || fallback;
}

export function receivesPointer(el: Element): boolean {
  return pointerWith(facts(el));
}

/** Does an element with these facts receive pointer events? */
export const pointerWith = (f: Facts) => (f['pointer-events'] || 'auto') !== 'none';

/** A stand-in for getComputedStyle, enough for accessible-name computation. */
export function cheapComputedStyle(el: Element): CSSStyleDeclaration {
  const display = !isRenderedSelf(el)
    ? 'none'
    : inline(el, 'display') || (BLOCK_TAGS.has(el.localName) ? 'block' : 'inline');
  const visibility = inherited(el, 'visibility', 'visible');
  const values: Record<string, string> = { display, visibility, content: 'none' };
  return { getPropertyValue: (p: string) => values[p] ?? '' } as unknown as CSSStyleDeclaration;
}

export function isRenderedSelf(el: Element): boolean {
  return reading() ? facts(el).self : drawnSelf(el);
}

function drawnSelf(el: Element): boolean {
  return drawnSelfWith(el, parsedStyle(el));
}

function drawnSelfWith(el: Element, parsed: Parsed): boolean {
  return !NEVER_RENDERED.has(localName(el)) && !hasAttribute(el, 'hidden') && !parsed.none;
}

/** A colour; parsed colours are shared records, never changed. */
export type Rgba = [number, number, number, number];

/** Colours by their text, parsed once: a page repeats a few. Shared records, never changed. */
const colours = new TextCache<Rgba | null>();

export function parseColor(value: string): Rgba | null {
  let c = colours.get(value);
  if (c === undefined) {
    c = readColor(value);
    colours.set(value, c);
  }
  return c;
}

function readColor(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (!v || v === 'transparent') return null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (hex) {
    const h = hex[1] as string;
    const full =
      h.length === 3
        ? h
            .split('')
            .map((c) => c + c)
            .join('')
        : h;
    return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16), 1];
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(v);
  if (fn) {
    const parts = (fn[1] as string)
      .split(/[,\s/]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length < 3 || parts.some(Number.isNaN)) return null;
    // Out of range, a channel is clamped, as CSS and Chromium do (`rgb(1e300, -5, 0)` is red): else a page makes colours no hex and contrasts no number.
    const channel = (n: number) => Math.min(255, Math.max(0, n));
    return [
      channel(parts[0] as number),
      channel(parts[1] as number),
      channel(parts[2] as number),
      Math.min(1, Math.max(0, parts[3] ?? 1)),
    ];
  }
  if (v === 'white') return [255, 255, 255, 1];
  if (v === 'black') return [0, 0, 0, 1];
  return null;
}

const hexes = new WeakMap<Rgba, string>();

export function toHex(c: Rgba): string {
  let h = hexes.get(c);
  if (h === undefined) hexes.set(c, (h = readHex(c)));
  return h;
}

function readHex([r, g, b]: Rgba): string {
  return '#' + [r, g, b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('');
}

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const contrasts = new WeakMap<Rgba, WeakMap<Rgba, number>>();

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
  let byB = contrasts.get(a);
  if (!byB) contrasts.set(a, (byB = new WeakMap()));
  let c = byB.get(b);
  if (c === undefined) byB.set(b, (c = readContrast(a, b)));
  return c;
}

function readContrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}

export interface StyleFacts {
  fontSize: number;
  fontWeight: number;
  color: string;
  background: string;
  contrast: number;
  underline: boolean;
  /** Drawn on a filled background of its own (a solid button rather than a text link). */
  filled: boolean;
}

function backgroundOf(backgroundColor: string, background: string): Rgba | null {
  const bg = parseColor(backgroundColor) ?? parseColor(background);
  return bg && bg[3] > 0 ? bg : null;
}

/**
 * Salience facts of an element, what a defense can reason about without pixels: from its
 * facts, its parsed style attribute and its parent's facts (null: it has no parent).
 */
export function styleFacts(f: Facts, parsed: Parsed, outer: Facts | null, pageBackground: string): StyleFacts {
  // The carried properties as `inherited` reads them, from one read of the facts.
  const fontSize = parseFloat(f['font-size'] || '16px') || 16;
  const weight = f['font-weight'] || '400';
  const fontWeight = weight === 'bold' ? 700 : weight === 'normal' ? 400 : parseInt(weight, 10) || 400;
  const color = parseColor(f.color || '#000000') ?? [0, 0, 0, 1];
  const own = parsed.background;
  const around = outer?.background ?? parseColor(pageBackground) ?? [255, 255, 255, 1];
  const background = own ?? around;
  const filled = own !== null && toHex(own) !== toHex(around);
  return {
    fontSize,
    fontWeight,
    color: toHex(color),
    background: toHex(background),
    contrast: contrast(color, background),
    underline: f['text-decoration'].includes('underline') || f['text-decoration-line'].includes('underline'),
    filled,
  };
}
