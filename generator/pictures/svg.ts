/** What every painter draws with: the canvas, colour, gradients, the light that makes a drawing read as a photograph. */
import { createRng, contentSeed, type Rng } from '../../scenarios/rng.ts';

export const W = 400;
export const H = 300;

/** A drawing's own stream, from what it shows: the same subject, the same picture. */
export const drawRng = (...parts: (string | number)[]): Rng => createRng(contentSeed('picture', ...parts));

export const hsl = (h: number, s: number, l: number): string =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

export function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

/** A linear gradient from (x1,y1) to (x2,y2) in the box's fractions. */
export function linear(id: string, stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`;
}

export function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsOf(stops)}</radialGradient>`;
}

const stopsOf = (stops: [number, string, number?][]) =>
  stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');

/** A Gaussian blur filter of its own id. */
export const blurFilter = (id: string, sd: number): string =>
  `<filter id="${id}"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

/**
 * The light over a finished picture, as a lens and a window give it: a warm or cool glow from
 * one side and a vignette darkening the corners. A layer of its own, laid on top.
 */
export function lightLayer(rng: Rng, warmth: number): string {
  const x = rng.pick([0.2, 0.3, 0.7, 0.8]);
  const glow = warmth > 0 ? hsl(38, 90, 75) : hsl(210, 80, 80);
  return svg(
    radial(
      'g',
      [
        [0, glow, 0.35 * Math.abs(warmth)],
        [1, glow, 0],
      ],
      x,
      0.15,
      0.7,
    ) +
      radial('v', [
        [0.55, '#000000', 0],
        [1, '#000000', 0.42],
      ]),
    `<rect width="${W}" height="${H}" fill="url(#g)"/><rect width="${W}" height="${H}" fill="url(#v)"/>`,
  );
}

/** Soft clouds: blurred white ellipses across the top. */
export function clouds(rng: Rng, n: number, top = 0.45): string {
  const puffs = Array.from({ length: n }, () => {
    const cx = rng.int(0, W);
    const cy = rng.int(10, Math.round(H * top));
    const rx = rng.int(40, 110);
    return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / rng.int(3, 5))}" fill="#ffffff" opacity="${(0.4 + rng.next() * 0.4).toFixed(2)}"/>`;
  }).join('');
  // One filter over all of them: librsvg blurs each filtered element over its whole region.
  return `<g filter="url(#soft)">${puffs}</g>`;
}

/** Foliage: a clump of overlapping dark-green circles with a lighter top, on a trunk. */
export function tree(rng: Rng, x: number, ground: number, size: number): string {
  const leaves = Array.from({ length: 6 }, () => {
    const dx = rng.int(-size / 2, size / 2);
    const dy = rng.int(-size, -size / 3);
    return `<circle cx="${x + dx}" cy="${ground - size / 2 + dy}" r="${Math.round(size / 2.4)}" fill="${hsl(rng.int(95, 140), 35, rng.int(22, 36))}"/>`;
  }).join('');
  return `<rect x="${x - 3}" y="${ground - size}" width="6" height="${size}" fill="#4b3a2a"/>${leaves}`;
}
