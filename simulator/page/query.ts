/** Small queries over an observation's element table, shared by agents, defenses and the runner. */
import type { Locator } from '../../scenarios/model.ts';
import type { ObservedElement } from './observe.ts';

/**
 * The element a locator names: exact role and name (role 'text': an entry whose text is the
 * name), the `index`-th match in page order, else an uncovered one when there are several.
 */
export function byLocator(elements: readonly ObservedElement[], loc: Locator): ObservedElement | undefined {
  const matches = loc.role === 'text' ? elements.filter((e) => e.text === loc.name && e.box) : elements.filter((e) => e.role === loc.role && e.name === loc.name);
  if (loc.index !== undefined) return matches[loc.index];
  return matches.find((e) => !e.covered) ?? matches[0];
}

export interface Group {
  container: ObservedElement;
  members: ObservedElement[];
}

/** Each dialog (or named region) with the elements nested in it. */
export function dialogs(elements: readonly ObservedElement[]): Group[] {
  const out: Group[] = [];
  elements.forEach((e, i) => {
    if (e.role !== 'dialog' && e.role !== 'alertdialog') return;
    const members: ObservedElement[] = [];
    for (let j = i + 1; j < elements.length && (elements[j] as ObservedElement).depth > e.depth; j++) members.push(elements[j] as ObservedElement);
    out.push({ container: e, members });
  });
  return out;
}

/** How much an element draws the eye: area, weight, contrast and a filled background. */
export function salience(e: ObservedElement): number {
  const area = e.box ? e.box.w * e.box.h : 0;
  const s = e.style;
  if (!s) return area;
  return area * (s.fontWeight >= 600 ? 1.5 : 1) * (s.filled ? 2 : 1) * Math.min(s.contrast, 7) * (s.fontSize / 14);
}

/** Small or faint text: easy to miss. */
export function inconspicuous(e: ObservedElement): boolean {
  return !!e.style && (e.style.fontSize < 13 || e.style.contrast < 3);
}

export function money(text: string): number | null {
  const m = /\$\s?(\d[\d,]*(?:\.\d{2})?)/.exec(text);
  return m ? Number((m[1] as string).replace(/,/g, '')) : null;
}
