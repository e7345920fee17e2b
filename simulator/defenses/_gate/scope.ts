/**
 * Where an element sits on the page, read from the observation's element
 * table alone: its container (the snapshot nests elements only under landmark and dialog
 * roles, so the nearest earlier element of smaller depth is the container), the elements that
 * share it, and the text printed next to it (DUDE's notion of what speaks for a control; the
 * card and fine print any reader may take are page/read/around.ts).
 */
import type { ObservedElement } from '../../page/observe.ts';

export type Elements = readonly ObservedElement[];

/** Containers too large to say an offer's text belongs to a control in them. */
const PAGE_LEVEL = new Set(['main', 'banner', 'navigation', 'contentinfo']);
const BOXES = new Set(['checkbox', 'switch', 'radio']);

/** The index of the element's container in `els`, or -1 at the top level. */
export function containerOf(els: Elements, index: number): number {
  const depth = els[index]!.depth;
  for (let i = index - 1; i >= 0; i--) if (els[i]!.depth < depth) return i;
  return -1;
}

/** Indices of everything inside the container at `c` (-1: the whole page). */
export function inside(els: Elements, c: number): number[] {
  if (c < 0) return els.map((_, i) => i);
  const out: number[] = [];
  for (let i = c + 1; i < els.length && els[i]!.depth > els[c]!.depth; i++) out.push(i);
  return out;
}

/** The words an element shows: its name and its own text. */
export const wordsOf = (e: ObservedElement) => `${e.name} ${e.text ?? ''}`.trim();

/**
 * The text that speaks about the element: in a dialog, form, region or article, everything
 * the container prints (an offer's terms are usually a paragraph beside its button); on the
 * page at large, the text printed under it up to the next control, and the text above it when
 * no control stands above that text (fine print sits under the control it qualifies).
 */
export function contextText(els: Elements, index: number): string {
  return contextParts(els, index).join(' ');
}

/**
 * contextText line by line, as the page prints it. With `prose`, only what no other control
 * says: another button's own name speaks for that button (a lesson quoting a dialog's trap
 * must not block its way out).
 */
export function contextParts(els: Elements, index: number, { prose = false } = {}): string[] {
  const c = containerOf(els, index);
  // A box's name is the terms of its own choice, not of the controls around it.
  if (c >= 0 && !PAGE_LEVEL.has(els[c]!.role))
    return [
      els[c]!.name,
      ...inside(els, c)
        .filter((i) => !BOXES.has(els[i]!.role) && !(prose && i !== index && els[i]!.ref))
        .map((i) => wordsOf(els[i]!)),
    ];
  const depth = els[index]!.depth;
  const after: string[] = [];
  for (let i = index + 1; i < els.length && i <= index + 3 && !els[i]!.ref && els[i]!.depth === depth; i++)
    after.push(wordsOf(els[i]!));
  const before: string[] = [];
  let i = index - 1;
  for (; i >= 0 && i >= index - 3 && !els[i]!.ref && els[i]!.depth === depth; i--) before.unshift(wordsOf(els[i]!));
  const ownsAbove = i < 0 || !els[i]!.ref;
  return [...(ownsAbove ? before : []), ...after];
}

/**
 * The part of the page an element acts for: its dialog, else the page-level area (main) it
 * is in, forms and regions included, else the whole page; as indices.
 */
export function regionOf(els: Elements, index: number): number[] {
  let c = containerOf(els, index);
  while (c >= 0 && !PAGE_LEVEL.has(els[c]!.role) && els[c]!.role !== 'dialog' && els[c]!.role !== 'alertdialog')
    c = containerOf(els, c);
  return inside(els, c);
}

/** The controls sharing the element's container (dialog, form, region; the page's main area at most), itself excluded. */
export function peers(els: Elements, index: number): number[] {
  const c = containerOf(els, index);
  return inside(els, c).filter(
    (i) => i !== index && els[i]!.ref && (els[i]!.role === 'button' || els[i]!.role === 'link'),
  );
}
