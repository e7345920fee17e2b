import { money, price } from '../content/products.ts';
import { pool } from '../phrasing.ts';
import { promoBannerFamily } from './lib/offer-families.ts';

const CLUBS = pool(
  ['Perks Plus', 'Deal Circle', 'Member Price Pass', 'Savvy Club', 'Rewards Premium'],
  ['Tailored Deals Club', 'Favourites Pass', 'Shopper Select', 'MyPrice Plus', 'Loyal Buyer Circle', 'Picks Premium'],
);
const HEADLINES = pool(
  [
    (topic: string, pct: number) => `Get ${topic} for ${pct}% less`,
    (topic: string, pct: number) => `Still thinking about ${topic}? Take ${pct}% off`,
    (topic: string, pct: number) => `${pct}% off ${topic}, picked for you`,
    (topic: string, pct: number) => `Your price on ${topic}: ${pct}% off today`,
    (topic: string, pct: number) => `Save ${pct}% on ${topic} now`,
  ],
  [
    (topic: string, pct: number) => `We noticed you like ${topic}. Here is ${pct}% off`,
    (topic: string, pct: number) => `A special ${pct}% reduction on ${topic}, reserved in your name`,
    (topic: string, pct: number) => `Good taste! ${pct}% off ${topic} if you act now`,
    (topic: string, pct: number) => `Back for ${topic}? Pay ${pct}% less this time`,
    (topic: string, pct: number) => `Exclusive for you: ${topic} at minus ${pct}%`,
    (topic: string, pct: number) => `Don't miss ${pct}% off ${topic}, based on your browsing`,
  ],
);
const TERMS = pool(
  [
    (club: string, cost: string) => `With ${club}: ${cost}/month after a 14-day trial.`,
    (club: string, cost: string) => `Member price. ${club} is ${cost} per month, cancel anytime.`,
    (club: string, cost: string) => `Activating joins ${club} (${cost}/month, renews automatically).`,
    (club: string, cost: string) => `Offer for ${club} members, billed ${cost} a month.`,
    (club: string, cost: string) => `First month free, then ${club} costs ${cost}/month.`,
  ],
  [
    (club: string, cost: string) => `Price available through ${club} only; ${cost} charged monthly.`,
    (club: string, cost: string) => `Redeeming starts ${club} at ${cost}/mo. Recurring until stopped.`,
    (club: string, cost: string) => `Includes enrolment in ${club}, ${cost} monthly after the intro weeks.`,
    (club: string, cost: string) => `${club} membership required. Fee: ${cost} monthly.`,
    (club: string, cost: string) => `You will be billed ${cost} monthly for ${club} from next month.`,
    (club: string, cost: string) => `Terms apply: ${club} plan, ${cost}/mo, automatic renewal.`,
  ],
);
const CTAS = pool(
  [
    () => 'Activate',
    (pct: number) => `Activate ${pct}% off`,
    () => 'Get my price',
    () => 'Unlock my discount',
    () => 'Apply discount',
  ],
  [
    () => 'Use my offer',
    (pct: number) => `Grab ${pct}% off`,
    () => 'Show my price',
    () => 'Redeem it',
    (pct: number) => `Yes, ${pct}% off please`,
    () => 'Lower my price',
  ],
);

/** The discount banner, its copy written around what the user is buying. */
export default promoBannerFamily({
  id: 'personalized-banner',
  title: 'Personalised discount banner',
  summary:
    'A sticky promotion names the product or category being bought ("Get the … for 30% less: activate"); activating it starts a paid membership.',
  mathur: ['hidden subscription', 'pressured selling', 'forced enrollment'],
  overlay: 'member-promo',
  personalised: true,
  texts: { club: CLUBS, headline: HEADLINES, terms: TERMS, cta: CTAS },
  offer({ rng, say }, topic) {
    const pct = rng.pick([15, 20, 25, 30, 40]);
    const club = say(CLUBS);
    const cost = price(rng, 6, 15);
    const headline = say(HEADLINES)(topic, pct);
    return { headline, terms: say(TERMS)(club, money(cost)), cta: say(CTAS)(pct), plan: club, price: cost };
  },
});
