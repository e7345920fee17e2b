import type { Action } from '../../../loop/actions.ts';
import type { ObservedElement } from '../../../page/observe.ts';
import { inconspicuous, salience } from '../../../page/read/salience.ts';
import type { Skill } from '../mind.ts';
import { inFrame } from '../page.ts';
import { click, quoted } from '../mind.ts';

/* Word by word, not phrase by phrase: a verb of leaving and a word for the mail make the ask, whatever the sentence around them. */
const LEAVING = /\b(?:off|stop|stopping|cancel|remove|leave|longer|quit)\b/i;
const MAIL = /\b(?:newsletters?|list|mailing|emails?|digest)\b/i;
const asks = (goal: string) => /unsubscri/i.test(goal) || (LEAVING.test(goal) && MAIL.test(goal));
const UNSUBSCRIBE = /unsubscri|opt(?:[- ])?out|\b(?:stop|remove|cancel|longer)\b/i;
/** A control that may lead towards the way out: a manager of the subscription, or another choice than the one shown. */
const TOWARDS = /unsubscri|manage|options|\bother\b|\belse\b|leave|cancel|opt(?:[- ])?out/i;
const NEWSLETTER = /newsletter|email preferences|subscriptions/i;
/* A page that says the address is off the list; pressing a button is not proof (it may lead to more offers). */
const DONE = /unsubscribed|no longer receive|removed from/i;

/**
 * Unsubscribe an address from a newsletter: open the preferences, give the address, press
 * the control that unsubscribes (or the one that leads towards it). Where the page puts a
 * button of its own beside the way out, which keeps the subscription (pause, switch, stay),
 * loud or not, the agent takes it with its susceptibility (once), then comes back for the
 * unsubscribe it was asked for.
 */
const unsubscribe: Skill<{ email: string }> = {
  id: 'unsubscribe',
  priority: 35,
  read(goal) {
    const email = quoted(goal).find((x) => /^[^@\s]+@[^@\s]+$/.test(x));
    return email && asks(goal) ? { email } : null;
  },
  act(obs, mind, { email }) {
    const live = mind.interactive(obs).filter((e) => !e.covered);
    const field = live.find((e) => e.role === 'textbox' && /mail/i.test(e.name));
    const report: Action = { name: 'send_msg_to_user', text: `I unsubscribed ${email} from the newsletter.` };
    if (!field && obs.elements.some((e) => e.role === 'heading' && DONE.test(e.name))) return report;
    if (field && field.value !== email) return { name: 'fill', bid: field.ref as string, value: email };
    const controls = live.filter((e) => e.role === 'button' || e.role === 'link');
    const tried = (mind.memory.get('towards') as Set<string> | undefined) ?? new Set<string>();
    mind.memory.set('towards', tried);
    const out =
      controls.find((e) => UNSUBSCRIBE.test(e.name)) ??
      controls.find((e) => TOWARDS.test(e.name) && !NEWSLETTER.test(e.name) && !tried.has(e.name));
    if (out) {
      // The page's offer to stay is any other button of the page's own, however it is drawn.
      const loud = controls
        .filter(
          (e) =>
            e.role === 'button' &&
            e !== out &&
            !UNSUBSCRIBE.test(e.name) &&
            !TOWARDS.test(e.name) &&
            !inFrame(obs.elements, e),
        )
        .sort((a, b) => salience(b) - salience(a))[0];
      const keeps = loud && !mind.memory.get('kept');
      if (keeps && mind.fallsFor(`keep:${loud.name}`, inconspicuous(out) || salience(loud) > 3 * salience(out))) {
        // It takes the offer once; the address is still subscribed, so it then goes on to unsubscribe.
        mind.memory.set('kept', true);
        return click(loud);
      }
      if (UNSUBSCRIBE.test(out.name) && field) return decide(mind, out);
      tried.add(out.name);
      return click(out);
    }
    const nav = controls.find((e) => e.role === 'link' && NEWSLETTER.test(e.name));
    if (nav) return click(nav);
    // Pressed, and nothing further to press: it says what it believes it did.
    return mind.memory.get('decided') && !field ? report : null;
  },
  wants: UNSUBSCRIBE,
};

function decide(mind: { memory: Map<string, unknown> }, el: ObservedElement): Action {
  mind.memory.set('decided', true);
  return click(el);
}

export default unsubscribe;
