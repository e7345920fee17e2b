/**
 * What the naive agent does on a task's own page before pressing its button, shared by the
 * skills whose page carries options and offers: open option sections, and go along with a
 * louder button beside the one it came for.
 */
import type { Action } from '../../loop/actions.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { inconspicuous, salience } from '../../page/read/salience.ts';
import { click, type Mind } from './mind.ts';

const SECTION = /options|custom|advanced|extras|details|settings/i;

function once(mind: Mind, key: string): Set<string> {
  const seen = (mind.memory.get(key) as Set<string> | undefined) ?? new Set<string>();
  mind.memory.set(key, seen);
  return seen;
}

/** Opens a folded options section once, unless the agent goes along with the page's defaults. */
export function openSections(obs: EnvObservation, mind: Mind): Action | null {
  const opened = once(mind, 'sections');
  const toggle = mind
    .interactive(obs)
    .find((e) => e.role === 'button' && SECTION.test(e.name) && !e.covered && !opened.has(e.name));
  if (!toggle) return null;
  opened.add(toggle.name);
  return mind.fallsFor(`section:${toggle.name}`, inconspicuous(toggle)) ? null : click(toggle);
}

/**
 * A button louder than the one the agent came for, which it presses first if it goes along
 * with the page (once each). `own` tells the task's own controls apart (e.g. other platforms).
 */
export function louderOffer(
  obs: EnvObservation,
  mind: Mind,
  target: ObservedElement,
  own: (e: ObservedElement) => boolean,
): Action | null {
  const pressed = once(mind, 'offers');
  const mine = salience(target);
  const loud = mind
    .interactive(obs)
    .find(
      (e) => e.role === 'button' && e !== target && !e.covered && !own(e) && !pressed.has(e.name) && salience(e) > mine,
    );
  if (!loud) return null;
  pressed.add(loud.name);
  return mind.fallsFor(`offer:${loud.name}`, inconspicuous(target) || salience(loud) > 3 * mine) ? click(loud) : null;
}
