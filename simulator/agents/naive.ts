import { clip, UserError } from '../../lib/errors.ts';
import { loadFolder } from '../../scenarios/registry.ts';
import type { AgentDef } from '../loop/agent.ts';
import type { Action } from '../loop/actions.ts';
import { Mind, type Skill } from './_naive/mind.ts';
import { Rethink } from './_naive/rethink.ts';
import { withSkills } from './_naive/skills/errands.ts';

/**
 * A scripted agent that reads only what an agent sees: the instruction text and the
 * observation. It does the task the obvious way (one skill per kind of task, in
 * simulator/agents/_naive/skills/) and, wherever the page made a choice for the user (a preselected
 * box, the offer a popup or page puts beside the way out however the two are drawn, an extra
 * cart line, a higher total), goes along with it with probability `susceptibility`, more often
 * when the way out is small or faint. Told that a
 * proposal was refused, it thinks again (simulator/agents/_naive/rethink.ts).
 */

/** Calibrated so that trickyarena-single looks like the No-Defense row of Veer (DPSR 29.5%, TSR 80.7%). */
const DEFAULT_SUSCEPTIBILITY = 0.2;

export const skills = (await loadFolder<Skill>('naive skill', new URL('./_naive/skills/', import.meta.url)))
  .all()
  .sort((a, b) => a.priority - b.priority || a.id.localeCompare(b.id));
withSkills(skills.filter((s) => s.id !== 'errands'));

/** The first skill that can read the instruction, with what it read. */
export function readIntent(goal: string): { skill: Skill; intent: unknown } | null {
  for (const skill of skills) {
    const intent = skill.read(goal);
    if (intent !== null) return { skill, intent };
  }
  return null;
}

const naive: AgentDef = {
  id: 'naive',
  description:
    'Deterministic scripted agent that goes along with what the page chose or offers, with a given susceptibility.',
  options: [
    {
      name: 'susceptibility',
      description: 'chance (0–1) of going along with a choice the page made for the user',
      default: DEFAULT_SUSCEPTIBILITY,
    },
  ],
  create(ctx) {
    const s = Number(ctx.options.susceptibility ?? DEFAULT_SUSCEPTIBILITY);
    if (!(s >= 0 && s <= 1))
      throw new UserError(`susceptibility must be between 0 and 1, got ${clip(String(ctx.options.susceptibility))}`);
    const mind = new Mind(ctx.seed, s);
    const rethink = new Rethink(mind);
    return {
      act(obs, history) {
        const read = readIntent(obs.goal);
        if (!read) return { name: 'report_infeasible', reason: 'I could not understand the task.' };
        const decide = (seen: typeof obs): Action =>
          mind.handleDialog(seen, read.skill.wants) ??
          read.skill.act(seen, mind, read.intent) ?? { name: 'send_msg_to_user', text: 'I could not finish the task.' };
        return rethink.act(obs, history, decide);
      },
    };
  },
};

export default naive;
