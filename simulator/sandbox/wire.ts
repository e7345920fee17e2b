/**
 * An observation as it crosses from the engine process to the run. Node's IPC copies a
 * large message once per chunk it receives, so its cost grows with the square of the
 * message's size; an element table sent as objects repeats every key and every style
 * record (8 MB for 34,000 elements). Here it travels by columns: each element's keys once
 * as a shape, each value in its key's column, boxes as numbers, style records once each
 * (a third of the size). The run rebuilds the same objects, key for key in the same order,
 * after checking every column: a table that does not hold together is a malformed answer.
 */
import { z } from 'zod';
import type { Observation, ObservedElement } from '../observe.ts';
import type { StyleFacts } from '../dom/style.ts';

/** Every key an element may have (ObservedElement's). */
const KEYS = ['ref', 'role', 'name', 'depth', 'text', 'level', 'checked', 'disabled', 'value', 'box', 'inViewport', 'covered', 'coveredBy', 'style'] as const;
type Key = (typeof KEYS)[number];
/** Keys whose values travel in a column of their own (box and style have theirs). */
type Plain = Exclude<Key, 'box' | 'style'>;
const PLAIN = KEYS.filter((k): k is Plain => k !== 'box' && k !== 'style');
/** The keys every element has, as the run checked them before the table went by columns. */
const REQUIRED: readonly Key[] = ['ref', 'role', 'name', 'depth', 'box', 'inViewport', 'covered'];
/** What each column may hold: the kind of the key in ObservedElement. */
const COLUMN_CHECKS: Record<Plain, (v: unknown) => boolean> = {
  ref: (v) => v === null || typeof v === 'string',
  role: (v) => typeof v === 'string',
  name: (v) => typeof v === 'string',
  // As zod's number: no NaN and no infinity.
  depth: (v) => typeof v === 'number' && Number.isFinite(v),
  inViewport: (v) => typeof v === 'boolean',
  covered: (v) => typeof v === 'boolean',
  text: (v) => typeof v === 'string',
  level: (v) => typeof v === 'number' && Number.isFinite(v),
  checked: (v) => typeof v === 'boolean',
  disabled: (v) => typeof v === 'boolean',
  value: (v) => typeof v === 'string',
  coveredBy: (v) => typeof v === 'string',
};
/** Where a shape's box and style come from, beside the plain columns (PLAIN's places). */
const BOX = -1;
const STYLE = -2;
/** One character per key, for an element's shape as a short string. */
const CODE = new Map<string, string>(KEYS.map((k, i) => [k, String.fromCharCode(65 + i)]));

export interface WireObservation {
  head: Omit<Observation, 'elements'>;
  /** Distinct key orders, and each element's one. */
  shapes: Key[][];
  shape: number[];
  columns: Partial<Record<Plain, unknown[]>>;
  /** x, y, w, h of each box that is not null, in order; the places of null boxes apart. */
  boxes: Float64Array;
  noBox: number[];
  /** Distinct style records, and each styled element's one. */
  styles: StyleFacts[];
  style: number[];
}

const styleKey = (s: StyleFacts) => `${s.fontSize}|${s.fontWeight}|${s.color}|${s.background}|${s.contrast}|${s.underline}|${s.filled}`;

/**
 * Writes an observation's entries into columns as they come (an observation's `into`):
 * each entry is written while it is still at hand, and none is kept.
 */
export class Encoder {
  private readonly shapeIds = new Map<string, number>();
  private readonly shapes: Key[][] = [];
  private readonly shape: number[] = [];
  private readonly columns: Partial<Record<Plain, unknown[]>> = {};
  private readonly boxes: number[] = [];
  private readonly noBox: number[] = [];
  private readonly styleIds = new Map<string, number>();
  private readonly styles: StyleFacts[] = [];
  private readonly style: number[] = [];
  private boxed = 0;

  push(e: ObservedElement): void {
    let sig = '';
    for (const k in e) sig += CODE.get(k) ?? '?';
    let s = this.shapeIds.get(sig);
    if (s === undefined) {
      this.shapeIds.set(sig, (s = this.shapes.length));
      this.shapes.push(Object.keys(e) as Key[]);
    }
    this.shape.push(s);
    const record = e as unknown as Record<Key, unknown>;
    for (const k of this.shapes[s] as Key[]) {
      if (k === 'box') {
        const b = e.box;
        if (b) this.boxes.push(b.x, b.y, b.w, b.h);
        else this.noBox.push(this.boxed);
        this.boxed++;
      } else if (k === 'style') {
        const key = styleKey(e.style as StyleFacts);
        let n = this.styleIds.get(key);
        if (n === undefined) {
          this.styleIds.set(key, (n = this.styles.length));
          this.styles.push(e.style as StyleFacts);
        }
        this.style.push(n);
      } else {
        (this.columns[k] ??= []).push(record[k]);
      }
    }
  }

  /** The observation of these entries, with its head. */
  finish(head: Omit<Observation, 'elements'>): WireObservation {
    const { shapes, shape, columns, noBox, styles, style } = this;
    return { head, shapes, shape, columns, boxes: Float64Array.from(this.boxes), noBox, styles, style };
  }
}

export function encode(obs: Observation): WireObservation {
  const { elements, ...head } = obs;
  const encoder = new Encoder();
  for (const e of elements) encoder.push(e);
  return encoder.finish(head);
}

const list = z.custom<unknown[]>((v) => Array.isArray(v), 'not a list');
const indexes = z.custom<number[]>((v) => Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 0), 'not a list of indexes');
const num = z.number();

export const WIRE = z.object({
  head: z.object({ url: z.string(), title: z.string(), scroll: z.object({ x: num, y: num }), viewport: z.object({ width: num, height: num }) }),
  shapes: z.array(z.array(z.enum(KEYS)).refine((keys) => new Set(keys).size === keys.length && REQUIRED.every((k) => keys.includes(k)), 'a shape without a key every element has, or with one twice')),
  shape: indexes,
  columns: z.partialRecord(z.enum(PLAIN as [Plain, ...Plain[]]), list),
  boxes: z.instanceof(Float64Array),
  noBox: indexes,
  styles: z.array(z.looseObject({})),
  style: indexes,
});

/** The elements again, or the reason the table does not hold together. */
export function decode(wire: z.infer<typeof WIRE>): Observation | string {
  const { head, shapes, shape, columns, boxes, noBox, styles, style } = wire;
  for (const k of PLAIN) {
    const check = COLUMN_CHECKS[k];
    const column = columns[k];
    if (!column) continue;
    // By index, not every(): a list with holes skips them.
    for (let i = 0; i < column.length; i++) if (!check(column[i])) return `a value of ${k} of the wrong kind`;
  }
  for (let i = 0; i < boxes.length; i++) if (!Number.isFinite(boxes[i])) return 'a box with an edge that is not a number';
  // Each shape's keys as where their values come from: a plain column by its place in PLAIN, or the boxes or the styles.
  const plans = shapes.map((keys) => keys.map((k) => (k === 'box' ? BOX : k === 'style' ? STYLE : PLAIN.indexOf(k))));
  const cols = PLAIN.map((k) => columns[k]);
  const taken = PLAIN.map(() => 0);
  let nextNull = 0;
  let boxed = 0;
  let boxAt = 0;
  let styleAt = 0;
  const elements: ObservedElement[] = [];
  for (let i = 0; i < shape.length; i++) {
    const s = shape[i] as number;
    const keys = shapes[s];
    const plan = plans[s];
    if (!keys || !plan) return 'an element with no shape';
    const e: Record<string, unknown> = {};
    for (let j = 0; j < keys.length; j++) {
      const from = plan[j] as number;
      if (from === BOX) {
        if (noBox[nextNull] === boxed) {
          e.box = null;
          nextNull++;
        } else {
          if (boxAt + 4 > boxes.length) return 'too few boxes';
          e.box = { x: boxes[boxAt], y: boxes[boxAt + 1], w: boxes[boxAt + 2], h: boxes[boxAt + 3] };
          boxAt += 4;
        }
        boxed++;
      } else if (from === STYLE) {
        const record = styles[style[styleAt++] ?? -1];
        if (!record) return 'a style out of range';
        // A copy each: elements that share a record must not share changes to it.
        e.style = { ...record };
      } else {
        const column = cols[from];
        const at = taken[from] as number;
        if (!column || at >= column.length) return `too few values of ${keys[j]}`;
        e[keys[j] as Key] = column[at];
        taken[from] = at + 1;
      }
    }
    elements.push(e as unknown as ObservedElement);
  }
  const spent = PLAIN.every((k, i) => taken[i] === (columns[k]?.length ?? 0));
  if (!spent || boxAt !== boxes.length || styleAt !== style.length || nextNull !== noBox.length) return 'values left over';
  return { ...head, elements };
}
