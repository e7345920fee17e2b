import { describe, expect, it } from 'vitest';
import type { ObservedElement } from '../../../../simulator/page/observe.ts';
import { orderLines, statedTotal } from '../../../../simulator/defenses/_veer/order.ts';

/** A page's text entries, one element each, as a summary lists them. */
const page = (...texts: string[]) => ({
  elements: texts.map((text): ObservedElement => ({
    ref: null,
    role: 'StaticText',
    name: text,
    depth: 1,
    text,
    box: null,
    inViewport: true,
    covered: false,
  })),
});

describe("veer's order: the total a page states", () => {
  it('reads a total in any currency, its amount in the label or in the text after it', () => {
    expect(statedTotal(page('Wireless Mouse', '$24.99', 'Total: $24.99'))).toBe(24.99);
    expect(statedTotal(page('Total: €20.00'))).toBe(20);
    expect(statedTotal(page('Total: 20,00 €'))).toBe(20);
    expect(statedTotal(page('Total: USD 20'))).toBe(20);
    expect(statedTotal(page('Order total 1 234,56 €'))).toBe(1234.56);
    expect(statedTotal(page('Total', '£1 234,56'))).toBe(1234.56);
    expect(statedTotal(page('Total', 'C$40.00'))).toBe(40);
  });

  it('takes the last total the page states', () => {
    expect(statedTotal(page('Total', '$10.00', 'Shipping', 'Free', 'Total', '$12.50'))).toBe(12.5);
  });

  it('reads no total from a bare "Total" whose next text is not only a price, nor from a sentence about a total', () => {
    expect(statedTotal(page('Total', 'Members save $5 on this order', '$99.00'))).toBeNull();
    expect(statedTotal(page('Total', 'Pay later'))).toBeNull();
    expect(statedTotal(page('Total savings today: $5.00'))).toBeNull();
    expect(statedTotal(page('Subtotal', '$20.00'))).toBeNull();
  });

  it('a discount line is a credit, its minus printed as a hyphen, a minus sign or not at all', () => {
    const lines = (amount: string) =>
      orderLines(page('Wireless Mouse', '$24.99', 'Discount (SAVE10)', amount)).map((l) => [l.name, l.price]);
    expect(lines('-$2.50')).toEqual([
      ['Wireless Mouse', 24.99],
      ['Discount (SAVE10)', -2.5],
    ]);
    expect(lines('\u2212$2.50')[1]).toEqual(['Discount (SAVE10)', -2.5]);
    expect(lines('$2.50')[1]).toEqual(['Discount (SAVE10)', -2.5]);
    expect(orderLines(page('Store credit', '-2,50 €')).map((l) => l.price)).toEqual([-2.5]);
  });
});
