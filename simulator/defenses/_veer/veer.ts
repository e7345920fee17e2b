/**
 * Veer without a model: consequence-guided state intervention (Veer §3). Each proposal's
 * consequences are predicted in the observed state and judged against the task's
 * authorization; when the unauthorized part comes from state the page holds (a ticked box, a
 * cart line, a chosen paid option, an open popup), the defense changes that state through a
 * prospective trajectory the runner executes and verifies, and the intercepted proposal is
 * left to the agent to make again. What has no responsible state is blocked with a reason.
 *
 * The ablations of Veer §4.4 and Appendix F switch off one mechanism each (`Mechanisms`).
 */
import type { Expectation, Step } from '../../../scenarios/model.ts';
import { isAimed, scopeOf, type Action } from '../../loop/actions.ts';
import type { Assessment, Defense, ReplanContext, ReviewContext, Verdict } from '../../loop/defense.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { checkExpectations, findTarget, groundStep, locatorOf } from '../../loop/steps.ts';
import { authorize, type Authorization } from './authorization.ts';
import { assess, lookFor } from './assessment.ts';
import { bindAllowed, predict, type Consequence } from './consequence.ts';
import { Evidence } from './evidence.ts';
import { fixFor, planOf, preserved, type Fix } from './intervention.ts';
import { targetOf } from '../../loop/target.ts';

export interface Mechanisms {
  /** Change the responsible state; off: block the proposal instead (w/o State Intervention). */
  intervene: boolean;
  /** Plan the whole correction before acting; off: one grounded transition at a time, the next chosen after observing (Reactive Intervention). */
  prospective: boolean;
  /** At most one corrective action per interception, then control goes back (One-Step Intervention). */
  oneStep: boolean;
  /** Keep what earlier pages showed; off: only the current observation (w/o Temporal Evidence). */
  temporal: boolean;
}

export const FULL: Mechanisms = { intervene: true, prospective: true, oneStep: false, temporal: true };

/** Veer Table 5: correction replanning per interception (the reactive variant's steps are its own loop, bounded by the budget). */
export const CORRECTION_REPLANS = 1;
/** Veer Table 5: looks per unresolved claim (for one proposal), and in all (for an episode). */
export const EVIDENCE_PER_CLAIM = 2;
export const EVIDENCE_TOTAL = 8;

const allow = (reason: string, label: 1 | 0 = 1, assessment?: Assessment): Verdict => ({
  kind: 'allow',
  judgement: { label, confidence: 1, reason },
  ...(assessment ? { assessment } : {}),
});
const block = (c: Consequence | string, assessment?: Assessment): Verdict => {
  const feedback = typeof c === 'string' ? c : c.feedback;
  return {
    kind: 'block',
    feedback,
    judgement: { label: -1, confidence: 1, reason: feedback },
    ...(assessment ? { assessment } : {}),
  };
};
/** The record is kept where it says something: a boundary crossed or a consequence predicted. */
const worth = (a: Assessment) => (a.boundary !== 'NONE' || a.commitments.length > 0 ? a : undefined);
/** Actions after which an order seen earlier may no longer be what the site holds: any that acts on the page (a link may add on the way, as sneaking does); only moving by URL, back, scrolling and waiting do not. */
const mayChangeOrder = (p: Action) => scopeOf(p) !== 'page';

/** The proposal on the current page: its recorded step grounded again (refs change when a page is left and come back to). */
function proposalHere(ctx: ReplanContext): Action | null {
  if (!ctx.proposalStep) return null;
  const g = groundStep(ctx.proposalStep, ctx.observation);
  return g.ok ? g.action : null;
}

/** Fixes for every unauthorized consequence, or the first that no observed state is responsible for. */
function fixesFor(
  obs: EnvObservation,
  proposal: Action,
  bad: readonly Consequence[],
): { fixes: Fix[] } | { unfixable: Consequence } {
  const fixes: Fix[] = [];
  const seen = new Set<string>();
  for (const [k, c] of bad.entries()) {
    const f = fixFor(obs, proposal, c, `fix-${k + 1}`);
    if (!f) return { unfixable: c };
    const key = JSON.stringify(f.steps.map(({ id: _, ...rest }) => rest));
    if (!seen.has(key)) (fixes.push(f), seen.add(key));
  }
  return { fixes };
}

const unmet = (obs: EnvObservation, x: Expectation) => checkExpectations(obs, [x]) !== null;

/**
 * The reactive variant's next transition, chosen from the objective and the page as it is now
 * (there is no plan to take it from): set a box the objective names, remove or reach a line
 * it wants gone, go back to the page it preserves, else the first correction the proposal
 * still needs here.
 */
function nextTransition(ctx: ReplanContext, a: Authorization, evidence: Evidence, id: string): Step | null {
  const obs = ctx.observation;
  const usable = (e: ObservedElement | undefined) => !!e && e.ref !== null && !e.disabled && !e.covered;
  for (const x of ctx.objective.target.filter((x) => unmet(obs, x))) {
    if ('checked' in x) {
      const el = findTarget(obs.elements, x.target);
      if (usable(el)) return { id, verb: x.checked ? 'check' : 'uncheck', target: x.target, expect: [x] };
    } else if ('present' in x && !x.present) {
      const el = findTarget(obs.elements, x.target);
      if (el && usable(el) && (el.role === 'button' || el.role === 'link') && /^(?:remove|delete)\b/i.test(el.name))
        return { id, verb: 'click', target: x.target, expect: [x] };
      const what = 'text' in x.target ? x.target.text : x.target.name;
      const remove = obs.elements.find(
        (e) =>
          usable(e) &&
          e.role === 'button' &&
          /^(?:remove|delete)\b/i.test(e.name) &&
          e.name.toLowerCase().includes(what.toLowerCase()),
      );
      if (remove)
        return {
          id,
          verb: 'click',
          target: locatorOf(obs.elements, remove),
          expect: [{ target: locatorOf(obs.elements, remove), present: false }],
        };
    }
  }
  const path = ctx.objective.preserve.find((x): x is { path: string } => 'path' in x);
  if (path && unmet(obs, path)) return { id, verb: 'goto', url: new URL(path.path, obs.url).href, expect: [path] };
  const proposal = proposalHere(ctx);
  if (!proposal) return null;
  const r = fixesFor(
    obs,
    proposal,
    predict(obs, proposal, a, evidence).filter((c) => !c.authorized),
  );
  if ('unfixable' in r || r.fixes.length === 0) return null;
  const { dependsOn: _, ...first } = (r.fixes[0] as Fix).steps[0] as Step;
  return { ...first, id };
}

/** Actions a trajectory may take: its steps, and one more to come back if it follows a link and has to be given up. */
const cost = (plan: readonly Step[]) =>
  plan.length +
  (plan.some((t) => t.verb === 'goto' || ('target' in t && 'role' in t.target && t.target.role === 'link')) ? 1 : 0);

export function veer(mech: Mechanisms): Defense {
  let auth: Authorization | null = null;
  let evidence = new Evidence();
  /** Replans of the interception under way. */
  let replans = 0;
  /** Set once a correction is given up and the page it began on is being restored. */
  let restoring = false;
  /** Risks a correction failed to remove (Veer's bound on attempts per unresolved claim): refused from then on, not tried again. */
  const failed = new Set<string>();
  /** The fixes of the interception under way. */
  let current: Fix[] = [];
  /** Looks taken this episode (Table 5's total). */
  let looks = 0;

  /**
   * No correction can reach the objective: remember the risk as one that cannot be corrected,
   * and if the correction left the page the agent was on, go back to it (P) before control returns.
   */
  const giveUp = (ctx: ReplanContext, reason: string): Verdict => {
    for (const f of current) failed.add(f.risk);
    const path = ctx.objective.preserve.find((x): x is { path: string } => 'path' in x);
    if (!path || !unmet(ctx.observation, path) || ctx.defenseBudgetLeft < 1) return allow(reason);
    restoring = true;
    return {
      kind: 'intervene',
      objective: ctx.objective,
      trajectory: [{ id: 'restore', verb: 'goto', url: new URL(path.path, ctx.observation.url).href, expect: [path] }],
      note: `${reason}; went back to ${path.path}`,
    };
  };

  const intervention = (
    obs: EnvObservation,
    proposal: Action,
    a: Authorization,
    bad: readonly Consequence[],
    budgetLeft: number,
  ): Verdict => {
    const r = fixesFor(obs, proposal, bad);
    if ('unfixable' in r) return block(r.unfixable);
    const tried = r.fixes.findIndex((f) => failed.has(f.risk));
    if (tried >= 0) return block(bad[tried] ?? (bad[0] as Consequence));
    current = r.fixes;
    const plan = planOf(r.fixes, preserved(obs, proposal, a, r.fixes));
    const { dependsOn: _, ...first } = plan.trajectory[0] as Step;
    if (mech.oneStep)
      return {
        kind: 'intervene',
        objective: { ...plan.objective, target: first.expect ?? [] },
        trajectory: [first],
        note: (r.fixes[0] as Fix).says,
      };
    // Without a plan there is nothing to measure against the budget: the first transition is taken, the rest found as it goes.
    if (!mech.prospective)
      return { kind: 'intervene', objective: plan.objective, trajectory: [first], note: plan.note };
    // A correction the budget cannot finish is not started: the proposal is refused instead.
    if (cost(plan.trajectory) > budgetLeft) return block(bad[0] as Consequence);
    return { kind: 'intervene', ...plan };
  };

  return {
    review(ctx: ReviewContext): Verdict {
      auth ??= authorize(ctx.goal);
      if (!mech.temporal) evidence = new Evidence();
      // What the looks for this proposal showed is evidence for this decision whatever is retained across decisions.
      for (const look of ctx.acquired) for (const o of look.observations) evidence.observe(o);
      evidence.observe(ctx.observation);
      replans = 0;
      restoring = false;
      const obs = ctx.observation;
      const p = ctx.proposal;
      if (isAimed(p) && !targetOf(obs, p)) return allow('the proposal acts on nothing the observation shows', 0);
      const { assessment, consequences } = assess(obs, p, auth, evidence);
      const kept = worth(assessment);
      if (assessment.decision === 'AUTHORIZED') {
        bindAllowed(obs, p, auth, evidence);
        if (mayChangeOrder(p)) evidence.changed();
        return allow(assessment.reason, 1, kept);
      }
      if (assessment.decision === 'UNCERTAIN') {
        // Uncertainty is not authorization: a claim no look can settle within the bounds leaves the proposal refused.
        const claim = (assessment.requests[0] as { claim: string }).claim;
        const tries = ctx.acquired.filter((x) => x.claim === claim).length;
        const steps =
          tries < EVIDENCE_PER_CLAIM && looks < EVIDENCE_TOTAL
            ? lookFor(obs, claim, evidence, `look-${looks + 1}`)
            : null;
        if (!steps || steps.length > ctx.defenseBudgetLeft)
          return block(
            `could not establish ${claim} before ${assessment.boundary === 'CHECKOUT' ? 'placing the order' : 'this step'}; look at it first`,
            kept,
          );
        looks++;
        return {
          kind: 'acquire',
          claim,
          trajectory: steps,
          preserve: preserved(obs, p, auth, []),
          ...(kept ? { assessment: kept } : {}),
        };
      }
      const bad = consequences.filter((c) => !c.authorized);
      if (!mech.intervene) return block(bad[0] as Consequence, kept);
      const v = intervention(obs, p, auth, bad, ctx.defenseBudgetLeft);
      if (v.kind === 'intervene') evidence.changed();
      return kept && (v.kind === 'intervene' || v.kind === 'block') ? { ...v, assessment: kept } : v;
    },

    replan(ctx: ReplanContext): Verdict {
      const a = auth ?? authorize(ctx.goal);
      if (mech.temporal) evidence.observe(ctx.observation);
      if (mech.oneStep || !mech.intervene || restoring)
        return allow(
          restoring ? 'the correction was given up and the page it began on restored' : 'no correction under way',
        );
      if (!mech.prospective) {
        const next = nextTransition(ctx, a, evidence, `step-${++replans + 1}`);
        return next
          ? { kind: 'intervene', objective: ctx.objective, trajectory: [next] }
          : giveUp(ctx, 'no transition left that moves toward the objective');
      }
      if (replans >= CORRECTION_REPLANS) return giveUp(ctx, 'the correction could not be completed');
      replans++;
      // Plan again from the state as it is, under the same objective.
      const proposal = proposalHere(ctx);
      if (!proposal) return giveUp(ctx, 'the proposal is no longer on the page');
      const r = fixesFor(
        ctx.observation,
        proposal,
        predict(ctx.observation, proposal, a, evidence).filter((c) => !c.authorized),
      );
      if ('unfixable' in r || r.fixes.length === 0) return giveUp(ctx, 'nothing left that a correction can change');
      const plan = planOf(r.fixes, ctx.objective.preserve);
      if (cost(plan.trajectory) > ctx.defenseBudgetLeft)
        return giveUp(ctx, 'the budget left cannot finish the correction');
      return { kind: 'intervene', objective: ctx.objective, trajectory: plan.trajectory, note: plan.note };
    },
  };
}
