/**
 * Pure helpers over the step type (scenarios/model.ts): which kind of target a step names,
 * and a step as one line of text (the gallery, error messages, the self-check's detail).
 */
import type { Expectation, Locator, PointTarget, Step, Target, TextTarget } from './model.ts';

export const isLocator = (t: Target): t is Locator => 'role' in t;
export const isText = (t: Target): t is TextTarget => 'text' in t;
export const isPoint = (t: Target): t is PointTarget => 'x' in t;

const q = (s: string) => JSON.stringify(s);

export function describeTarget(t: Target): string {
  const nth = 'index' in t && t.index !== undefined ? ` #${t.index + 1}` : '';
  if (isLocator(t)) return `${t.role} ${q(t.name)}${nth}`;
  if (isText(t)) return `text ${q(t.text)}${nth}`;
  return `the point (${t.x}, ${t.y})`;
}

export function describeExpectation(x: Expectation): string {
  if ('path' in x) return `the page is ${x.path}`;
  const what = describeTarget(x.target);
  if ('checked' in x) return `${what} is ${x.checked ? 'checked' : 'unchecked'}`;
  if ('present' in x) return `${what} is ${x.present ? 'present' : 'gone'}`;
  return `${what} holds ${q(x.value)}`;
}

/** What the step does, in a few words: `fill textbox "Coupon" with "SAVE10"`. */
export function describeStep(step: Step): string {
  switch (step.verb) {
    case 'click':
    case 'check':
    case 'uncheck':
      return `${step.verb} ${describeTarget(step.target)}`;
    case 'fill':
    case 'select':
      return `${step.verb} ${describeTarget(step.target)} with ${q(step.value)}`;
    case 'goto':
      return `go to ${step.url}`;
    case 'back':
      return 'go back';
    case 'scroll':
      return `scroll by (${step.dx}, ${step.dy})`;
    case 'wait':
      return `wait ${step.ms} ms`;
    case 'answer':
      return `answer ${q(step.text)}`;
    case 'infeasible':
      return `report infeasible: ${step.reason}`;
  }
}

/** The control a click step names by role and name, if it is one. */
export function clickedLocator(step: Step): Locator | null {
  return step.verb === 'click' && isLocator(step.target) ? step.target : null;
}
