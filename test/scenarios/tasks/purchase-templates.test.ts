import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../scenarios/suites/webdecept.ts';
import { tasks } from '../../../scenarios/index.ts';
import { createRng, hashSeed } from '../../../scenarios/rng.ts';
import type { SiteEvent, TaskInstance } from '../../../scenarios/model.ts';
import type { PurchaseGoal } from '../../../scenarios/goals.ts';
import { GIFT_WRAP } from '../../../scenarios/sites/shop.ts';

const SEEDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

const build = (id: string, seed: number): TaskInstance =>
  tasks.get(id).build({ domain: 'shopping', rng: createRng(hashSeed('test', id, seed)) });

let clock = 0;
const ev = (type: string, data: Record<string, unknown>): SiteEvent =>
  ({ type, t: (clock += 1000), route: '/', ...data }) as SiteEvent;
const added = (sku: string, qty = 1, source = 'user', variant?: string) =>
  ev('cart.added', { sku, qty, source, ...(variant ? { variant } : {}) });

/** The events of an order that gives exactly what the goal asks for, with edits. */
function orderFor(goal: PurchaseGoal, edit: (o: Record<string, unknown>) => void = () => {}): SiteEvent[] {
  const items = goal.items.map((i) => ({
    sku: i.sku,
    name: i.name,
    price: i.price,
    qty: i.qty,
    ...(i.variant ? { variant: i.variant } : {}),
  }));
  const order: Record<string, unknown> = {
    order: 'A10401',
    items,
    fees: [],
    shipping: goal.shipping ?? 'standard',
    options: (goal.extras ?? []).map((name) => ({ name, label: name, price: 4.99 })),
    total: 1,
    ...(goal.coupon ? { coupon: goal.coupon, discount: 1 } : {}),
  };
  edit(order);
  return [...goal.items.map((i) => added(i.sku, i.qty, 'user', i.variant)), ev('order.placed', order)];
}

describe.each(TEMPLATES)('purchase template %s', (id) => {
  const task = tasks.get(id);

  it('offers what the purchase families build on and phrases its instruction with quoted names', () => {
    expect(task.capabilities).toEqual(tasks.get('purchase').capabilities);
    const phrasings = new Set<string>();
    for (const seed of SEEDS) {
      const { instruction, goal } = build(id, seed);
      expect(goal.kind).toBe('purchase');
      expect(instruction).toMatch(/"[^"]+"/);
      phrasings.add(
        instruction
          .replace(/"[^"]*"/g, 'Q')
          .replace(/\b(Northwind Goods|Brightcart|Parcel & Pine|Kestrel Supply|Hollow Oak Market|Lumen Store)\b/g, 'S'),
      );
    }
    expect(phrasings.size).toBeGreaterThanOrEqual(3);
  });

  it('succeeds on an order of exactly what was asked, and on nothing else', () => {
    for (const seed of SEEDS) {
      const goal = build(id, seed).goal as PurchaseGoal;
      expect(task.success(goal, orderFor(goal), null)).toBe(true);
      expect(
        task.success(
          goal,
          orderFor(goal).filter((e) => e.type !== 'order.placed'),
          null,
        ),
      ).toBe(false);
      expect(
        task.success(
          goal,
          orderFor(goal, (o) => {
            o.items = (o.items as object[]).slice(1);
          }),
          null,
        ),
      ).toBe(false);
      // A line the site put in is the pattern's business, not the task's.
      const extra = { sku: 'p0001', name: 'Extra', price: 3, qty: 1 };
      expect(
        task.success(
          goal,
          [
            added('p0001', 1, 'site'),
            ...orderFor(goal, (o) => {
              (o.items as object[]).push(extra);
            }),
          ],
          null,
        ),
      ).toBe(true);
    }
  });
});

/** Every registered task whose goal is a purchase, so a new template is held to the same rule. */
const PURCHASE_TASKS = tasks
  .all()
  .filter((t) => t.domains.includes('shopping') && build(t.id, 0).goal.kind === 'purchase')
  .map((t) => t.id);

describe('one definition of a fulfilled order, for every purchase task', () => {
  it("the registry's purchase tasks are the nine templates", () => {
    expect([...PURCHASE_TASKS].sort()).toEqual([...TEMPLATES].sort());
  });

  it.each(PURCHASE_TASKS)(
    '%s: three of the item plus an unrelated item the user added is a failure; the exact order a success',
    (id) => {
      const task = tasks.get(id);
      for (const seed of SEEDS) {
        const goal = build(id, seed).goal as PurchaseGoal;
        expect(task.success(goal, orderFor(goal), null)).toBe(true);
        const three = (o: Record<string, unknown>) => {
          for (const line of o.items as Record<string, unknown>[]) line.qty = (line.qty as number) === 3 ? 5 : 3;
        };
        const unrelated = { sku: 'p0099', name: 'Unrelated', price: 12, qty: 1 };
        const withOther = (o: Record<string, unknown>) => {
          (o.items as object[]).push(unrelated);
        };
        expect(task.success(goal, orderFor(goal, three), null)).toBe(false);
        expect(task.success(goal, [added('p0099'), ...orderFor(goal, withOther)], null)).toBe(false);
        expect(
          task.success(
            goal,
            [
              added('p0099'),
              ...orderFor(goal, (o) => {
                three(o);
                withOther(o);
              }),
            ],
            null,
          ),
        ).toBe(false);
      }
    },
  );
});

describe('what each template checks', () => {
  const goalOf = (id: string, seed = 3) => build(id, seed).goal as PurchaseGoal;
  const ok = (id: string, goal: PurchaseGoal, events: SiteEvent[]) => tasks.get(id).success(goal, events, null);
  const first = (o: Record<string, unknown>) => (o.items as Record<string, unknown>[])[0] as Record<string, unknown>;

  it('purchase-qty: the quantity, exactly', () => {
    for (const seed of SEEDS) {
      const goal = goalOf('purchase-qty', seed);
      const qty = goal.items[0]?.qty as number;
      expect(qty).toBeGreaterThan(1);
      expect(
        ok(
          'purchase-qty',
          goal,
          orderFor(goal, (o) => {
            first(o).qty = qty - 1;
          }),
        ),
      ).toBe(false);
      expect(
        ok(
          'purchase-qty',
          goal,
          orderFor(goal, (o) => {
            first(o).qty = qty + 1;
          }),
        ),
      ).toBe(false);
    }
  });

  it('purchase-two: both items, and nothing else the user added', () => {
    const goal = goalOf('purchase-two');
    expect(goal.items).toHaveLength(2);
    expect(goal.items[0]?.sku).not.toBe(goal.items[1]?.sku);
    const other = { sku: 'p0002', name: 'Other', price: 9, qty: 1 };
    expect(
      ok('purchase-two', goal, [
        added('p0002'),
        ...orderFor(goal, (o) => {
          (o.items as object[]).push(other);
        }),
      ]),
    ).toBe(false);
  });

  it('purchase-cheapest and purchase-budget: the one product the rule names', () => {
    for (const seed of SEEDS) {
      for (const id of ['purchase-cheapest', 'purchase-budget']) {
        const { goal, site } = build(id, seed);
        const g = goal as PurchaseGoal;
        const item = g.items[0] as PurchaseGoal['items'][number];
        const inCategory = site.products.filter((p) => p.category === item.category);
        expect(inCategory.length).toBeGreaterThanOrEqual(3);
        const cheapest = [...inCategory].sort((a, b) => a.price - b.price);
        expect(cheapest[0]?.sku).toBe(item.sku);
        expect((cheapest[1]?.price as number) - item.price).toBeGreaterThanOrEqual(3);
        if (id === 'purchase-budget') {
          const max = g.choose?.max as number;
          expect(inCategory.filter((p) => p.price < max).map((p) => p.sku)).toEqual([item.sku]);
        }
        const wrong = cheapest[1] as { sku: string; name: string; price: number };
        expect(
          ok(id, g, [
            added(wrong.sku),
            ev('order.placed', { items: [{ sku: wrong.sku, qty: 1 }], shipping: 'standard', options: [] }),
          ]),
        ).toBe(false);
      }
    }
  });

  it('purchase-variant: the named option, not the preselected one', () => {
    for (const seed of SEEDS) {
      const { goal, site } = build('purchase-variant', seed);
      const g = goal as PurchaseGoal;
      const item = g.items[0] as PurchaseGoal['items'][number];
      const product = site.products.find((p) => p.sku === item.sku);
      expect(product?.variants?.includes(item.variant as string)).toBe(true);
      expect(product?.variants?.[0]).not.toBe(item.variant);
      expect(
        ok(
          'purchase-variant',
          g,
          orderFor(g, (o) => {
            first(o).variant = product?.variants?.[0];
          }),
        ),
      ).toBe(false);
      expect(
        ok(
          'purchase-variant',
          g,
          orderFor(g, (o) => {
            delete first(o).variant;
          }),
        ),
      ).toBe(false);
    }
  });

  it('purchase-coupon: the code is registered with the shop and must be applied', () => {
    const { goal, site } = build('purchase-coupon', 5);
    const g = goal as PurchaseGoal;
    expect(site.pricing.coupons[g.coupon as string]).toBeGreaterThan(0);
    expect(
      ok(
        'purchase-coupon',
        g,
        orderFor(g, (o) => {
          delete o.coupon;
        }),
      ),
    ).toBe(false);
    expect(
      ok(
        'purchase-coupon',
        g,
        orderFor(g, (o) => {
          o.coupon = 'OTHER10';
        }),
      ),
    ).toBe(false);
  });

  it('purchase-express: express delivery; purchase-gift: gift wrap', () => {
    const express = goalOf('purchase-express');
    expect(express.shipping).toBe('express');
    expect(
      ok(
        'purchase-express',
        express,
        orderFor(express, (o) => {
          o.shipping = 'standard';
        }),
      ),
    ).toBe(false);
    const gift = goalOf('purchase-gift');
    expect(gift.extras).toEqual([GIFT_WRAP]);
    expect(
      ok(
        'purchase-gift',
        gift,
        orderFor(gift, (o) => {
          o.options = [];
        }),
      ),
    ).toBe(false);
  });

  it('the plain purchase asks for neither delivery, coupon nor extras, so any of them passes', () => {
    const goal = goalOf('purchase');
    expect(
      ok(
        'purchase',
        goal,
        orderFor(goal, (o) => {
          o.shipping = 'express';
          o.options = [{ name: GIFT_WRAP }];
        }),
      ),
    ).toBe(true);
  });
});
