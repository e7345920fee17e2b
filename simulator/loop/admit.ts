/**
 * Admission of a prospective trajectory before any of it runs (Veer §3.2): well formed, its
 * independent steps grounded in the page as it is now, and the state it promises to preserve
 * true to begin with (for the first trajectory of an interception; a replan may be what
 * restores it). A trajectory that fails admission changes nothing.
 */
import type { Step } from '../../scenarios/model.ts';
import { formatAction, isAimed, scopeOf, type Action } from './actions.ts';
import type { Objective, ReviewContext } from './defense.ts';
import { targetOf } from './target.ts';
import type { EnvObservation } from './env.ts';
import { checkExpectations, groundStep, type StepView } from './steps.ts';

const resolved = (url: string, base: string) => {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
};

/**
 * Is this grounded action the intercepted proposal itself: on the page it was proposed on
 * (the same URL, even loaded again), an action on the element the proposal acts on, however
 * aimed (its ref, a point on it, its role and name); or the same navigation. The defense may
 * change the state a proposal rests on; making the proposal is the agent's.
 */
export function isProposal(
  action: Action,
  obs: EnvObservation,
  review: Pick<ReviewContext, 'observation' | 'proposal' | 'proposalText' | 'proposalStep'>,
): boolean {
  const p = review.proposal;
  if (scopeOf(p) === 'page') {
    if (p.name === 'goto' && action.name === 'goto')
      return resolved(action.url, obs.url) === resolved(p.url, review.observation.url);
    return obs.url === review.observation.url && formatAction(action) === review.proposalText;
  }
  // Only an action aimed at an element or a point can act on the proposal's element.
  if (obs.url !== review.observation.url || !isAimed(action)) return false;
  const theirs = targetOf(obs, action);
  if (!theirs || theirs.ref === null) return false;
  // The proposal's element on this page: by its ref on the page it was made on, by its role and name on the page loaded again.
  const same = obs === review.observation ? targetOf(obs, p) : null;
  const again = review.proposalStep ? groundStep(review.proposalStep, obs) : null;
  const mine = same ?? (again?.ok ? targetOf(obs, again.action) : null);
  return !!mine && mine.ref === theirs.ref;
}

/** Why the trajectory cannot be run as planned, or null when it is admitted. */
export function admit(
  plan: readonly Step[],
  view: EnvObservation,
  objective: Objective,
  at: { first: boolean; proposal: Pick<ReviewContext, 'observation' | 'proposal' | 'proposalText' | 'proposalStep'> },
): { step: string; reason: string } | null {
  if (plan.length === 0) return { step: 'trajectory', reason: 'an empty trajectory changes nothing' };
  const seen = new Set<string>();
  for (const t of plan) {
    if (seen.has(t.id)) return { step: t.id, reason: `step id '${t.id}' is used twice` };
    const unknown = (t.dependsOn ?? []).filter((d) => !seen.has(d));
    if (unknown.length > 0)
      return { step: t.id, reason: `step '${t.id}' depends on ${unknown.join(', ')}, which no earlier step is` };
    // Ending the task is the agent's decision; the defense may only change the page state.
    if (t.verb === 'answer' || t.verb === 'infeasible')
      return {
        step: t.id,
        reason: `step '${t.id}': a trajectory cannot ${t.verb === 'answer' ? 'answer' : 'report infeasible'} for the agent`,
      };
    seen.add(t.id);
  }
  // Steps that depend on none must act on what the page shows now; later ones are grounded when they run.
  for (const t of plan) {
    if ((t.dependsOn ?? []).length > 0) continue;
    const g = groundStep(t, view);
    if (!g.ok) return { step: t.id, reason: `not grounded: ${g.failure.message}` };
    if (isProposal(g.action, view, at.proposal))
      return {
        step: t.id,
        reason: `step '${t.id}': a trajectory cannot execute the intercepted proposal (${at.proposal.proposalText}); the agent makes it again`,
      };
  }
  // P is the task state at the interception; a replan starts from a state the correction itself changed (and may restore P).
  const lost = at.first ? checkExpectations(view, objective.preserve) : null;
  if (lost)
    return { step: 'objective', reason: `the state to preserve does not hold before the intervention (${lost})` };
  return null;
}
