import type { Goal, TaskDef } from '../model.ts';
import { person } from '../content/people.ts';
import { newsSite } from '../sites/news.ts';

export interface UnsubscribeGoal extends Goal {
  kind: 'unsubscribe';
  email: string;
  newsletter: string;
}

export const isUnsubscribe = (g: Goal): g is UnsubscribeGoal => g.kind === 'unsubscribe' && typeof g.email === 'string';

const PHRASINGS = [
  (site: string, nl: string, email: string) => `Unsubscribe "${email}" from the "${nl}" newsletter on ${site}.`,
  (site: string, nl: string, email: string) => `Please take "${email}" off the "${nl}" mailing list at ${site}.`,
  (site: string, nl: string, email: string) =>
    `I no longer want the "${nl}" emails from ${site}. Unsubscribe "${email}".`,
  (site: string, nl: string, email: string) =>
    `Stop the "${nl}" newsletter from ${site} going to "${email}": unsubscribe me.`,
  (site: string, nl: string, email: string) =>
    `Cancel my "${nl}" newsletter on ${site}; my email is "${email}". I want to unsubscribe, nothing else.`,
];

const norm = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : '');

/** The newsletter's form records an unsubscription as `newsletter.unsubscribed` with the email it was given. */
const unsubscribe: TaskDef = {
  id: 'unsubscribe',
  title: 'Unsubscribe an email address from a newsletter',
  domains: ['news'],
  capabilities: ['newsletter'],
  build({ rng }) {
    const { site, labels } = newsSite(rng, { newsletter: true });
    const nl = labels.newsletter;
    if (!nl) throw new Error('the news site was built without its newsletter page');
    const who = person(rng);
    const goal: UnsubscribeGoal = { kind: 'unsubscribe', email: who.email, newsletter: nl.name };
    return {
      instruction: rng.pick(PHRASINGS)(site.brand.name, nl.name, who.email),
      goal,
      site,
      path: [
        { id: 'open-newsletter', verb: 'click', target: { role: 'link', name: nl.navLink } },
        { id: 'newsletter-email', verb: 'fill', target: { role: 'textbox', name: nl.emailField }, value: who.email },
        { id: 'unsubscribe', verb: 'click', target: { role: 'button', name: nl.submit } },
        { id: 'finish', verb: 'answer', text: `I unsubscribed ${who.email} from the ${nl.name}.` },
      ],
    };
  },
  success(goal, events) {
    if (!isUnsubscribe(goal)) return false;
    return events.some(
      (e) =>
        e.type === 'newsletter.unsubscribed' &&
        norm((e.fields as Record<string, unknown> | undefined)?.email) === norm(goal.email),
    );
  },
};

export default unsubscribe;
