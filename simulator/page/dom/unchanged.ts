/**
 * Facts read from a document while it does not change. An observation reads the same
 * element's style, rendering and box many times over (for its own entry, in every
 * descendant's walk to the root, in hit tests); inside `whileUnchanged` each fact is read
 * once and kept until the call returns, so a page that changes between observations is
 * read afresh. Outside it nothing is kept. Pure DOM code.
 */

import { parentElementOf } from './nodes.ts';

type Store = Map<string, Map<unknown, unknown>>;

let store: Store | null = null;

/**
 * What is read of every element, kept in one record per element (one lookup answers for
 * all). Each module that keeps a fact here declares its slot by augmenting this interface
 * (style.ts, geometry.ts, hit.ts, observe.ts), so this floor names none of its readers'
 * types and imports none of them.
 */
export interface Known {}

/** Every slot starts undefined, in one order, so that all records share one shape. */
const fresh = (): Known =>
  ({
    style: undefined,
    facts: undefined,
    page: undefined,
    layer: undefined,
    role: undefined,
    step: undefined,
    name: undefined,
    text: undefined,
  }) as Known;

let records: Map<Element, Known> | null = null;

/** Runs `read`, which must not change the document, keeping the facts it reads until it returns. */
export function whileUnchanged<T>(read: () => T): T {
  if (store) return read();
  store = new Map();
  records = new Map();
  try {
    return read();
  } finally {
    store = null;
    records = null;
  }
}

/** Is a read of an unchanged document going on (are facts kept)? */
export const reading = () => records !== null;

/** Which read is going on: the same value all through one read, another in the next; null outside one. */
export const currentRead = (): object | null => records;

/** The element's record for the current read, or null outside `whileUnchanged`. */
export function known(el: Element): Known | null {
  if (!records) return null;
  let k = records.get(el);
  if (!k) records.set(el, (k = fresh()));
  return k;
}

/** The facts of one kind kept for the current read, or null outside `whileUnchanged`. */
export function kept<T, K = Element>(kind: string): Map<K, T> | null {
  if (!store) return null;
  let m = store.get(kind);
  if (!m) store.set(kind, (m = new Map()));
  return m as Map<K, T>;
}

/**
 * A fact decided by the nearest inclusive ancestor that decides it (`own` returns
 * undefined to ask the parent), else `none`: one walk up, memoised for every element on
 * the way, so a whole document costs each element one step.
 */
export function upward<T>(kind: string, el: Element, own: (el: Element) => T | undefined, none: T): T {
  const m = kept<T>(kind);
  if (!m) {
    for (let cur: Element | null = el; cur; cur = parentElementOf(cur)) {
      const v = own(cur);
      if (v !== undefined) return v;
    }
    return none;
  }
  const known = m.get(el);
  if (known !== undefined) return known;
  const path: Element[] = [];
  let v: T = none;
  for (let cur: Element | null = el; cur; cur = parentElementOf(cur)) {
    const known = m.get(cur);
    if (known !== undefined || m.has(cur)) {
      v = known as T;
      break;
    }
    path.push(cur);
    const decided = own(cur);
    if (decided !== undefined) {
      v = decided;
      break;
    }
  }
  for (const p of path) m.set(p, v);
  return v;
}
