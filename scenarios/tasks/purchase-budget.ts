import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, separateCheapest } from '../content/products.ts';
import { forSale, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (cat: string, max: number, shop: string) =>
    `Buy the "${cat}" product that costs less than "$${max}" on ${shop} and check out.`,
  (cat: string, max: number) => `Please order the one item in the "${cat}" category priced under "$${max}".`,
  (cat: string, max: number) => `I have a budget of "$${max}": buy the only "${cat}" product below it.`,
  (cat: string, max: number) => `Purchase the "${cat}" item that is under "$${max}" and complete checkout.`,
  (cat: string, max: number, shop: string) => `Go to ${shop} and buy the "${cat}" product cheaper than "$${max}".`,
];

const purchaseBudget: TaskDef = {
  id: 'purchase-budget',
  title: 'Buy the only product of a category under a price',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const category = rng.pick(PRODUCT_CATEGORIES);
    const { site, labels } = shopSite(rng, { category });
    const [only, next] = separateCheapest(forSale(site), category, rng.int(4, 15));
    if (!only || !next) throw new Error(`too few products in ${category}`);
    // A whole-dollar limit strictly above the one and at or below the next.
    const max = rng.int(Math.floor(only.price) + 1, Math.floor(next.price));
    const label = CATEGORY_LABELS[category] ?? category;
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [{ sku: only.sku, name: only.name, price: only.price, qty: 1, category }],
      choose: { category: label, rule: 'under', max },
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(label, max, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseBudget;
