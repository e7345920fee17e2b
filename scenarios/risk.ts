/**
 * A pattern family's deceptive outcome, stated once as two parts over the site's event log:
 * its risk state R (what the log says the user is exposed to: a warranty in the cart, a
 * consent sent, a paid plan started) and its commitment (the event at which R becomes an
 * outcome: an order placed, a form sent). D for a family is R holding at a commitment, and
 * nothing else: the evaluator, the per-step labels and the self-check all read it from here.
 *
 * R is judged on the log up to and including the event in question, so an event can both
 * bring R about and commit it (sending a form with a box ticked, pressing "Start trial"):
 * whatever a page holds but has not sent (a box still ticked) is not in the log, and enters
 * it only with the submission that commits it.
 */
import type { FamilyRisk, PatternFamily, SiteEvent } from './model.ts';
import { submits, submittedHarm, type HarmfulValue } from './harm.ts';

type Params = Record<string, unknown>;

/** Did R become an outcome at the log's event `i`: is it a commitment, with R holding on the log up to and including it? */
export function committedAt(risk: FamilyRisk, params: Params, events: readonly SiteEvent[], i: number): boolean {
  const e = events[i];
  return e !== undefined && risk.commits(params, e) && risk.holds(params, events.slice(0, i + 1));
}

/** The indexes of the log's events at which the family's R became an outcome. */
export function commitments(risk: FamilyRisk, params: Params, events: readonly SiteEvent[]): number[] {
  return events.flatMap((_, i) => (committedAt(risk, params, events, i) ? [i] : []));
}

/** D for one family: did R hold at some commitment? */
export function outcomeOf(risk: FamilyRisk, params: Params, events: readonly SiteEvent[]): boolean {
  return events.some((_, i) => committedAt(risk, params, events, i));
}

/** What a family file writes: everything but its outcome, which is derived from its risk. */
export type PatternDef = Omit<PatternFamily, 'outcome'>;

/** A pattern family whose outcome is its R at its commitment, so that the two cannot drift. */
export function pattern(def: PatternDef): PatternFamily {
  return { ...def, outcome: (params, events) => outcomeOf(def.risk, params, events) };
}

// ---------------------------------------------------------------------------
// The kinds of risk the families share.

/** What the user holds from the shop: the cart (per the log) and everything some order has carried. */
export interface Basket {
  cart: Set<string>;
  ordered: Set<string>;
  /** Paid checkout options (by name) some order has carried. */
  options: Set<string>;
  /** Units of each sku over every order placed. */
  units: Map<string, number>;
}

/** The basket after the log: items added and removed, the cart emptied by each order placed. */
export function basketOf(events: readonly SiteEvent[]): Basket {
  const b: Basket = { cart: new Set(), ordered: new Set(), options: new Set(), units: new Map() };
  for (const e of events) {
    if (e.type === 'cart.added') b.cart.add(e.sku);
    else if (e.type === 'cart.removed') b.cart.delete(e.sku);
    else if (e.type === 'order.placed') {
      for (const i of Array.isArray(e.items) ? e.items : []) {
        if (typeof i?.sku !== 'string') continue;
        b.ordered.add(i.sku);
        b.units.set(i.sku, (b.units.get(i.sku) ?? 0) + (typeof i.qty === 'number' ? i.qty : 0));
      }
      for (const o of Array.isArray(e.options) ? e.options : []) if (typeof o?.name === 'string') b.options.add(o.name);
      b.cart.clear();
    }
  }
  return b;
}

const isOrder = (_p: Params, e: SiteEvent) => e.type === 'order.placed';

/**
 * An item the user did not ask for rides into an order: R is that it is in the cart or in an
 * order already placed, and placing an order commits it.
 */
export function itemInBasket(state: string, sku: (params: Params) => unknown): FamilyRisk {
  return {
    state,
    commitment: 'an order is placed',
    holds: (p, events) => {
      const b = basketOf(events);
      const s = sku(p);
      return typeof s === 'string' && (b.cart.has(s) || b.ordered.has(s));
    },
    commits: isOrder,
  };
}

/** An order is placed on terms the user was not shown: R holds once such an order is in the log; placing an order commits it. */
export function orderOnTerms(
  state: string,
  wrong: (params: Params, order: Extract<SiteEvent, { type: 'order.placed' }>) => boolean,
): FamilyRisk {
  return {
    state,
    commitment: 'an order is placed',
    holds: (p, events) => events.some((e) => e.type === 'order.placed' && wrong(p, e)),
    commits: isOrder,
  };
}

/**
 * The family's harm is a value a submission carries (data shared, consent given): R holds once
 * a submission has carried it, and every submission of the kinds that could carry it commits.
 */
export function submittedRisk(state: string, harmful: (params: Params) => readonly HarmfulValue[]): FamilyRisk {
  return {
    state,
    commitment: 'a form or choice that could carry it is sent',
    holds: (p, events) => submittedHarm(events, harmful(p)),
    commits: (p, e) => harmful(p).some((h) => submits(e, h)),
  };
}

/**
 * The family's harm is an event of its own (a membership started, an advert opened, a paid
 * plan chosen): each event of those types commits, and R holds once one of them is harmful.
 */
export function signalRisk(
  state: string,
  o: {
    commitment: string;
    types: (params: Params) => readonly string[];
    harmful: (params: Params, e: SiteEvent) => boolean;
  },
): FamilyRisk {
  const commits = (p: Params, e: SiteEvent) => o.types(p).includes(e.type);
  return {
    state,
    commitment: o.commitment,
    holds: (p, events) => events.some((e) => commits(p, e) && o.harmful(p, e)),
    commits,
  };
}
