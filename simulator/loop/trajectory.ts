/**
 * A defense's trajectory run on the live page, an intervention's or a look's. The runner runs
 * it, not the defense: each step is grounded in the page just before it runs (the same
 * translation the oracle uses) and its expected states are checked after; the first failure
 * stops the trajectory. The intercepted proposal itself is never executed here.
 */
import type { Step } from '../../scenarios/model.ts';
import { admit, isProposal } from './admit.ts';
import type { Acquire, Objective, ReviewContext, Verdict } from './defense.ts';
import type { EnvObservation } from './env.ts';
import type { Episode, EvidenceRecord, ExecutedAction, InterventionRecord } from './episode.ts';
import { changedControl, LOOKING, movedProposal } from './look.ts';
import { checkExpectations, groundStep } from './steps.ts';

type Failure = { step: string; reason: string };

/** Admits a trajectory, then runs its steps in order; `seen` collects the observation after each. */
async function runTrajectory(
  ep: Episode,
  plan: readonly Step[],
  objective: Objective,
  first: boolean,
  review: ReviewContext,
  executed: ExecutedAction[],
  seen?: EnvObservation[],
): Promise<Failure | null> {
  const refused = admit(plan, ep.obs, objective, { first, proposal: review });
  if (refused) return refused;
  const done = new Set<string>();
  for (const t of plan) {
    const failure = await runStep(ep, t, done, review, executed, seen);
    if (failure) return failure;
    done.add(t.id);
  }
  return null;
}

async function runStep(
  ep: Episode,
  t: Step,
  done: ReadonlySet<string>,
  review: ReviewContext,
  executed: ExecutedAction[],
  seen?: EnvObservation[],
): Promise<Failure | null> {
  const missing = (t.dependsOn ?? []).filter((d) => !done.has(d));
  if (missing.length > 0) return { step: t.id, reason: `depends on unverified ${missing.join(', ')}` };
  if (ep.budget.spent('defense')) return { step: t.id, reason: 'defense budget exhausted' };
  const g = groundStep(t, ep.obs);
  if (!g.ok) {
    executed.push({
      by: 'defense',
      action: t.verb,
      error: g.failure.message,
      step: t.id,
      expected: { ok: false, detail: g.failure.message },
    });
    return { step: t.id, reason: g.failure.message };
  }
  if (isProposal(g.action, ep.obs, review)) {
    const reason = `step '${t.id}': a trajectory cannot execute the intercepted proposal (${review.proposalText}); the agent makes it again`;
    executed.push({
      by: 'defense',
      action: t.verb,
      error: reason,
      step: t.id,
      expected: { ok: false, detail: reason },
    });
    return { step: t.id, reason };
  }
  // Spent before it runs: an action that throws has still been taken.
  ep.budget.defenseUsed++;
  const r = await ep.env.execute(g.action);
  ep.obs = r.observation;
  seen?.push(ep.obs);
  const wrong = r.error ?? checkExpectations(ep.obs, t.expect ?? []);
  executed.push({
    by: 'defense',
    action: r.action,
    error: r.error,
    step: t.id,
    expected: { ok: wrong === null, detail: wrong ?? 'as expected' },
  });
  return wrong ? { step: t.id, reason: wrong } : null;
}

/** Runs an intervention's trajectory, and its replans under the same objective until it holds or the defense is out of them. */
export async function intervene(
  ep: Episode,
  verdict: Extract<Verdict, { kind: 'intervene' }>,
  review: ReviewContext,
  executed: ExecutedAction[],
): Promise<InterventionRecord> {
  const { objective } = verdict;
  const { budget } = ep;
  let plan = verdict.trajectory;
  let note = verdict.note;
  let replans = 0;
  for (;;) {
    let failure = await runTrajectory(ep, plan, objective, replans === 0, review, executed);
    // Terminal postconditions: S* reached and P kept, on the page control goes back to.
    if (!failure) {
      const unmet = checkExpectations(ep.obs, [...objective.target, ...objective.preserve]);
      if (unmet === null)
        return {
          resolved: true,
          replans,
          detail:
            note ??
            `changed the page: ${executed
              .filter((e) => e.by === 'defense' && !e.error)
              .map((e) => e.action)
              .join(', ')}`,
        };
      failure = { step: 'objective', reason: unmet };
    }
    if (!ep.defense.replan || budget.spent('defense') || replans >= budget.defense)
      return { resolved: false, replans, detail: failure.reason };
    replans++;
    const next = await ep.defense.replan({
      ...review,
      goal: ep.obs.goal,
      observation: ep.obs,
      history: ep.history,
      defenseBudgetLeft: budget.defenseLeft,
      objective,
      failed: failure,
    });
    if (next.kind !== 'intervene') return { resolved: false, replans, detail: failure.reason };
    plan = next.trajectory;
    note = next.note ?? note;
  }
}

/**
 * A look before the verdict: its steps run like an intervention's (no replan), and it must
 * come back to the page it began on with the state it declared kept. Each look spends at
 * least one defense action, so the budget bounds how many a proposal gets.
 */
export async function look(
  ep: Episode,
  v: Acquire,
  review: ReviewContext,
  executed: ExecutedAction[],
): Promise<EvidenceRecord & { seen: EnvObservation[] }> {
  const seen: EnvObservation[] = [];
  const preserve = [{ path: new URL(review.observation.url).pathname }, ...v.preserve];
  const logged = (await ep.env.siteLog()).length;
  const failure = await runTrajectory(
    ep,
    v.trajectory,
    { risk: v.claim, target: [], preserve },
    true,
    review,
    executed,
    seen,
  );
  const changed = [
    ...new Set(
      (await ep.env.siteLog())
        .slice(logged)
        .map((e) => e.type)
        .filter((t) => !LOOKING.has(t)),
    ),
  ];
  if (changed.length > 0)
    return { claim: v.claim, ok: false, detail: `the look changed what the site holds (${changed.join(', ')})`, seen };
  if (failure)
    return {
      claim: v.claim,
      ok: false,
      detail: failure.step === 'objective' ? failure.reason : `step '${failure.step}': ${failure.reason}`,
      seen,
    };
  const lost =
    checkExpectations(ep.obs, preserve) ?? changedControl(review.observation, ep.obs) ?? movedProposal(review, ep.obs);
  if (lost)
    return {
      claim: v.claim,
      ok: false,
      detail: `the look did not leave the task state as it found it (${lost})`,
      seen,
    };
  return { claim: v.claim, ok: true, detail: `looked with ${seen.length} action${seen.length === 1 ? '' : 's'}`, seen };
}
