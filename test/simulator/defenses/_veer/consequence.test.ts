import { describe, expect, it } from 'vitest';
import { paidPlan } from '../../../../simulator/defenses/_veer/consequence.ts';

describe("veer's consequences: the wording of a paid plan", () => {
  it('takes a price after "then" in any currency for a plan that turns paid', () => {
    for (const price of ['$9.99', '€9.99', '9,99 €', 'CA$9.99', '£9'])
      expect(paidPlan(`Start free, then ${price}`), price).toBe(true);
    expect(paidPlan('Start free, then keep it free')).toBe(false);
    expect(paidPlan('Free: $0, with ads')).toBe(false);
  });
});
