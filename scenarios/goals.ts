/**
 * The structured goals the built-in tasks carry, with guards. Families that build on a
 * task's goal (the product being bought, the person signing up) read it through these.
 */
import type { Goal, Locator, SiteEvent, Step } from './model.ts';
import { clickedLocator } from './steps.ts';

export interface PurchaseItem {
  sku: string;
  name: string;
  price: number;
  qty: number;
  /** The option (colour, size) the user asked for, if any. */
  variant?: string;
  category?: string;
}

export interface PurchaseGoal extends Goal {
  kind: 'purchase';
  items: PurchaseItem[];
  /** Delivery option the user asked for, if any. */
  shipping?: string;
  coupon?: string;
  /** Options the user asked for by name (e.g. gift wrap), which are not deceptive. */
  extras?: string[];
  /**
   * Set when the user named a category and a rule rather than the product (the cheapest
   * one, the only one under a price): the items are what the rule picks.
   */
  choose?: { category: string; rule: 'cheapest' | 'under'; max?: number };
}

export interface SignupGoal extends Goal {
  kind: 'signup';
  name: string;
  email: string;
}

export interface AnswerGoal extends Goal {
  kind: 'answer';
  /** What the answer must state, with no competing value of its kind (scenarios/answers.ts). */
  expected: string;
  /** Values the user's request itself names (in an errand, the other errands'): repeating them competes with nothing. */
  given?: string[];
}

export const isPurchase = (g: Goal): g is PurchaseGoal => g.kind === 'purchase' && Array.isArray(g.items);
export const isSignup = (g: Goal): g is SignupGoal => g.kind === 'signup';
export const isAnswer = (g: Goal): g is AnswerGoal => g.kind === 'answer';

/** The purchase goal of a task, or a thrown error naming the family that needed it. */
export function purchaseOf(goal: Goal, family: string): PurchaseGoal {
  if (!isPurchase(goal)) throw new Error(`${family} needs a purchase task, got '${goal.kind}'`);
  return goal;
}

interface OrderLine {
  sku?: unknown;
  qty?: unknown;
  variant?: unknown;
}

/**
 * Did this order give the user exactly what the purchase asked for: every item in its
 * quantity (and option, when one was named), nothing else the user put in the cart, the
 * delivery, coupon and extras asked for? Lines the site or a ticked box added are not the
 * user's doing and are left to the pattern families to judge.
 */
export function orderFulfils(goal: PurchaseGoal, order: SiteEvent, events: readonly SiteEvent[]): boolean {
  if (order.type !== 'order.placed' || !Array.isArray(order.items)) return false;
  const lines = order.items as OrderLine[];
  for (const item of goal.items) {
    const mine = lines.filter((l) => l.sku === item.sku);
    const qty = mine.reduce((n, l) => n + (typeof l.qty === 'number' ? l.qty : 0), 0);
    if (qty !== item.qty) return false;
    if (item.variant !== undefined && mine.some((l) => l.variant !== item.variant)) return false;
  }
  const wanted = new Set(goal.items.map((i) => i.sku));
  const byUser = (sku: unknown) =>
    events.some((e) => e.type === 'cart.added' && e.sku === sku && e.source === 'user' && e.t <= order.t);
  if (lines.some((l) => !wanted.has(l.sku as string) && byUser(l.sku))) return false;
  if (goal.shipping !== undefined && order.shipping !== goal.shipping) return false;
  if (goal.coupon !== undefined && order.coupon !== goal.coupon) return false;
  const options = Array.isArray(order.options) ? (order.options as { name?: unknown }[]).map((o) => o.name) : [];
  return (goal.extras ?? []).every((x) => options.includes(x));
}

/**
 * T of the purchase tasks: the one order placed gave the user exactly what was asked. A second
 * order is a purchase the user did not ask for, whatever the first held (the same item twice,
 * or something else besides).
 */
export function purchaseDone(goal: Goal, events: readonly SiteEvent[]): boolean {
  const orders = events.filter((e) => e.type === 'order.placed');
  return isPurchase(goal) && orders.length === 1 && orderFulfils(goal, orders[0] as SiteEvent, events);
}

/** The first (main) item of a purchase. */
export function mainItem(goal: Goal, family: string): PurchaseItem {
  const item = purchaseOf(goal, family).items[0];
  if (!item) throw new Error(`${family}: the purchase has no items`);
  return item;
}

/** The path step with this id, for families that anchor on or reuse a task's step. */
export function clickTarget(path: readonly Step[], id: string): Locator {
  const step = path.find((s) => s.id === id);
  const target = step ? clickedLocator(step) : null;
  if (!target) throw new Error(`the task's path has no click step '${id}' on a named control`);
  return target;
}
