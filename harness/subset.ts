/**
 * The part of a suite a run plays (`--scenario`, `--configs`, `--limit`), recorded in run.json
 * so that the run is the same run when resumed, and what a reader of the folder sees it was.
 * Applied after `--pattern` and before `--shard`.
 */
import { quote, UserError } from '../lib/errors.ts';
import { createRng } from '../scenarios/rng.ts';

export interface Subset {
  /** Only these configurations, by id (the name decoy generate gives a bundle's folder), in the suite's order. */
  readonly scenarios?: readonly string[];
  /** This many configurations drawn by the run's seed, kept in the suite's order. */
  readonly configs?: number;
  /** The first this many configurations (after the two above). */
  readonly limit?: number;
}

/** The bundles whose ids are `ids` (all, for none), in their order; an id that is none of them is refused. */
export function byScenario<T extends { readonly manifest: { readonly id: string } }>(
  bundles: readonly T[],
  ids: readonly string[] = [],
  what = 'of this run',
): T[] {
  if (ids.length === 0) return [...bundles];
  const known = new Set(bundles.map((b) => b.manifest.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined)
    throw new UserError(
      `--scenario ${quote(missing)} is none of the ${bundles.length} configurations ${what} (ids as decoy generate names their folders)`,
    );
  return bundles.filter((b) => ids.includes(b.manifest.id));
}

/** The bundles of `subset`, drawn with `seed` where it draws. */
export function subsetOf<T extends { readonly manifest: { readonly id: string } }>(
  bundles: readonly T[],
  subset: Subset,
  seed: number,
): T[] {
  let chosen = byScenario(bundles, subset.scenarios);
  if (subset.configs !== undefined && subset.configs < chosen.length) {
    const drawn = new Set(
      createRng(seed)
        .shuffle(chosen.map((_, i) => i))
        .slice(0, subset.configs),
    );
    chosen = chosen.filter((_, i) => drawn.has(i));
  }
  return subset.limit === undefined ? chosen : chosen.slice(0, subset.limit);
}

/**
 * The fields of `s` that narrow the suite, as run.json records them (none when none does). The
 * ids are sorted and each kept once: the run plays the suite's order whatever order they came
 * in, so `--scenario b --scenario a` resumes a run started with `--scenario a --scenario b`.
 */
export const subsetFields = (s: Subset): Subset => ({
  ...(s.scenarios && s.scenarios.length > 0 ? { scenarios: [...new Set(s.scenarios)].sort() } : {}),
  ...(s.configs !== undefined ? { configs: s.configs } : {}),
  ...(s.limit !== undefined ? { limit: s.limit } : {}),
});
