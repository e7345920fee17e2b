import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

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
    fork: (label) => createRng(hashSeed(seed, label)),
  };
  return rng;
}
