/**
 * The one translation between steps (scenarios/model.ts: a verb and a target named the way
 * an agent sees it) and the action table (actions.ts: refs and points of one observation).
 * Grounding a step reads the live observation and either gives the action or says why it
 * cannot: the target is absent, covered, or cannot take the verb. Recording does the
 * reverse, so any executed action can be written down as a step that grounds back to it.
 */
import type { Expectation, Locator, Step, Target, TextTarget } from '../../scenarios/model.ts';
import { describeExpectation, describeTarget, isLocator, isText } from '../../scenarios/steps.ts';
import { ActionParseError, formatAction, parseAction, type Action } from './actions.ts';
import { centre } from '../page/dom/geometry.ts';
import type { ObservedElement } from '../page/observe.ts';
import { byLocator } from '../page/query.ts';

/** What grounding reads: the element table of one observation. */
export interface StepView {
  elements: readonly ObservedElement[];
}

/**
 * Why a step cannot be grounded now. `absent` and `covered` may pass (a popup still to show,
 * a banner still to close); `unusable` never will (the target cannot take the verb).
 */
export type GroundingKind = 'absent' | 'covered' | 'unusable';

export interface GroundingFailure {
  step: string;
  kind: GroundingKind;
  /** One line naming the step and the reason, e.g. `step 'add': no button "Add to cart" on the page`. */
  message: string;
}

export type Grounding =
  { ok: true; action: Action; element: ObservedElement | null } | { ok: false; failure: GroundingFailure };

/** The element a step's target names, if it is on the page (a point names none). */
export function findTarget(
  elements: readonly ObservedElement[],
  target: Locator | TextTarget,
): ObservedElement | undefined {
  return isLocator(target)
    ? byLocator(elements, target)
    : byLocator(elements, {
        role: 'text',
        name: target.text,
        ...(target.index !== undefined ? { index: target.index } : {}),
      });
}

function label(el: ObservedElement): string {
  return el.name ? `${el.role} "${el.name}"` : el.text ? `text "${el.text}"` : el.role;
}

/** The step as an action on this observation, or why it cannot be (an action the action table refuses, such as a wait of 10^15 ms, cannot be). */
export function groundStep(step: Step, view: StepView): Grounding {
  const g = ground(step, view);
  if (!g.ok) return g;
  try {
    parseAction(formatAction(g.action));
  } catch (e) {
    if (!(e instanceof ActionParseError)) throw e;
    return { ok: false, failure: { step: step.id, kind: 'unusable', message: `step '${step.id}': ${e.message}` } };
  }
  return g;
}

function ground(step: Step, view: StepView): Grounding {
  const fail = (kind: GroundingKind, reason: string): Grounding => ({
    ok: false,
    failure: { step: step.id, kind, message: `step '${step.id}': ${reason}` },
  });
  switch (step.verb) {
    case 'goto':
      return { ok: true, action: { name: 'goto', url: step.url }, element: null };
    case 'back':
      return { ok: true, action: { name: 'go_back' }, element: null };
    case 'scroll':
      return { ok: true, action: { name: 'scroll', delta_x: step.dx, delta_y: step.dy }, element: null };
    case 'wait':
      return { ok: true, action: { name: 'noop', wait_ms: step.ms }, element: null };
    case 'answer':
      return { ok: true, action: { name: 'send_msg_to_user', text: step.text }, element: null };
    case 'infeasible':
      return { ok: true, action: { name: 'report_infeasible', reason: step.reason }, element: null };
    default:
      break; // the verbs that act on a target, below
  }
  const target: Target = step.target;
  if (!isLocator(target) && !isText(target)) {
    if (step.verb !== 'click')
      return fail('unusable', `${step.verb} needs a control named by role and name, not ${describeTarget(target)}`);
    return { ok: true, action: { name: 'mouse_click', x: target.x, y: target.y }, element: null };
  }
  const el = findTarget(view.elements, target);
  if (!el) return fail('absent', `no ${describeTarget(target)} on the page`);
  if (el.covered)
    return fail('covered', `${describeTarget(target)} is covered by ${el.coveredBy ?? 'another element'}`);
  if (el.ref === null) {
    // Text, or a clickable drawn without a control role (a bare div): only a click at its place reaches it.
    if (step.verb !== 'click')
      return fail('unusable', `${step.verb} needs a control, and ${label(el)} has no role that takes it`);
    if (!el.box) return fail('unusable', `${label(el)} has no box to click`);
    const c = centre(el.box);
    return { ok: true, action: { name: 'mouse_click', x: c.x, y: c.y }, element: el };
  }
  const bid = el.ref;
  switch (step.verb) {
    case 'click':
    case 'check':
    case 'uncheck':
      return { ok: true, action: { name: step.verb, bid }, element: el };
    case 'fill':
      return { ok: true, action: { name: 'fill', bid, value: step.value }, element: el };
    case 'select':
      return { ok: true, action: { name: 'select_option', bid, options: [step.value] }, element: el };
  }
}

/** The role + name (+ index, only when needed) under which `byLocator` finds exactly this element. */
export function locatorOf(elements: readonly ObservedElement[], el: ObservedElement): Locator {
  const loc: Locator = { role: el.role, name: el.name };
  if (byLocator(elements, loc) === el) return loc;
  const index = elements.filter((e) => e.role === el.role && e.name === el.name).indexOf(el);
  return { ...loc, index };
}

export class StepRecordError extends Error {
  override name = 'StepRecordError';
}

/** An action chosen on this observation, written down as a step (`id` names it); throws StepRecordError when it names no element. */
export function recordStep(action: Action, view: StepView, id: string): Step {
  const element = (bid: string): Locator => {
    const el = view.elements.find((e) => e.ref === bid);
    if (!el) throw new StepRecordError(`${action.name}('${bid}'): no element with that ref in the observation`);
    return locatorOf(view.elements, el);
  };
  switch (action.name) {
    case 'click':
    case 'check':
    case 'uncheck':
      return { id, verb: action.name, target: element(action.bid) };
    case 'fill':
      return { id, verb: 'fill', target: element(action.bid), value: action.value };
    case 'select_option':
      if (action.options.length !== 1)
        throw new StepRecordError(`select_option with ${action.options.length} options: a step selects exactly one`);
      return { id, verb: 'select', target: element(action.bid), value: action.options[0] as string };
    case 'mouse_click':
      return { id, verb: 'click', target: { x: action.x, y: action.y } };
    case 'goto':
      return { id, verb: 'goto', url: action.url };
    case 'go_back':
      return { id, verb: 'back' };
    case 'scroll':
      return { id, verb: 'scroll', dx: action.delta_x, dy: action.delta_y };
    case 'noop':
      return { id, verb: 'wait', ms: action.wait_ms };
    case 'send_msg_to_user':
      return { id, verb: 'answer', text: action.text };
    case 'report_infeasible':
      return { id, verb: 'infeasible', reason: action.reason };
  }
}

/** Checks declared states against an observation; returns the first that does not hold, or null. */
export function checkExpectations(view: StepView & { url: string }, expect: readonly Expectation[]): string | null {
  for (const x of expect) {
    if ('path' in x) {
      const path = new URL(view.url).pathname;
      if (path !== x.path) return `expected to be at ${x.path}, at ${path}`;
      continue;
    }
    const el = findTarget(view.elements, x.target);
    const holds =
      'present' in x
        ? !!el === x.present
        : !el
          ? false
          : 'checked' in x
            ? el.checked === x.checked
            : el.value === x.value;
    if (!holds)
      return `expected: ${describeExpectation(x)}${!el && !('present' in x) ? ` (there is no ${describeTarget(x.target)})` : ''}`;
  }
  return null;
}
