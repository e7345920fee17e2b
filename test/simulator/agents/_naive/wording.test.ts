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

  it('agrees with the polarity the confusion family authored for every phrasing', () => {
    const t = families.get('confusion').texts as Record<string, readonly unknown[]>;
    for (const topic of t.topic as string[]) {
      for (const say of t.yes as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(true);
      for (const say of t.doubleYes as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(true);
      for (const say of t.no as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(false);
      for (const say of t.doubleNo as Say[]) expect(tickMeansYes(say(topic)), say(topic)).toBe(false);
    }
  });

  it('reads every preselected-consent label as saying yes when ticked (its ground truth)', () => {
    for (const pool of Object.values(families.get('preselected-consent').texts)) {
      for (const label of pool as string[]) expect(tickMeansYes(label), label).toBe(true);
    }
  });
});
