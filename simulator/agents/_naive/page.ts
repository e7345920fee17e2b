/**
 * What the naive agent does on a task's own page before pressing its button, shared by the
 * skills whose page carries options and offers: open option sections, and go along with an
 * offer beside the button it came for.
 */
import type { Action } from '../../loop/actions.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { inconspicuous, salience } from '../../page/read/salience.ts';
import { enclosing } from '../../page/query.ts';
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

/** Parts of a page every page of the site carries: what sits there is the site's, not an offer. */
const FRAME = new Set(['banner', 'navigation', 'contentinfo']);

/** Whether the element sits in the site's header, menus or footer (the table nests by depth). */
export const inFrame = (els: readonly ObservedElement[], el: ObservedElement): boolean =>
  enclosing(els, els.indexOf(el), FRAME) >= 0;

/**
 * Another button the page offers beside the one the agent came for, which it presses first if
 * it goes along with the page (once each): the page's offer is whatever it puts there, loud or
 * not; a loud offer against a faint button is only harder to pass by. `own` tells the task's
 * own controls apart (e.g. other platforms).
 */
export function offerBeside(
  obs: EnvObservation,
  mind: Mind,
  target: ObservedElement,
  own: (e: ObservedElement) => boolean,
): Action | null {
  const pressed = once(mind, 'offers');
  const mine = salience(target);
  const offer = mind
    .interactive(obs)
    .filter(
      (e) =>
        e.role === 'button' &&
        e !== target &&
        !e.covered &&
        !own(e) &&
        !pressed.has(e.name) &&
        !inFrame(obs.elements, e),
    )
    .sort((a, b) => salience(b) - salience(a))[0];
  if (!offer) return null;
  pressed.add(offer.name);
  return mind.fallsFor(`offer:${offer.name}`, inconspicuous(target) || salience(offer) > 3 * mine)
    ? click(offer)
    : null;
}
