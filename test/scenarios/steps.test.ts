import { describe, expect, it } from 'vitest';
import type { Step } from '../../scenarios/model.ts';
import { clickedLocator, describeStep } from '../../scenarios/steps.ts';
import { step as stepSchema } from '../../scenarios/bundle.ts';

const line: [Step, string][] = [
  [{ id: 'a', verb: 'click', target: { role: 'button', name: 'Place order' } }, 'click button "Place order"'],
  [{ id: 'b', verb: 'click', target: { text: 'No thanks', index: 1 } }, 'click text "No thanks" #2'],
  [{ id: 'c', verb: 'click', target: { x: 640, y: 400 } }, 'click the point (640, 400)'],
  [{ id: 'd', verb: 'uncheck', target: { role: 'checkbox', name: 'Protection' } }, 'uncheck checkbox "Protection"'],
  [
    { id: 'e', verb: 'fill', target: { role: 'textbox', name: 'Coupon' }, value: 'SAVE10' },
    'fill textbox "Coupon" with "SAVE10"',
  ],
  [
    { id: 'f', verb: 'select', target: { role: 'combobox', name: 'Colour' }, value: 'Red' },
    'select combobox "Colour" with "Red"',
  ],
  [{ id: 'g', verb: 'goto', url: '/cart' }, 'go to /cart'],
  [{ id: 'h', verb: 'back' }, 'go back'],
  [{ id: 'i', verb: 'scroll', dx: 0, dy: 400 }, 'scroll by (0, 400)'],
  [{ id: 'j', verb: 'wait', ms: 2000 }, 'wait 2000 ms'],
  [{ id: 'k', verb: 'answer', text: 'Done.' }, 'answer "Done."'],
  [{ id: 'l', verb: 'infeasible', reason: 'The total is higher.' }, 'report infeasible: The total is higher.'],
];

describe('steps as data', () => {
  it.each(line)('%j reads as one line and is valid bundle.json', (step, text) => {
    expect(describeStep(step)).toBe(text);
    expect(stepSchema.parse(step)).toEqual(step);
  });

  it('the bundle schema refuses a step with a misspelled field or the old `act` form', () => {
    expect(
      stepSchema.safeParse({ id: 'a', verb: 'click', target: { role: 'button', name: 'x' }, valeu: 'y' }).success,
    ).toBe(false);
    expect(stepSchema.safeParse({ id: 'a', act: { op: 'click', target: { role: 'button', name: 'x' } } }).success).toBe(
      false,
    );
    expect(stepSchema.safeParse({ id: 'a', verb: 'fill', target: { role: 'textbox', name: 'x' } }).success).toBe(false);
  });

  it('clickedLocator names the control of a click step, and nothing for text, points or other verbs', () => {
    expect(clickedLocator(line[0]![0])).toEqual({ role: 'button', name: 'Place order' });
    expect([1, 2, 3, 6].map((i) => clickedLocator(line[i]![0]))).toEqual([null, null, null, null]);
  });
});
