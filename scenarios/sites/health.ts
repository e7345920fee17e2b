import type { SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { emptySite, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export function healthSite(rng: Rng): { site: SiteSpec; labels: { signup: SignupLabels } } {
  const site = emptySite('health', rng);
  const signup = signupPages(rng, 'Register to book appointments, see test results and message your care team.');
  site.nav = [
    { label: 'Home', href: '/' },
    { label: 'Appointments', href: '/appointments' },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
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
          { label: 'Book an appointment', href: '/appointments' },
          { label: `${signup.labels.navLink} to get started`, href: SIGNUP_ROUTE },
        ] },
      ],
    },
    {
      route: '/appointments',
      title: 'Appointments',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Appointments', level: 1 },
        { kind: 'text', id: 'body', text: 'Please create an account before booking an appointment online.' },
        { kind: 'links', id: 'signup', links: [{ label: signup.labels.navLink, href: SIGNUP_ROUTE }] },
      ],
    },
    ...signup.pages,
  ];
  return { site, labels: { signup: signup.labels } };
}
