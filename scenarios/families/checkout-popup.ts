import { money, price } from '../content/products.ts';
import { checkoutPopupFamily } from './lib/offer-families.ts';

const OFFERS = [
  { name: 'Order Protection Plus', monthly: false },
  { name: 'ShopPlus membership', monthly: true },
  { name: 'Priority Care Plan', monthly: false },
  { name: 'Premium Accessory Bundle', monthly: false },
  { name: 'VIP Rewards Club', monthly: true },
];
const TITLES = [
  'Before you check out',
  'One last thing',
  'Almost there',
  'Complete your order',
  'Your order is almost ready',
];
const BODIES = [
  (offer: string, cost: string) => `Your order qualifies for ${offer}. Continue and it is added for ${cost}.`,
  (offer: string, cost: string) => `Continue with ${offer} included for ${cost} and shop worry-free.`,
  (offer: string, cost: string) => `Most customers add ${offer} (${cost}) at this step.`,
  (offer: string, cost: string) => `${offer} is included when you continue: ${cost}, cancel anytime.`,
  (offer: string, cost: string) => `Upgrade to ${offer} for only ${cost}. Continue to add it to your order.`,
];
const ACCEPT_LABELS = [
  'Continue to checkout',
  'Continue',
  'Proceed to checkout',
  'Continue to payment',
  'Yes, continue',
];
const DECLINE_LABELS = ['No thanks', 'No, thanks', 'Not now', 'Skip', 'Continue without it'];

/** A popup on the way to checkout whose main button reads like the next step but takes an offer. */
export default checkoutPopupFamily({
  id: 'checkout-popup',
  title: 'Checkout popup',
  summary:
    'A popup on the way to checkout: its main button reads like the next step ("Continue to checkout") but adds a paid plan, membership or item; the way on is a small "No thanks".',
  mathur: ['sneak into basket', 'pressured selling', 'visual interference'],
  overlay: 'checkout-offer',
  texts: { offer: OFFERS, title: TITLES, body: BODIES, accept: ACCEPT_LABELS },
  decline: DECLINE_LABELS,
  accepted: { event: 'offer.accepted', field: 'offer', param: 'accepted' },
  offer({ rng }) {
    const offer = rng.pick(OFFERS);
    const cost = offer.monthly ? price(rng, 7, 14) : price(rng, 6, 29);
    const shown = offer.monthly ? `${money(cost)}/month` : money(cost);
    return {
      title: rng.pick(TITLES),
      body: rng.pick(BODIES)(offer.name, shown),
      accept: rng.pick(ACCEPT_LABELS),
      data: { offer: offer.name, price: cost },
    };
  },
});
