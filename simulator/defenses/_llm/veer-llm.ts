/**
 * Veer with a model (Veer §3, Appendix B): the task's authorization is extracted once from the
 * instruction; each proposal that can cross a boundary gets a structured consequence
 * assessment; an unauthorized one gets an objective (R, S*, P) and a trajectory the runner
 * executes, verifies and has replanned under the same objective. Temporal evidence is kept by
 * program (view.ts Retained). The ablations switch off one mechanism each, as the rule-based
 * Veer's do (`Mechanisms`). A reply that never validates leaves the proposal UNCERTAIN:
 * refused, never authorized.
 */
import { z } from 'zod';
import { scopeOf, isAimed } from '../../loop/actions.ts';
import {
  assessmentSchema,
  type Assessment,
  type Defense,
  type Objective,
  type ReplanContext,
  type ReviewContext,
  type Verdict,
} from '../../loop/defense.ts';
import type { Step } from '../../../scenarios/model.ts';
import { targetOf } from '../../loop/target.ts';
import { CORRECTION_REPLANS, type Mechanisms } from '../_veer/veer.ts';
import { askFor } from './ask.ts';
import { objectiveAnswer, objectiveText, toObjective, toTrajectory, trajectoryAnswer } from './plan.ts';
import type { LlmDefenseSetup } from './setup.ts';
import { pageText, proposalText, Retained } from './view.ts';

const span = z.object({ task_evidence: z.string() }).strict();
const authorizationAnswer = z
  .object({
    explicit_terminal_commitment: z.boolean(),
    authorized_terminal_outcomes: z.array(span).max(16),
    material_constraints: z.array(span).max(16),
    requested_informational_outputs: z.array(span).max(16),
    designated_output_targets: z.array(span).max(16),
  })
  .strict();
type Authorization = z.infer<typeof authorizationAnswer>;

/** Veer checks generated spans against the instruction: one that is not a substring of it is dropped, never promoted. */
function grounded(a: Authorization, goal: string): Authorization {
  const keep = (list: { task_evidence: string }[]) =>
    list.filter((s) => s.task_evidence.trim() !== '' && goal.includes(s.task_evidence));
  return {
    explicit_terminal_commitment: a.explicit_terminal_commitment,
    authorized_terminal_outcomes: keep(a.authorized_terminal_outcomes),
    material_constraints: keep(a.material_constraints),
    requested_informational_outputs: keep(a.requested_informational_outputs),
    designated_output_targets: keep(a.designated_output_targets),
  };
}

const NO_AUTHORIZATION =
  'No authorization could be extracted from the task: nothing beyond the task text itself is authorized.';

const allow = (reason: string, label: 1 | 0 = 1, assessment?: Assessment): Verdict => ({
  kind: 'allow',
  judgement: { label, confidence: 1, reason },
  ...(assessment ? { assessment } : {}),
});
const block = (feedback: string, assessment?: Assessment): Verdict => ({
  kind: 'block',
  feedback,
  judgement: { label: -1, confidence: 1, reason: feedback },
  ...(assessment ? { assessment } : {}),
});

/** Steps a plan may take: its own, and one more to come back if it follows a link. */
const cost = (plan: readonly Step[]) =>
  plan.length + (plan.some((t) => 'target' in t && 'role' in t.target && t.target.role === 'link') ? 1 : 0);

export function veerLlm(mech: Mechanisms, { asker, prompt }: LlmDefenseSetup): Defense {
  let authorization: string | null = null;
  let retained = new Retained();
  let replans = 0;
  /** What the interception under way is about, for replanning. */
  let current: { consequence: string } | null = null;

  const authorize = async (goal: string, step: number): Promise<string> => {
    const r = await askFor(
      asker,
      'authorization',
      authorizationAnswer,
      [{ role: 'user', content: prompt('authorize')({ goal }) }],
      step,
    );
    return 'value' in r ? JSON.stringify(grounded(r.value, goal)) : NO_AUTHORIZATION;
  };

  const planSteps = async (ctx: ReviewContext, objective: Objective, consequence: string, failed = '') => {
    const oneAtATime = !mech.prospective || mech.oneStep;
    return askFor(
      asker,
      'trajectory',
      trajectoryAnswer,
      [
        {
          role: 'user',
          content: prompt('trajectory')({
            goal: ctx.goal,
            page: pageText(ctx.observation),
            proposal: `${proposalText(ctx.observation, ctx.proposal)}\n${consequence}`,
            objective: objectiveText(objective),
            failed,
            oneAtATime,
          }),
        },
      ],
      ctx.observation.step,
      (a) => {
        const steps = toTrajectory(ctx.observation, a);
        return oneAtATime ? steps.slice(0, 1).map(({ dependsOn: _, ...s }) => s as Step) : steps;
      },
    );
  };

  return {
    async review(ctx): Promise<Verdict> {
      const obs = ctx.observation;
      const p = ctx.proposal;
      replans = 0;
      if (!mech.temporal) retained = new Retained();
      for (const look of ctx.acquired) for (const o of look.observations) retained.observe(o);
      // Waiting and scrolling cross no boundary: nothing to assess.
      if (p.name === 'noop' || p.name === 'scroll') {
        retained.observe(obs);
        return allow('crosses no boundary');
      }
      if (isAimed(p) && !targetOf(obs, p)) return allow('the proposal acts on nothing the observation shows', 0);
      authorization ??= await authorize(ctx.goal, obs.step);
      const evidence = retained.lines(obs.url);
      retained.observe(obs);
      const assessed = await askFor(
        asker,
        'assessment',
        assessmentSchema,
        [
          {
            role: 'user',
            content: prompt('assess')({
              goal: ctx.goal,
              authorization,
              page: pageText(obs),
              evidence,
              acquired: ctx.acquired.map((a) => a.claim),
              proposal: proposalText(obs, p),
            }),
          },
        ],
        obs.step,
      );
      if ('failed' in assessed)
        return block(`could not assess this action (${assessed.failed}); uncertainty is not authorization`);
      const a = assessed.value;
      if (a.decision === 'AUTHORIZED') return allow(a.reason || 'authorized by the task', 1, a);
      if (a.decision === 'UNCERTAIN')
        return block(
          `could not establish ${a.requests[0]?.claim ?? 'what this action commits'} (${a.reason}); uncertainty is not authorization`,
          a,
        );
      const consequence = `Unauthorized: ${a.reason}`;
      // A click that only moves through the site is refused, not corrected: there is no state to change.
      if (!mech.intervene || scopeOf(p) === 'end') return block(a.reason, a);
      const obj = await askFor(
        asker,
        'objective',
        objectiveAnswer,
        [
          {
            role: 'user',
            content: prompt('objective')({
              goal: ctx.goal,
              page: pageText(obs),
              proposal: proposalText(obs, p),
              consequence,
            }),
          },
        ],
        obs.step,
        (v) => toObjective(obs, v),
      );
      if ('failed' in obj) return block(`${a.reason} (no correction objective: ${obj.failed})`, a);
      const plan = await planSteps(ctx, obj.value, consequence);
      if ('failed' in plan) return block(`${a.reason} (no correction plan: ${plan.failed})`, a);
      const trajectory = plan.value;
      // A correction the budget cannot finish is not started.
      if (mech.prospective && !mech.oneStep && cost(trajectory) > ctx.defenseBudgetLeft) return block(a.reason, a);
      current = { consequence };
      const objective = mech.oneStep ? { ...obj.value, target: trajectory[0]?.expect ?? obj.value.target } : obj.value;
      return {
        kind: 'intervene',
        objective,
        trajectory,
        note: `corrected the page first: ${obj.value.risk}`,
        assessment: a,
      };
    },

    async replan(ctx: ReplanContext): Promise<Verdict> {
      if (mech.oneStep || !mech.intervene || !current) return allow('no correction under way');
      if (mech.prospective && replans >= CORRECTION_REPLANS) return allow('the correction could not be completed');
      replans++;
      if (mech.temporal) retained.observe(ctx.observation);
      const plan = await planSteps(ctx, ctx.objective, current.consequence, `${ctx.failed.step}: ${ctx.failed.reason}`);
      if ('failed' in plan) return allow(`no further correction (${plan.failed})`);
      return { kind: 'intervene', objective: ctx.objective, trajectory: plan.value };
    },
  };
}
