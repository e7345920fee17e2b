/**
 * Cheap style facts from inline styles and the `hidden` attribute. Generated pages keep
 * everything that decides geometry, visibility and salience inline (the bundle contract),
 * so this agrees with a real browser while costing a fraction of getComputedStyle.
 * Pure DOM code: it must run unchanged inside a real browser page.
 */

const BLOCK_TAGS = new Set(['div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'main', 'section', 'article', 'form', 'header', 'nav', 'footer', 'ul', 'ol', 'li', 'body', 'html', 'aside']);
const NEVER_RENDERED = new Set(['head', 'script', 'style', 'template', 'title', 'meta', 'link', 'noscript']);

import { kept, upward } from './unchanged.ts';

const parsed = new WeakMap<Element, { raw: string; props: Map<string, string> }>();

/**
 * The element's inline declarations, read from the style attribute and cached until the
 * attribute changes: far cheaper than going through jsdom's CSSOM on every read.
 */
export function inlineStyle(el: Element): Map<string, string> {
  const memo = kept<Map<string, string>>('style');
  if (!memo) return readInlineStyle(el);
  let props = memo.get(el);
  if (!props) memo.set(el, (props = readInlineStyle(el)));
  return props;
}

function readInlineStyle(el: Element): Map<string, string> {
  const raw = el.getAttribute('style') ?? '';
  const hit = parsed.get(el);
  if (hit && hit.raw === raw) return hit.props;
  const props = new Map<string, string>();
  for (const d of declarations(raw)) props.set(d.name, d.value);
  parsed.set(el, { raw, props });
  return props;
}

/** The declarations of a style attribute, in order, with their `!important` flag. */
export function declarations(raw: string): { name: string; value: string; important: boolean }[] {
  const out: { name: string; value: string; important: boolean }[] = [];
  for (const decl of raw.split(';')) {
    const colon = decl.indexOf(':');
    if (colon < 0) continue;
    const name = decl.slice(0, colon).trim().toLowerCase();
    const value = decl.slice(colon + 1);
    const important = /!\s*important\s*$/i.test(value);
    if (name) out.push({ name, value: value.replace(/!\s*important\s*$/i, '').trim(), important });
  }
  return out;
}

export function inline(el: Element, prop: string): string {
  return inlineStyle(el).get(prop) ?? '';
}

/** Is the element drawn at all (itself and every ancestor)? */
export function isRendered(el: Element): boolean {
  if (!upward('drawn', el, (cur) => (isRenderedSelf(cur) ? undefined : false), true)) return false;
  return inherited(el, 'visibility', 'visible') !== 'hidden';
}

const inheritedKinds = new Map<string, { kind: string; own: (el: Element) => string | undefined }>();

/** The nearest inline value on the element or an ancestor, for inherited properties. */
export function inherited(el: Element, prop: string, fallback: string): string {
  let k = inheritedKinds.get(prop);
  if (k === undefined) inheritedKinds.set(prop, (k = { kind: `inherited ${prop}`, own: (cur) => inline(cur, prop) || undefined }));
  return upward(k.kind, el, k.own, '') || fallback;
}

export function receivesPointer(el: Element): boolean {
  return inherited(el, 'pointer-events', 'auto') !== 'none';
}

/** A stand-in for getComputedStyle, enough for accessible-name computation. */
export function cheapComputedStyle(el: Element): CSSStyleDeclaration {
  const display = !isRenderedSelf(el) ? 'none' : inline(el, 'display') || (BLOCK_TAGS.has(el.localName) ? 'block' : 'inline');
  const visibility = inherited(el, 'visibility', 'visible');
  const values: Record<string, string> = { display, visibility, content: 'none' };
  return { getPropertyValue: (p: string) => values[p] ?? '' } as unknown as CSSStyleDeclaration;
}

export function isRenderedSelf(el: Element): boolean {
  return !NEVER_RENDERED.has(el.localName) && !el.hasAttribute('hidden') && inline(el, 'display') !== 'none';
}

export type Rgba = [number, number, number, number];

export function parseColor(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (!v || v === 'transparent') return null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (hex) {
    const h = hex[1] as string;
    const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
    return [parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16), 1];
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(v);
  if (fn) {
    const parts = (fn[1] as string).split(/[,\s/]+/).filter(Boolean).map(Number);
    if (parts.length < 3 || parts.some(Number.isNaN)) return null;
    return [parts[0] as number, parts[1] as number, parts[2] as number, parts[3] ?? 1];
  }
  if (v === 'white') return [255, 255, 255, 1];
  if (v === 'black') return [0, 0, 0, 1];
  return null;
}

export function toHex([r, g, b]: Rgba): string {
  return '#' + [r, g, b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('');
}

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
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

function ownBackground(el: Element): Rgba | null {
  const bg = parseColor(inline(el, 'background-color')) ?? parseColor(inline(el, 'background'));
  return bg && bg[3] > 0 ? bg : null;
}

const decidesBackground = (el: Element) => ownBackground(el) ?? undefined;

function effectiveBackground(el: Element | null): Rgba | null {
  return el && upward('background', el, decidesBackground, null);
}

/** Salience facts of an element: what a defense can reason about without pixels. */
export function styleFacts(el: Element, pageBackground: string): StyleFacts {
  const fontSize = parseFloat(inherited(el, 'font-size', '16px')) || 16;
  const weight = inherited(el, 'font-weight', '400');
  const fontWeight = weight === 'bold' ? 700 : weight === 'normal' ? 400 : parseInt(weight, 10) || 400;
  const color = parseColor(inherited(el, 'color', '#000000')) ?? [0, 0, 0, 1];
  const own = ownBackground(el);
  const around = effectiveBackground(el.parentElement) ?? parseColor(pageBackground) ?? [255, 255, 255, 1];
  const background = own ?? around;
  const filled = own !== null && toHex(own) !== toHex(around);
  return {
    fontSize,
    fontWeight,
    color: toHex(color),
    background: toHex(background),
    contrast: contrast(color, background),
    underline: inherited(el, 'text-decoration', '').includes('underline') || inherited(el, 'text-decoration-line', '').includes('underline'),
    filled,
  };
}
