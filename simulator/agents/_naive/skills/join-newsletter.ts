import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';

/* Word by word: a verb of joining and a word for the mail make the ask. */
const JOINING = /\b(?:subscribe|join|add)\b/i;
const MAIL = /\b(?:newsletters?|mailing|digest|emails)\b/i;
/** The control that joins. */
const JOIN = /\b(?:subscribe|join|sign|register|add)\b/i;

/** Join a newsletter with an address: give the address where the page asks for one, press what joins. */
const joinNewsletter: Skill<{ email: string }> = {
  id: 'join-newsletter',
  priority: 36,
  read(goal) {
    const email = quoted(goal).find((x) => /^[^@\s]+@[^@\s]+$/.test(x));
    return email && !/unsubscri/i.test(goal) && JOINING.test(goal) && MAIL.test(goal) ? { email } : null;
  },
  act(obs, mind, { email }) {
    const live = mind.interactive(obs).filter((e) => !e.covered);
    const field = live.find((e) => e.role === 'textbox' && /mail/i.test(e.name));
    if (mind.memory.get('joined') && !field)
      return { name: 'send_msg_to_user', text: `I subscribed ${email} to the newsletter.` };
    if (!field) {
      // Sign-up boxes often come up a moment after the page: it waits a little before giving up.
      const waited = Number(mind.memory.get('waited') ?? 0);
      if (waited >= 3) return null;
      mind.memory.set('waited', waited + 1);
      return { name: 'noop', wait_ms: 1000 };
    }
    if (field.value !== email) return { name: 'fill', bid: field.ref as string, value: email };
    // The control that joins by its name, or else the first button after the field: the form's own.
    const after = live.slice(live.indexOf(field) + 1).filter((e) => e.role === 'button');
    const join = after.find((e) => JOIN.test(e.name)) ?? after[0];
    if (!join) return null;
    mind.memory.set('joined', true);
    return click(join);
  },
  wants: JOIN,
};

export default joinNewsletter;
