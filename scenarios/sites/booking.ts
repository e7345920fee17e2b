import type { Block, SiteSpec } from '../model.ts';
import type { Rng } from '../rng.ts';
import { hotels, type Hotel } from '../content/places.ts';
import { emptySite, infoPages, signupPages, SIGNUP_ROUTE, type SignupLabels } from './common.ts';

export const hotelRoute = (id: string) => `/hotel/${id}`;
export const BOOKED_ROUTE = '/booking/confirmed';

export interface BookingLabels {
  reserve: string;
  nights: string;
  guests: string;
  name: string;
  email: string;
  signup: SignupLabels;
}

/** Hotel booking: results for a city, a page per hotel with a reservation form, confirmation. */
export function bookingSite(rng: Rng): { site: SiteSpec; hotels: Hotel[]; labels: BookingLabels } {
  const site = emptySite('booking', rng);
  const { city, hotels: list } = hotels(rng, rng.int(4, 6));
  const signup = signupPages(rng, 'Create an account to manage your bookings and get member prices.');
  const labels: BookingLabels = {
    reserve: rng.pick(['Reserve', 'Book now', 'Confirm booking']),
    nights: 'Nights',
    guests: 'Guests',
    name: 'Full name',
    email: 'Email address',
    signup: signup.labels,
  };
  if (site.frame) site.frame.picks = { heading: rng.fork('picks').pick(['Popular stays', 'Recently viewed stays', `More places in ${city}`]), links: list.map((h) => ({ label: h.name, href: hotelRoute(h.id) })) };
  site.nav = [
    { label: 'Home', href: '/' },
    { label: signup.labels.navLink, href: SIGNUP_ROUTE },
  ];
  const card = (h: Hotel): Block => ({
    kind: 'group', id: `card-${h.id}`, look: 'card', blocks: [
      { kind: 'image', id: 'photo', alt: `${h.name} photo`, hue: h.hue, height: 120 },
      { kind: 'links', id: 'name', links: [{ label: h.name, href: hotelRoute(h.id) }] },
      { kind: 'text', id: 'price', text: `$${h.price} per night · rated ${h.rating}`, tone: 'muted' },
    ],
  });
  site.pages = [
    {
      route: '/',
      title: site.brand.name,
      blocks: [
        { kind: 'heading', id: 'title', text: `Hotels in ${city}`, level: 1 },
        { kind: 'group', id: 'results', look: 'plain', columns: 3, blocks: list.map(card) },
      ],
    },
    ...list.map((h) => ({
      route: hotelRoute(h.id),
      title: h.name,
      blocks: [
        { kind: 'heading' as const, id: 'title', text: h.name, level: 1 as const },
        { kind: 'text' as const, id: 'about', text: `${h.blurb} $${h.price} per night, rated ${h.rating}.` },
        { kind: 'form' as const, id: 'reserve', event: 'booking.created' as const, next: BOOKED_ROUTE, blocks: [
          // Side by side, so the whole form and the button sit in one screen.
          { kind: 'group' as const, id: 'stay', look: 'plain' as const, columns: 2, blocks: [
            { kind: 'select' as const, id: 'nights', label: labels.nights, name: 'nights', options: [1, 2, 3, 4, 5, 6, 7].map((n) => ({ value: String(n), label: `${n} night${n > 1 ? 's' : ''}` })) },
            { kind: 'select' as const, id: 'guests', label: labels.guests, name: 'guests', options: [1, 2, 3, 4].map((n) => ({ value: String(n), label: `${n} guest${n > 1 ? 's' : ''}` })) },
          ] },
          { kind: 'group' as const, id: 'who', look: 'plain' as const, columns: 2, blocks: [
            { kind: 'field' as const, id: 'name', label: labels.name, name: 'name', type: 'text' as const },
            { kind: 'field' as const, id: 'email', label: labels.email, name: 'email', type: 'email' as const },
          ] },
          { kind: 'actions' as const, id: 'submit', align: 'left' as const, buttons: [{ id: 'submit', label: labels.reserve, action: { do: 'form.submit' as const, form: 'reserve' }, style: 'primary' as const }] },
        ] },
      ],
    })),
    {
      route: BOOKED_ROUTE,
      title: 'Booking confirmed',
      blocks: [
        { kind: 'heading', id: 'title', text: 'Your booking is confirmed', level: 1 },
        { kind: 'text', id: 'body', text: 'A confirmation email is on its way. You can cancel free of charge up to 48 hours before arrival.' },
        { kind: 'links', id: 'home', links: [{ label: 'Back to the search', href: '/' }] },
      ],
    },
    ...signup.pages,
    ...infoPages(site),
  ];
  return { site, hotels: list, labels };
}
