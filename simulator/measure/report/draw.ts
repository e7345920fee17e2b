/**
 * Boxes drawn over screenshots with sharp: B_c green and B_d red as in DUDE's figures, and
 * set-of-marks (numbered boxes whose numbers are the observation's refs).
 */
import sharp from 'sharp';
import { escapeHtml as esc } from '../../../lib/html.ts';
import type { Rect } from '../../page/dom/geometry.ts';

export interface DrawnBox {
  rect: Rect;
  colour: string;
  label?: string;
}

/** `png` at `scale` device pixels per CSS pixel; boxes in CSS pixels. */
export async function drawBoxes(png: Buffer, boxes: readonly DrawnBox[], scale = 1): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  const parts = boxes.map(({ rect, colour, label }) => {
    const [x, y, bw, bh] = [rect.x, rect.y, rect.w, rect.h].map((v) => v * scale) as [number, number, number, number];
    const stroke = Math.max(2, Math.round(2 * scale));
    const box = `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="none" stroke="${colour}" stroke-width="${stroke}"/>`;
    if (!label) return box;
    const fs = Math.round(11 * scale);
    const tw = Math.round((label.length * 7 + 6) * scale);
    return `${box}<rect x="${x}" y="${Math.max(0, y - fs - 4)}" width="${tw}" height="${fs + 4}" fill="${colour}"/><text x="${x + 3 * scale}" y="${Math.max(fs, y - 4)}" font-family="DejaVu Sans, sans-serif" font-size="${fs}" fill="#ffffff">${esc(label)}</text>`;
  });
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`);
  return sharp(png)
    .composite([{ input: svg, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

export const CORRECT = '#16a34a';
export const DECEPTIVE = '#dc2626';
export const MARK = '#2563eb';
