/**
 * What a proposal acts on, read from the observation alone (what the agent sees): the element a
 * ref names, or for a click at a point the element a click there would reach as far as the
 * observation tells (an uncovered ref'd element whose box holds the point, the innermost and
 * last painted in document order first).
 */
import { scopeOf, type Action } from './actions.ts';
import type { EnvObservation } from './env.ts';
import type { ObservedElement } from '../page/observe.ts';

const holds = (e: ObservedElement, x: number, y: number) =>
  !!e.box && x >= e.box.x && y >= e.box.y && x < e.box.x + e.box.w && y < e.box.y + e.box.h;

/** The topmost observed element whose box holds the point (x, y), or null. */
export function elementAt(obs: Pick<EnvObservation, 'elements'>, x: number, y: number): ObservedElement | null {
  let best: ObservedElement | null = null;
  for (const e of obs.elements) {
    if (!e.ref || !holds(e, x, y)) continue;
    if (!best || (best.covered && !e.covered) || (best.covered === e.covered && e.depth >= best.depth)) best = e;
  }
  return best;
}

/** The element the proposal acts on, or null (no such ref, nothing at the point, or an action without a target). */
export function targetOf(obs: Pick<EnvObservation, 'elements'>, action: Action): ObservedElement | null {
  const scope = scopeOf(action);
  if (scope === 'element' && 'bid' in action) return obs.elements.find((e) => e.ref === action.bid) ?? null;
  if (scope === 'point' && 'x' in action) return elementAt(obs, action.x, action.y);
  return null;
}
