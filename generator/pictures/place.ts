/**
 * A place to stay, as a booking site shows one: the building by day or by night, its pool,
 * or a room. Chosen by the place (its name and hue), so a hotel always shows the same photograph.
 */
import type { PaintJob } from '../paint.ts';
import type { Rng } from '../../scenarios/rng.ts';
import { blurFilter, clouds, drawRng, H, hsl, lightLayer, linear, svg, tree, W } from './svg.ts';

const STYLES = ['facade', 'night', 'pool', 'room'] as const;

/** A building's face in perspective: walls, floors of windows (some lit), a roof line. */
function facade(rng: Rng, hue: number, night: boolean): string {
  const floors = rng.int(3, 6);
  const cols = rng.int(4, 7);
  const x0 = rng.int(60, 110);
  const wallW = W - 2 * x0;
  const top = 250 - floors * 32;
  const wall = hsl(hue, rng.int(15, 40), night ? 30 : rng.int(62, 80));
  const side = hsl(hue, 20, night ? 18 : 45);
  let out =
    `<path d="M${x0 + wallW} ${top} L${x0 + wallW + 40} ${top + 14} L${x0 + wallW + 40} 256 L${x0 + wallW} 250 Z" fill="${side}"/>` +
    `<rect x="${x0}" y="${top}" width="${wallW}" height="${250 - top}" fill="${wall}"/>` +
    `<rect x="${x0 - 6}" y="${top - 8}" width="${wallW + 12}" height="10" fill="${side}"/>`;
  for (let f = 0; f < floors; f++)
    for (let c = 0; c < cols; c++) {
      const lit = night ? rng.chance(0.6) : rng.chance(0.2);
      const color = lit ? hsl(45, 90, night ? 70 : 85) : hsl(210, 30, night ? 15 : 40);
      const cw = wallW / cols;
      out += `<rect x="${(x0 + c * cw + cw * 0.22).toFixed(1)}" y="${top + 8 + f * 32}" width="${(cw * 0.56).toFixed(1)}" height="20" fill="${color}"/>`;
      if (!night && f > 0 && rng.chance(0.3))
        out += `<rect x="${(x0 + c * cw + cw * 0.15).toFixed(1)}" y="${top + 26 + f * 32}" width="${(cw * 0.7).toFixed(1)}" height="4" fill="${side}"/>`;
    }
  return out + `<rect x="${W / 2 - 18}" y="222" width="36" height="28" fill="${hsl(30, 30, night ? 55 : 25)}"/>`;
}

export function placeJob(name: string, hue: number): PaintJob {
  const rng = drawRng('place', name, hue);
  const style = rng.pick(STYLES);
  const layers: PaintJob['layers'] = [];
  const soft = blurFilter('soft', 10);
  if (style === 'facade' || style === 'night') {
    const night = style === 'night';
    const sky = night
      ? linear('sky', [
          [0, hsl(230, 50, 12)],
          [1, hsl(270, 35, 35)],
        ])
      : linear('sky', [
          [0, hsl(205 + rng.int(-10, 10), 65, 55)],
          [1, hsl(200, 60, 88)],
        ]);
    layers.push({
      svg: svg(
        sky + soft,
        `<rect width="${W}" height="${H}" fill="url(#sky)"/>${night ? '' : clouds(rng, 4)}` +
          `<path d="M0 ${rng.int(170, 200)} L80 160 L150 185 L240 150 L330 180 L400 165 L400 260 L0 260 Z" fill="${hsl(220, 15, night ? 14 : 62)}" opacity=".7"/>`,
      ),
      blur: 2,
    });
    layers.push({
      svg: svg(
        blurFilter('glow', 6),
        facade(rng, hue, night) +
          `<rect y="250" width="${W}" height="50" fill="${hsl(100, 20, night ? 12 : 42)}"/>` +
          `<rect y="262" width="${W}" height="10" fill="${hsl(0, 0, night ? 25 : 70)}"/>` +
          tree(rng, rng.int(20, 60), 262, rng.int(60, 90)) +
          tree(rng, rng.int(340, 385), 262, rng.int(60, 90)) +
          (night
            ? `<ellipse cx="${W / 2}" cy="236" rx="40" ry="20" fill="#fde68a" opacity=".35" filter="url(#glow)"/>`
            : ''),
      ),
    });
  } else if (style === 'pool') {
    const water = linear('water', [
      [0, hsl(188 + rng.int(-8, 8), 75, 62)],
      [1, hsl(200, 80, 38)],
    ]);
    const ripples = Array.from({ length: 14 }, () => {
      const y = rng.int(170, 290);
      const x = rng.int(0, 360);
      return `<path d="M${x} ${y} q10 -4 20 0 t20 0" stroke="#ffffff" stroke-width="2" fill="none" opacity=".45"/>`;
    }).join('');
    const loungers = Array.from({ length: 3 }, (_, i) => {
      const x = 40 + i * 120 + rng.int(-10, 10);
      return `<path d="M${x} 150 L${x + 60} 150 L${x + 70} 136 L${x + 78} 140 L${x + 68} 156 L${x} 156 Z" fill="${hsl(hue, 40, 85)}"/>`;
    }).join('');
    layers.push({
      svg: svg(
        linear('sky', [
          [0, hsl(205, 70, 58)],
          [1, hsl(195, 60, 90)],
        ]) + soft,
        `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(rng, 3, 0.25)}` +
          tree(rng, 30, 140, 100) +
          tree(rng, 370, 140, 110) +
          `<rect y="120" width="${W}" height="40" fill="${hsl(hue, 25, 70)}"/>`,
      ),
      blur: 3,
    });
    layers.push({
      svg: svg(
        water,
        `<rect y="140" width="${W}" height="26" fill="${hsl(35, 30, 82)}"/>${loungers}` +
          `<path d="M20 166 L380 166 L400 300 L0 300 Z" fill="url(#water)"/>${ripples}` +
          `<path d="M${rng.int(260, 320)} 70 l-50 24 l100 0 Z" fill="${hsl(hue, 70, 55)}"/>` +
          `<rect x="${rng.int(298, 302)}" y="80" width="3" height="70" fill="#64748b"/>`,
      ),
    });
  } else {
    // A room: the wall, a window with the day outside, the bed, a lamp.
    const wall = hsl(hue, rng.int(10, 30), rng.int(78, 88));
    layers.push({
      svg: svg(
        linear('wall', [
          [0, wall],
          [1, hsl(hue, 15, 62)],
        ]) +
          linear('out', [
            [0, hsl(205, 60, 70)],
            [1, hsl(120, 25, 70)],
          ]),
        `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
          `<rect x="${rng.int(230, 280)}" y="40" width="110" height="130" fill="url(#out)"/>` +
          `<rect y="220" width="${W}" height="80" fill="${hsl(30, 30, 45)}"/>`,
      ),
      blur: 1.5,
    });
    const cover = hsl(hue + rng.int(-30, 30), 35, rng.int(55, 75));
    layers.push({
      svg: svg(
        linear('quilt', [
          [0, '#ffffff'],
          [1, cover],
        ]) + blurFilter('sh', 6),
        `<ellipse cx="160" cy="268" rx="150" ry="14" fill="#000000" opacity=".3" filter="url(#sh)"/>` +
          `<rect x="30" y="120" width="240" height="70" rx="6" fill="${hsl(30, 30, 35)}"/>` +
          `<rect x="20" y="180" width="270" height="80" rx="10" fill="url(#quilt)"/>` +
          `<rect x="50" y="160" width="90" height="34" rx="14" fill="#f8fafc"/><rect x="160" y="160" width="90" height="34" rx="14" fill="#f1f5f9"/>` +
          `<rect x="310" y="200" width="50" height="60" fill="${hsl(30, 25, 30)}"/>` +
          `<path d="M318 150 L352 150 L360 180 L310 180 Z" fill="#fef3c7"/><rect x="333" y="180" width="4" height="20" fill="#334155"/>`,
      ),
    });
  }
  layers.push({ svg: lightLayer(rng, style === 'night' ? -0.4 : 0.7) });
  return { w: W, h: H, layers, grain: { seed: rng.int(1, 2 ** 30), amount: 0.22 }, quality: 72 };
}
