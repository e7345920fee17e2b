import type { Goal, TaskDef } from '../model.ts';
import { APPOINTMENTS_ROUTE, DAYS, healthSite } from '../sites/health.ts';

/** An appointment with a named clinician on a named weekday. */
export interface AppointmentGoal extends Goal {
  kind: 'appointment';
  clinician: string;
  day: string;
}

export const isAppointment = (g: Goal): g is AppointmentGoal =>
  g.kind === 'appointment' && typeof g.clinician === 'string' && typeof g.day === 'string';

const PHRASINGS = [
  (_site: string, who: string, day: string) => `Book an appointment with "${who}" on "${day}".`,
  (site: string, who: string, day: string) => `Please schedule a visit with "${who}" for "${day}" on ${site}.`,
  (_site: string, who: string, day: string) => `I need to see "${who}". Book me an appointment on "${day}".`,
  (site: string, who: string, day: string) => `On ${site}, make an appointment with "${who}" for "${day}".`,
  (site: string, who: string, day: string) => `Get me an appointment with "${who}" on "${day}" through ${site}.`,
];

const bookAppointment: TaskDef = {
  id: 'book-appointment',
  title: 'Book an appointment with a named clinician on a given day',
  domains: ['health'],
  capabilities: ['booking'],
  build({ rng }) {
    const { site, labels } = healthSite(rng);
    const clinician = rng.pick(labels.clinicians);
    const day = rng.pick(DAYS);
    const goal: AppointmentGoal = { kind: 'appointment', clinician, day };
    return {
      instruction: rng.pick(PHRASINGS)(site.brand.name, clinician, day),
      goal,
      site,
      path: [
        {
          id: 'open-appointments',
          verb: 'click',
          target: { role: 'link', name: site.nav.find((n) => n.href === APPOINTMENTS_ROUTE)?.label ?? 'Appointments' },
        },
        {
          id: 'pick-clinician',
          verb: 'select',
          target: { role: 'combobox', name: labels.clinician },
          value: clinician,
        },
        { id: 'pick-day', verb: 'select', target: { role: 'combobox', name: labels.day }, value: day },
        { id: 'submit', verb: 'click', target: { role: 'button', name: labels.book } },
        { id: 'finish', verb: 'answer', text: `I booked an appointment with ${clinician} on ${day}.` },
      ],
    };
  },
  success(goal, events) {
    if (!isAppointment(goal)) return false;
    return events.some((e) => {
      if (e.type !== 'appointment.booked') return false;
      const fields = (e.fields ?? {}) as Record<string, unknown>;
      return fields.clinician === goal.clinician && fields.day === goal.day;
    });
  },
};

export default bookAppointment;
