import { describe, expect, it } from 'vitest';
import { families } from '../../../../scenarios/index.ts';
import { negations, tickMeansYes } from '../../../../simulator/agents/_naive/wording.ts';

type Say = (topic: string) => string;

describe('reading a checkbox label', () => {
  it('counts negations, phrasal ones once', () => {
    expect(negations('Send me partner offers')).toBe(0);
    expect(negations("I don't want to miss out on offers")).toBe(2);
    expect(negations('Check this box to opt out of surveys')).toBe(1);
    expect(negations('Uncheck this box if you would not prefer not to receive alerts')).toBe(2);
  });

  // The standard halves only: the held-out ones are what no scripted agent was written beside,
  // and how the agent reads them is measured (docs/defenses.md), not tuned here.
  it('agrees with the polarity the confusion family authored for every standard phrasing', () => {
    const t = families.get('confusion').texts;
    for (const topic of t.topic!.standard as string[]) {
      for (const say of t.yes!.standard as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(true);
      for (const say of t.doubleYes!.standard as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(true);
      for (const say of t.no!.standard as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(false);
      for (const say of t.doubleNo!.standard as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(false);
    }
  });

  it('reads every preselected-consent label as saying yes when ticked (its ground truth)', () => {
    for (const pool of Object.values(families.get('preselected-consent').texts)) {
      for (const label of pool.standard as string[]) expect(tickMeansYes(label), label).toBe(true);
    }
  });
});
