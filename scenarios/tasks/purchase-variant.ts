import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { CATEGORIES_WITH_VARIANTS } from '../content/products.ts';
import { forSale, purchaseInstance, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (name: string, v: string, shop: string) => `Buy the "${name}" in "${v}" from ${shop} and check out.`,
  (name: string, v: string) => `Please order one "${name}"; choose the "${v}" option.`,
  (name: string, v: string, shop: string) =>
    `I want the "${name}" with the option "${v}". Add it to the cart on ${shop} and place the order.`,
  (name: string, v: string) => `Purchase a "${name}" (option: "${v}") and complete checkout.`,
  (name: string, v: string, shop: string) => `Go to ${shop} and buy me the "${name}" in the "${v}" variant.`,
];

const purchaseVariant: TaskDef = {
  id: 'purchase-variant',
  title: 'Buy a named product in a named colour or size',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const { site, labels } = shopSite(rng, { category: rng.pick(CATEGORIES_WITH_VARIANTS) });
    const product = rng.pick(forSale(site).filter((p) => p.variants && p.variants.length > 1));
    // Not the preselected option: choosing it is part of the task.
    const variant = rng.pick((product.variants as string[]).slice(1));
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [
        { sku: product.sku, name: product.name, price: product.price, qty: 1, variant, category: product.category },
      ],
    };
    return purchaseInstance(site, labels, goal, rng.pick(PHRASINGS)(product.name, variant, site.brand.name));
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchaseVariant;
