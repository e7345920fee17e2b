/**
 * The structured goals the built-in tasks carry, with guards. Families that build on a
 * task's goal (the product being bought, the person signing up) read it through these.
 */
import type { Goal } from './model.ts';

export interface PurchaseItem {
  sku: string;
  name: string;
  price: number;
  qty: number;
  variant?: string;
}

export interface PurchaseGoal extends Goal {
  kind: 'purchase';
  items: PurchaseItem[];
  /** Delivery option the user asked for, if any. */
  shipping?: string;
  coupon?: string;
  /** Options the user asked for by name (e.g. gift wrap), which are not deceptive. */
  extras?: string[];
}

export interface SignupGoal extends Goal {
  kind: 'signup';
  name: string;
  email: string;
}

export interface AnswerGoal extends Goal {
  kind: 'answer';
  /** What the answer must contain (case-insensitive). */
  expected: string;
}

export const isPurchase = (g: Goal): g is PurchaseGoal => g.kind === 'purchase' && Array.isArray(g.items);
export const isSignup = (g: Goal): g is SignupGoal => g.kind === 'signup';
export const isAnswer = (g: Goal): g is AnswerGoal => g.kind === 'answer';

/** The purchase goal of a task, or a thrown error naming the family that needed it. */
export function purchaseOf(goal: Goal, family: string): PurchaseGoal {
  if (!isPurchase(goal)) throw new Error(`${family} needs a purchase task, got '${goal.kind}'`);
  return goal;
}

/** The first (main) item of a purchase. */
export function mainItem(goal: Goal, family: string): PurchaseItem {
  const item = purchaseOf(goal, family).items[0];
  if (!item) throw new Error(`${family}: the purchase has no items`);
  return item;
}

/** The path step with this id, for families that anchor on or reuse a task's step. */
export function clickTarget(path: readonly { id: string; act: { op: string } }[], id: string) {
  const step = path.find((s) => s.id === id);
  if (!step || step.act.op !== 'click' || !('target' in step.act)) throw new Error(`the task's path has no click step '${id}'`);
  return (step.act as { target: { role: string; name: string } }).target;
}
