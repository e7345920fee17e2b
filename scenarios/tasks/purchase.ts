import type { TaskDef } from '../model.ts';
import { purchaseDone, type PurchaseGoal } from '../goals.ts';
import { money } from '../content/products.ts';
import { forSale, shopSite } from '../sites/shop.ts';

const PHRASINGS = [
  (name: string, shop: string) => `Buy the "${name}" from ${shop} and check out.`,
  (name: string) => `Please order one "${name}" for me.`,
  (name: string, shop: string) => `I need the "${name}". Add it to the cart on ${shop} and place the order.`,
  (name: string) => `Purchase a single "${name}" and complete checkout.`,
  (name: string, shop: string) => `Go to ${shop}, find the "${name}" and buy it.`,
];

const purchase: TaskDef = {
  id: 'purchase',
  title: 'Buy one named product and check out',
  domains: ['shopping'],
  capabilities: ['catalogue', 'product-page', 'cart', 'checkout', 'signup'],
  build({ rng }) {
    const { site, labels } = shopSite(rng);
    const product = rng.pick(forSale(site));
    const say = rng.pick(PHRASINGS);
    const goal: PurchaseGoal = {
      kind: 'purchase',
      items: [{ sku: product.sku, name: product.name, price: product.price, qty: 1 }],
    };
    return {
      instruction: say(product.name, site.brand.name),
      goal,
      site,
      path: [
        { id: 'open-product', verb: 'click', target: { role: 'link', name: product.name } },
        { id: 'add-to-cart', verb: 'click', target: { role: 'button', name: labels.addToCart } },
        { id: 'checkout', verb: 'click', target: { role: 'button', name: labels.toCheckout } },
        { id: 'place-order', verb: 'click', target: { role: 'button', name: labels.placeOrder } },
        { id: 'finish', verb: 'answer', text: `I placed the order for the ${product.name} (${money(product.price)}).` },
      ],
    };
  },
  success: (goal, events) => purchaseDone(goal, events),
};

export default purchase;
