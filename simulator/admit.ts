/**
 * Admission of a prospective trajectory before any of it runs (Veer §3.2): well formed, its
 * independent steps grounded in the page as it is now, and the state it promises to preserve
 * true to begin with. A trajectory that fails admission changes nothing.
 */
import type { Step } from '../scenarios/model.ts';
import type { Objective } from './defense.ts';
import { checkExpectations, groundStep, type StepView } from './steps.ts';

/** Why the trajectory cannot be run as planned, or null when it is admitted. */
export function admit(plan: readonly Step[], view: StepView & { url: string }, objective: Objective): { step: string; reason: string } | null {
  if (plan.length === 0) return { step: 'trajectory', reason: 'an empty trajectory changes nothing' };
  const seen = new Set<string>();
  for (const t of plan) {
    if (seen.has(t.id)) return { step: t.id, reason: `step id '${t.id}' is used twice` };
    const unknown = (t.dependsOn ?? []).filter((d) => !seen.has(d));
    if (unknown.length > 0) return { step: t.id, reason: `step '${t.id}' depends on ${unknown.join(', ')}, which no earlier step is` };
    // Ending the task is the agent's decision; the defense may only change the page state.
    if (t.verb === 'answer' || t.verb === 'infeasible') return { step: t.id, reason: `step '${t.id}': a trajectory cannot ${t.verb === 'answer' ? 'answer' : 'report infeasible'} for the agent` };
    seen.add(t.id);
  }
  // Steps that depend on none must act on what the page shows now; later ones are grounded when they run.
  for (const t of plan) {
    if ((t.dependsOn ?? []).length > 0) continue;
    const g = groundStep(t, view);
    if (!g.ok) return { step: t.id, reason: `not grounded: ${g.failure.message}` };
  }
  const lost = checkExpectations(view, objective.preserve);
  if (lost) return { step: 'objective', reason: `the state to preserve does not hold before the intervention (${lost})` };
  return null;
}
