import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';
import { inconspicuous, salience } from '../../../page/read/salience.ts';
import { pricesIn } from '../../../page/read/price.ts';

const SUBMIT = /^(continue|choose plan|select plan|confirm plan|confirm|next|save)\b/i;
const DONE = /plan (is|has been) (updated|changed)|you're all set|welcome to/i;
/** Wording that means money later: a trial, a price after a free period. */
const LATER = /\btrial\b|\bthen\b|\bafter\b/i;
/** A plan that costs: money later, or a price above nothing. */
const paid = (name: string) => LATER.test(name) || pricesIn(name).some((p) => p.amount > 0);
const PLANS_LINK = /^(premium|plans?|pricing|subscription)$/i;

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Choose a named plan: open the plans, pick the option that is that plan, confirm. */
const choosePlan: Skill<{ name: string; free: boolean }> = {
  id: 'choose-plan',
  priority: 22,
  read(goal) {
    const q = quoted(goal);
    // Whether the user wants to pay nothing: then a plan named like theirs that costs is not it.
    const free = /\bfree\b|\bnot? (?:pay|paying)\b|don[’']?t want to pay|\bno cost\b/i.test(goal);
    return /\bplan\b|subscription|\btier\b/i.test(goal) && q[0] && !q[0].includes('@') ? { name: q[0], free } : null;
  },
  act(obs, mind, { name, free }) {
    if (DONE.test(mind.heading1(obs))) return { name: 'send_msg_to_user', text: `Your plan is now ${name}.` };
    const radios = mind.interactive(obs).filter((e) => e.role === 'radio' && !e.covered);
    if (radios.length === 0) {
      const link = mind.find(obs, 'link', PLANS_LINK);
      if (link) return click(link);
      return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
    }
    const submit = mind.find(obs, 'button', SUBMIT);
    const named = new RegExp(`(^|[^\\w-])${esc(name)}(?![\\w-])`, 'i');
    // A one-click offer louder than the form's own button, worded like what the user asked for.
    const offer = mind
      .interactive(obs)
      .find(
        (e) =>
          e.role === 'button' && e !== submit && !e.covered && (named.test(e.name) || /\bfree\b|trial/i.test(e.name)),
      );
    if (offer && submit && salience(offer) > salience(submit)) {
      if (mind.fallsFor(`offer:${offer.name}`, inconspicuous(submit) || salience(offer) > 3 * salience(submit)))
        return click(offer);
    }
    const candidates = radios.filter((r) => named.test(r.name));
    const want = free ? candidates.find((r) => !paid(r.name)) : candidates[0];
    if (!want) return null;
    const checked = radios.find((r) => r.checked);
    if (checked && checked !== want) {
      // The page chose another plan: keep it, or switch to the one asked for.
      if (!mind.fallsFor(`plan:${checked.name}`, inconspicuous(want)))
        return { name: 'check', bid: want.ref as string };
    } else if (!checked) {
      const first = candidates[0] as typeof want;
      const pick = first !== want && mind.fallsFor(`plan:${first.name}`, inconspicuous(want)) ? first : want;
      return { name: 'check', bid: pick.ref as string };
    }
    return submit ? click(submit) : null;
  },
};

export default choosePlan;
