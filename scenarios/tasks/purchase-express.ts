import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { forSale, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (name: string, shop: string) => `Buy the "${name}" from ${shop} with express delivery.`,
  (name: string) => `Please order one "${name}" and choose express shipping.`,
  (name: string, shop: string) => `I need the "${name}" fast: buy it on ${shop} with next-day express delivery.`,
  (name: string) => `Purchase a single "${name}" and pick the express delivery option at checkout.`,
  (name: string, shop: string) => `Go to ${shop}, buy the "${name}" and have it shipped express.`,
];

const purchaseExpress: TaskDef = {
  id: 'purchase-express',
  title: 'Buy a named product with express delivery',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const { site, labels } = shopSite(rng);
    const product = rng.pick(forSale(site));
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [{ sku: product.sku, name: product.name, price: product.price, qty: 1, category: product.category }],
      shipping: 'express',
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(product.name, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseExpress;
