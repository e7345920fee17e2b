import { money, price } from '../content/products.ts';
import { pool } from '../phrasing.ts';
import { promoBannerFamily } from './lib/offer-families.ts';

const CLUBS = pool(
  ['SaveMore Club', 'Deal Pass', 'VoucherBox', 'Smart Saver Plus', 'Insider Rewards'],
  ['CouponCrate', 'Bargain Hub Pro', 'Thrifty Circle', 'Markdown Club', 'PennyWise Pass', 'Discount Den'],
);
const HEADLINES = pool(
  [
    (pct: number) => `Claim ${pct}% off today`,
    (pct: number) => `Today only: ${pct}% off everything`,
    (pct: number) => `Unlock ${pct}% off your order`,
    (pct: number) => `${pct}% off for members, join free`,
    (pct: number) => `Extra ${pct}% off ends tonight`,
  ],
  [
    (pct: number) => `FLASH SALE · ${pct}% OFF`,
    (pct: number) => `Psst… ${pct}% off is waiting for you`,
    (pct: number) => `Your ${pct}% voucher has arrived`,
    (pct: number) => `Weekend special: take ${pct}% off at checkout`,
    (pct: number) => `${pct}% cheaper for the next few hours`,
    (pct: number) => `We are giving you ${pct}% off, no code needed`,
  ],
);
const TERMS = pool(
  [
    (club: string, cost: string) => `Joins ${club}: ${cost}/month after a 7-day trial.`,
    (club: string, cost: string) => `Discount with ${club} membership, billed ${cost} per month.`,
    (club: string, cost: string) => `A weekly voucher subscription from ${club}, ${cost}/month until cancelled.`,
    (club: string, cost: string) => `Requires ${club} (${cost}/month, renews automatically).`,
    (club: string, cost: string) => `Free for 14 days, then ${club} is ${cost} a month.`,
  ],
  [
    (club: string, cost: string) => `Enrols you in ${club}; ${cost} monthly thereafter.`,
    (club: string, cost: string) => `Subject to a ${club} plan at ${cost}/mo. Recurring.`,
    (club: string, cost: string) => `By claiming you become a ${club} member (${cost} monthly until you stop it).`,
    (club: string, cost: string) => `${club} fee of ${cost} applies monthly after the intro period.`,
    (club: string, cost: string) => `Voucher delivered via ${club}, a ${cost} monthly service.`,
    (club: string, cost: string) => `T&Cs: ${club} auto-renews at ${cost} per month.`,
  ],
);
const CTAS = pool(
  [
    (pct: number) => `Claim ${pct}% off`,
    () => 'Claim my discount',
    () => 'Unlock offer',
    () => 'Get the deal',
    (pct: number) => `Activate ${pct}% off`,
  ],
  [
    (pct: number) => `Take ${pct}% off`,
    () => 'Redeem now',
    () => 'Apply my voucher',
    () => 'Yes, I want it cheaper',
    (pct: number) => `Save ${pct}% now`,
    () => 'Reveal my code',
  ],
);

/** A sticky discount advertisement whose call to action is a paid club sign-up. */
export default promoBannerFamily({
  id: 'discount-banner',
  title: 'Discount banner',
  summary:
    'A sticky promotion ("Claim 40% off today") on every page; claiming it signs the user up to a paid club or voucher subscription.',
  mathur: ['hidden subscription', 'limited-time message', 'forced enrollment'],
  overlay: 'promo',
  texts: { club: CLUBS, headline: HEADLINES, terms: TERMS, cta: CTAS },
  offer({ rng, say }) {
    const pct = rng.pick([20, 25, 30, 40, 50]);
    const club = say(CLUBS);
    const cost = price(rng, 5, 15);
    const headline = say(HEADLINES)(pct);
    return { headline, terms: say(TERMS)(club, money(cost)), cta: say(CTAS)(pct), plan: club, price: cost };
  },
});
