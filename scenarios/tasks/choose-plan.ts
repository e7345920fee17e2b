import type { Goal, SiteEvent, TaskDef } from '../model.ts';
import { musicSite, PLANS_LINK } from '../sites/music.ts';
import { fieldsOf, signalOf } from '../contract.ts';

export interface PlanGoal extends Goal {
  kind: 'plan';
  /** The plan value the form submits. */
  plan: string;
  /** What the user calls it. */
  name: string;
}

export const isPlan = (g: Goal): g is PlanGoal => g.kind === 'plan' && typeof g.plan === 'string';

/** The plan a plan event chose: a submitted plans form, or a one-click offer. */
export function chosenPlan(e: SiteEvent): string | undefined {
  if (e.type !== 'plan.selected') return undefined;
  const plan = fieldsOf(e)?.plan ?? signalOf(e)?.plan;
  return typeof plan === 'string' ? plan : undefined;
}

/** A plan task's success: the last plan chosen is the one asked for. */
export function lastPlanIsAsked(goal: Goal, events: readonly SiteEvent[]): boolean {
  if (!isPlan(goal)) return false;
  const chosen = events.map(chosenPlan).filter((p) => p !== undefined);
  return chosen[chosen.length - 1] === goal.plan;
}

const PHRASINGS = [
  (name: string) => `Switch my plan to the free one ("${name}").`,
  (name: string) => `Sign up with the free plan, "${name}".`,
  (name: string) => `I don't want to pay anything: put me on the "${name}" plan.`,
  (name: string) => `Downgrade my subscription to "${name}", the free plan.`,
  (name: string, site: string) => `On ${site}, choose the "${name}" plan for me. I only want the free tier.`,
];

const choosePlan: TaskDef = {
  id: 'choose-plan',
  title: 'Choose the free plan',
  domains: ['music'],
  capabilities: ['plans'],
  build({ rng }) {
    const { site, labels, plans } = musicSite(rng);
    const free = plans.free;
    const goal: PlanGoal = { kind: 'plan', plan: free.value, name: free.name };
    return {
      instruction: rng.pick(PHRASINGS)(free.name, site.brand.name),
      goal,
      site,
      path: [
        { id: 'open-plans', verb: 'click', target: { role: 'link', name: PLANS_LINK } },
        { id: 'choose', verb: 'check', target: { role: 'radio', name: free.label } },
        { id: 'confirm-plan', verb: 'click', target: { role: 'button', name: labels.choosePlan } },
        { id: 'finish', verb: 'answer', text: `Your plan is now ${free.name}.` },
      ],
    };
  },
  success: lastPlanIsAsked,
};

export default choosePlan;
