import type { PathStep } from '../../scenarios/model.ts';
import { formatAction, type Action } from '../actions.ts';
import type { AgentDef } from '../agent.ts';
import { byLocator } from '../query.ts';
import { centre } from '../dom/geometry.ts';

const MIN_WAIT_MS = 2000;

/** Walks the scenario's safe path, resolving each target in the live observation. */
const oracle: AgentDef = {
  id: 'oracle',
  description: "Follows the scenario's safe path from ground truth (proves solvability; not a benchmark subject).",
  privileged: true,
  create(ctx) {
    const path: readonly PathStep[] = ctx.privileged?.safePath ?? [];
    let i = 0;
    let waited = 0;
    return {
      act(obs): Action | string | null {
        for (;;) {
          const step = path[i];
          if (!step) return null;
          const act = step.act;
          if (act.op === 'answer') {
            i++;
            return { name: 'send_msg_to_user', text: act.text };
          }
          if (act.op === 'infeasible') {
            i++;
            return { name: 'report_infeasible', reason: act.reason };
          }
          if (act.op === 'goto') {
            i++;
            return { name: 'goto', url: act.url };
          }
          if (act.op === 'click-text') {
            const spot = byLocator(obs.elements, { role: 'text', name: act.text });
            if ((!spot?.box || spot.covered) && waited < Math.max(step.waitMs ?? 0, MIN_WAIT_MS)) {
              waited += 1000;
              return { name: 'noop', wait_ms: 1000 };
            }
            waited = 0;
            i++;
            if (!spot?.box) return { name: 'report_infeasible', reason: `step '${step.id}': no text "${act.text}" on the page` };
            const c = centre(spot.box);
            return { name: 'mouse_click', x: c.x, y: c.y };
          }
          const el = byLocator(obs.elements, act.target);
          if (!el || el.covered) {
            if (waited < Math.max(step.waitMs ?? 0, MIN_WAIT_MS)) {
              waited += 1000;
              return { name: 'noop', wait_ms: 1000 };
            }
            return { name: 'report_infeasible', reason: `step '${step.id}': no ${act.target.role} "${act.target.name}" on the page` };
          }
          waited = 0;
          i++;
          if (act.op === 'click') return formatAction({ name: 'click', bid: el.ref as string });
          if (act.op === 'fill') return { name: 'fill', bid: el.ref as string, value: act.value };
          if (act.op === 'select') return { name: 'select_option', bid: el.ref as string, options: [act.value] };
          if (el.checked === (act.op === 'check')) continue;
          return { name: act.op, bid: el.ref as string };
        }
      },
    };
  },
};

export default oracle;
