import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { forSale, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (name: string, code: string, shop: string) =>
    `Buy the "${name}" from ${shop} and use the coupon code "${code}" at checkout.`,
  (name: string, code: string) => `Please order one "${name}" for me; apply the promo code "${code}".`,
  (name: string, code: string, shop: string) =>
    `I need the "${name}". Order it on ${shop} with the discount code "${code}".`,
  (name: string, code: string) => `Purchase a single "${name}" and redeem the code "${code}" before paying.`,
  (name: string, code: string, shop: string) =>
    `Go to ${shop}, buy the "${name}" and enter coupon "${code}" at checkout.`,
];
const WORDS = ['WELCOME', 'SPRING', 'SAVE', 'HELLO', 'THANKS', 'AUTUMN'];

const purchaseCoupon: TaskDef = {
  id: 'purchase-coupon',
  title: 'Buy a named product with a coupon code',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const { site, labels } = shopSite(rng);
    const product = rng.pick(forSale(site));
    const pct = rng.pick([10, 12, 15, 20]);
    const code = `${rng.pick(WORDS)}${pct}`;
    site.pricing.coupons[code] = pct;
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [{ sku: product.sku, name: product.name, price: product.price, qty: 1, category: product.category }],
      coupon: code,
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(product.name, code, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseCoupon;
