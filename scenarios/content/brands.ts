import type { Domain } from '../model.ts';
import type { Rng } from '../rng.ts';

/** Each domain's site names (an answer may name its site without naming a value: scenarios/answers.ts). */
export const BRAND_NAMES: Readonly<Record<Domain, readonly string[]>> = {
  shopping: ['Northwind Goods', 'Brightcart', 'Parcel & Pine', 'Kestrel Supply', 'Hollow Oak Market', 'Lumen Store'],
  news: ['The Daily Ledger', 'Harbor Courier', 'Meridian Times', 'The Evening Post', 'Civic Dispatch'],
  health: ['CareBridge Portal', 'Wellspring Health', 'MyClinic Online', 'Riverside Patient Hub', 'Vitalis Care'],
  music: ['Tempo', 'Soundwell', 'Riff Radio', 'Echo Stream', 'Bandroom'],
  booking: ['StayFinder', 'Harbor Hotels', 'Wayfare Stays', 'Nightly', 'Roomly'],
  software: ['Softpoint', 'AppCrate', 'DevDepot', 'FileHarbor', 'Installr'],
};

const TAGLINES: Record<Domain, string[]> = {
  shopping: [
    'Everyday things, fairly priced',
    'Free shipping on every order',
    'Quality gear, delivered',
    'Shop smart, live well',
  ],
  news: [
    'Independent reporting since 1921',
    'News that matters to you',
    'Clear reporting, every day',
    'Your city, your world',
  ],
  health: [
    'Your care, in one place',
    'Manage your health online',
    'Appointments, records and more',
    'Care that fits your life',
  ],
  music: ['Every song, everywhere', 'Music for every moment', 'Listen without limits', 'Your soundtrack, streamed'],
  booking: ['Rooms for every trip', 'Book with free cancellation', 'Stay somewhere better', 'Hotels at honest prices'],
  software: [
    'Trusted downloads since 2009',
    'Safe software, fast',
    'Apps for every platform',
    'Download with confidence',
  ],
};

const ACCENTS = [
  { accent: '#1a56db', accentText: '#ffffff' },
  { accent: '#0e7a5f', accentText: '#ffffff' },
  { accent: '#b42318', accentText: '#ffffff' },
  { accent: '#6d28d9', accentText: '#ffffff' },
  { accent: '#c2410c', accentText: '#ffffff' },
  { accent: '#0f766e', accentText: '#ffffff' },
];

export function brand(domain: Domain, rng: Rng) {
  const { accent, accentText } = rng.pick(ACCENTS);
  return {
    brand: { name: rng.pick(BRAND_NAMES[domain]), tagline: rng.pick(TAGLINES[domain]) },
    theme: {
      accent,
      accentText,
      surface: rng.pick(['#ffffff', '#fbfbf9', '#f8fafc']),
      ink: rng.pick(['#111827', '#1f2937', '#18181b']),
    },
  };
}
