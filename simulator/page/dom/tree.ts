/**
 * An element's descendants in tree order: a walk (nodes.ts) rather than `querySelectorAll('*')`,
 * which jsdom runs through its selector engine at about three times the cost on a
 * 50,000-element page. Pure DOM code, as is the memoised walk from the root down.
 */
import { eachElement, parentElementOf } from './nodes.ts';

export function descendants(root: Element | Document): Element[] {
  const out: Element[] = [];
  eachElement(root, (el) => out.push(el));
  return out;
}

/**
 * A value built from the root down for an element and each ancestor up to `stop`
 * (excluded), memoised: one walk up to the nearest known ancestor, then down again.
 * A loop rather than recursion, as a page may nest deeply.
 */
export interface Memo<T> {
  get(el: Element): T | undefined;
  set(el: Element, value: T): unknown;
}

export function downFrom<T>(
  el: Element | null,
  memo: Memo<T>,
  top: T,
  step: (el: Element, outer: T) => T,
  stop: Element | null = null,
): T {
  // Most calls ask for an element already known: answered without building a path.
  if (el && el !== stop) {
    const known = memo.get(el);
    if (known !== undefined) return known;
  }
  const path: Element[] = [];
  let v = top;
  for (let cur = el; cur && cur !== stop; cur = parentElementOf(cur)) {
    const known = memo.get(cur);
    if (known !== undefined) {
      v = known;
      break;
    }
    path.push(cur);
  }
  for (let i = path.length - 1; i >= 0; i--) {
    const cur = path[i] as Element;
    v = step(cur, v);
    memo.set(cur, v);
  }
  return v;
}
