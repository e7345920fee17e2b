/**
 * A product shot: the product's silhouette, shaded and lit, in one of several settings a shop
 * photographs in (a studio sweep, a tabletop with the room out of focus behind, a podium on
 * colour). The setting is chosen by the product, so one product always looks the same.
 */
import type { PaintJob } from '../paint.ts';
import { BOX, SHAPES } from './shapes.ts';
import { blurFilter, drawRng, H, hsl, lightLayer, linear, radial, svg, tree, W } from './svg.ts';

/** The product's body: its shape with the body gradient, details in the dark tone, and a sheen over the body. */
function body(name: string, hue: number): { defs: string; shape: string } {
  const dark = hsl(hue, 45, 26);
  const raw = (SHAPES.find(([re]) => re.test(name))?.[1] ?? BOX).replace(/#d/g, dark);
  // The sheen: the body's own elements again, filled with a white wash from the light's side.
  const sheen = (raw.match(/<[^>]*url\(#b\)[^>]*\/>/g) ?? []).join('').replace(/url\(#b\)/g, 'url(#sh)');
  const defs =
    linear(
      'b',
      [
        [0, hsl(hue, 58, 70)],
        [0.5, hsl(hue, 50, 48)],
        [1, dark],
      ],
      0,
      0,
      1,
      1,
    ) +
    linear(
      'sh',
      [
        [0, '#ffffff', 0.55],
        [0.35, '#ffffff', 0],
      ],
      0,
      0,
      0.6,
      1,
    );
  return { defs, shape: raw + sheen };
}

const STYLES = ['studio', 'tabletop', 'podium'] as const;

export function productJob(name: string, hue: number): PaintJob {
  const rng = drawRng('product', name, hue);
  const style = rng.pick(STYLES);
  const { defs, shape } = body(name, hue);
  const layers: PaintJob['layers'] = [];
  if (style === 'studio') {
    const back = hsl(hue + rng.int(-20, 20), 10, 90);
    layers.push({
      svg: svg(
        radial(
          's',
          [
            [0, '#ffffff'],
            [1, back],
          ],
          0.4,
          0.3,
          0.9,
        ) +
          linear('fl', [
            [0, back, 0],
            [1, hsl(hue, 8, 78)],
          ]) +
          blurFilter('f', 9) +
          defs,
        `<rect width="${W}" height="${H}" fill="url(#s)"/><rect y="${H * 0.62}" width="${W}" height="${H * 0.38}" fill="url(#fl)"/>` +
          `<ellipse cx="200" cy="250" rx="118" ry="12" fill="#000000" opacity=".28" filter="url(#f)"/>` +
          // The reflection on the sweep: the body again, upside down and faint.
          `<g opacity=".1" transform="translate(30 474) scale(.85 -.85)">${shape}</g>` +
          `<g transform="translate(30 24) scale(.85)">${shape}</g>`,
      ),
    });
  } else if (style === 'tabletop') {
    const wall = hsl(hue + 180 + rng.int(-30, 30), 18, rng.int(72, 84));
    // The room behind, out of focus: a window's light, a plant, a shelf.
    layers.push({
      svg: svg(
        linear('w', [
          [0, wall],
          [1, hsl(hue + 180, 14, 60)],
        ]),
        `<rect width="${W}" height="${H}" fill="url(#w)"/>` +
          `<rect x="${rng.int(20, 240)}" y="20" width="130" height="150" fill="#fffbeb" opacity=".75"/>` +
          `<rect x="0" y="${rng.int(80, 120)}" width="${W}" height="10" fill="${hsl(30, 25, 40)}" opacity=".6"/>` +
          tree(rng, rng.pick([60, 340]), 200, 90),
      ),
      blur: 7,
    });
    const wood = rng.int(22, 34);
    const planks = Array.from(
      { length: 7 },
      (_, i) =>
        `<path d="M${-60 + i * 90} 300 L${110 + i * 32} 190" stroke="${hsl(wood, 40, 24)}" stroke-width="1.5" opacity=".35"/>`,
    ).join('');
    layers.push({
      svg: svg(
        linear('t', [
          [0, hsl(wood, 42, 52)],
          [1, hsl(wood, 45, 30)],
        ]) +
          blurFilter('f', 7) +
          defs,
        `<path d="M60 190 L340 190 L400 300 L0 300 Z" fill="url(#t)"/>${planks}` +
          `<ellipse cx="205" cy="236" rx="96" ry="10" fill="#000000" opacity=".38" filter="url(#f)"/>` +
          `<g transform="translate(75 64) scale(.65)">${shape}</g>`,
      ),
    });
  } else {
    const back = hsl(hue + rng.pick([150, 180, 210]), rng.int(35, 55), rng.int(70, 80));
    layers.push({
      svg: svg(
        linear('bg', [
          [0, back],
          [1, hsl(hue + 180, 30, 58)],
        ]) +
          linear(
            'p',
            [
              [0, '#f8fafc'],
              [0.5, '#e2e8f0'],
              [1, '#94a3b8'],
            ],
            0,
            0,
            1,
            0,
          ) +
          blurFilter('f', 4) +
          defs,
        `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
          `<circle cx="${rng.int(60, 340)}" cy="${rng.int(30, 90)}" r="${rng.int(50, 90)}" fill="#ffffff" opacity=".18"/>` +
          `<rect x="90" y="236" width="220" height="64" fill="url(#p)"/><ellipse cx="200" cy="236" rx="110" ry="16" fill="#f1f5f9"/>` +
          `<ellipse cx="218" cy="236" rx="86" ry="9" fill="#000000" opacity=".3" filter="url(#f)"/>` +
          `<g transform="translate(60 54) scale(.7)">${shape}</g>`,
      ),
    });
  }
  layers.push({ svg: lightLayer(rng, rng.pick([-0.6, 0.4, 0.8])) });
  return { w: W, h: H, layers, grain: { seed: rng.int(1, 2 ** 30), amount: 0.2 }, quality: 74 };
}
