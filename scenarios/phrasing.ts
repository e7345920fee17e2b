/**
 * The phrasing pools of the families' text slots, each in two fixed halves. `standard` holds
 * the phrasings the reference defenses and scripted agents were written beside; `heldout`
 * holds phrasings none of them was developed against, so a bundle generated from the held-out
 * halves measures whether a party reads the patterns or decoy's own words. The halves are
 * declared, not computed, so the split never moves when a pool grows.
 */
import type { Rng } from './rng.ts';

export const PHRASINGS = ['standard', 'heldout'] as const;
export type Phrasings = (typeof PHRASINGS)[number];
export const PHRASINGS_DEFAULT: Phrasings = 'standard';

/** A text slot's phrasings: the two halves, disjoint, neither empty. */
export interface Pool<T> {
  readonly standard: readonly T[];
  readonly heldout: readonly T[];
}

/** What a record (run.json, assess.json, a dataset's stamp) says of its phrasings: the held-out half only; nothing for the default. */
export const recordedPhrasings = (p: Phrasings | undefined): { phrasings?: 'heldout' } =>
  p === 'heldout' ? { phrasings: 'heldout' } : {};

/** What a title adds for the held-out half. */
export const phrasingsNote = (p: Phrasings | undefined): string => (p === 'heldout' ? ', held-out phrasings' : '');

/** A pool from its two halves. */
export const pool = <T>(standard: readonly T[], heldout: readonly T[]): Pool<T> =>
  Object.freeze({ standard: Object.freeze([...standard]), heldout: Object.freeze([...heldout]) });

/** Both halves of a pool, standard first. */
export const every = <T>(p: Pool<T>): readonly T[] => [...p.standard, ...p.heldout];

/** A pool's halves mapped alike (a pool of labels read from a pool of records). */
export const mapPool = <T, U>(p: Pool<T>, f: (t: T) => U): Pool<U> => pool(p.standard.map(f), p.heldout.map(f));

/** The draw of phrasings: every text slot is drawn through it, from the bundle's half only. */
export interface Say {
  /** One phrasing of the pool. */
  <T>(p: Pool<T>): T;
  /** The whole half, for a slot that takes several phrasings at once (shuffled, filtered). */
  half<T>(p: Pool<T>): readonly T[];
}

/** The draw of a bundle's phrasings: `rng` picks within the half `phrasings` names. */
export function sayer(rng: Rng, phrasings: Phrasings): Say {
  const say = <T>(p: Pool<T>): T => rng.pick(p[phrasings]);
  return Object.assign(say, { half: <T>(p: Pool<T>): readonly T[] => p[phrasings] });
}
