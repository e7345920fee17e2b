import type { Product } from '../model.ts';
import type { Rng } from '../rng.ts';

const CATALOGUE: { name: string; lo: number; hi: number; blurb: string }[] = [
  { name: 'Aurora Wireless Headphones', lo: 79, hi: 189, blurb: 'Over-ear, 30-hour battery, active noise cancelling.' },
  { name: 'Summit Trail Backpack', lo: 49, hi: 129, blurb: '28 litres, water-resistant, padded laptop sleeve.' },
  { name: 'Ember Cast-Iron Skillet', lo: 29, hi: 69, blurb: 'Pre-seasoned 26 cm pan for stove, oven and grill.' },
  { name: 'Nimbus Smart Speaker', lo: 59, hi: 149, blurb: 'Room-filling sound with voice control.' },
  { name: 'Cedar Desk Lamp', lo: 24, hi: 79, blurb: 'Dimmable LED with warm and cool light.' },
  { name: 'Pulse Fitness Tracker', lo: 39, hi: 119, blurb: 'Heart rate, sleep and step tracking, 7-day battery.' },
  { name: 'Harbor Rain Jacket', lo: 69, hi: 159, blurb: 'Breathable shell with taped seams and a packable hood.' },
  { name: 'Orbit Coffee Grinder', lo: 34, hi: 99, blurb: 'Burr grinder with 18 grind settings.' },
  { name: 'Granite Mechanical Keyboard', lo: 59, hi: 169, blurb: 'Hot-swappable switches, aluminium frame.' },
  { name: 'Tidal Water Bottle', lo: 14, hi: 39, blurb: 'Insulated steel, keeps drinks cold for 24 hours.' },
  { name: 'Willow Throw Blanket', lo: 29, hi: 89, blurb: 'Soft knit cotton, machine washable.' },
  { name: 'Vector Action Camera', lo: 129, hi: 299, blurb: '4K video, waterproof to 10 m, image stabilisation.' },
];

/** A price with cents, e.g. 89.99 or 124.50. */
export function price(rng: Rng, lo: number, hi: number): number {
  return rng.int(lo, hi) + rng.pick([0.99, 0.5, 0, 0.95, 0.49]);
}

export function products(rng: Rng, count: number): Product[] {
  return rng.shuffle(CATALOGUE)
    .slice(0, count)
    .map((p, i) => ({
      sku: `p${i + 1}${rng.int(100, 999)}`,
      name: p.name,
      price: price(rng, p.lo, p.hi),
      blurb: p.blurb,
      hue: rng.int(0, 359),
    }));
}

export function money(n: number): string {
  return `$${n.toFixed(2)}`;
}
