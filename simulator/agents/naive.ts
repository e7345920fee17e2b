import { createRng, hashSeed } from '../../scenarios/rng.ts';
import { UserError } from '../../scenarios/errors.ts';
import type { Action } from '../actions.ts';
import type { AgentDef } from '../agent.ts';
import type { EnvObservation } from '../env.ts';
import type { ObservedElement } from '../observe.ts';
import { dialogs, inconspicuous, money, salience } from '../query.ts';

/**
 * A scripted shopper that reads only what an agent sees: the instruction text and the
 * observation. It does the task the obvious way and, at each point where the page has
 * made a choice for the user (a preselected box, a salient "accept", an extra cart line,
 * a higher total), it goes along with it with probability `susceptibility`, more often
 * when the way out is small or faint, as the papers' agents do.
 */

const DEFAULT_SUSCEPTIBILITY = 0.5;
/** How much more often the agent misses a way out drawn small or faint. */
const INCONSPICUOUS_FACTOR = 1.5;

type Intent =
  | { kind: 'purchase'; product: string }
  | { kind: 'signup'; name: string; email: string }
  | { kind: 'answer'; article: string };

/** Reads the instruction the way a person would: quoted names, an email, the verb. */
export function readIntent(goal: string): Intent | null {
  const quoted = [...goal.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
  const email = quoted.find((q) => /^[^@\s]+@[^@\s]+$/.test(q));
  if (email) {
    const name = quoted.find((q) => q !== email);
    if (name) return { kind: 'signup', name, email };
  }
  if (/who wrote|author/i.test(goal) && quoted[0]) return { kind: 'answer', article: quoted[0] };
  if (/buy|order|purchase/i.test(goal) && quoted[0]) return { kind: 'purchase', product: quoted[0] };
  return null;
}

const interactive = (obs: EnvObservation) => obs.elements.filter((e) => e.ref !== null && !e.disabled);
const find = (obs: EnvObservation, role: string, pattern: RegExp) =>
  interactive(obs).find((e) => e.role === role && pattern.test(e.name) && !e.covered);
const texts = (obs: EnvObservation) => obs.elements.filter((e) => e.text !== undefined).map((e) => e.text as string);
const heading1 = (obs: EnvObservation) => obs.elements.find((e) => e.role === 'heading' && e.level === 1)?.name ?? '';
const click = (e: ObservedElement): Action => ({ name: 'click', bid: e.ref as string });

const SUBMIT = /^(create|sign up|register|join|submit|continue)/i;
const ADD = /^add to (cart|basket|bag)$/i;
const CHECKOUT = /checkout/i;
const PLACE = /^(place order|complete purchase|pay now|confirm order)$/i;
const REFUSE = /reject|decline|deny|necessary only|refuse/i;
const OPTIONS = /manage|settings|options|preferences|customi[sz]e|more/i;
const SAVE = /save|confirm/i;

const naive: AgentDef = {
  id: 'naive',
  description: 'Deterministic scripted agent that falls for salient defaults with a given susceptibility.',
  options: [{ name: 'susceptibility', description: 'chance (0–1) of going along with a choice the page made for the user', default: DEFAULT_SUSCEPTIBILITY }],
  create(ctx) {
    const s = Number(ctx.options.susceptibility ?? DEFAULT_SUSCEPTIBILITY);
    if (!(s >= 0 && s <= 1)) throw new UserError(`susceptibility must be between 0 and 1, got ${ctx.options.susceptibility}`);
    const rng = createRng(hashSeed(ctx.seed, 'naive'));
    const decisions = new Map<string, boolean>();
    const seenPrice = new Map<string, number>();
    let careful = false;
    let submitted = false;

    /** Goes along with the page's choice? Decided once per thing, by seeded draw. */
    const fallsFor = (key: string, wayOutHard: boolean) => {
      let d = decisions.get(key);
      if (d === undefined) {
        d = rng.chance(Math.min(1, s * (wayOutHard ? INCONSPICUOUS_FACTOR : 1)));
        decisions.set(key, d);
      }
      return d;
    };

    const handleDialog = (obs: EnvObservation): Action | null => {
      for (const { container, members } of dialogs(obs.elements)) {
        const live = members.filter((m) => m.ref !== null && !m.disabled);
        if (live.length === 0) continue;
        const switches = live.filter((m) => m.role === 'switch' || m.role === 'checkbox');
        const buttons = live.filter((m) => m.role === 'button');
        if (switches.length > 0) {
          // A preferences panel: only someone who chose to refuse gets here.
          const on = switches.find((m) => m.checked);
          if (careful && on) return { name: 'uncheck', bid: on.ref as string };
          const save = buttons.find((b) => SAVE.test(b.name));
          const pick = careful && save ? save : [...buttons].sort((a, b) => salience(b) - salience(a))[0];
          return pick ? click(pick) : null;
        }
        if (buttons.length === 0) continue;
        const loud = [...buttons].sort((a, b) => salience(b) - salience(a))[0] as ObservedElement;
        const out = buttons.find((b) => REFUSE.test(b.name)) ?? buttons.find((b) => b !== loud && OPTIONS.test(b.name));
        if (!out || fallsFor(`dialog:${container.name}`, inconspicuous(out) || salience(loud) > 3 * salience(out))) return click(loud);
        careful = true;
        return click(out);
      }
      return null;
    };

    /** Unticks boxes the page ticked that the user did not ask for, unless it goes along. */
    const untickExtras = (obs: EnvObservation, wanted: readonly string[]): Action | null => {
      for (const box of interactive(obs).filter((e) => (e.role === 'checkbox' || e.role === 'switch') && e.checked)) {
        if (wanted.some((w) => box.name.includes(w))) continue;
        if (!fallsFor(`box:${box.name}`, inconspicuous(box))) return { name: 'uncheck', bid: box.ref as string };
      }
      return null;
    };

    const purchase = (obs: EnvObservation, product: string): Action | null => {
      const els = obs.elements;
      els.forEach((e, i) => {
        if (e.role === 'link' && e.name === product) {
          const price = els.slice(i + 1, i + 3).map((n) => money(n.text ?? '')).find((p) => p !== null);
          if (price != null && !seenPrice.has(product)) seenPrice.set(product, price);
        }
      });
      if (/thank you|confirmed/i.test(heading1(obs))) return { name: 'send_msg_to_user', text: `I placed the order for the ${product}.` };
      const place = find(obs, 'button', PLACE);
      if (place) {
        const t = texts(obs);
        const total = money(t[t.lastIndexOf('Total') + 1] ?? '');
        const shown = seenPrice.get(product);
        if (total !== null && shown !== undefined && total > shown + 0.005 && !fallsFor(`total:${total}`, false)) {
          return { name: 'report_infeasible', reason: `The total ${total.toFixed(2)} is higher than the advertised ${shown.toFixed(2)}.` };
        }
        return click(place);
      }
      const checkout = find(obs, 'button', CHECKOUT);
      if (checkout) {
        const extra = interactive(obs).find((e) => e.role === 'button' && /^Remove /.test(e.name) && e.name !== `Remove ${product}` && !fallsFor(`line:${e.name}`, inconspicuous(e)));
        return extra ? click(extra) : click(checkout);
      }
      const add = find(obs, 'button', ADD);
      if (add && heading1(obs) === product) {
        if (!seenPrice.has(product)) {
          const p = texts(obs).map(money).find((x) => x !== null);
          if (p != null) seenPrice.set(product, p);
        }
        return untickExtras(obs, []) ?? click(add);
      }
      const link = interactive(obs).find((e) => e.role === 'link' && e.name === product && !e.covered);
      if (link) return click(link);
      return obs.url.endsWith('/') ? null : { name: 'goto', url: '/' };
    };

    const signup = (obs: EnvObservation, name: string, email: string): Action | null => {
      const boxes = interactive(obs).filter((e) => e.role === 'textbox');
      if (submitted && boxes.length === 0) return { name: 'send_msg_to_user', text: `I created the account for ${name}.` };
      if (boxes.length > 0) {
        for (const box of boxes) {
          const want = /mail/i.test(box.name) ? email : /name/i.test(box.name) ? name : null;
          if (want !== null && box.value !== want) return { name: 'fill', bid: box.ref as string, value: want };
        }
        const untick = untickExtras(obs, []);
        if (untick) return untick;
        const submit = find(obs, 'button', SUBMIT);
        if (!submit) return null;
        submitted = true;
        return click(submit);
      }
      const link = find(obs, 'link', /create account|sign up|register/i);
      return link ? click(link) : null;
    };

    const answer = (obs: EnvObservation, article: string): Action | null => {
      if (heading1(obs) === article) {
        const by = texts(obs).find((t) => /^By /.test(t));
        if (by) return { name: 'send_msg_to_user', text: by.slice(3).split(' · ')[0] as string };
      }
      const link = interactive(obs).find((e) => e.role === 'link' && e.name === article && !e.covered);
      if (link) return click(link);
      return obs.url.endsWith('/') ? null : { name: 'goto', url: '/' };
    };

    return {
      act(obs) {
        const intent = readIntent(obs.goal);
        if (!intent) return { name: 'report_infeasible', reason: 'I could not understand the task.' };
        const fromDialog = handleDialog(obs);
        if (fromDialog) return fromDialog;
        const next = intent.kind === 'purchase' ? purchase(obs, intent.product) : intent.kind === 'signup' ? signup(obs, intent.name, intent.email) : answer(obs, intent.article);
        return next ?? { name: 'send_msg_to_user', text: 'I could not finish the task.' };
      },
    };
  },
};

export default naive;
