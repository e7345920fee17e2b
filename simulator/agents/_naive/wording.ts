/**
 * Reading what a checkbox label asks, the way a careful person does: does ticking the box
 * say yes to the thing it names, or no? Handles instructions ("Untick this box if …") and
 * negations, including doubled ones ("… would not prefer not to receive …").
 */
import type { Action } from '../../loop/actions.ts';
import type { EnvObservation } from '../../loop/env.ts';
import { inconspicuous } from '../../page/read/salience.ts';
import type { Mind } from './mind.ts';

/** An instruction: a verb of ticking first, then the condition ("Untick this box if …", "Check here unless …"). */
const INSTRUCTION =
  /^(?:please\s+)?(un(?:tick|check)|clear|deselect|tick|check|select|mark)\b[^,.;:]*?\b((?:if|unless)\b.*)$/i;
const NEGATION =
  /\b(?:not|never|no|none|unless|without|stop|stopping|withhold|exclude|miss|optout|leaveout|unsubscribe|decline|refuse)\b|n't\b|\bcannot\b/g;

/** Negations in a phrase; phrasal ones ("miss out", "opt out", "leave … out") count once. */
export function negations(text: string): number {
  const t = text
    .toLowerCase()
    .replace(/\bmiss(?:ing)? out\b/g, ' miss ')
    .replace(/\bopt(?:ing)?[- ]out\b/g, ' optout ')
    .replace(/\bleave\s+\S+\s+out\b/g, ' leaveout ')
    .replace(/’/g, "'");
  return (t.match(NEGATION) ?? []).length;
}

/** Does ticking this box say yes to what it names? */
export function tickMeansYes(label: string): boolean {
  const m = INSTRUCTION.exec(label.trim());
  if (!m) return negations(label) % 2 === 0;
  const untick = /^(un|clear|deselect)/i.test(m[1] as string);
  const condYes = negations(m[2] as string) % 2 === 0;
  return untick ? !condYes : condYes;
}

/**
 * Sets every box the user did not ask for to "no", unless the agent goes along with what
 * the page chose. `wanted`: words of things the user asked for, left as they are.
 */
export function settleBoxes(obs: EnvObservation, mind: Mind, wanted: readonly string[] = []): Action | null {
  for (const box of mind.interactive(obs).filter((e) => (e.role === 'checkbox' || e.role === 'switch') && !e.covered)) {
    if (wanted.some((w) => box.name.toLowerCase().includes(w.toLowerCase()))) continue;
    const no = !tickMeansYes(box.name);
    if (box.checked === no) continue;
    if (!mind.fallsFor(`box:${box.name}`, inconspicuous(box)))
      return { name: no ? 'check' : 'uncheck', bid: box.ref as string };
  }
  return null;
}
