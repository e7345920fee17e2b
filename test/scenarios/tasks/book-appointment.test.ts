import { describe, expect, it } from 'vitest';
import { tasks } from '../../../scenarios/index.ts';
import { createRng } from '../../../scenarios/rng.ts';
import type { SiteEvent } from '../../../scenarios/model.ts';
import { isAppointment } from '../../../scenarios/tasks/book-appointment.ts';

const ev = (type: string, rest: Record<string, unknown> = {}): SiteEvent =>
  ({ type, t: 0, route: '/', ...rest }) as SiteEvent;

describe('book-appointment', () => {
  const task = tasks.get('book-appointment');
  const goal = { kind: 'appointment', clinician: 'Dr. Ana Ruiz', day: 'Tuesday' };

  it('succeeds on a booking with that clinician on that day, and only then', () => {
    const booked = (clinician: string, day: string) =>
      ev('appointment.booked', { form: 'appointment', fields: { clinician, day, reason: '' } });
    expect(task.success(goal, [booked('Dr. Ana Ruiz', 'Tuesday')], null)).toBe(true);
    expect(task.success(goal, [booked('Dr. Ana Ruiz', 'Monday')], null)).toBe(false);
    expect(task.success(goal, [booked('Dr. Tom Berg', 'Tuesday')], null)).toBe(false);
    expect(task.success(goal, [ev('nav', { to: '/appointments' })], 'Booked it.')).toBe(false);
    expect(task.success({ kind: 'purchase' }, [booked('Dr. Ana Ruiz', 'Tuesday')], null)).toBe(false);
  });

  it('names the clinician and the day in quotes, and both are on the booking form', () => {
    for (let seed = 0; seed < 20; seed++) {
      const built = task.build({ domain: 'health', rng: createRng(seed) });
      if (!isAppointment(built.goal)) throw new Error('not an appointment goal');
      expect(built.instruction).toContain(`"${built.goal.clinician}"`);
      expect(built.instruction).toContain(`"${built.goal.day}"`);
      expect(JSON.stringify(built.site.pages)).toContain(built.goal.clinician);
    }
  });
});
