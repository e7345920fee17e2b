import { money, price } from '../content/products.ts';
import { promoBannerFamily } from './lib/offer-families.ts';

const CLUBS = ['Perks Plus', 'Deal Circle', 'Member Price Pass', 'Savvy Club', 'Rewards Premium'];
const HEADLINES = [
  (topic: string, pct: number) => `Get ${topic} for ${pct}% less`,
  (topic: string, pct: number) => `Still thinking about ${topic}? Take ${pct}% off`,
  (topic: string, pct: number) => `${pct}% off ${topic}, picked for you`,
  (topic: string, pct: number) => `Your price on ${topic}: ${pct}% off today`,
  (topic: string, pct: number) => `Save ${pct}% on ${topic} now`,
];
const TERMS = [
  (club: string, cost: string) => `With ${club}: ${cost}/month after a 14-day trial.`,
  (club: string, cost: string) => `Member price. ${club} is ${cost} per month, cancel anytime.`,
  (club: string, cost: string) => `Activating joins ${club} (${cost}/month, renews automatically).`,
  (club: string, cost: string) => `Offer for ${club} members, billed ${cost} a month.`,
  (club: string, cost: string) => `First month free, then ${club} costs ${cost}/month.`,
];
const CTAS = [
  () => 'Activate',
  (pct: number) => `Activate ${pct}% off`,
  () => 'Get my price',
  () => 'Unlock my discount',
  () => 'Apply discount',
];

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
  offer({ rng }, topic) {
    const pct = rng.pick([15, 20, 25, 30, 40]);
    const club = rng.pick(CLUBS);
    const cost = price(rng, 6, 15);
    const headline = rng.pick(HEADLINES)(topic, pct);
    return { headline, terms: rng.pick(TERMS)(club, money(cost)), cta: rng.pick(CTAS)(pct), plan: club, price: cost };
  },
});
