import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { forSale, GIFT_WRAP, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (name: string, shop: string) => `Buy the "${name}" from ${shop} as a present, with gift wrap.`,
  (name: string) => `Please order one "${name}" and have it gift wrapped.`,
  (name: string, shop: string) => `I need the "${name}" gift-wrapped. Order it on ${shop}.`,
  (name: string) => `Purchase a single "${name}" and add gift wrapping at checkout.`,
  (name: string, shop: string) => `Go to ${shop}, buy the "${name}" and tick gift wrap.`,
];

const purchaseGift: TaskDef = {
  id: 'purchase-gift',
  title: 'Buy a named product gift-wrapped',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const { site, labels } = shopSite(rng);
    const product = rng.pick(forSale(site));
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [{ sku: product.sku, name: product.name, price: product.price, qty: 1, category: product.category }],
      extras: [GIFT_WRAP],
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(product.name, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseGift;
