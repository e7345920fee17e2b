import { describe, expect, it } from 'vitest';
import { compatible } from '../../generator/compose.ts';
import type { ScenarioSpec } from '../../scenarios/model.ts';

const VARIANT: Record<string, string> = {
  urgency: 'timer-modal',
  'coercive-decline': 'modal',
  'fake-next-step': 'modal',
  'social-proof': 'toast',
  'warranty-addon': 'sneaked',
  'preselected-extras': 'plain',
};
const spec = (task: string, domain: ScenarioSpec['domain'], ...families: string[]): ScenarioSpec => ({
  task,
  domain,
  patterns: families.map((family) => ({ family, variant: VARIANT[family] as string })),
});

describe('claims that depend on the task', () => {
  it('popups on different pages of a shop compose; two on one hotel page do not', () => {
    expect(compatible(spec('purchase', 'shopping', 'urgency', 'coercive-decline', 'fake-next-step'))).toBe(true);
    expect(compatible(spec('reserve', 'booking', 'urgency', 'coercive-decline'))).toBe(false);
    expect(compatible(spec('purchase', 'shopping', 'urgency', 'social-proof'))).toBe(false);
    expect(compatible(spec('reserve', 'booking', 'urgency', 'preselected-extras'))).toBe(true);
  });

  it('a popup on the cart does not share it with the cart’s extras', () => {
    expect(compatible(spec('purchase', 'shopping', 'coercive-decline', 'warranty-addon'))).toBe(false);
    expect(compatible(spec('purchase', 'shopping', 'urgency', 'warranty-addon'))).toBe(true);
  });
});
