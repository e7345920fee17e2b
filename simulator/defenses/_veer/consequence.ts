/**
 * What a proposal would commit, predicted from the observed state alone, and whether the
 * task authorizes it (Veer §3.1, Appendix C: prediction is descriptive, authorization is
 * task-conditioned; a task-valid action such as "Place order" can still commit what the state
 * holds). The rules follow the patterns' published descriptions (Mathur et al.; DUDE; Veer):
 * unrequested items and preselected add-ons ride along with an add or a checkout; a salient
 * "accept"/"yes" gives consent or starts a subscription the fine print names; a sponsored
 * listing or another site leaves the task; a retention offer replaces the outcome asked for;
 * a total above the prices seen earlier is a price change.
 */
import { quote } from '../../../lib/errors.ts';
import type { Action } from '../../loop/actions.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { dialogs } from '../../page/query.ts';
import { priceIn, pricesIn } from '../../page/read/price.ts';
import { card, finePrint } from '../../page/read/around.ts';
import { ACCEPT, AD_MARK, CONSENT, declines, ticksYes } from '../_common/vocabulary.ts';
import {
  asksConsent,
  askedSetting,
  asksExtra,
  asksOutcome,
  namesItem,
  refersTo,
  type Authorization,
} from './authorization.ts';
import { ADD_TO_CART, productOf, type Evidence } from './evidence.ts';
import { orderLines, statedTotal, type OrderLine } from './order.ts';
import { targetOf } from '../../loop/target.ts';

export type ConsequenceKind =
  | 'adds-item'
  | 'adds-charge'
  | 'gives-consent'
  | 'leaves-site'
  | 'leaves-goal'
  /** A commitment boundary crossed while the state holds something unauthorized. */
  | 'carries-item'
  | 'carries-consent'
  | 'carries-charge'
  | 'price-above-seen';

export interface Consequence {
  kind: ConsequenceKind;
  /** The thing committed, as the page names it. */
  what: string;
  authorized: boolean;
  /** The element holding the responsible state (a ticked box, a cart line's remove button), when the page shows one. */
  holder?: ObservedElement;
  /** Why, in words an agent can act on. */
  feedback: string;
}

/** Wording of something that costs or adds to an order (Mathur et al.: sneak into basket, hidden costs). */
const EXTRA =
  /warrant|protect|insurance|\bcover\b|add-?on|upgrade|donat|membership|premium|\btrial\b|subscri|bundle|extended|priority/i;
/** Wording of an extra, or a price on it. */
const extra = (text: string) => EXTRA.test(text) || priceIn(text) !== null;
const PAID_WORDS =
  /\btrial\b|per month|\/\s?mo(?:nth)?\b|a month|monthly|annual(?:ly)?|per year|\/\s?yr\b|billed|renews?|renewing|subscri|membership|\bmember\b|\bpremium\b|upgrade|\bclub\b/i;
/** Wording of a paid plan (forced continuity): a trial, a monthly price, a membership, an upgrade, a price "then" (after a free start). */
export const paidPlan = (text: string) =>
  PAID_WORDS.test(text) || pricesIn(text).some((p) => /\bthen\s$/i.test(text.slice(0, p.index)));
/** Taking what a popup offers, beyond the words of a yes every defense reads (ACCEPT): starting, trying, claiming, joining. */
const TAKES_OFFER =
  /^(?:start|activate|try|get|claim|join|subscribe|upgrade|go\b|unlock|continue|i want|i['’]m in|add|redeem|keep|sure)|\bfree\b/i;
/** Saying yes to what a popup offers. */
const affirms = (name: string) => ACCEPT.test(name) || TAKES_OFFER.test(name);
/** Crossing a boundary that commits an order. */
export const ORDER_COMMIT =
  /place (?:my )?order|\bpay\b|pay now|complete (?:purchase|order|checkout)|confirm (?:order|purchase|and pay)|buy now|submit order|checkout|check out|proceed to (?:checkout|payment)/i;
/** An order boundary that only moves to the checkout (nothing paid yet). */
export const goesToCheckout = (name: string) =>
  /checkout|check out|proceed/i.test(name) && !/place|pay|confirm|complete/i.test(name);
/** Saving a configuration (a settings panel's save). */
export const SAVE = /^(?:save|confirm|apply|done|update)\b/i;
/** Crossing a boundary that submits a form or saves settings. */
export const FORM_COMMIT =
  /^(?:sign up|register|create|join|submit|save|confirm|book|reserve|continue|done|finish|apply|update|download|choose|select|next|complete|get started)/i;
/** What an unsubscription can be replaced with (obstruction, Mathur et al.'s hard to cancel): mail reduced rather than stopped. */
const RETENTION = /less often|reduce|remain/i;

/** Does choosing an option so named cost money: a price above nothing, or a trial or period that turns paid? */
export function charges(name: string): boolean {
  const price = priceIn(name);
  if (price !== null && price > 0) return true;
  const later = /\btrial\b|\bthen\b|\bafter\b|renews?|billed/i.test(name);
  return later || (price === null && paidPlan(name));
}

const live = (obs: Pick<EnvObservation, 'elements'>) => obs.elements.filter((e) => e.ref !== null && !e.disabled);

/** Saying yes to a list or a club in so many words. */
const SIGN_UP = /\bsign (?:me )?up\b|\bsubscribe\b|\bjoin\b|\bkeep me updated\b/i;

const inDialog = (obs: EnvObservation, el: ObservedElement) =>
  dialogs(obs.elements).some((d) => d.members.includes(el));

/** Accepting in a dialog whose consent switches are on accepts them: the state decides what the button gives. */
const consentsOn = (obs: EnvObservation, el: ObservedElement) =>
  dialogs(obs.elements).some(
    (d) =>
      d.members.includes(el) &&
      d.members.some(
        (m) =>
          (m.role === 'checkbox' || m.role === 'switch') &&
          !m.disabled &&
          CONSENT.test(m.name) &&
          ticksYes(m.name) === !!m.checked,
      ),
  );

/** The texts that speak for a control: its dialog's, or its card and fine print. */
function context(obs: EnvObservation, el: ObservedElement): string[] {
  for (const { container, members } of dialogs(obs.elements))
    if (members.includes(el))
      return [container.name, ...members.filter((m) => m.ref === null).map((m) => m.text ?? m.name)];
  return [...card(obs.elements, el), ...finePrint(obs.elements, el)];
}

/** Is a line of the order one the task asked for (or the page bound a reference of the task to)? */
const wanted = (a: Authorization, ev: Evidence, name: string) =>
  !!namesItem(a, name) || ev.isBound(name) || asksExtra(a, name);

/** The checked boxes and switches of the page that the task did not authorize, each with its consequence. */
function heldState(obs: EnvObservation, a: Authorization, boundary: string): Consequence[] {
  const out: Consequence[] = [];
  for (const box of live(obs).filter((e) => (e.role === 'checkbox' || e.role === 'switch') && !e.covered)) {
    const yes = ticksYes(box.name) === !!box.checked;
    if (!yes) continue;
    const asked = askedSetting(a, box.name);
    if (asked === true) continue;
    if (CONSENT.test(box.name) && !asksConsent(a, box.name)) {
      out.push({
        kind: 'carries-consent',
        what: box.name,
        authorized: false,
        holder: box,
        feedback: `would ${boundary} while ${quote(box.name)} is ${box.checked ? 'ticked' : 'unticked'}, a consent the task did not ask for; ${box.checked ? 'untick' : 'tick'} it first`,
      });
    } else if (extra(box.name) && !asksExtra(a, box.name) && !namesItem(a, box.name)) {
      out.push({
        kind: 'carries-item',
        what: box.name,
        authorized: false,
        holder: box,
        feedback: `would ${boundary} with ${quote(box.name)} ticked, which the task did not ask for; untick it first`,
      });
    }
  }
  for (const radio of live(obs).filter((e) => e.role === 'radio' && e.checked && !e.covered)) {
    if (!charges(radio.name) || asksExtra(a, radio.name)) continue;
    const free = a.budget?.max === 0;
    if (free || !(a.items.length > 0 && !paidPlan(radio.name))) {
      out.push({
        kind: 'carries-charge',
        what: radio.name,
        authorized: false,
        holder: radio,
        feedback: `would ${boundary} with ${quote(radio.name)} chosen, a charge the task did not ask for; choose the option the task asked for first`,
      });
    } else if ((priceIn(radio.name) ?? 0) > 0) {
      out.push({
        kind: 'carries-charge',
        what: radio.name,
        authorized: false,
        holder: radio,
        feedback: `would ${boundary} with the paid option ${quote(radio.name)} chosen, which the task did not ask for; choose the free one first`,
      });
    }
  }
  return out;
}

/**
 * The order's unauthorized lines and a total above what was seen, at an order boundary. The
 * order is the one this page lists, or `held`: the one last seen on another page (its lines
 * carry no control of this page).
 */
export function heldOrder(
  obs: EnvObservation,
  a: Authorization,
  ev: Evidence,
  boundary: string,
  held?: { lines: readonly OrderLine[]; total: number | null },
): Consequence[] {
  const out: Consequence[] = [];
  const lines = held ? held.lines : orderLines(obs);
  let expected = 0;
  let known = true;
  for (const l of lines) {
    if (l.neutral) {
      if (!/total/i.test(l.name)) expected += l.price ?? 0;
      continue;
    }
    // A line that costs nothing adds no charge; a fee the shop disclosed before checkout is no hidden cost.
    if (!wanted(a, ev, l.name) && l.price !== 0 && !ev.disclosedBefore(l.name, obs.url)) {
      out.push({
        kind: 'carries-item',
        what: l.name,
        authorized: false,
        ...(l.holder ? { holder: l.holder } : {}),
        feedback: `would ${boundary} while the ${/cart/i.test(boundary) ? 'cart' : 'order'} holds ${quote(l.name)}, which the task did not ask for; remove it first`,
      });
      continue;
    }
    if (!wanted(a, ev, l.name)) {
      expected += l.price ?? 0;
      continue;
    }
    const seen = ev.priceOf(l.name);
    if (l.price === null) continue;
    if (seen !== undefined && l.price > seen * l.qty + 0.005 && l.price > seen + 0.005) {
      out.push({
        kind: 'price-above-seen',
        what: l.name,
        authorized: false,
        feedback: `would ${boundary} with ${quote(l.name)} at $${l.price.toFixed(2)}, above the $${seen.toFixed(2)} seen earlier`,
      });
    }
    if (seen === undefined) known = false;
    expected += seen !== undefined ? Math.min(l.price, seen * l.qty) : l.price;
  }
  // The task's items are in the order: its total should be what their lines add up to.
  const total = held ? held.total : statedTotal(obs);
  if (
    known &&
    out.length === 0 &&
    total !== null &&
    lines.some((l) => !l.neutral && l.price !== null) &&
    total > expected + 0.005
  ) {
    out.push({
      kind: 'price-above-seen',
      what: `total $${total.toFixed(2)}`,
      authorized: false,
      feedback: `would ${boundary} at a total of $${total.toFixed(2)}, above the $${expected.toFixed(2)} the prices seen earlier add up to`,
    });
  }
  return out;
}

/**
 * The consequences of executing `action` in the observed state, each judged against the
 * task's authorization. `ev` is the episode's temporal evidence, already updated with `obs`.
 */
export function predict(obs: EnvObservation, action: Action, a: Authorization, ev: Evidence): Consequence[] {
  if (action.name === 'goto') {
    let origin: string | null = null;
    try {
      origin = new URL(action.url, obs.url).origin;
    } catch {
      return [];
    }
    return ev.origin && origin !== ev.origin
      ? [
          {
            kind: 'leaves-site',
            what: origin,
            authorized: false,
            feedback: `would leave the task's site for ${origin}`,
          },
        ]
      : [];
  }
  const t = targetOf(obs, action);
  if (!t) return [];
  const out: Consequence[] = [];

  // Ticking or unticking: the state the box is left in.
  const toggles = t.role === 'checkbox' || t.role === 'switch' || t.role === 'menuitemcheckbox';
  if (
    toggles &&
    (action.name === 'check' || action.name === 'uncheck' || action.name === 'click' || action.name === 'mouse_click')
  ) {
    const on = action.name === 'check' ? true : action.name === 'uncheck' ? false : !t.checked;
    const yes = ticksYes(t.name) === on;
    const asked = askedSetting(a, t.name);
    if (yes && asked !== true && !(on === t.checked)) {
      if (CONSENT.test(t.name) && !asksConsent(a, t.name))
        out.push({
          kind: 'gives-consent',
          what: t.name,
          authorized: false,
          feedback: `would ${on ? 'tick' : 'untick'} ${quote(t.name)}, a consent the task did not ask for`,
        });
      else if (extra(t.name) && !asksExtra(a, t.name) && !namesItem(a, t.name))
        out.push({
          kind: 'adds-charge',
          what: t.name,
          authorized: false,
          feedback: `would add ${quote(t.name)}, which the task did not ask for`,
        });
    }
    return out;
  }
  if (t.role === 'radio' && action.name !== 'uncheck' && !t.checked) {
    const recurring = paidPlan(t.name) || /\bthen\b|\bafter\b/i.test(t.name);
    if (charges(t.name) && !asksExtra(a, t.name) && (a.budget?.max === 0 || recurring || a.items.length > 0)) {
      out.push({
        kind: 'adds-charge',
        what: t.name,
        authorized: false,
        feedback: `would choose ${quote(t.name)}, a charge the task did not ask for`,
      });
    }
    return out;
  }
  if (action.name !== 'click' && action.name !== 'mouse_click') return out;

  const name = t.name || t.text || '';
  const ctx = context(obs, t);
  if (
    (t.role === 'link' || t.role === 'button') &&
    ctx.some((x) => AD_MARK.test(x)) &&
    !ADD_TO_CART.test(name) &&
    !ORDER_COMMIT.test(name)
  ) {
    out.push({
      kind: 'leaves-goal',
      what: name,
      authorized: false,
      feedback: `would open ${quote(name)}, which the page marks as sponsored or an advertisement, not what the task asked for`,
    });
  }

  if (asksOutcome(a, 'unsubscribe') && RETENTION.test(name) && !/unsubscribe/i.test(name)) {
    out.push({
      kind: 'leaves-goal',
      what: name,
      authorized: false,
      feedback: `would ${quote(name)} instead of unsubscribing, an outcome the task did not ask for`,
    });
  }

  if (ADD_TO_CART.test(name)) {
    const product = productOf(obs);
    if (product && !namesItem(a, product.name) && !ev.isBound(product.name)) {
      const open =
        a.items.some((i) => i.name === null) && ev.bound.length < a.items.filter((i) => i.name === null).length;
      if (!open)
        out.push({
          kind: 'adds-item',
          what: product.name,
          authorized: false,
          feedback: `would add ${quote(product.name)} to the order, which the task did not ask for`,
        });
    }
    for (const c of heldState(obs, a, 'add to the cart'))
      out.push({
        ...c,
        kind: c.kind === 'carries-consent' ? 'gives-consent' : 'adds-item',
        feedback:
          c.kind === 'carries-item'
            ? `would add ${quote(c.what)} to the order, which the task did not ask for; untick it first`
            : c.feedback,
      });
    return out;
  }

  if (!declines(name) && affirms(name) && !ORDER_COMMIT.test(name)) {
    const speaks = [name, ...ctx].join(' \n ');
    if (paidPlan(name) || (paidPlan(speaks) && (priceIn(speaks) !== null || /\bfree\b|\btrial\b/i.test(speaks)))) {
      if (!refersTo(a, name) && !asksConsent(a, name))
        out.push({
          kind: 'adds-charge',
          what: name,
          authorized: false,
          feedback: `would start what ${quote(name)} offers, a subscription or charge (${quote(ctx.find((x) => paidPlan(x)) ?? name)}) the task did not ask for`,
        });
    } else if (
      ((ACCEPT.test(name) &&
        (/\ball\b/i.test(name) || ctx.some((x) => CONSENT.test(x)) || CONSENT.test(name) || consentsOn(obs, t))) ||
        (inDialog(obs, t) && SIGN_UP.test(name))) &&
      !asksConsent(a, name)
    ) {
      out.push({
        kind: 'gives-consent',
        what: name,
        authorized: false,
        feedback: `would give the consent ${quote(name)} asks for, which the task did not ask for; refuse it or accept only what is required`,
      });
    }
  }

  if (ORDER_COMMIT.test(name)) {
    const boundary = goesToCheckout(name) ? 'go to checkout' : 'place the order';
    out.push(
      ...heldOrder(obs, a, ev, boundary === 'go to checkout' ? 'go to checkout from the cart' : boundary),
      ...heldState(obs, a, boundary),
    );
  } else if (FORM_COMMIT.test(name) && !declines(name)) {
    out.push(...heldState(obs, a, `press ${quote(name)}`));
  }
  return out;
}

/** After an allowed proposal: an add to the cart of a product no task item names fills a reference the task left open ("the cheapest …"). */
export function bindAllowed(obs: EnvObservation, action: Action, a: Authorization, ev: Evidence): void {
  const t = targetOf(obs, action);
  if (!t || !ADD_TO_CART.test(t.name)) return;
  const product = productOf(obs);
  if (!product || namesItem(a, product.name) || ev.isBound(product.name)) return;
  if (ev.bound.length < a.items.filter((i) => i.name === null).length) ev.bind(product.name);
}
