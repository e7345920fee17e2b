import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { unversioned } from './scenario-id.ts';

/** FNV-1a over the parts joined by '\u0000': turns ids and seeds into a 32-bit seed. */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A seed derived from another: the parent first, then the labels that name the child (a
 * scenario id, an agent's stream, a document's index), hashed (hashSeed). Every seed made
 * from a seed is made here, so that two places deriving the same seed derive it alike.
 * (A configuration's draws are keyed by what they are for first: scenarioSeed. Draws that
 * depend on no seed at all, only on what they show, are keyed by it: contentSeed.)
 */
export function subSeed(parent: number, ...labels: readonly (string | number)[]): number {
  return hashSeed(parent, ...labels);
}

/**
 * The seed of a draw fixed by what it shows (a picture's subject, a site's advert slot, a
 * click sample's id), not by a run's seed: the same subject is drawn alike in every bundle.
 */
export const contentSeed = (what: string, ...parts: readonly (string | number)[]): number => hashSeed(what, ...parts);

/**
 * The seed of one episode: the run's seed and the scenario id, so reordering changes nothing.
 * The agent and the defense of the episode are made with it. The id's suite version
 * (`webdecept.v2.…`) is left out: raising a version redraws no agent's choices, so between two
 * versions the episodes differ only where the sites do.
 */
export const episodeSeed = (runSeed: number, scenario: string): number => subSeed(runSeed, unversioned(scenario));

/**
 * The seed of one draw of a configuration (`what`: its task, a pattern, its layout, its ids,
 * its served names), keyed by what it is for, then the configuration's task, domain, the
 * suite's seed and the instance (the order every bundle's draws are made in), so a control
 * and its deceptive versions share the draws they have in common.
 */
export const scenarioSeed = (
  what: string,
  spec: { readonly task: string; readonly domain: string; readonly instance?: number | undefined },
  seed: number,
  ...more: readonly (string | number)[]
): number => hashSeed(what, spec.task, spec.domain, seed, spec.instance ?? 0, ...more);

/** The seed of the `index`th document an episode loads (its Math.random and crypto), in either engine. */
export const pageSeed = (episode: number, index: number): number => subSeed(episode, index);

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [lo, hi], both included. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  /** An independent stream, so that adding draws in one place does not shift another. */
  fork(label: string): Rng;
}

export function createRng(seed: number): Rng {
  const gen = xoroshiro128plus(seed | 0);
  const rng: Rng = {
    next: () => uniformFloat64(gen),
    int: (lo, hi) => uniformInt(gen, lo, hi),
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[uniformInt(gen, 0, items.length - 1)] as T;
    },
    chance: (p) => uniformFloat64(gen) < p,
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = uniformInt(gen, 0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    fork: (label) => createRng(subSeed(seed, label)),
  };
  return rng;
}
