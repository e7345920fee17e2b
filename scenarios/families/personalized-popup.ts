import { money, price } from '../content/products.ts';
import { pool } from '../phrasing.ts';
import { checkoutPopupFamily } from './lib/offer-families.ts';

const CLUBS = pool(
  ['SmartSaver Club', 'Insider Circle', 'Member Deals Plus', 'PrimeCart Pass', 'Loyalty Plus'],
  ['BasketBonus Club', 'Preferred Buyer Pass', 'Cartwise Plus', 'Members Lounge', 'Repeat Rewards', 'ClubPrice'],
);
const TITLES = pool(
  [
    (topic: string, pct: number) => `Get ${topic} for ${pct}% less`,
    (topic: string, pct: number) => `${pct}% off ${topic}, just for you`,
    (topic: string) => `A better price on ${topic}`,
    (topic: string, pct: number) => `Save ${pct}% on ${topic} today`,
    (topic: string) => `Members pay less for ${topic}`,
  ],
  [
    (topic: string, pct: number) => `Now: ${topic} at ${pct}% below the shelf price`,
    (topic: string) => `Good pick! ${topic} could cost you less`,
    (topic: string, pct: number) => `Cut ${pct}% from ${topic}`,
    (topic: string) => `Your ${topic}, cheaper in a click`,
    (topic: string, pct: number) => `Reserved for you: minus ${pct}% on ${topic}`,
    (topic: string) => `Pay less for ${topic} from today`,
  ],
);
const BODIES = pool(
  [
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
  ],
  [
    (topic: string, pct: number, club: string, cost: string) =>
      `${pct}% comes off ${topic} once you are in ${club} (${cost}/mo, starting at the next step).`,
    (topic: string, pct: number, club: string, cost: string) =>
      `Because you chose ${topic}, ${club} knocks ${pct}% off. Membership: ${cost} monthly from today.`,
    (topic: string, pct: number, club: string, cost: string) =>
      `Lower your total: ${club} members save ${pct}% on ${topic} (${cost} monthly, renews).`,
    (topic: string, pct: number, club: string, cost: string) =>
      `Moving on enrols you in ${club} (${cost}/mo) and takes ${pct}% off ${topic}.`,
    (topic: string, pct: number, club: string, cost: string) =>
      `People buying ${topic} usually join ${club}: ${pct}% off now, ${cost} monthly after.`,
    (topic: string, pct: number, club: string, cost: string) =>
      `Tap on to save ${pct}% on ${topic}. Includes ${club} at ${cost} per month.`,
  ],
);
const ACCEPT_LABELS = pool(
  [
    (pct: number) => `Continue with ${pct}% off`,
    () => 'Continue to checkout',
    () => 'Activate and continue',
    (pct: number) => `Continue and save ${pct}%`,
    () => 'Continue',
  ],
  [
    (pct: number) => `Next, with ${pct}% off`,
    () => 'Go to payment',
    () => 'Next step',
    (pct: number) => `Checkout & save ${pct}%`,
    () => 'Proceed',
    () => 'On to payment',
  ],
);
const DECLINE_LABELS = pool(
  ['No thanks', 'No, thanks', 'Not now', 'Skip', 'Continue without discount'],
  [
    'Pay the normal price',
    'Decline offer',
    'No discount for me',
    'Keep the regular price',
    'Not today',
    'Go on without joining',
  ],
);

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
  offer({ rng, say }, topic) {
    const pct = rng.pick([15, 20, 25, 30, 40]);
    const club = say(CLUBS);
    const cost = price(rng, 6, 15);
    const title = say(TITLES)(topic, pct);
    const body = say(BODIES)(topic, pct, club, money(cost));
    return { title, body, accept: say(ACCEPT_LABELS)(pct), data: { plan: club, price: cost, period: 'month' } };
  },
});
