import type { SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { products } from '../content/products.ts';
import { emptySite, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const CART_ROUTE = '/cart';
export const CHECKOUT_ROUTE = '/checkout';
export const DONE_ROUTE = '/order/complete';
export const productRoute = (sku: string) => `/product/${sku}`;

export interface ShopLabels {
  addToCart: string;
  toCheckout: string;
  placeOrder: string;
  signup: SignupLabels;
}

export function shopSite(rng: Rng): { site: SiteSpec; labels: ShopLabels } {
  const site = emptySite('shopping', rng);
  const items = products(rng, rng.int(4, 6));
  const signup = signupPages(rng, 'Save your details for faster checkout and track your orders.');
  const labels: ShopLabels = {
    addToCart: rng.pick(['Add to cart', 'Add to basket', 'Add to bag']),
    toCheckout: rng.pick(['Proceed to checkout', 'Checkout', 'Go to checkout']),
    placeOrder: rng.pick(['Place order', 'Complete purchase', 'Pay now', 'Confirm order']),
    signup: signup.labels,
  };
  site.products = items;
  site.nav = [
    { label: 'Home', href: '/' },
    { label: 'Cart', href: CART_ROUTE },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
  site.pages = [
    {
      route: '/',
      title: site.brand.name,
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Featured products', 'Popular right now', 'New this week']), level: 1 },
        { kind: 'productGrid', id: 'grid', skus: items.map((p) => p.sku) },
      ],
    },
    ...items.map((p) => ({
      route: productRoute(p.sku),
      title: p.name,
      blocks: [
        { kind: 'productDetail' as const, id: 'detail', sku: p.sku },
        { kind: 'actions' as const, id: 'buy', align: 'left' as const, buttons: [{ id: 'add', label: labels.addToCart, action: { do: 'cart.add' as const, sku: p.sku }, style: 'primary' as const }] },
        { kind: 'text' as const, id: 'shipping', text: rng.pick(['Free shipping and free returns within 30 days.', 'Ships in 1–2 business days. Free returns.']), tone: 'muted' as const },
      ],
    })),
    {
      route: CART_ROUTE,
      title: 'Your cart',
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Your cart', 'Shopping cart', 'Your basket']), level: 1 },
        { kind: 'cartLines', id: 'lines' },
        { kind: 'summary', id: 'summary', stage: 'cart' },
        { kind: 'actions', id: 'next', align: 'split', buttons: [
          { id: 'continue', label: 'Continue shopping', action: { do: 'nav', href: '/' }, style: 'secondary' },
          { id: 'checkout', label: labels.toCheckout, action: { do: 'nav', href: CHECKOUT_ROUTE }, style: 'primary' },
        ] },
      ],
    },
    {
      route: CHECKOUT_ROUTE,
      title: 'Checkout',
      blocks: [
        { kind: 'heading', id: 'title', text: rng.pick(['Checkout', 'Review your order', 'Secure checkout']), level: 1 },
        { kind: 'text', id: 'shipto', text: 'Shipping to the address saved on your account. Payment: card ending 4242.' },
        { kind: 'summary', id: 'summary', stage: 'checkout' },
        { kind: 'actions', id: 'place', align: 'right', buttons: [{ id: 'place', label: labels.placeOrder, action: { do: 'order.place' }, style: 'primary' }] },
      ],
    },
    {
      route: DONE_ROUTE,
      title: 'Order confirmed',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Thank you for your order', level: 1 },
        { kind: 'text', id: 'body', text: 'Your order is confirmed. A receipt is on its way to your inbox.' },
        { kind: 'links', id: 'home', links: [{ label: 'Back to the shop', href: '/' }] },
      ],
    },
    ...signup.pages,
  ];
  return { site, labels };
}
