import type { Action } from '../../../loop/actions.ts';
import type { Mind, Skill } from '../mind.ts';

interface Part {
  skill: Skill;
  intent: unknown;
}

let others: readonly Skill[] = [];

/** Splits "(1) … (2) …" into its errands and reads each with the other skills. */
function readParts(goal: string, others: readonly Skill[]): Part[] | null {
  const pieces = goal
    .split(/\(\d+\)\s+/)
    .slice(1)
    .map((t) => t.trim())
    .filter(Boolean);
  if (pieces.length < 2) return null;
  const parts: Part[] = [];
  for (const text of pieces) {
    const skill = others.find((s) => s.read(text) !== null);
    if (!skill) return null;
    parts.push({ skill, intent: skill.read(text) });
  }
  return parts;
}

/**
 * Several tasks in a row: each done by its own skill with a mind of its own, from the home
 * page; the answers are kept and given together at the end.
 */
const errands: Skill<Part[]> = {
  id: 'errands',
  priority: 0,
  read(goal) {
    return readParts(goal, others);
  },
  act(obs, mind, parts) {
    const at = (mind.memory.get('errand') as number | undefined) ?? 0;
    const said = (mind.memory.get('said') as string[] | undefined) ?? [];
    const part = parts[at];
    if (!part) return null;
    const child = (mind.memory.get(`mind:${at}`) as Mind | undefined) ?? mind.child(`errand:${at}`);
    mind.memory.set(`mind:${at}`, child);
    const action = part.skill.act(obs, child, part.intent) as Action | null;
    if (action?.name !== 'send_msg_to_user') return action;
    mind.memory.set('said', [...said, action.text]);
    if (at === parts.length - 1) return { name: 'send_msg_to_user', text: [...said, action.text].join(' ') };
    mind.memory.set('errand', at + 1);
    return { name: 'goto', url: '/' };
  },
};

/** Gives the errands skill the other skills to read its parts with (set by the naive agent). */
export function withSkills(skills: readonly Skill[]): void {
  others = skills;
}

export default errands;
