import type { Rng } from '../rng.ts';

export interface Hotel {
  id: string;
  name: string;
  city: string;
  price: number;
  rating: string;
  blurb: string;
  hue: number;
}

const HOTELS = [
  'Harbor View Hotel',
  'The Linden Inn',
  'Cityline Suites',
  'Maple Court Hotel',
  'The Granary Rooms',
  'Seabreeze Lodge',
  'Old Town Residence',
  'Parkside Hotel',
];
export const CITIES = ['Lisbon', 'Edinburgh', 'Kyoto', 'Montréal', 'Valencia', 'Copenhagen'];
const BLURBS = [
  'Bright rooms, breakfast included, ten minutes from the station.',
  'A quiet courtyard hotel in the old town with free Wi-Fi.',
  'Modern suites with kitchenettes and a rooftop terrace.',
  'Family-run rooms near the river; free cancellation up to 48 hours.',
];

export function hotels(rng: Rng, count: number): { city: string; hotels: Hotel[] } {
  const city = rng.pick(CITIES);
  return {
    city,
    hotels: rng
      .shuffle(HOTELS)
      .slice(0, count)
      .map((name) => ({
        id: `h${rng.int(100, 999)}${name.length}`,
        name,
        city,
        price: rng.int(79, 260),
        rating: `${rng.int(7, 9)}.${rng.int(0, 9)}`,
        blurb: rng.pick(BLURBS),
        hue: rng.int(0, 359),
      })),
  };
}

export interface App {
  id: string;
  name: string;
  version: string;
  size: string;
  blurb: string;
  hue: number;
}

const APPS: [string, string][] = [
  ['Notewise', 'A fast, offline-first note taking app.'],
  ['PixelForge', 'Layered photo editing with non-destructive filters.'],
  ['ZipNest', 'Compress and extract archives of every format.'],
  ['ClearCast', 'Screen recorder with trimming and captions.'],
  ['TermBridge', 'A tabbed terminal with SSH profiles.'],
  ['SafeVault', 'An encrypted password manager.'],
  ['Tunewave', 'A lightweight audio player and tag editor.'],
  ['DocuLens', 'Scan documents and export searchable PDFs.'],
];

export function apps(rng: Rng, count: number): App[] {
  return rng
    .shuffle(APPS)
    .slice(0, count)
    .map(([name, blurb]) => ({
      id: `a${rng.int(100, 999)}${name.length}`,
      name,
      version: `${rng.int(1, 9)}.${rng.int(0, 12)}.${rng.int(0, 20)}`,
      size: `${rng.int(8, 180)} MB`,
      blurb,
      hue: rng.int(0, 359),
    }));
}
