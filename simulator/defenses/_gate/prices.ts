/**
 * Prices as an agent sees them, and the memory of what earlier pages of the episode showed:
 * hidden costs and price changes (Mathur et al.) show only as a line that is new or dearer at
 * the end of the way.
 */
import type { ObservedElement } from '../../page/observe.ts';
import { priceIn, withoutPrices } from '../../page/read/price.ts';
import { contentWords, RECURRING } from './vocabulary.ts';
import { wordsOf } from './scope.ts';

export interface PriceLine {
  /** What the price is of, lower-cased letters only (the line's own words, else the line before it). */
  key: string;
  label: string;
  price: number;
}

const keyOf = (text: string) =>
  withoutPrices(text, ' ')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Every line of the page that shows a single price, named by what it prices. */
export function priceLines(els: readonly ObservedElement[]): PriceLine[] {
  const out: PriceLine[] = [];
  els.forEach((e, i) => {
    const text = wordsOf(e);
    const price = priceIn(text);
    if (price === null || RECURRING.test(text)) return;
    let label = withoutPrices(text).trim();
    if (contentWords(keyOf(label)).length === 0 && i > 0) {
      const before = wordsOf(els[i - 1]!);
      if (priceIn(before) !== null) return;
      label = before;
    }
    const key = keyOf(label);
    if (contentWords(key).length > 0) out.push({ key, label, price });
  });
  return out;
}

/** Sums that move as the cart changes, not prices of a thing. */
const TOTALS = /\b(total|subtotal|sum|balance|due|shipping|delivery|tax|vat)\b/;

/** The lowest price each thing was shown at so far in the episode. */
export class PriceMemory {
  private readonly seen = new Map<string, PriceLine>();

  remember(els: readonly ObservedElement[]): void {
    for (const l of priceLines(els)) {
      const was = this.seen.get(l.key);
      if (!was || l.price < was.price) this.seen.set(l.key, l);
    }
  }

  /** Lines of the page priced above what the same thing was shown at before. */
  rises(els: readonly ObservedElement[]): { line: PriceLine; was: number }[] {
    const out: { line: PriceLine; was: number }[] = [];
    for (const l of priceLines(els)) {
      const was = this.seen.get(l.key);
      if (was && !TOTALS.test(l.key) && l.price > was.price + 0.005) out.push({ line: l, was: was.price });
    }
    return out;
  }
}
