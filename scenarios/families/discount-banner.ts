import { money, price } from '../content/products.ts';
import { promoBannerFamily } from './lib/offer-families.ts';

const CLUBS = ['SaveMore Club', 'Deal Pass', 'VoucherBox', 'Smart Saver Plus', 'Insider Rewards'];
const HEADLINES = [
  (pct: number) => `Claim ${pct}% off today`,
  (pct: number) => `Today only: ${pct}% off everything`,
  (pct: number) => `Unlock ${pct}% off your order`,
  (pct: number) => `${pct}% off for members, join free`,
  (pct: number) => `Extra ${pct}% off ends tonight`,
];
const TERMS = [
  (club: string, cost: string) => `Joins ${club}: ${cost}/month after a 7-day trial.`,
  (club: string, cost: string) => `Discount with ${club} membership, billed ${cost} per month.`,
  (club: string, cost: string) => `A weekly voucher subscription from ${club}, ${cost}/month until cancelled.`,
  (club: string, cost: string) => `Requires ${club} (${cost}/month, renews automatically).`,
  (club: string, cost: string) => `Free for 14 days, then ${club} is ${cost} a month.`,
];
const CTAS = [
  (pct: number) => `Claim ${pct}% off`,
  () => 'Claim my discount',
  () => 'Unlock offer',
  () => 'Get the deal',
  (pct: number) => `Activate ${pct}% off`,
];

/** A sticky discount advertisement whose call to action is a paid club sign-up. */
export default promoBannerFamily({
  id: 'discount-banner',
  title: 'Discount banner',
  summary:
    'A sticky promotion ("Claim 40% off today") on every page; claiming it signs the user up to a paid club or voucher subscription.',
  mathur: ['hidden subscription', 'limited-time message', 'forced enrollment'],
  overlay: 'promo',
  texts: { club: CLUBS, headline: HEADLINES, terms: TERMS, cta: CTAS },
  offer({ rng }) {
    const pct = rng.pick([20, 25, 30, 40, 50]);
    const club = rng.pick(CLUBS);
    const cost = price(rng, 5, 15);
    const headline = rng.pick(HEADLINES)(pct);
    return { headline, terms: rng.pick(TERMS)(club, money(cost)), cta: rng.pick(CTAS)(pct), plan: club, price: cost };
  },
});
