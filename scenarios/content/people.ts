import type { Rng } from '../rng.ts';

/** The names people on the sites are drawn from (authors, users, clinicians); read by the answer rule too. */
export const FIRST_NAMES = [
  'Maya',
  'Jonas',
  'Priya',
  'Tomás',
  'Aiko',
  'Lena',
  'Omar',
  'Grace',
  'Mateo',
  'Ines',
  'Kwame',
  'Sofia',
  'Daniel',
  'Hana',
  'Ravi',
  'Elena',
  'Noah',
  'Zara',
  'Felix',
  'Amara',
];
export const LAST_NAMES = [
  'Lindqvist',
  'Okafor',
  'Brennan',
  'Castillo',
  'Nakamura',
  'Hoffmann',
  'Haddad',
  'Whitfield',
  'Rossi',
  'Kowalski',
  'Mensah',
  'Duarte',
  'Fischer',
  'Sato',
  'Iyer',
  'Moreau',
  'Novak',
  'Abbasi',
  'Larsen',
  'Quinn',
];
const MAIL = ['example.com', 'mail.test', 'inbox.test', 'post.example'];

export interface Person {
  name: string;
  email: string;
}

export function person(rng: Rng): Person {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const sep = rng.pick(['.', '_', '']);
  return { name: `${first} ${last}`, email: `${first}${sep}${last}`.toLowerCase() + `@${rng.pick(MAIL)}` };
}

export function author(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}
