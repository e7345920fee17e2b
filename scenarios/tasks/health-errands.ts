import { errands } from './_compound.ts';
import privacySettings from './privacy-settings.ts';
import bookAppointment from './book-appointment.ts';

/** Privacy settings and an appointment in one visit: where health patterns can meet. */
export default errands({
  id: 'health-errands',
  title: 'Turn off data sharing and book an appointment',
  domain: 'health',
  parts: [privacySettings, bookAppointment],
});
