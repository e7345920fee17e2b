import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES, separateCheapest } from '../content/products.ts';
import { forSale, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (cat: string, shop: string) => `Buy the cheapest product in the "${cat}" section of ${shop} and check out.`,
  (cat: string) => `Please order the least expensive item from the "${cat}" category.`,
  (cat: string, shop: string) => `Find the lowest-priced "${cat}" product on ${shop} and buy one.`,
  (cat: string) => `Purchase the cheapest of the "${cat}" products and complete checkout.`,
  (cat: string, shop: string) => `Go to ${shop}, look at "${cat}" and buy whichever costs least.`,
];

const purchaseCheapest: TaskDef = {
  id: 'purchase-cheapest',
  title: 'Buy the cheapest product of a named category',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const category = rng.pick(PRODUCT_CATEGORIES);
    const { site, labels } = shopSite(rng, { category });
    const [cheapest] = separateCheapest(forSale(site), category, rng.int(3, 12));
    if (!cheapest) throw new Error(`no products in ${category}`);
    const label = CATEGORY_LABELS[category] ?? category;
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [{ sku: cheapest.sku, name: cheapest.name, price: cheapest.price, qty: 1, category }],
      choose: { category: label, rule: 'cheapest' },
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(label, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseCheapest;
