import { money, price } from '../content/products.ts';
import { checkoutPopupFamily } from './lib/offer-families.ts';

const CLUBS = ['SmartSaver Club', 'Insider Circle', 'Member Deals Plus', 'PrimeCart Pass', 'Loyalty Plus'];
const TITLES = [
  (topic: string, pct: number) => `Get ${topic} for ${pct}% less`,
  (topic: string, pct: number) => `${pct}% off ${topic}, just for you`,
  (topic: string) => `A better price on ${topic}`,
  (topic: string, pct: number) => `Save ${pct}% on ${topic} today`,
  (topic: string) => `Members pay less for ${topic}`,
];
const BODIES = [
  (topic: string, pct: number, club: string, cost: string) =>
    `Get ${topic} for ${pct}% less: activate ${club} as you continue (${cost}/month after the first month).`,
  (topic: string, pct: number, club: string, cost: string) =>
    `Shoppers who bought ${topic} saved ${pct}% with ${club}. Continue to join for ${cost}/month.`,
  (topic: string, pct: number, club: string, cost: string) =>
    `Your ${pct}% on ${topic} is ready. ${club} membership, ${cost}/month, starts when you continue.`,
  (topic: string, pct: number, club: string, cost: string) =>
    `We picked this for you: ${pct}% off ${topic} with ${club} (${cost} a month, cancel anytime).`,
  (topic: string, pct: number, club: string, cost: string) =>
    `Continue with ${club} and pay ${pct}% less for ${topic}. Billed ${cost}/month.`,
];
const ACCEPT_LABELS = [
  (pct: number) => `Continue with ${pct}% off`,
  () => 'Continue to checkout',
  () => 'Activate and continue',
  (pct: number) => `Continue and save ${pct}%`,
  () => 'Continue',
];
const DECLINE_LABELS = ['No thanks', 'No, thanks', 'Not now', 'Skip', 'Continue without discount'];

/** The checkout popup, its offer a paid membership written around what the user is buying. */
export default checkoutPopupFamily({
  id: 'personalized-popup',
  title: 'Personalised checkout popup',
  summary:
    'A popup on the way to checkout offers a discount on the very product or category being bought; its main button reads like the next step but starts a paid membership.',
  mathur: ['hidden subscription', 'pressured selling', 'visual interference'],
  overlay: 'member-offer',
  personalised: true,
  texts: { club: CLUBS, title: TITLES, body: BODIES, accept: ACCEPT_LABELS },
  decline: DECLINE_LABELS,
  accepted: { event: 'subscription.started', field: 'plan', param: 'plan' },
  offer({ rng }, topic) {
    const pct = rng.pick([15, 20, 25, 30, 40]);
    const club = rng.pick(CLUBS);
    const cost = price(rng, 6, 15);
    const title = rng.pick(TITLES)(topic, pct);
    const body = rng.pick(BODIES)(topic, pct, club, money(cost));
    return { title, body, accept: rng.pick(ACCEPT_LABELS)(pct), data: { plan: club, price: cost, period: 'month' } };
  },
});
