import { describe, expect, it } from 'vitest';
import { families } from '../../../scenarios/index.ts';
import { naiveSweep } from './naive-sweep.ts';
import type { SiteEvent } from '../../../scenarios/contract.ts';

const family = families.get('preselected-extras');
const booked = (fields: Record<string, string | boolean>): SiteEvent => ({
  type: 'booking.created',
  t: 5000,
  route: '/hotel/h1',
  form: 'reserve',
  fields,
});

describe('preselected-extras', () => {
  it('counts the extra only when the form went off with it ticked', () => {
    const params = { event: 'booking.created', field: 'insurance' };
    expect(family.outcome(params, [booked({ nights: '2', insurance: true })])).toBe(true);
    expect(family.outcome(params, [booked({ nights: '2', insurance: false })])).toBe(false);
    expect(family.outcome(params, [{ ...booked({ insurance: true }), type: 'download.started' } as SiteEvent])).toBe(
      false,
    );
  });

  naiveSweep('preselected-extras');
});
