/**
 * Set-of-marks: the numbered boxes over a screenshot that name what an agent can act on.
 * A number over an element hidden behind a modal or a banner would name something no click
 * reaches (and be drawn over whatever covers it), so only elements the observation reports
 * in view and not covered get a mark; the number is the element's ref without its "e".
 */
import { intersect, type Rect } from '../../page/dom/geometry.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { drawBoxes, MARK } from './draw.ts';

export interface Mark {
  ref: string;
  label: string;
  /** The element's box clipped to the viewport, in CSS pixels. */
  rect: Rect;
}

export function setOfMarks(elements: readonly ObservedElement[], viewport: { width: number; height: number }): Mark[] {
  const view: Rect = { x: 0, y: 0, w: viewport.width, h: viewport.height };
  const marks: Mark[] = [];
  for (const e of elements) {
    if (!e.ref || !e.box || !e.inViewport || e.covered) continue;
    const rect = intersect(e.box, view);
    if (rect) marks.push({ ref: e.ref, label: e.ref.replace(/^e/, ''), rect });
  }
  return marks;
}

/** The marks drawn over a screenshot at `scale` device pixels per CSS pixel, numbered by ref. */
export async function drawMarks(
  png: Buffer,
  elements: readonly ObservedElement[],
  viewport: { width: number; height: number },
  scale = 1,
): Promise<Buffer> {
  const marks = setOfMarks(elements, viewport).map((m) => ({ rect: m.rect, colour: MARK, label: m.label }));
  return drawBoxes(png, marks, scale);
}
