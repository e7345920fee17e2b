/**
 * The pieces every laid element is made of: a px box, the look written inline beside it, and
 * text measured without a layout engine (generous, so text fits the box it is given).
 */
import type { Tone } from '../scenarios/model.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The style facts deception lives in; written inline so the simulator reads them cheaply. */
export interface Look {
  size: number;
  weight: number;
  color: string;
  bg?: string;
  line?: number;
  align?: 'left' | 'right' | 'center';
  underline?: boolean;
}

/** Something drawn with a look but no text of its own (an input, a slot the runtime fills). */
export interface Styled {
  box: Box;
  look: Look;
}

export interface Part extends Styled {
  text: string;
}

export interface Theme {
  accent: string;
  accentText: string;
  ink: string;
  surface: string;
}

export const MUTED = '#6b7280';
export const FINE = '#9ca3af';
const ALERT = '#b42318';

/** Average advance of DejaVu/Liberation sans glyphs, in em; generous so text fits its box. */
export function textWidth(text: string, size: number, weight = 400): number {
  return Math.ceil(text.length * size * (weight >= 600 ? 0.68 : 0.62));
}

function lines(text: string, size: number, width: number, weight = 400): number {
  return Math.max(1, Math.ceil(textWidth(text, size, weight) / Math.max(1, width)));
}

export const toneLook = (tone: Tone | undefined, ink: string): Look => {
  switch (tone) {
    case 'muted':
      return { size: 14, weight: 400, color: MUTED, line: 20 };
    case 'fine':
      return { size: 11, weight: 400, color: FINE, line: 15 };
    case 'alert':
      return { size: 14, weight: 600, color: ALERT, line: 20 };
    default:
      return { size: 16, weight: 400, color: ink, line: 24 };
  }
};

/** Text wrapped to a width: as tall as its lines. */
export function textPart(text: string, look: Look, x: number, y: number, width: number): Part {
  const line = look.line ?? Math.round(look.size * 1.5);
  return {
    text,
    look: { ...look, line },
    box: { x, y, w: width, h: lines(text, look.size, width, look.weight) * line },
  };
}
