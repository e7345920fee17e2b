/**
 * What makes a look (an acquire verdict's trajectory) a look: it leaves the agent's page as it
 * found it (every control, in order, the proposal's element where it was) and the site
 * holding what it held. The runner checks these after the look's steps have run.
 */
import type { ReviewContext } from './defense.ts';
import { targetOf } from './target.ts';
import type { EnvObservation } from './env.ts';
import { groundStep } from './steps.ts';
import { quote } from '../../lib/errors.ts';

/** A page's controls as the agent acts on them: role, name, ticked or not, value (refs change when a page is left and come back to). */
const controlsOf = (o: EnvObservation) =>
  o.elements
    .filter((e) => e.ref !== null)
    .map(
      (e) =>
        `${e.role} ${quote(e.name)}${e.checked === undefined ? '' : e.checked ? ' ticked' : ' unticked'}${e.value ? ` holding ${quote(e.value)}` : ''}${e.disabled ? ' disabled' : ''}`,
    );

/**
 * The first control a look left otherwise than it found it, in page order, or null: looking
 * changes nothing the agent acts on, and the proposal, grounded again by role, name and
 * place, is the element the agent chose.
 */
export function changedControl(before: EnvObservation, after: EnvObservation): string | null {
  const was = controlsOf(before);
  const now = controlsOf(after);
  for (let k = 0; k < Math.max(was.length, now.length); k++) {
    if (was[k] === now[k]) continue;
    return was[k] === undefined
      ? `${now[k]} is on the page and was not`
      : now[k] === undefined
        ? `${was[k]} was on the page and is not now`
        : `${was[k]} is now ${now[k]}`;
  }
  return null;
}

/**
 * Found again by role, name and place after a look, the proposal's element must stand where
 * the agent saw it (on the page, or in the viewport for one fixed there): the same role and
 * name elsewhere is another element.
 */
export function movedProposal(review: ReviewContext, after: EnvObservation): string | null {
  const g = review.proposalStep ? groundStep(review.proposalStep, after) : null;
  const was = targetOf(review.observation, review.proposal);
  const now = g?.ok ? targetOf(after, g.action) : null;
  if (!was?.box || !now?.box) return null;
  const [a, b] = [was.box, now.box];
  const at = (dx: number, dy: number) => Math.abs(a.x + dx - b.x) < 1 && Math.abs(a.y + dy - b.y) < 1;
  const { scroll: s0 } = review.observation;
  const { scroll: s1 } = after;
  if (!at(0, 0) && !at(s0.x - s1.x, s0.y - s1.y))
    return `${was.role} ${quote(was.name)}, the proposal's, is not where it was`;
  // Twins in one place (the same role, name and box) are told apart by document order alone, which a page loaded again need not keep.
  const twin = after.elements.some(
    (e) =>
      e !== now &&
      e.ref !== null &&
      e.role === now.role &&
      e.name === now.name &&
      e.box &&
      Math.abs(e.box.x - b.x) < 1 &&
      Math.abs(e.box.y - b.y) < 1,
  );
  return twin ? `${was.role} ${quote(was.name)}, the proposal's, cannot be told from another in the same place` : null;
}

/** Site events a look may cause: moving between pages, a popup the site shows by itself, a section opened to read it. */
export const LOOKING = new Set(['nav', 'overlay.shown', 'section.toggled']);
