import type { Step } from '../../scenarios/model.ts';
import type { Action } from '../loop/actions.ts';
import type { Agent, AgentDef } from '../loop/agent.ts';
import type { EnvObservation } from '../loop/env.ts';
import { groundStep, type GroundingFailure } from '../loop/steps.ts';

/** The least time a walker gives a target to show before it gives up on a step. */
const MIN_WAIT_MS = 2000;
const WAIT_MS = 1000;

/** An agent that walks a path, plus the steps it could not ground (empty when every step grounded). */
export interface PathWalker extends Agent {
  readonly failures: readonly GroundingFailure[];
  /** How many steps of the path were grounded (and handed out, or skipped as already done). */
  readonly walked: number;
  readonly length: number;
}

/**
 * Walks a path step by step, grounding each in the live observation. A target that is absent
 * or covered is waited for (the step's `waitMs`, at least 2 s); a step that still cannot be
 * grounded ends the walk with report_infeasible naming it, and is kept in `failures`.
 * A check or uncheck already in the wanted state is skipped.
 */
export function walkPath(path: readonly Step[]): PathWalker {
  const failures: GroundingFailure[] = [];
  let i = 0;
  let walked = 0;
  let waited = 0;
  return {
    failures,
    get walked() {
      return walked;
    },
    length: path.length,
    act(obs: EnvObservation): Action | null {
      for (;;) {
        const step = path[i];
        if (!step) return null;
        const g = groundStep(step, obs);
        if (!g.ok) {
          if (g.failure.kind !== 'unusable' && waited < Math.max(step.waitMs ?? 0, MIN_WAIT_MS)) {
            waited += WAIT_MS;
            return { name: 'noop', wait_ms: WAIT_MS };
          }
          failures.push(g.failure);
          i = path.length;
          return { name: 'report_infeasible', reason: g.failure.message };
        }
        waited = 0;
        i++;
        walked++;
        if ((step.verb === 'check' || step.verb === 'uncheck') && g.element?.checked === (step.verb === 'check'))
          continue;
        return g.action;
      }
    },
  };
}

const oracle: AgentDef = {
  id: 'oracle',
  description: "Follows the scenario's safe path from ground truth (proves solvability; not a benchmark subject).",
  privileged: true,
  create(ctx) {
    return walkPath(ctx.privileged?.safePath ?? []);
  },
};

export default oracle;
