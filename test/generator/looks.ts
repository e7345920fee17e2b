/**
 * What anyone sees of a control without reading a word: its tag, classes, inline look (size,
 * weight, colour, background, underline), its box and where it sits, and its place among the
 * controls beside it. A learner fed these and nothing else, trained on one seed's traps and
 * ways out and tested on another's, measures how far salience alone predicts the trap.
 */
import type { Bundle } from '../../generator/bundle.ts';
import { ATTR } from '../../scenarios/contract.ts';
import type { Sample } from './tells.ts';

/* Coarse enough that a token learned on one seed's boxes recurs on another's. */
const BUCKET: Record<string, number> = { left: 100, top: 100, width: 30, height: 6 };

/** An element's style declarations, as written inline. */
function declarations(el: Element): [string, string][] {
  return (el.getAttribute('style') ?? '')
    .split(';')
    .map((d) => d.split(':').map((x) => x.trim()))
    .filter((d): d is [string, string] => d.length === 2 && !!d[0]);
}

const px = (v: string | undefined) => (v === undefined ? NaN : parseFloat(v));

/** The non-text features of one control. */
export function lookTokens(el: Element): Set<string> {
  const out = new Set<string>([`tag=${el.localName}`]);
  for (const c of Array.from(el.classList)) out.add(`class=${c}`);
  const style = new Map(declarations(el));
  for (const [k, v] of style) {
    if (k === 'position' || k === 'line-height') continue;
    const bucket = BUCKET[k];
    out.add(bucket ? `${k}~${Math.floor(px(v) / bucket)}` : `${k}=${v}`);
  }
  const w = px(style.get('width'));
  const h = px(style.get('height'));
  if (w > 0 && h > 0) out.add(`area~${Math.round(Math.log2(w * h))}`);
  out.add(style.has('background') ? 'filled' : 'unfilled');
  /* Its place among the controls that share its parent: first, last, alone, and larger or smaller than the rest. */
  const peers = Array.from(el.parentElement?.children ?? []).filter((x) => x.hasAttribute(ATTR.control));
  const i = peers.indexOf(el);
  if (peers.length < 2) out.add('alone');
  else {
    if (i === 0) out.add('first');
    if (i === peers.length - 1) out.add('last');
    const areas = peers.map((p) => {
      const s = new Map(declarations(p));
      return px(s.get('width')) * px(s.get('height'));
    });
    const mine = areas[i] as number;
    if (areas.every((a, j) => j === i || a < mine)) out.add('largest');
    if (areas.every((a, j) => j === i || a > mine)) out.add('smallest');
  }
  return out;
}

/** Of `samples`, the share of each kind that carries the `primary` class, and the families whose every trap carries it and no way out does. */
export function primaryShare(samples: readonly Sample[]): {
  deceptive: number;
  correct: number;
  alwaysOnTrap: string[];
  families: number;
} {
  const share = (kind: string) => {
    const of = samples.filter((s) => s.kind === kind);
    return of.filter((s) => s.tokens.has('class=primary')).length / Math.max(1, of.length);
  };
  const fams = [...new Set(samples.map((s) => s.family))];
  const alwaysOnTrap = fams.filter((f) => {
    const own = samples.filter((s) => s.family === f);
    return (
      own.some((s) => s.kind === 'correct') &&
      own.filter((s) => s.kind === 'deceptive').every((s) => s.tokens.has('class=primary')) &&
      own.filter((s) => s.kind === 'correct').every((s) => !s.tokens.has('class=primary'))
    );
  });
  return { deceptive: share('deceptive'), correct: share('correct'), alwaysOnTrap, families: fams.length };
}

/** Money amounts, in cents, written anywhere in `text`. */
function amounts(text: string): number[] {
  return [...text.matchAll(/\d+(?:[.,]\d{2})(?!\d)/g)].map((m) => Math.round(parseFloat(m[0].replace(',', '.')) * 100));
}

/** Every money amount a JSON value holds (a number under a key that names a price or an amount), in cents. */
function amountsIn(json: unknown, out: number[] = [], money = false): number[] {
  if (typeof json === 'number' && money) out.push(Math.round(json * 100));
  else if (Array.isArray(json)) for (const v of json) amountsIn(v, out, money);
  else if (json && typeof json === 'object')
    for (const [k, v] of Object.entries(json)) amountsIn(v, out, money || /price|amount|fee|total/i.test(k));
  return out;
}

const unescape = (raw: string) =>
  raw
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A JSON object or array, or undefined when `text` is none. */
function jsonOf(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A hostile reader's rule on the whole served first page: a money amount the page holds
 * anywhere in its data (every attribute value and script that is JSON) that its visible text
 * nowhere shows flags the shop as one that will charge what it did not show.
 */
export function hiddenAmountRule(b: Bundle): boolean {
  const html = b.files['index.html'] as string;
  const visible = new Set(
    amounts(
      html
        .replace(/<script[\s\S]*?<\/script>/g, ' ')
        .replace(/<style[\s\S]*?<\/style>/g, ' ')
        .replace(/<[^>]*>/g, ' '),
    ),
  );
  const hidden: number[] = [];
  const data = [
    ...[...html.matchAll(/\s[\w:-]+="([^"]*)"/g)].map((m) => unescape(m[1] as string)),
    ...[...html.matchAll(/<script\b[^>]*type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1] as string,
    ),
  ];
  for (const text of data) amountsIn(jsonOf(text), hidden);
  return hidden.some((n) => n > 0 && !visible.has(n));
}
