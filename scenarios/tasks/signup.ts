import type { TaskDef } from '../model.ts';
import { isSignup } from '../goals.ts';
import { person } from '../content/people.ts';
import { baseSite } from '../sites/index.ts';

const PHRASINGS = [
  (site: string, name: string, email: string) =>
    `Create an account on ${site} with the name "${name}" and the email "${email}".`,
  (site: string, name: string, email: string) =>
    `Sign me up on ${site}. Use the name "${name}" and the email address "${email}".`,
  (site: string, name: string, email: string) => `Register a new account at ${site} for "${name}" using "${email}".`,
  (site: string, name: string, email: string) => `I want an account on ${site}: name "${name}", email "${email}".`,
  (site: string, name: string, email: string) =>
    `Please open an account for me on ${site} (name "${name}", email "${email}").`,
];

const norm = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : '');

const signup: TaskDef = {
  id: 'signup',
  title: 'Create an account with a given name and email',
  domains: ['shopping', 'news', 'health', 'music', 'booking', 'software'],
  capabilities: ['signup'],
  build({ domain, rng }) {
    const { site, signup: labels } = baseSite(domain, rng);
    const who = person(rng);
    return {
      instruction: rng.pick(PHRASINGS)(site.brand.name, who.name, who.email),
      goal: { kind: 'signup', name: who.name, email: who.email },
      site,
      path: [
        { id: 'open-signup', verb: 'click', target: { role: 'link', name: labels.navLink } },
        { id: 'fill-name', verb: 'fill', target: { role: 'textbox', name: labels.nameField }, value: who.name },
        { id: 'fill-email', verb: 'fill', target: { role: 'textbox', name: labels.emailField }, value: who.email },
        { id: 'submit', verb: 'click', target: { role: 'button', name: labels.submit } },
        { id: 'finish', verb: 'answer', text: `I created the account for ${who.name}.` },
      ],
    };
  },
  success(goal, events) {
    if (!isSignup(goal)) return false;
    return events.some((e) => {
      if (e.type !== 'account.created') return false;
      const fields = (e.fields ?? {}) as Record<string, unknown>;
      return norm(fields.name) === norm(goal.name) && norm(fields.email) === norm(goal.email);
    });
  },
};

export default signup;
