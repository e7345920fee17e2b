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
  return rng.shuffle(TRACKS)
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
