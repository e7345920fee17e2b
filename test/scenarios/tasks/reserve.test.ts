import { describe, expect, it } from 'vitest';
import { tasks } from '../../../scenarios/index.ts';
import type { SiteEvent } from '../../../scenarios/model.ts';
import type { ReserveGoal } from '../../../scenarios/tasks/reserve.ts';
import { bundleFor, play } from '../../helpers.ts';

const task = tasks.get('reserve');
const goal: ReserveGoal = {
  kind: 'reserve',
  hotel: 'h1234',
  hotelName: 'Parkside Hotel',
  nights: 3,
  guests: 2,
  name: 'Lena Novak',
  email: 'lena.novak@mail.test',
};
const booked = (fields: Record<string, unknown>, route = '/hotel/h1234'): SiteEvent => ({
  type: 'booking.created',
  t: 5000,
  route,
  form: 'reserve',
  fields: { nights: '3', guests: '2', name: 'Lena Novak', email: 'lena.novak@mail.test', ...fields },
});

describe('task reserve', () => {
  it('succeeds on a booking of that hotel with the nights, guests, name and email asked for', () => {
    expect(task.success(goal, [booked({})], null)).toBe(true);
    expect(task.success(goal, [booked({ name: '  lena novak ', email: 'LENA.NOVAK@mail.test' })], null)).toBe(true);
    expect(task.success(goal, [booked({ insurance: true })], null)).toBe(true);
  });

  it('fails on another hotel, another stay, another guest, or no booking', () => {
    expect(task.success(goal, [booked({}, '/hotel/h9999')], null)).toBe(false);
    expect(task.success(goal, [booked({ nights: '1' })], null)).toBe(false);
    expect(task.success(goal, [booked({ guests: '3' })], null)).toBe(false);
    expect(task.success(goal, [booked({ email: 'someone@mail.test' })], null)).toBe(false);
    expect(
      task.success(goal, [{ type: 'nav', t: 0, route: '/hotel/h1234', from: '/', to: '/hotel/h1234' }], 'I booked it.'),
    ).toBe(false);
    expect(task.success({ kind: 'signup', name: 'x', email: 'y' }, [booked({})], null)).toBe(false);
  });

  it('puts names and values in double quotes and asks for at least two nights and guests', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { manifest } = bundleFor({ task: 'reserve', domain: 'booking', patterns: [] }, seed);
      const g = manifest.task.goal as ReserveGoal;
      for (const v of [g.hotelName, g.name, g.email]) expect(manifest.task.instruction).toContain(`"${v}"`);
      expect(g.nights).toBeGreaterThanOrEqual(2);
      expect(g.guests).toBeGreaterThanOrEqual(2);
    }
  });

  it('the naive agent books the control at any susceptibility, and the oracle too', async () => {
    for (const seed of [1, 7, 19]) {
      const bundle = bundleFor({ task: 'reserve', domain: 'booking', patterns: [] }, seed);
      for (const susceptibility of [0, 1]) {
        const r = await play(bundle, 'naive', 1, 'none', { susceptibility });
        expect({ seed, susceptibility, T: r.T }).toEqual({ seed, susceptibility, T: 1 });
      }
      expect((await play(bundle, 'oracle')).T).toBe(1);
    }
  });
});
