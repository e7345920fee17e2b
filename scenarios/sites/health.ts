import type { SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { author } from '../content/people.ts';
import { emptySite, infoPages, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const APPOINTMENTS_ROUTE = '/appointments';
export const BOOKED_ROUTE = '/appointments/booked';
export const SETTINGS_ROUTE = '/settings';
/** The second page of the portal's settings, one link from the first; either page's save saves both. */
export const MORE_SETTINGS_ROUTE = '/settings/more';
export const MORE_SETTINGS_FORM = 'more-settings';
export const MORE_SETTINGS_LINK = 'settings-pages';
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
/** Settings fields named with this prefix share the patient's data when on; nothing else does. */
export const SHARING_PREFIX = 'share_';
export const RESEARCH_SWITCH = 'Share my records with research partners';

export interface HealthLabels {
  signup: SignupLabels;
  clinician: string;
  day: string;
  book: string;
  save: string;
  clinicians: string[];
}

/** A patient portal: appointment booking, privacy settings, registration. */
export function healthSite(rng: Rng): { site: SiteSpec; labels: HealthLabels } {
  const site = emptySite('health', rng);
  const signup = signupPages(rng, 'Register to book appointments, see test results and message your care team.');
  const clinicians = rng.shuffle([0, 1, 2, 3].map(() => `Dr. ${author(rng)}`)).filter((c, i, all) => all.indexOf(c) === i);
  const labels: HealthLabels = {
    signup: signup.labels,
    clinician: 'Clinician',
    day: 'Day',
    book: rng.pick(['Book appointment', 'Confirm appointment', 'Book now']),
    save: rng.pick(['Save settings', 'Save preferences']),
    clinicians,
  };
  site.nav = [
    { label: 'Home', href: '/' },
    { label: 'Appointments', href: APPOINTMENTS_ROUTE },
    { label: 'Settings', href: SETTINGS_ROUTE },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
  // Its own stream: the second settings page draws nothing the rest of the site draws.
  const more = rng.fork('more settings');
  const moreTitle = more.pick(['More settings', 'Notifications and display', 'Other settings']);
  const together = more.pick([
    'Changes on either settings page are saved together.',
    'Saving on any settings page saves all your settings.',
    'Both settings pages are saved with one button.',
  ]);
  site.pages = [
    {
      route: '/',
      title: site.brand.name,
      blocks: [
        { kind: 'heading', id: 'title', text: `Welcome to ${site.brand.name}`, level: 1 },
        { kind: 'text', id: 'intro', text: rng.pick([
          'Book and manage appointments, view test results and renew prescriptions online.',
          'Your health information, appointments and messages in one secure place.',
        ]) },
        { kind: 'links', id: 'services', links: [
          { label: 'Book an appointment', href: APPOINTMENTS_ROUTE },
          { label: 'Privacy settings', href: SETTINGS_ROUTE },
          { label: `${signup.labels.navLink} to get started`, href: SIGNUP_ROUTE },
        ] },
      ],
    },
    {
      route: APPOINTMENTS_ROUTE,
      title: 'Appointments',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Book an appointment', level: 1 },
        { kind: 'form', id: 'appointment', event: 'appointment.booked', next: BOOKED_ROUTE, blocks: [
          { kind: 'select', id: 'clinician', label: labels.clinician, name: 'clinician', options: clinicians.map((c) => ({ value: c, label: c })) },
          { kind: 'select', id: 'day', label: labels.day, name: 'day', options: DAYS.map((d) => ({ value: d, label: d })) },
          { kind: 'field', id: 'reason', label: 'Reason for visit (optional)', name: 'reason', type: 'text', optional: true },
          { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: labels.book, action: { do: 'form.submit', form: 'appointment' }, style: 'primary' }] },
        ] },
      ],
    },
    {
      route: BOOKED_ROUTE,
      title: 'Appointment booked',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Your appointment is booked', level: 1 },
        { kind: 'text', id: 'body', text: 'We will send you a reminder the day before.' },
        { kind: 'links', id: 'home', links: [{ label: 'Back to home', href: '/' }] },
      ],
    },
    {
      route: SETTINGS_ROUTE,
      title: 'Privacy settings',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Privacy settings', level: 1 },
        { kind: 'links', id: MORE_SETTINGS_LINK, links: [{ label: moreTitle, href: MORE_SETTINGS_ROUTE }] },
        { kind: 'text', id: 'together', text: together, tone: 'muted' },
        { kind: 'form', id: 'settings', event: 'settings.saved', next: '', blocks: [
          { kind: 'option', id: 'reminders', label: 'Appointment reminders by email', checked: true, control: 'switch', name: 'reminders' },
          { kind: 'option', id: 'research', label: RESEARCH_SWITCH, checked: false, control: 'switch', name: `${SHARING_PREFIX}research` },
          { kind: 'actions', id: 'submit', align: 'left', buttons: [{ id: 'submit', label: labels.save, action: { do: 'form.submit', form: 'settings' }, style: 'primary' }] },
        ] },
      ],
    },
    {
      route: MORE_SETTINGS_ROUTE,
      title: moreTitle,
      blocks: [
        { kind: 'heading', id: 'title', text: moreTitle, level: 1 },
        { kind: 'text', id: 'together', text: together, tone: 'muted' },
        { kind: 'form', id: MORE_SETTINGS_FORM, event: 'settings.saved', next: '', account: { route: SETTINGS_ROUTE, form: 'settings' }, blocks: [
          { kind: 'option', id: 'texts', label: 'Appointment reminders by text message', checked: false, control: 'switch', name: 'texts' },
          { kind: 'option', id: 'home-summary', label: 'Show my next appointment on the home page', checked: true, control: 'switch', name: 'home_summary' },
          { kind: 'actions', id: 'more-submit', align: 'left', buttons: [{ id: 'more-submit', label: labels.save, action: { do: 'form.submit', form: MORE_SETTINGS_FORM }, style: 'primary' }] },
        ] },
        { kind: 'links', id: 'back', links: [{ label: 'Privacy settings', href: SETTINGS_ROUTE }] },
      ],
    },
    ...signup.pages,
    ...infoPages(site),
  ];
  return { site, labels };
}
