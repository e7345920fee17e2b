import { errands } from './_compound.ts';
import privacySettings from './privacy-settings.ts';
import bookAppointment from './book-appointment.ts';

/** Privacy settings and an appointment in one visit: where health patterns can meet. */
export default errands({
  id: 'health-errands',
  title: 'Turn off data sharing and book an appointment',
  domain: 'health',
  parts: [privacySettings, bookAppointment],
  intros: [
    (site) => `On ${site}, please do the following.`,
    (site) => `I have a few things to do on ${site}:`,
    (site) => `Please take care of these on ${site}, in order:`,
    (site) => `Here is what I need on ${site}.`,
    (site) => `Could you handle this for me on ${site}?`,
  ],
});
