import type { Product } from '../model.ts';
import type { Rng } from '../rng.ts';

interface Model {
  name: string;
  lo: number;
  hi: number;
  blurb: string;
  variants?: string[];
}

/** Categories of several models each, so that "the cheapest lamp" means something. */
const CATEGORIES: Record<string, Model[]> = {
  headphones: [
    {
      name: 'Aurora Wireless Headphones',
      lo: 79,
      hi: 189,
      blurb: 'Over-ear, 30-hour battery, active noise cancelling.',
      variants: ['Black', 'Silver', 'Navy'],
    },
    {
      name: 'Pulse Sport Earbuds',
      lo: 39,
      hi: 99,
      blurb: 'Sweat-proof, secure fit, 8 hours per charge.',
      variants: ['Black', 'White'],
    },
    { name: 'Studio Pro Monitor Headphones', lo: 99, hi: 229, blurb: 'Closed-back reference sound for mixing.' },
  ],
  backpacks: [
    {
      name: 'Summit Trail Backpack',
      lo: 49,
      hi: 129,
      blurb: '28 litres, water-resistant, padded laptop sleeve.',
      variants: ['Forest', 'Slate', 'Sand'],
    },
    { name: 'Metro Commuter Backpack', lo: 39, hi: 89, blurb: 'Slim 18-litre pack with a hidden pocket.' },
    {
      name: 'Ridge Hiking Daypack',
      lo: 29,
      hi: 69,
      blurb: 'Lightweight 20 litres with hydration sleeve.',
      variants: ['Red', 'Grey'],
    },
  ],
  cookware: [
    { name: 'Ember Cast-Iron Skillet', lo: 29, hi: 69, blurb: 'Pre-seasoned 26 cm pan for stove, oven and grill.' },
    { name: 'Copperline Saucepan Set', lo: 59, hi: 149, blurb: 'Three tri-ply saucepans with glass lids.' },
    {
      name: 'Orbit Coffee Grinder',
      lo: 34,
      hi: 99,
      blurb: 'Burr grinder with 18 grind settings.',
      variants: ['Matte Black', 'Steel'],
    },
  ],
  lamps: [
    {
      name: 'Cedar Desk Lamp',
      lo: 24,
      hi: 79,
      blurb: 'Dimmable LED with warm and cool light.',
      variants: ['Oak', 'Walnut'],
    },
    { name: 'Arc Floor Lamp', lo: 69, hi: 179, blurb: 'Arched steel floor lamp with a linen shade.' },
    {
      name: 'Lumo Clip-On Reading Light',
      lo: 12,
      hi: 34,
      blurb: 'Rechargeable clip light with three brightness levels.',
    },
  ],
  fitness: [
    {
      name: 'Pulse Fitness Tracker',
      lo: 39,
      hi: 119,
      blurb: 'Heart rate, sleep and step tracking, 7-day battery.',
      variants: ['Black', 'Rose', 'Mint'],
    },
    {
      name: 'Core Yoga Mat',
      lo: 19,
      hi: 59,
      blurb: '6 mm non-slip mat with a carry strap.',
      variants: ['Purple', 'Teal'],
    },
    { name: 'Flex Resistance Band Set', lo: 14, hi: 39, blurb: 'Five bands from light to extra heavy.' },
  ],
  outdoor: [
    {
      name: 'Harbor Rain Jacket',
      lo: 69,
      hi: 159,
      blurb: 'Breathable shell with taped seams and a packable hood.',
      variants: ['S', 'M', 'L', 'XL'],
    },
    {
      name: 'Tidal Water Bottle',
      lo: 14,
      hi: 39,
      blurb: 'Insulated steel, keeps drinks cold for 24 hours.',
      variants: ['750 ml', '1 litre'],
    },
    { name: 'Vector Action Camera', lo: 129, hi: 299, blurb: '4K video, waterproof to 10 m, image stabilisation.' },
  ],
};

export const PRODUCT_CATEGORIES = Object.keys(CATEGORIES);

/** How a shop heads each category, and how a user names it. */
export const CATEGORY_LABELS: Record<string, string> = {
  headphones: 'Headphones',
  backpacks: 'Backpacks',
  cookware: 'Kitchen',
  lamps: 'Lighting',
  fitness: 'Fitness',
  outdoor: 'Outdoor',
};

/** Categories with a model that comes in options (colour, size). */
export const CATEGORIES_WITH_VARIANTS = PRODUCT_CATEGORIES.filter((c) =>
  (CATEGORIES[c] as Model[]).some((m) => m.variants),
);

/**
 * Spreads the prices of a category so that its cheapest model is cheaper than the next by
 * at least `gap`: "the cheapest" and "the only one under $N" then name one product.
 */
export function separateCheapest(items: Product[], category: string, gap: number): Product[] {
  const inCat = items.filter((p) => p.category === category).sort((a, b) => a.price - b.price);
  const [first, second] = inCat;
  if (first && second && second.price - first.price < gap) {
    const raise = Math.round((first.price + gap - second.price) * 100) / 100;
    for (const p of inCat.slice(1)) p.price = Math.round((p.price + raise) * 100) / 100;
  }
  return inCat;
}

/** A price with cents, e.g. 89.99 or 124.50. */
export function price(rng: Rng, lo: number, hi: number): number {
  return rng.int(lo, hi) + rng.pick([0.99, 0.5, 0, 0.95, 0.49]);
}

function make(rng: Rng, m: Model, category: string, used: Set<string>): Product {
  let sku = `p${rng.int(1000, 9999)}`;
  while (used.has(sku)) sku = `p${rng.int(1000, 9999)}`;
  used.add(sku);
  return {
    sku,
    name: m.name,
    price: price(rng, m.lo, m.hi),
    blurb: m.blurb,
    hue: rng.int(0, 359),
    category,
    ...(m.variants ? { variants: [...m.variants] } : {}),
  };
}

/** `count` products from distinct categories, or, with `category`, every model of it plus others. */
export function products(rng: Rng, count: number, category?: string): Product[] {
  const used = new Set<string>();
  const cats = rng.shuffle(PRODUCT_CATEGORIES.filter((c) => c !== category));
  const out: Product[] = category ? (CATEGORIES[category] ?? []).map((m) => make(rng, m, category, used)) : [];
  for (const c of cats) {
    if (out.length >= count) break;
    out.push(make(rng, rng.pick(CATEGORIES[c] as Model[]), c, used));
  }
  return rng.shuffle(out);
}

/**
 * `count` more products for a shop's later catalogue pages: models the shop does not sell yet,
 * without options (the page they share has no option to choose), at skus none of `taken` uses.
 */
export function moreProducts(rng: Rng, taken: readonly Product[], count: number): Product[] {
  const used = new Set(taken.map((p) => p.sku));
  const names = new Set(taken.map((p) => p.name));
  const models = PRODUCT_CATEGORIES.flatMap((c) =>
    (CATEGORIES[c] as Model[]).filter((m) => !names.has(m.name)).map((m) => ({ m, c })),
  );
  return rng
    .shuffle(models)
    .slice(0, count)
    .map(({ m, c }) => {
      const { variants: _, ...plain } = make(rng, m, c, used);
      return { ...plain, more: true };
    });
}

/** A fresh sku that no product of the site uses. */
export function freshSku(rng: Rng, taken: readonly { sku: string }[]): string {
  let sku = `p${rng.int(1000, 9999)}`;
  while (taken.some((p) => p.sku === sku)) sku = `p${rng.int(1000, 9999)}`;
  return sku;
}

export { money } from '../contract.ts';
