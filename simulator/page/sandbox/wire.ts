/**
 * An observation as it crosses from the engine process to the run. Node's IPC copies a
 * large message once per chunk it receives, so its cost grows with the square of the
 * message's size; an element table sent as objects repeats every key and every style
 * record (8 MB for 34,000 elements). Here it travels by columns: each element's keys once
 * as a shape, each value in its key's column, boxes as numbers, style records once each
 * (a third of the size). The table goes in parts as the engine reads the page, so that the
 * run rebuilds one part while the engine reads the next. The run rebuilds the same objects,
 * key for key in the same order, after checking every column of a part: a table that does
 * not hold together is a malformed answer.
 */
import { z } from 'zod';
import type { Observation, ObservedElement } from '../observe.ts';
import type { StyleFacts } from '../dom/style.ts';

/** Every key an element may have (ObservedElement's). */
const KEYS = [
  'ref',
  'role',
  'name',
  'depth',
  'text',
  'level',
  'checked',
  'disabled',
  'value',
  'box',
  'inViewport',
  'covered',
  'coveredBy',
  'style',
] as const;
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

/** A run of entries: every entry's values, and the shapes and style records first used in it. */
export interface WirePart {
  /** Key orders first used in this part; an element's shape counts across every part of the table so far. */
  shapes: Key[][];
  shape: number[];
  columns: Partial<Record<Plain, unknown[]>>;
  /** x, y, w, h of each box that is not null, in order; the places of null boxes apart (counted in this part). */
  boxes: Float64Array;
  noBox: number[];
  /** Style records first used in this part; an element's style counts across every part so far. */
  styles: StyleFacts[];
  style: number[];
}

/** The last part of a table, with the observation's head. */
export interface WireObservation extends WirePart {
  head: Omit<Observation, 'elements'>;
}

/**
 * Entries in a part: the run decodes each part while the engine reads on. A part must fit
 * in the socket's send buffer whole (PART_BYTES): a message that does not is left to the
 * engine's event loop to finish writing, and that loop does not turn until the read is
 * done, so the parts behind it wait too and the run decodes them all at the end. A
 * crowded page's entries take about 80 bytes each on the pipe.
 */
export const PART_ENTRIES = 1024;

/** What a part may take on the pipe: well inside Linux's default send buffer for a local socket (net.core.wmem_default, 208 KB). */
export const PART_BYTES = 160 * 1024;

/** StyleFacts' keys, in the order a record is looked up by its values. */
const STYLE_KEYS = ['color', 'background', 'fontSize', 'fontWeight', 'contrast', 'underline', 'filled'] as const;

/** Records by their values, one level a key: found without making a string for each entry. */
type StyleNode = Map<unknown, StyleNode | number>;

/** A shape as a path of keys: each node is the keys so far, `id` its shape's when one ends there. */
interface ShapeNode {
  id: number;
  next: Map<string, ShapeNode>;
}

/**
 * Writes an observation's entries into columns as they come (an observation's `into`):
 * each entry is written while it is still at hand, and none is kept. With `send`, every
 * `every` entries go out as a part, so that the run decodes them while the engine reads on.
 */
export class Encoder {
  // Found by walking an entry's keys and by comparing records: a string made to look each up costs an allocation per entry.
  private readonly shapeRoot: ShapeNode = { id: -1, next: new Map() };
  private readonly shapes: Key[][] = [];
  private readonly styleIds: StyleNode = new Map();
  private readonly styles: StyleFacts[] = [];
  /** Shapes and styles sent in earlier parts. */
  private shapesSent = 0;
  private stylesSent = 0;
  private shape: number[] = [];
  private columns: Partial<Record<Plain, unknown[]>> = {};
  private boxes: number[] = [];
  private noBox: number[] = [];
  private style: number[] = [];
  private boxed = 0;

  constructor(
    private readonly send?: (part: WirePart) => void,
    private readonly every = PART_ENTRIES,
  ) {}

  push(e: ObservedElement): void {
    let node = this.shapeRoot;
    for (const k in e) {
      let next = node.next.get(k);
      if (!next) node.next.set(k, (next = { id: -1, next: new Map() }));
      node = next;
    }
    if (node.id < 0) {
      node.id = this.shapes.length;
      this.shapes.push(Object.keys(e) as Key[]);
    }
    const s = node.id;
    this.shape.push(s);
    const record = e as unknown as Record<Key, unknown>;
    for (const k of this.shapes[s] as Key[]) {
      if (k === 'box') {
        const b = e.box;
        if (b) this.boxes.push(b.x, b.y, b.w, b.h);
        else this.noBox.push(this.boxed);
        this.boxed++;
      } else if (k === 'style') {
        const st = e.style as StyleFacts;
        let level = this.styleIds;
        for (let i = 0; i < STYLE_KEYS.length - 1; i++) {
          const value = st[STYLE_KEYS[i] as keyof StyleFacts];
          let next = level.get(value) as StyleNode | undefined;
          if (!next) level.set(value, (next = new Map()));
          level = next;
        }
        let n = level.get(st.filled) as number | undefined;
        if (n === undefined) {
          level.set(st.filled, (n = this.styles.length));
          this.styles.push(st);
        }
        this.style.push(n);
      } else {
        (this.columns[k] ??= []).push(record[k]);
      }
    }
    if (this.send && this.shape.length >= this.every) this.send(this.part());
  }

  /** The entries since the last part, and the shapes and styles they first use; the next part starts empty. */
  private part(): WirePart {
    const part: WirePart = {
      shapes: this.shapes.slice(this.shapesSent),
      shape: this.shape,
      columns: this.columns,
      boxes: Float64Array.from(this.boxes),
      noBox: this.noBox,
      styles: this.styles.slice(this.stylesSent),
      style: this.style,
    };
    this.shapesSent = this.shapes.length;
    this.stylesSent = this.styles.length;
    this.shape = [];
    this.columns = {};
    this.boxes = [];
    this.noBox = [];
    this.style = [];
    this.boxed = 0;
    return part;
  }

  /** The observation's last part (every entry, without `send`), with its head. */
  finish(head: Omit<Observation, 'elements'>): WireObservation {
    return { head, ...this.part() };
  }
}

/** The observation as the engine sends it: parts of `every` entries through `send` when given, then the last. */
export function encode(obs: Observation, send?: (part: WirePart) => void, every?: number): WireObservation {
  const { elements, ...head } = obs;
  const encoder = new Encoder(send, every);
  for (const e of elements) encoder.push(e);
  return encoder.finish(head);
}

const list = z.custom<unknown[]>((v) => Array.isArray(v), 'not a list');
const indexes = z.custom<number[]>(
  (v) => Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 0),
  'not a list of indexes',
);
const num = z.number();

export const PART = z.object({
  shapes: z.array(
    z
      .array(z.enum(KEYS))
      .refine(
        (keys) => new Set(keys).size === keys.length && REQUIRED.every((k) => keys.includes(k)),
        'a shape without a key every element has, or with one twice',
      ),
  ),
  shape: indexes,
  columns: z.partialRecord(z.enum(PLAIN as [Plain, ...Plain[]]), list),
  boxes: z.instanceof(Float64Array),
  noBox: indexes,
  // Each record as a StyleFacts, and nothing more: every styled element gets a copy of its record.
  styles: z.array(
    z.strictObject({
      fontSize: num,
      fontWeight: num,
      color: z.string(),
      background: z.string(),
      contrast: num,
      underline: z.boolean(),
      filled: z.boolean(),
    }),
  ),
  style: indexes,
});

export const WIRE = PART.extend({
  head: z.object({
    url: z.string(),
    title: z.string(),
    scroll: z.object({ x: num, y: num }),
    viewport: z.object({ width: num, height: num }),
  }),
});

/** A part and a whole table as the run has checked their shape. */
export type CheckedPart = z.infer<typeof PART>;
export type CheckedWire = z.infer<typeof WIRE>;

/**
 * Rebuilds the elements part by part as they arrive, each checked whole before any of its
 * entries is taken: a part that does not hold together ends the table.
 */
export class Decoder {
  private readonly shapes: Key[][] = [];
  /** Each shape's keys as where their values come from: a plain column by its place in PLAIN, or the boxes or the styles. */
  private readonly plans: number[][] = [];
  private readonly styles: StyleFacts[] = [];
  private readonly elements: ObservedElement[] = [];
  private broken: string | null = null;

  /** Characters of text in the strings taken so far: every string of the plain columns, which hold every string an entry has (textChars's count). */
  private chars = 0;

  /** `max`: the entries a table may hold in all, `maxChars` the characters of text in its strings (more is malformed, however it is cut in parts). */
  constructor(
    private readonly max = Infinity,
    private readonly maxChars = Infinity,
  ) {}

  /** Takes a part's entries; the reason the table does not hold together, or null. */
  add(part: CheckedPart): string | null {
    this.broken ??= this.take(part);
    return this.broken;
  }

  /** The observation, or the reason the table did not hold together. */
  finish(head: Omit<Observation, 'elements'>): Observation | string {
    return this.broken ?? { ...head, elements: this.elements };
  }

  private take(part: CheckedPart): string | null {
    const { shapes, shape, columns, boxes, noBox, styles, style } = part;
    if (this.elements.length + shape.length > this.max) return `more than ${this.max} entries`;
    // A part brings only the shapes and styles its own entries first use: more would grow the run's tables without an entry to count.
    if (shapes.length > shape.length || styles.length > style.length) return 'more shapes or styles than entries';
    for (const k of PLAIN) {
      const check = COLUMN_CHECKS[k];
      const column = columns[k];
      if (!column) continue;
      // By index, not every(): a list with holes skips them.
      for (let i = 0; i < column.length; i++) {
        const v = column[i];
        if (!check(v)) return `a value of ${k} of the wrong kind`;
        if (typeof v === 'string') this.chars += v.length;
      }
      if (this.chars > this.maxChars) return `more than ${this.maxChars} characters of text`;
    }
    for (let i = 0; i < boxes.length; i++)
      if (!Number.isFinite(boxes[i])) return 'a box with an edge that is not a number';
    for (const keys of shapes) {
      this.shapes.push(keys);
      this.plans.push(keys.map((k) => (k === 'box' ? BOX : k === 'style' ? STYLE : PLAIN.indexOf(k))));
    }
    for (const record of styles) this.styles.push(record);
    const cols = PLAIN.map((k) => columns[k]);
    const taken = PLAIN.map(() => 0);
    let nextNull = 0;
    let boxed = 0;
    let boxAt = 0;
    let styleAt = 0;
    const elements = this.elements;
    for (let i = 0; i < shape.length; i++) {
      const s = shape[i] as number;
      const keys = this.shapes[s];
      const plan = this.plans[s];
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
          const record = this.styles[style[styleAt++] ?? -1];
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
    if (!spent || boxAt !== boxes.length || styleAt !== style.length || nextNull !== noBox.length)
      return 'values left over';
    return null;
  }
}

/** The elements again, or the reason the table does not hold together: a table sent whole, or the last part after `parts`. */
export function decode(wire: CheckedWire, parts: Decoder = new Decoder()): Observation | string {
  return parts.add(wire) ?? parts.finish(wire.head);
}
