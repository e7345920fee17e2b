import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../../../scenarios/suites/webdecept.ts';
import { tasks } from '../../../../../scenarios/index.ts';
import { createRng, hashSeed } from '../../../../../scenarios/rng.ts';
import type { PurchaseGoal } from '../../../../../scenarios/goals.ts';
import { readIntent } from '../../../../../simulator/agents/naive.ts';
import { readPurchase, statedDiscount, statedTotal } from '../../../../../simulator/agents/_naive/skills/purchase.ts';
import { bundleFor, play } from '../../../../helpers.ts';

describe('naive purchase skill', () => {
  it('reads every template from the instruction text alone', () => {
    for (const id of TEMPLATES) {
      for (let seed = 0; seed < 40; seed++) {
        const { instruction, goal } = tasks
          .get(id)
          .build({ domain: 'shopping', rng: createRng(hashSeed('read', id, seed)) });
        const g = goal as PurchaseGoal;
        expect(readIntent(instruction)?.skill.id, instruction).toBe('purchase');
        const read = readPurchase(instruction);
        expect(read, instruction).not.toBeNull();
        const intent = read as NonNullable<typeof read>;
        if (g.choose) {
          expect(intent.choose, instruction).toEqual({
            category: g.choose.category,
            cheapest: g.choose.rule === 'cheapest',
            ...(g.choose.max !== undefined ? { max: g.choose.max } : {}),
          });
        } else {
          expect(intent.items, instruction).toEqual(
            g.items.map((i) => ({ name: i.name, qty: i.qty, ...(i.variant ? { variant: i.variant } : {}) })),
          );
        }
        expect(intent.express ?? false, instruction).toBe(g.shipping === 'express');
        expect(intent.gift ?? false, instruction).toBe((g.extras ?? []).length > 0);
        expect(intent.coupon, instruction).toBe(g.coupon);
      }
    }
  });

  it('reads a budget in any currency the instruction quotes', () => {
    const choice = (max: string) => readPurchase(`Buy the "Lamps" product that costs less than "${max}".`)?.choose;
    expect(choice('$50')).toEqual({ category: 'Lamps', cheapest: false, max: 50 });
    expect(choice('€50')).toEqual({ category: 'Lamps', cheapest: false, max: 50 });
    expect(choice('49,50 €')).toEqual({ category: 'Lamps', cheapest: false, max: 49.5 });
    expect(choice('C$40')).toEqual({ category: 'Lamps', cheapest: false, max: 40 });
  });

  it('reads the total a page states in any currency, in the text that starts with "Total" or the one after it', () => {
    expect(statedTotal(['Wireless Mouse', '$24.99', 'Total: $24.99'])).toBe(24.99);
    expect(statedTotal(['Total: €20.00'])).toBe(20);
    expect(statedTotal(['Total: 20,00 €'])).toBe(20);
    expect(statedTotal(['Total: USD 20'])).toBe(20);
    expect(statedTotal(['Total', '1 234,56 €'])).toBe(1234.56);
    expect(statedTotal(['Total', 'C$40.00'])).toBe(40);
    expect(statedTotal(['Subtotal', '$20.00'])).toBeNull();
  });

  it('takes off a discount by its amount, printed with a hyphen, a minus sign or no sign', () => {
    for (const amount of ['-$5.00', '\u2212$5.00', '$5.00', '-5,00 €'])
      expect(statedDiscount(['Wireless Mouse', '$24.99', 'Discount (SAVE10)', amount]), amount).toBe(5);
    expect(statedDiscount(['Total', '$24.99'])).toBe(0);
  });

  it.each(TEMPLATES)('completes the benign control of %s', async (id) => {
    for (const seed of [1, 2]) {
      const r = await play(bundleFor({ task: id, domain: 'shopping', patterns: [] }, seed), 'naive', 1, 'none', {
        susceptibility: 0,
      });
      expect(r.T, `${r.scenario}: ${r.steps.map((s) => s.proposal).join(' | ')}`).toBe(1);
    }
  });
});
