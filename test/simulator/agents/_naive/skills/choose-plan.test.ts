import { describe, expect, it } from 'vitest';
import choosePlan from '../../../../../simulator/agents/_naive/skills/choose-plan.ts';
import { Mind } from '../../../../../simulator/agents/_naive/mind.ts';
import type { EnvObservation } from '../../../../../simulator/loop/env.ts';
import type { ObservedElement } from '../../../../../simulator/page/observe.ts';
import { observation } from '../../../../observation.ts';

const radio = (ref: string, name: string): ObservedElement => ({
  ref,
  role: 'radio',
  name,
  depth: 1,
  checked: false,
  box: null,
  inViewport: true,
  covered: false,
});

const plansPage = (elements: ObservedElement[]): EnvObservation =>
  observation({ url: 'https://site.test/premium', title: 'Plans', elements });

describe('naive skill choose-plan', () => {
  it('reads from the ask whether the user wants to pay nothing', () => {
    expect(choosePlan.read('Sign up with the free plan, "Basic".')).toEqual({ name: 'Basic', free: true });
    expect(choosePlan.read('I don\'t want to pay anything: put me on the "Basic" plan.')).toEqual({
      name: 'Basic',
      free: true,
    });
    expect(choosePlan.read('Upgrade my account to the "Family" plan.')).toEqual({ name: 'Family', free: false });
  });

  it('of two options bearing the plan’s name, takes the one that costs nothing, whatever the currency of the other', () => {
    for (const dear of [
      'Basic: $4.99 a month',
      'Basic: €4.99 a month',
      'Basic: 4,99 € a month',
      'Basic: $0.99 a month',
    ]) {
      const obs = plansPage([radio('e1', dear), radio('e2', 'Basic: $0 a month, with ads')]);
      const action = choosePlan.act(obs, new Mind(1, 0), { name: 'Basic', free: true });
      expect(action, dear).toEqual({ name: 'check', bid: 'e2' });
    }
  });

  it('asked for a paid plan by name, takes that plan', () => {
    const obs = plansPage([
      radio('e1', 'Free: $0 a month, with ads'),
      radio('e2', 'Family: $16.99 a month, six accounts'),
    ]);
    expect(choosePlan.act(obs, new Mind(1, 0), { name: 'Family', free: false })).toEqual({ name: 'check', bid: 'e2' });
  });
});
