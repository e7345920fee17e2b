/** Small queries over an observation's element table, shared by agents, defenses and the runner (what the text means: page/read/). */
import type { Locator } from '../../scenarios/model.ts';
import type { ObservedElement } from './observe.ts';

/**
 * The element a locator names: exact role and name (role 'text': an entry whose text is the
 * name), the `index`-th match in page order, else an uncovered one when there are several.
 */
export function byLocator(elements: readonly ObservedElement[], loc: Locator): ObservedElement | undefined {
  const matches =
    loc.role === 'text'
      ? elements.filter((e) => e.text === loc.name && e.box)
      : elements.filter((e) => e.role === loc.role && e.name === loc.name);
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
    for (let j = i + 1; j < elements.length && (elements[j] as ObservedElement).depth > e.depth; j++)
      members.push(elements[j] as ObservedElement);
    out.push({ container: e, members });
  });
  return out;
}

/** The index of the nearest element enclosing `elements[index]` (the table nests by depth) whose role is one of `roles`, or -1. */
export function enclosing(elements: readonly ObservedElement[], index: number, roles: ReadonlySet<string>): number {
  let depth = (elements[index] as ObservedElement).depth;
  for (let i = index - 1; i >= 0 && depth > 0; i--) {
    const e = elements[i] as ObservedElement;
    if (e.depth >= depth) continue;
    if (roles.has(e.role)) return i;
    depth = e.depth;
  }
  return -1;
}
