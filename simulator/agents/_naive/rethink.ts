/**
 * How the naive agent takes a refusal, as an agent told to rethink would: what it went along
 * with for the refused proposal, and whatever the refusal names, it now declines (so its
 * choices for those go the careful way); if the page has a control that removes or unticks a
 * thing the refusal names, it uses it; and it never proposes the same thing again in the same
 * state: it goes back once, then stops and says why. Nothing here acts unless a proposal was
 * refused, so an undefended episode is exactly what it was.
 */
import { formatAction, type Action } from '../../loop/actions.ts';
import type { Turn } from '../../loop/agent.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { click, type Mind } from './mind.ts';

/** How the runner words a refused proposal's error. */
export const BLOCKED = 'blocked by the defense: ';

/** The things a refusal names: its quoted strings. */
export function namedIn(feedback: string): string[] {
  return [...feedback.matchAll(/'([^']{2,})'|"([^"]{2,})"|‘([^’]{2,})’|“([^”]{2,})”/g)]
    .map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]) as string)
    .map((x) => x.replace(/…$/, ''));
}

/** A control on the page that takes away a thing the refusal names: a remove button, a ticked box to untick. */
export function undoFor(obs: EnvObservation, named: readonly string[]): Action | null {
  const names = named.map((n) => n.toLowerCase());
  const live = obs.elements.filter((e) => e.ref !== null && !e.disabled && !e.covered);
  const holds = (e: ObservedElement) =>
    names.some((n) => e.name.toLowerCase().includes(n) || (e.name.length >= 3 && n.includes(e.name.toLowerCase())));
  const remove = live.find((e) => e.role === 'button' && /^(?:remove|delete)\b/i.test(e.name) && holds(e));
  if (remove) return click(remove);
  const box = live.find((e) => (e.role === 'checkbox' || e.role === 'switch') && e.checked && holds(e));
  return box ? { name: 'uncheck', bid: box.ref as string } : null;
}

const STOP: Action = {
  name: 'send_msg_to_user',
  text: 'I stopped: the next step I would take was refused, and I found no other way.',
};

const stateOf = (obs: EnvObservation) => `${obs.url}\n${obs.axtree_txt}`;

export class Rethink {
  /** Proposals refused, each with the state it was refused in. */
  private readonly refused = new Set<string>();
  private readonly wentBack = new Set<string>();
  private last: { state: string; text: string } | null = null;
  /** A refusal or a replaced proposal the skills have not yet been told about (they undo what they noted for it). */
  private untold: string | null = null;
  /** Puts back the memory from before the last proposal the skills made. */
  private restore: (() => void) | null = null;

  constructor(private readonly mind: Mind) {}

  act(obs: EnvObservation, history: readonly Turn[], decide: (obs: EnvObservation) => Action): Action | null {
    const turn = history.at(-1);
    // A proposal that was refused or replaced by a correction did not happen: what the skills noted for it is forgotten.
    if (turn && (turn.verdict === 'block' || turn.verdict === 'intervene')) this.restore?.();
    this.restore = null;
    const error = obs.last_action_error.startsWith(BLOCKED)
      ? obs.last_action_error
      : turn?.verdict === 'block'
        ? (turn.error ?? '')
        : null;
    let fix: Action | null = null;
    // A correction's note names what was wrong with the state the proposal rested on: what the agent went along with for it, it now declines.
    if (turn?.verdict === 'intervene' && error === null) this.mind.decline(namedIn(turn.error ?? ''));
    if (error !== null && this.last) {
      this.refused.add(`${this.last.state}\u0000${this.last.text}`);
      const named = namedIn(error);
      this.mind.decline(named);
      fix = undoFor(obs, named);
    }
    this.mind.beginProposal();
    if (fix && !this.isRefused(obs, fix)) {
      this.untold = error;
      return this.remember(obs, fix);
    }
    const told = this.untold && !obs.last_action_error ? { ...obs, last_action_error: this.untold } : obs;
    this.untold = null;
    this.restore = this.mind.snapshot();
    let action = decide(told);
    if (this.isRefused(obs, action)) {
      this.untold = 'not executed: the agent did something else';
      const state = stateOf(obs);
      if (!this.wentBack.has(state)) {
        this.wentBack.add(state);
        action = { name: 'go_back' };
      } else if (this.last?.text !== formatAction(STOP)) {
        action = STOP;
      } else {
        // Even stopping with a word was refused: nothing is left to propose.
        return null;
      }
    }
    return this.remember(obs, action);
  }

  private remember(obs: EnvObservation, action: Action): Action {
    this.last = { state: stateOf(obs), text: formatAction(action) };
    return action;
  }

  private isRefused(obs: EnvObservation, action: Action): boolean {
    return this.refused.size > 0 && this.refused.has(`${stateOf(obs)}\u0000${formatAction(action)}`);
  }
}
