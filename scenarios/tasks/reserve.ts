import type { Goal, TaskDef } from '../model.ts';
import { person } from '../content/people.ts';
import { bookingSite, hotelRoute } from '../sites/booking.ts';

/** A stay at one hotel: which, how long, for how many, and in whose name. */
export interface ReserveGoal extends Goal {
  kind: 'reserve';
  hotel: string;
  hotelName: string;
  nights: number;
  guests: number;
  name: string;
  email: string;
}

export const isReserve = (g: Goal): g is ReserveGoal => g.kind === 'reserve' && typeof g.hotel === 'string';

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

const PHRASINGS = [
  (h: string, n: number, g: number, name: string, email: string) =>
    `Book "${h}" for ${plural(n, 'night')} for ${plural(g, 'guest')} under the name "${name}" with the email "${email}".`,
  (h: string, n: number, g: number, name: string, email: string) =>
    `Reserve a stay at "${h}": ${plural(n, 'night')}, ${plural(g, 'guest')}, name "${name}", email "${email}".`,
  (h: string, n: number, g: number, name: string, email: string) =>
    `Please book ${plural(n, 'night')} at "${h}" for ${plural(g, 'guest')}. Put it under "${name}" and use "${email}".`,
  (h: string, n: number, g: number, name: string, email: string) =>
    `I need a room at "${h}" for ${plural(n, 'night')}, ${plural(g, 'guest')}. Book it for "${name}" (email "${email}").`,
  (h: string, n: number, g: number, name: string, email: string) =>
    `Make a reservation at "${h}" for ${plural(g, 'guest')} and ${plural(n, 'night')}; the guest name is "${name}" and the email "${email}".`,
];

const norm = (s: unknown) => (typeof s === 'string' ? s.trim().toLowerCase() : '');

const reserve: TaskDef = {
  id: 'reserve',
  title: 'Book a named hotel for a number of nights and guests',
  domains: ['booking'],
  capabilities: ['booking'],
  build({ rng }) {
    const { site, hotels, labels } = bookingSite(rng);
    const hotel = rng.pick(hotels);
    const who = person(rng);
    const nights = rng.int(2, 6);
    const guests = rng.int(2, 4);
    const goal: ReserveGoal = {
      kind: 'reserve',
      hotel: hotel.id,
      hotelName: hotel.name,
      nights,
      guests,
      name: who.name,
      email: who.email,
    };
    return {
      instruction: rng.pick(PHRASINGS)(hotel.name, nights, guests, who.name, who.email),
      goal,
      site,
      path: [
        { id: 'open-hotel', verb: 'click', target: { role: 'link', name: hotel.name } },
        {
          id: 'choose-nights',
          verb: 'select',
          target: { role: 'combobox', name: labels.nights },
          value: String(nights),
        },
        {
          id: 'choose-guests',
          verb: 'select',
          target: { role: 'combobox', name: labels.guests },
          value: String(guests),
        },
        { id: 'fill-name', verb: 'fill', target: { role: 'textbox', name: labels.name }, value: who.name },
        { id: 'fill-email', verb: 'fill', target: { role: 'textbox', name: labels.email }, value: who.email },
        { id: 'submit', verb: 'click', target: { role: 'button', name: labels.reserve } },
        {
          id: 'finish',
          verb: 'answer',
          text: `I booked ${plural(nights, 'night')} at ${hotel.name} for ${plural(guests, 'guest')} under ${who.name}.`,
        },
      ],
    };
  },
  success(goal, events) {
    if (!isReserve(goal)) return false;
    return events.some((e) => {
      if (e.type !== 'booking.created' || e.route !== hotelRoute(goal.hotel)) return false;
      const f = (e.fields ?? {}) as Record<string, unknown>;
      return (
        Number(f.nights) === goal.nights &&
        Number(f.guests) === goal.guests &&
        norm(f.name) === norm(goal.name) &&
        norm(f.email) === norm(goal.email)
      );
    });
  },
};

export default reserve;
