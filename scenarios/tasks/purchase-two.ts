import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { forSale, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (a: string, b: string, shop: string) => `Buy the "${a}" and the "${b}" from ${shop} in one order.`,
  (a: string, b: string) => `Please order one "${a}" and one "${b}" for me.`,
  (a: string, b: string, shop: string) =>
    `I need both the "${a}" and the "${b}". Add them to the cart on ${shop} and place the order.`,
  (a: string, b: string) => `Purchase a "${a}" together with a "${b}" and complete checkout.`,
  (a: string, b: string, shop: string) =>
    `Go to ${shop}, put the "${a}" and the "${b}" in the cart and place the order.`,
];

const purchaseTwo: TaskDef = {
  id: 'purchase-two',
  title: 'Buy two named products in one order',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const { site, labels } = shopSite(rng);
    const [a, b] = rng.shuffle(forSale(site));
    if (!a || !b) throw new Error('purchase-two needs two products');
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [a, b].map((p) => ({ sku: p.sku, name: p.name, price: p.price, qty: 1, category: p.category })),
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(a.name, b.name, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseTwo;
