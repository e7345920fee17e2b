import type { Rng } from '../rng.ts';
import { FIRST_NAMES, LAST_NAMES } from './people.ts';

/** What buyers say of almost anything a small shop sells. */
const SAYINGS = [
  'Exactly as described and arrived two days early.',
  'Solid build quality for the price. Would buy again.',
  'Took a week to get used to, now I use it every day.',
  'Looks even better in person. Packaging was minimal, which I liked.',
  'Does the job. The colour is a little darker than in the photos.',
  'Bought one for my sister as well. Both of us are happy with it.',
  'Good value, though the instructions could be clearer.',
  'Sturdy, well finished, and customer service answered my question the same day.',
];

export interface Reviews {
  /** The summary line: stars, average and count. */
  summary: string;
  /** A few reviews, each one line with its author. */
  lines: string[];
}

const stars = (rating: number) => '★'.repeat(Math.round(rating)) + '☆'.repeat(5 - Math.round(rating));

/** A product's rating and a few reviews (reviewers named by first name and initial only). */
export function reviews(rng: Rng): Reviews {
  const rating = rng.int(38, 49) / 10;
  const count = rng.int(12, 240);
  const picked = rng.shuffle(SAYINGS).slice(0, 2);
  return {
    summary: `${stars(rating)} ${rating.toFixed(1)} out of 5 · ${count} reviews`,
    lines: picked.map(
      (text) => `“${text}” ${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES).charAt(0)}., verified buyer`,
    ),
  };
}
