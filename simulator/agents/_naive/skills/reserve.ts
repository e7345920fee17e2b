import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';
import { offerBeside, openSections } from '../page.ts';

const SUBMIT = /^(reserve|book|confirm)( now| booking| reservation| my stay)?$/i;

interface Intent {
  hotel: string;
  nights: number;
  guests: number;
  name: string;
  email: string;
}

/** Book a hotel: open it, choose nights and guests, fill name and email, reserve. */
const reserve: Skill<Intent> = {
  id: 'reserve',
  priority: 35,
  read(goal) {
    const q = quoted(goal);
    const email = q.find((x) => /^[^@\s]+@[^@\s]+$/.test(x));
    const nights = /(\d+) nights?\b/i.exec(goal)?.[1];
    const guests = /(\d+) guests?\b/i.exec(goal)?.[1];
    const hotel = q[0];
    const name = q.find((x) => x !== hotel && x !== email);
    if (!/\b(book|reserv)/i.test(goal) || !email || !nights || !guests || !hotel || !name) return null;
    return { hotel, nights: Number(nights), guests: Number(guests), name, email };
  },
  act(obs, mind, want) {
    if (mind.memory.get('submitted') && /confirmed/i.test(mind.heading1(obs))) {
      return {
        name: 'send_msg_to_user',
        text: `I booked ${want.nights} night(s) at ${want.hotel} for ${want.guests} guest(s) under ${want.name}.`,
      };
    }
    if (mind.heading1(obs) === want.hotel) {
      for (const box of mind.interactive(obs).filter((e) => !e.covered)) {
        if (box.role === 'combobox') {
          const value = /night/i.test(box.name)
            ? String(want.nights)
            : /guest/i.test(box.name)
              ? String(want.guests)
              : null;
          if (value !== null && box.value !== value)
            return { name: 'select_option', bid: box.ref as string, options: [value] };
        }
        if (box.role === 'textbox') {
          const value = /mail/i.test(box.name) ? want.email : /name/i.test(box.name) ? want.name : null;
          if (value !== null && box.value !== value) return { name: 'fill', bid: box.ref as string, value };
        }
      }
      const submit = mind.find(obs, 'button', SUBMIT);
      if (!submit) return null;
      const first = openSections(obs, mind) ?? mind.untickExtras(obs) ?? offerBeside(obs, mind, submit, () => false);
      if (first) return first;
      mind.memory.set('submitted', true);
      return click(submit);
    }
    const link = mind.listing(obs, 'link', want.hotel);
    if (link) return click(link);
    return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default reserve;
