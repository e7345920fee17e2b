import type { Rng } from '../rng.ts';

export interface Track {
  id: string;
  title: string;
  artist: string;
  album: string;
  length: string;
  hue: number;
}

const TRACKS: [string, string, string][] = [
  ['Northern Lights', 'The Vale Singers', 'Winter Hours'],
  ['Paper Boats', 'Mira Castell', 'Harbour Songs'],
  ['Slow Motion City', 'Neon Parade', 'Afterglow'],
  ['Golden Hour', 'Juniper Lane', 'Open Road'],
  ['Static Hearts', 'The Lowlands', 'Signal'],
  ['River Stone', 'Ada Moreno', 'Quiet Water'],
  ['Midnight Train', 'Blue Atlas', 'Departures'],
  ['Ember & Ash', 'Hollow Pines', 'Kindling'],
  ['Satellite', 'Orla Finch', 'Far Away'],
  ['Summer Static', 'Echo Bloom', 'Daydreams'],
];

export function tracks(rng: Rng, count: number): Track[] {
  return rng
    .shuffle(TRACKS)
    .slice(0, count)
    .map(([title, artist, album]) => ({
      id: `t${rng.int(100, 999)}${title.length}`,
      title,
      artist,
      album,
      length: `${rng.int(2, 5)}:${String(rng.int(0, 59)).padStart(2, '0')}`,
      hue: rng.int(0, 359),
    }));
}

/** A switch on the settings page: its form field, its label and where it starts. */
export interface Setting {
  name: string;
  label: string;
  on: boolean;
}

const SETTINGS: Setting[] = [
  { name: 'public_activity', label: 'Show my listening activity to followers', on: true },
  { name: 'autoplay', label: 'Autoplay similar songs when my music ends', on: true },
  { name: 'personalised_ads', label: 'Personalised ads', on: false },
  { name: 'explicit', label: 'Allow explicit content', on: false },
  { name: 'crossfade', label: 'Crossfade between songs', on: false },
  { name: 'recently_played', label: 'Show recently played artists on my profile', on: true },
];

/** The settings page's switches, in a seeded order. */
export function settings(rng: Rng): Setting[] {
  return rng.shuffle(SETTINGS).slice(0, rng.int(4, SETTINGS.length));
}

/** A plan on the plans page: `value` is what the form submits, `name` the word users call it by. */
export interface Plan {
  value: string;
  name: string;
  label: string;
  price: number;
}

const FREE_NAMES = ['Free', 'Free', 'Basic', 'Starter', 'Lite'];
const FREE_LABELS = [
  (n: string) => `${n}: listen with ads`,
  (n: string) => `${n}: $0 a month, with ads`,
  (n: string) => `${n} – ad-supported, no charge`,
  (n: string) => `${n}: music with ads, $0`,
  (n: string) => `${n}: shuffle with ads, no card needed`,
];

const dollars = (n: number) => `$${n.toFixed(2)}`;
const PREMIUM_PRICES = [9.99, 10.99, 11.99, 12.99];

/** The Premium price a plan's label was written with, found among those it is drawn from: what the generator wrote it need not read back. */
export const premiumIn = (label: string): number | null =>
  PREMIUM_PRICES.find((p) => label.includes(dollars(p))) ?? null;

/** The free plan and the paid ones, with seeded names and prices. */
export function plans(rng: Rng): { free: Plan; paid: Plan[] } {
  const name = rng.pick(FREE_NAMES);
  const premium = rng.pick(PREMIUM_PRICES);
  const family = rng.pick([15.99, 16.99, 17.99, 19.99]);
  const paid: Plan[] = [
    { value: 'premium', name: 'Premium', label: `Premium: ${dollars(premium)} a month, no ads`, price: premium },
    { value: 'family', name: 'Family', label: `Family: ${dollars(family)} a month, six accounts`, price: family },
  ];
  if (rng.chance(0.5))
    paid.splice(1, 0, {
      value: 'student',
      name: 'Student',
      label: `Student: ${dollars(5.99)} a month with a valid student ID`,
      price: 5.99,
    });
  return { free: { value: 'free', name, label: rng.pick(FREE_LABELS)(name), price: 0 }, paid };
}
