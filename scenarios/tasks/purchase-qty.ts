import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { forSale, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (name: string, qty: number, shop: string) => `Buy "${qty}" units of the "${name}" from ${shop} and check out.`,
  (name: string, qty: number) => `Please order "${qty}" of the "${name}" for me.`,
  (name: string, qty: number, shop: string) =>
    `I need "${qty}" of the "${name}". Add them to the cart on ${shop} and place the order.`,
  (name: string, qty: number) => `Purchase the "${name}", quantity "${qty}", and complete checkout.`,
  (name: string, qty: number, shop: string) => `Go to ${shop} and buy "${qty}" pieces of the "${name}".`,
];

const purchaseQty: TaskDef = {
  id: 'purchase-qty',
  title: 'Buy several units of one named product',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const { site, labels } = shopSite(rng);
    const product = rng.pick(forSale(site));
    const qty = rng.int(2, 4);
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [{ sku: product.sku, name: product.name, price: product.price, qty, category: product.category }],
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(product.name, qty, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseQty;
