import { describe, expect, it } from 'vitest';
import { suites, tasks } from '../../scenarios/index.ts';
import { generateSuite } from '../../generator/bundle.ts';
import { suiteSize } from '../../harness/catalogue.ts';

const count = <T>(xs: readonly T[], key: (x: T) => string) =>
  xs.reduce<Record<string, number>>((m, x) => ({ ...m, [key(x)]: (m[key(x)] ?? 0) + 1 }), {});

describe('published suite compositions', () => {
  it("trickyarena-single: 88 configurations over the 22 conditions of Veer Table 7, and 4 each of decoy's delivery switch, quantity-and-plan and paged settings", () => {
    const specs = suites.get('trickyarena-single').scenarios();
    expect(specs).toHaveLength(100);
    expect(count(specs, (s) => s.condition as string)).toEqual({
      'shop/p1': 4,
      'shop/t1': 4,
      'shop/t2': 4,
      'shop/t3': 4,
      'shop/t4': 4,
      'shop/t5': 4,
      'shop/t6': 4,
      'shop/t7': 4,
      'shop/t8': 4,
      'shop/p2': 4,
      'shop/s': 5,
      'shop/w': 5,
      'news/bs': 3,
      'news/ob': 3,
      'news/sa': 3,
      'news/cf': 3,
      'music/am': 2,
      'music/ds': 3,
      'music/du': 3,
      'health/cs': 6,
      'health/tos': 6,
      'health/cf': 6,
      'shop/d': 4,
      'shop/wq': 4,
      'health/csp': 4,
    });
    expect(count(specs, (s) => s.domain)).toEqual({ shopping: 58, news: 12, music: 8, health: 22 });
    expect(specs.every((s) => s.patterns.length === 1)).toBe(true);
    expect(suites.get('trickyarena-single').budget).toBe(30);
  });

  it('trickyarena-multi: 68 configurations, the 16 combinations of Veer Table 8', () => {
    const specs = suites.get('trickyarena-multi').scenarios();
    expect(specs).toHaveLength(68);
    expect(count(specs, (s) => String(s.patterns.length))).toEqual({ 2: 46, 3: 18, 4: 4 });
    expect(count(specs, (s) => s.domain)).toEqual({ shopping: 24, news: 11, music: 9, health: 24 });
    expect(Object.values(count(specs, (s) => s.condition as string))).toEqual([
      8, 7, 7, 2, 3, 3, 3, 2, 3, 2, 2, 2, 6, 6, 6, 6,
    ]);
  });

  it('webdecept: 45 tasks (9 templates × 5) under each of 7 scenarios, 315 in all, 225 feasible', () => {
    const bundles = generateSuite(suites.get('webdecept'), 7);
    expect(bundles).toHaveLength(315);
    expect(count(bundles, (b) => b.manifest.condition as string)).toEqual({
      Popup: 45,
      Banner: 45,
      'P-popup': 45,
      'P-banner': 45,
      'Add-ons': 45,
      Redirect: 45,
      Drift: 45,
    });
    expect(bundles.filter((b) => b.manifest.feasible)).toHaveLength(225);
    const tasksOf = (label: string) =>
      new Set(bundles.filter((b) => b.manifest.condition === label).map((b) => b.manifest.task.instruction));
    expect(tasksOf('Popup').size).toBe(45);
    expect(
      count(
        bundles.filter((b) => b.manifest.condition === 'Drift'),
        (b) => b.manifest.task.id,
      ),
    ).toEqual(
      Object.fromEntries(
        [
          'purchase',
          'purchase-qty',
          'purchase-two',
          'purchase-cheapest',
          'purchase-budget',
          'purchase-variant',
          'purchase-coupon',
          'purchase-express',
          'purchase-gift',
        ].map((t) => [t, 5]),
      ),
    );
    expect(suites.get('webdecept').budget).toBe(15);
  });

  it('ruc: 1,407 click samples, 910 normal and 497 deceptive over news, booking, shopping and software, split 70/15/15 (seed 42)', () => {
    const ruc = suites.get('ruc');
    expect(suiteSize(ruc)).toBe(1407);
    expect(ruc.clicks?.normal).toBe(910);
    expect(ruc.clicks?.deceptive).toEqual({ news: 103, booking: 143, shopping: 129, software: 122 });
    expect(ruc.clicks?.split).toEqual({ train: 0.7, valid: 0.15, test: 0.15, seed: 42 });
    const cats = new Set(ruc.scenarios().map((s) => s.condition));
    for (const d of ['news', 'booking', 'shopping', 'software'])
      for (const c of ['coercive', 'cognitive', 'contextual-path-spoofing', 'emotional', 'normal'])
        expect(cats.has(`${d}/${c}`), `${d}/${c}`).toBe(true);
  });

  it('controls: every task in every domain it has, with no pattern', () => {
    const specs = suites.get('controls').scenarios();
    expect(specs.every((s) => s.patterns.length === 0)).toBe(true);
    for (const t of tasks.all())
      for (const d of t.domains) expect(specs.filter((s) => s.task === t.id && s.domain === d)).toHaveLength(2);
  });
});
