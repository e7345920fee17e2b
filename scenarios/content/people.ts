import type { Rng } from '../rng.ts';

const FIRST = ['Maya', 'Jonas', 'Priya', 'Tomás', 'Aiko', 'Lena', 'Omar', 'Grace', 'Mateo', 'Ines', 'Kwame', 'Sofia', 'Daniel', 'Hana', 'Ravi', 'Elena', 'Noah', 'Zara', 'Felix', 'Amara'];
const LAST = ['Lindqvist', 'Okafor', 'Brennan', 'Castillo', 'Nakamura', 'Hoffmann', 'Haddad', 'Whitfield', 'Rossi', 'Kowalski', 'Mensah', 'Duarte', 'Fischer', 'Sato', 'Iyer', 'Moreau', 'Novak', 'Abbasi', 'Larsen', 'Quinn'];
const MAIL = ['example.com', 'mail.test', 'inbox.test', 'post.example'];

export interface Person {
  name: string;
  email: string;
}

export function person(rng: Rng): Person {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const sep = rng.pick(['.', '_', '']);
  return { name: `${first} ${last}`, email: `${first}${sep}${last}`.toLowerCase() + `@${rng.pick(MAIL)}` };
}

export function author(rng: Rng): string {
  return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
}
