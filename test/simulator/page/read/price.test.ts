import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrice, priceIn, pricesIn, withoutPrices } from '../../../../simulator/page/read/price.ts';

const az = [...'abcdefghijklmnopqrstuvwxyz'];
/** Every language Intl has a two-letter tag for, as the reader takes its symbols from. */
const LANGUAGES = Intl.NumberFormat.supportedLocalesOf(az.flatMap((a) => az.map((b) => a + b)));
/** Every locale Intl has data of its own for: each language alone and in each region it has a variant for. */
const LOCALES = (() => {
  const names = new Intl.DisplayNames('en', { type: 'region' });
  const regions = az
    .flatMap((a) => az.map((b) => (a + b).toUpperCase()))
    .filter((r) => {
      try {
        return names.of(r) !== r;
      } catch {
        return false;
      }
    });
  const regional = LANGUAGES.flatMap((l) => regions.map((r) => `${l}-${r}`)).filter(
    (tag) => new Intl.NumberFormat(tag).resolvedOptions().locale === tag,
  );
  return [...LANGUAGES, ...regional];
})();
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'INR', 'KRW', 'CHF', 'CAD', 'AUD', 'NZD', 'HKD', 'BRL', 'SEK', 'PLN'];
const DISPLAYS = ['symbol', 'narrowSymbol', 'code'] as const;

const spaced = (s: string) => s.replace(/\s+/g, ' ');
const format = (locale: string, currency: string, currencyDisplay: (typeof DISPLAYS)[number]) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay, numberingSystem: 'latn' });
const symbolOf = (f: Intl.NumberFormat) => spaced(f.formatToParts(1).find((p) => p.type === 'currency')!.value);
/** Which currencies print each symbol in some language: a symbol several print ("$", "kr") reads as one of them. */
const PRINTED_BY = (() => {
  const m = new Map<string, Set<string>>();
  for (const l of LANGUAGES)
    for (const c of CURRENCIES)
      for (const d of DISPLAYS) {
        const s = symbolOf(format(l, c, d));
        m.set(s, (m.get(s) ?? new Set()).add(c));
      }
  return m;
})();

describe('the one price reader', () => {
  it('reads the amounts the drifted copies disagreed on, and other locales', () => {
    expect(priceIn('$1.5')).toBe(1.5);
    expect(priceIn('$12,50')).toBe(12.5);
    expect(pricesIn('€20')).toEqual([{ amount: 20, currency: 'EUR', index: 0, end: 3 }]);
    expect(priceIn('Total: $1,299.99')).toBe(1299.99);
    expect(pricesIn('1.299,50 €')[0]).toMatchObject({ amount: 1299.5, currency: 'EUR' });
    expect(pricesIn('CHF 9.90')[0]).toMatchObject({ amount: 9.9, currency: 'CHF' });
    expect(pricesIn('£12 then £4/month').map((p) => p.amount)).toEqual([12, 4]);
    expect(pricesIn('R$ 10,00')[0]).toMatchObject({ amount: 10, currency: 'BRL' });
  });

  it('reads thousands grouped by a space: plain, no-break (U+00A0) or narrow no-break (U+202F, as fr-FR prints)', () => {
    for (const space of [' ', '\u00a0', '\u202f']) {
      expect(pricesIn(`1${space}234,56 €`), JSON.stringify(space)).toEqual([
        { amount: 1234.56, currency: 'EUR', index: 0, end: 10 },
      ]);
      expect(pricesIn(`£1${space}234,56`), JSON.stringify(space)).toEqual([
        { amount: 1234.56, currency: 'GBP', index: 0, end: 9 },
      ]);
      expect(priceIn(`Total 12${space}345${space}678 € today`), JSON.stringify(space)).toBe(12345678);
    }
    expect(priceIn('¥1\u00a0235')).toBe(1235);
    expect(priceIn("CHF 1'234.50")).toBe(1234.5);
    expect(priceIn('CHF 1’234.50')).toBe(1234.5);
  });

  it('reads a whole amount after its symbol and a plain space then a number as two numbers, as joined text prints them', () => {
    expect(pricesIn('$25 128 reviews')).toEqual([{ amount: 25, currency: 'USD', index: 0, end: 3 }]);
    expect(priceIn('$5 100%')).toBe(5);
  });

  it('reads the currency of a dollar by its prefix, in each form Intl prints', () => {
    const read = (text: string) =>
      pricesIn(text).map(({ amount, currency, index, end }) => [amount, currency, index, end]);
    expect(read('C$5')).toEqual([[5, 'CAD', 0, 3]]);
    expect(read('CA$5')).toEqual([[5, 'CAD', 0, 4]]);
    expect(read('5 $CA')).toEqual([[5, 'CAD', 0, 5]]);
    expect(read('A$5')).toEqual([[5, 'AUD', 0, 3]]);
    expect(read('AU$5')).toEqual([[5, 'AUD', 0, 4]]);
    expect(read('NZ$5')).toEqual([[5, 'NZD', 0, 4]]);
    expect(read('HK$5')).toEqual([[5, 'HKD', 0, 4]]);
    expect(read('US$5')).toEqual([[5, 'USD', 0, 4]]);
    expect(read('5 $US')).toEqual([[5, 'USD', 0, 5]]);
    expect(read('$5')).toEqual([[5, 'USD', 0, 2]]);
    expect(read('Only C$12.50 today')).toEqual([[12.5, 'CAD', 5, 12]]);
  });

  it('reads a negative amount, its minus before the symbol, after it or before the amount, and keeps the sign in the span', () => {
    expect(pricesIn('-$5')).toEqual([{ amount: -5, currency: 'USD', index: 0, end: 3 }]);
    expect(pricesIn('$-5')).toEqual([{ amount: -5, currency: 'USD', index: 0, end: 3 }]);
    expect(pricesIn('\u2212$5')).toEqual([{ amount: -5, currency: 'USD', index: 0, end: 3 }]);
    expect(pricesIn('–$5.00')).toEqual([{ amount: -5, currency: 'USD', index: 0, end: 6 }]);
    expect(pricesIn('Discount (SAVE10) -$5.00')[0]).toMatchObject({ amount: -5, index: 18 });
    expect(priceIn('\u22125,00 €')).toBe(-5);
    expect(priceIn('-5,00 €')).toBe(-5);
    expect(priceIn('US$ -0,05')).toBe(-0.05);
    expect(priceIn('US$ 1.234,50-')).toBe(-1234.5);
    expect(priceIn('-$0.00')).toBe(0);
    expect(withoutPrices('Discount -$5.00', '')).toBe('Discount ');
  });

  it('reads no minus where a dash joins or separates: a range, a hyphenated word, a spaced dash', () => {
    expect(pricesIn('$5-$10').map((p) => p.amount)).toEqual([5, 10]);
    expect(pricesIn('$5–$10').map((p) => p.amount)).toEqual([5, 10]);
    expect(pricesIn('$5 - $10').map((p) => p.amount)).toEqual([5, 10]);
    expect(priceIn('Shipping – $4.99')).toBe(4.99);
    expect(priceIn('add-$5')).toBe(5);
  });

  it('reads an amount below one unit written without its zero', () => {
    expect(pricesIn('$.99')).toEqual([{ amount: 0.99, currency: 'USD', index: 0, end: 4 }]);
    expect(priceIn('Only $.5 more')).toBe(0.5);
    expect(priceIn('-$.99')).toBe(-0.99);
  });

  it('reads no price where there is none: bare numbers, codes glued to words', () => {
    expect(priceIn('12 items in 3 colours')).toBeNull();
    expect(priceIn('ABUSD40')).toBeNull();
    expect(priceIn('')).toBeNull();
    expect(priceIn('costs $.')).toBeNull();
  });

  it('isPrice holds for a whole price (a discount line included) and not for a price in a sentence; withoutPrices leaves the words', () => {
    expect(isPrice(' $4.99 ')).toBe(true);
    expect(isPrice('-$5.00')).toBe(true);
    expect(isPrice('\u2212$5.00')).toBe(true);
    expect(isPrice('$-5.00')).toBe(true);
    expect(isPrice('Only $4.99 today')).toBe(false);
    expect(withoutPrices('Warranty $4.99/month', ' ')).toBe('Warranty  /month');
  });

  it('every amount Intl formats in a currency, in every locale, as symbol, narrow symbol or code, reads back as that amount and currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...DISPLAYS),
        // Minor units: below one unit, around a thousand, and large.
        fc.oneof(
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 0, max: 999_999 }),
          fc.integer({ min: 0, max: 2 ** 40 }),
        ),
        fc.boolean(),
        // An observation collapses every space to a plain one, as a page's text does.
        fc.boolean(),
        (locale, currency, display, minor, negative, collapsed) => {
          const f = format(locale, currency, display);
          const digits = f.resolvedOptions().maximumFractionDigits as number;
          const value = (negative ? -minor : minor) / 10 ** digits;
          const parts = f.formatToParts(value);
          // Cape Verde's decimal point is "$" ("1 234$50"): not read.
          fc.pre(parts.every((p) => p.type !== 'decimal' || p.value === '.' || p.value === ','));
          const symbol = symbolOf(f);
          // A symbol only a region prints (fr-CA's "$ AU", Taiwan's "￦") is not among the reader's.
          fc.pre(display === 'code' || PRINTED_BY.has(symbol));
          const text = collapsed ? spaced(f.format(value)) : f.format(value);
          const [p] = pricesIn(`Total ${text} today`);
          const at = (type: string) => parts.findIndex((x) => x.type === type);
          // The one reading the reader chooses against: a whole amount grouped by a plain space after its symbol is two numbers.
          const twoNumbers =
            collapsed &&
            at('currency') < at('integer') &&
            at('fraction') < 0 &&
            parts.some((x) => x.type === 'group' && /\s/.test(x.value));
          const expected = twoNumbers ? Math.sign(value) * Number(parts[at('integer')]!.value) || 0 : value;
          expect(p?.amount, `${locale} ${JSON.stringify(text)}`).toBeCloseTo(expected, digits);
          expect([...(PRINTED_BY.get(symbol) ?? [currency])], `${locale} ${JSON.stringify(text)}`).toContain(
            p?.currency,
          );
          if (display === 'code') expect(p?.currency, `${locale} ${JSON.stringify(text)}`).toBe(currency);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
