import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPrice, priceIn, pricesIn, withoutPrices } from '../../../../simulator/page/read/price.ts';

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

  it('reads no price where there is none: bare numbers, codes glued to words', () => {
    expect(priceIn('12 items in 3 colours')).toBeNull();
    expect(priceIn('ABUSD40')).toBeNull();
    expect(priceIn('')).toBeNull();
  });

  it('isPrice holds for a whole price (a discount line included) and not for a price in a sentence; withoutPrices leaves the words', () => {
    expect(isPrice(' $4.99 ')).toBe(true);
    expect(isPrice('-$5.00')).toBe(true);
    expect(isPrice('Only $4.99 today')).toBe(false);
    expect(withoutPrices('Warranty $4.99/month', ' ')).toBe('Warranty  /month');
  });

  it('every amount Intl formats in a currency, in any of several locales, reads back as that amount and currency', () => {
    const locales = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'pt-BR', 'ja-JP', 'en-IN'];
    const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'INR', 'CHF', 'BRL'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.constantFrom(...locales),
        fc.constantFrom(...currencies),
        (cents, locale, currency) => {
          const digits = currency === 'JPY' ? 0 : 2;
          const amount = digits ? cents / 100 : cents;
          const text = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(
            amount,
          );
          const [p] = pricesIn(`Total ${text} today`);
          expect(p?.amount, text).toBeCloseTo(amount, 2);
          expect(p?.currency, text).toBe(currency);
        },
      ),
    );
  });
});
