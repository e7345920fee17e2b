/**
 * How much an element draws the eye, from the style facts and box the observation reports:
 * the one measure agents and defenses compare elements by (only ratios between elements of
 * one page mean anything).
 */
import type { ObservedElement } from '../observe.ts';

/** Area, weight, contrast (capped at 7:1, where text is plainly legible) and a filled background. */
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
