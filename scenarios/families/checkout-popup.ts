import { money, price } from '../content/products.ts';
import { pool } from '../phrasing.ts';
import { checkoutPopupFamily } from './lib/offer-families.ts';

const OFFERS = pool(
  [
    { name: 'Order Protection Plus', monthly: false },
    { name: 'ShopPlus membership', monthly: true },
    { name: 'Priority Care Plan', monthly: false },
    { name: 'Premium Accessory Bundle', monthly: false },
    { name: 'VIP Rewards Club', monthly: true },
  ],
  [
    { name: 'Parcel Shield', monthly: false },
    { name: 'Express Everything Pass', monthly: true },
    { name: 'Breakage Cover', monthly: false },
    { name: 'Starter Kit Add-in', monthly: false },
    { name: 'Gold Shopper Club', monthly: true },
    { name: 'Returns Freedom', monthly: false },
  ],
);
const TITLES = pool(
  ['Before you check out', 'One last thing', 'Almost there', 'Complete your order', 'Your order is almost ready'],
  ['Nearly done', 'Last step before payment', 'Review and pay', 'Wait, before you pay', 'Final check', 'Hold on'],
);
const BODIES = pool(
  [
    (offer: string, cost: string) => `Your order qualifies for ${offer}. Continue and it is added for ${cost}.`,
    (offer: string, cost: string) => `Continue with ${offer} included for ${cost} and shop worry-free.`,
    (offer: string, cost: string) => `Most customers add ${offer} (${cost}) at this step.`,
    (offer: string, cost: string) => `${offer} is included when you continue: ${cost}, cancel anytime.`,
    (offer: string, cost: string) => `Upgrade to ${offer} for only ${cost}. Continue to add it to your order.`,
  ],
  [
    (offer: string, cost: string) => `${offer} comes with this order for ${cost}; go on to pay.`,
    (offer: string, cost: string) => `Good news: ${offer} was selected for you (${cost}).`,
    (offer: string, cost: string) => `Nine in ten buyers keep ${offer} at ${cost}. Next step adds it.`,
    (offer: string, cost: string) => `Protect your purchase. ${offer} is ${cost} and goes on with the next step.`,
    (offer: string, cost: string) => `We recommend ${offer} (${cost}), included as you move on.`,
    (offer: string, cost: string) => `Add peace of mind: ${offer}, ${cost}. Press the button to carry on.`,
  ],
);
const ACCEPT_LABELS = pool(
  ['Continue to checkout', 'Continue', 'Proceed to checkout', 'Continue to payment', 'Yes, continue'],
  ['Next step', 'Go to payment', 'Review my order', 'Next: payment details', 'Onward to payment', 'Pay securely'],
);
const DECLINE_LABELS = pool(
  ['No thanks', 'No, thanks', 'Not now', 'Skip', 'Continue without it'],
  [
    'No, just my items',
    'Decline',
    'Without extras, please',
    'Not needed, thanks',
    'Pass on this',
    'Only what I picked',
  ],
);

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
  offer({ rng, say }) {
    const offer = say(OFFERS);
    const cost = offer.monthly ? price(rng, 7, 14) : price(rng, 6, 29);
    const shown = offer.monthly ? `${money(cost)}/month` : money(cost);
    return {
      title: say(TITLES),
      body: say(BODIES)(offer.name, shown),
      accept: say(ACCEPT_LABELS),
      data: { offer: offer.name, price: cost },
    };
  },
});
