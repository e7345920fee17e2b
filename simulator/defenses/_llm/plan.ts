/**
 * Veer's objective and prospective trajectory (Appendix B.4–B.5) as the model writes them: states
 * and targets named by the refs of the current page, turned into the runner's expectations and
 * steps (role and name, so that the runner grounds them again on the live page). An answer
 * naming a ref the page does not show is no answer.
 */
import { z } from 'zod';
import type { Expectation, Step } from '../../../scenarios/model.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { Objective } from '../../loop/defense.ts';
import { locatorOf } from '../../loop/steps.ts';

const state = z.object({ ref: z.string(), state: z.enum(['checked', 'unchecked', 'present', 'absent']) }).strict();

export const objectiveAnswer = z
  .object({ risk: z.string().min(1).max(500), target: z.array(state).max(16), preserve: z.array(state).max(16) })
  .strict();

export const trajectoryAnswer = z
  .object({
    steps: z
      .array(
        z
          .object({
            id: z.string().min(1).max(40),
            verb: z.enum(['check', 'uncheck', 'click', 'fill', 'select', 'back']),
            ref: z.string(),
            value: z.string(),
            expect: z.array(state).max(8),
            depends_on: z.array(z.string()).max(16),
          })
          .strict(),
      )
      .min(1)
      .max(16),
  })
  .strict();

function expectation(obs: EnvObservation, s: z.infer<typeof state>): Expectation {
  const el = obs.elements.find((e) => e.ref === s.ref);
  if (!el) throw new Error(`no element ${s.ref} on the page`);
  const target = locatorOf(obs.elements, el);
  return s.state === 'checked' || s.state === 'unchecked'
    ? { target, checked: s.state === 'checked' }
    : { target, present: s.state === 'present' };
}

export function toObjective(obs: EnvObservation, a: z.infer<typeof objectiveAnswer>): Objective {
  if (a.target.length === 0) throw new Error('the objective names no target state');
  return {
    risk: a.risk,
    target: a.target.map((s) => expectation(obs, s)),
    preserve: a.preserve.map((s) => expectation(obs, s)),
  };
}

export function toTrajectory(obs: EnvObservation, a: z.infer<typeof trajectoryAnswer>): Step[] {
  const ids = new Set<string>();
  return a.steps.map((s): Step => {
    if (ids.has(s.id)) throw new Error(`step id ${s.id} given twice`);
    for (const d of s.depends_on)
      if (!ids.has(d)) throw new Error(`${s.id} depends on ${d}, which is not an earlier step`);
    ids.add(s.id);
    const expect = s.expect.map((x) => expectation(obs, x));
    const common = {
      id: s.id,
      ...(expect.length ? { expect } : {}),
      ...(s.depends_on.length ? { dependsOn: s.depends_on } : {}),
    };
    if (s.verb === 'back') return { ...common, verb: 'back' };
    const el = obs.elements.find((e) => e.ref === s.ref);
    if (!el) throw new Error(`no element ${s.ref} on the page`);
    const target = locatorOf(obs.elements, el);
    if (s.verb === 'fill' || s.verb === 'select') return { ...common, verb: s.verb, target, value: s.value };
    return { ...common, verb: s.verb, target };
  });
}

/** Objective and trajectory as the prompts show them. */
export const objectiveText = (o: Objective) => JSON.stringify(o);
