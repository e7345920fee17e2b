import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';

const WEEKDAY = /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;
const BOOK = /^(book|confirm|request|schedule)/i;

/** Book an appointment: open the booking form, choose clinician and day, submit. */
const bookAppointment: Skill<{ clinician: string; day: string }> = {
  id: 'book-appointment',
  priority: 45,
  read(goal) {
    const q = quoted(goal);
    const clinician = q.find((x) => /^dr\.?\s/i.test(x));
    const day = q.find((x) => WEEKDAY.test(x));
    return clinician && day && /appointment|visit|book|schedule/i.test(goal) ? { clinician, day } : null;
  },
  act(obs, mind, { clinician, day }) {
    if (mind.memory.get('booked') && /booked|confirmed/i.test(mind.heading1(obs))) {
      return { name: 'send_msg_to_user', text: `I booked an appointment with ${clinician} on ${day}.` };
    }
    const who = mind.find(obs, 'combobox', /clinician|doctor|provider/i);
    const when = mind.find(obs, 'combobox', /^(day|date|when)/i);
    if (who && when) {
      if (who.value !== clinician) return { name: 'select_option', bid: who.ref as string, options: [clinician] };
      if (when.value !== day) return { name: 'select_option', bid: when.ref as string, options: [day] };
      const untick = mind.untickExtras(obs);
      if (untick) return untick;
      const book = mind.find(obs, 'button', BOOK);
      if (!book) return null;
      mind.memory.set('booked', true);
      return click(book);
    }
    const link = mind.find(obs, 'link', /appointment/i);
    if (link) return click(link);
    return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default bookAppointment;
