/**
 * The part of a suite a command takes (`--scenario`, `--configs`, `--limit`), recorded in
 * run.json (and assess.json) so that the run is the same run when resumed, and what a reader
 * of the folder sees it was. Applied after `--pattern` and before `--shard`. One selection for
 * every command: run and compare take configurations, assess and label the episodes of a run
 * folder (by their scenario ids), assess on a click suite its samples (by their ids).
 */
import { closest, distance } from 'fastest-levenshtein';
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

/** What a subset is taken of, as a refusal names it: `5 configurations of this run (ids as decoy generate names their folders)`. */
export interface Taken {
  /** After the count: `configurations of this run`. */
  readonly items: string;
  /** Where the ids are read: `ids as decoy generate names their folders`. */
  readonly ids: string;
}

const CONFIGURATIONS = (what: string): Taken => ({
  items: `configurations ${what}`,
  ids: 'ids as decoy generate names their folders',
});

/** A bundle's id: what run and compare select by. */
const bundleId = (b: { readonly manifest: { readonly id: string } }) => b.manifest.id;

/** The items whose ids are `ids` (all, for none), in their order; an id that is none of them is refused. */
export function byId<T>(items: readonly T[], idOf: (item: T) => string, ids: readonly string[], taken: Taken): T[] {
  if (ids.length === 0) return [...items];
  const known = new Set(items.map(idOf));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined)
    throw new UserError(
      `--scenario ${quote(missing)} is none of the ${items.length} ${taken.items} (${taken.ids})${nearest(missing, [...known])}`,
    );
  return items.filter((b) => ids.includes(idOf(b)));
}

/** A known id an unknown one was likely meant as (a typo, another seed's suffix, another case), as the end of a refusal; '' for none near. */
function nearest(id: string, known: readonly string[]): string {
  if (known.length === 0) return '';
  const near = closest(id, known);
  // A few edits, or the whole id but its seed's digits: a mistyped name, not another configuration.
  const seedless = (s: string) => s.toLowerCase().replace(/\.s\d+$/, '');
  return distance(id, near) <= Math.max(3, Math.floor(id.length / 10)) || seedless(id) === seedless(near)
    ? `; did you mean ${quote(near)}?`
    : '';
}

/** The bundles whose ids are `ids` (all, for none), in their order; an id that is none of them is refused. */
export const byScenario = <T extends { readonly manifest: { readonly id: string } }>(
  bundles: readonly T[],
  ids: readonly string[] = [],
  what = 'of this run',
): T[] => byId(bundles, bundleId, ids, CONFIGURATIONS(what));

/** The items of `subset`, by their ids, drawn with `seed` where it draws. */
export function subsetBy<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  subset: Subset,
  seed: number,
  taken: Taken,
): T[] {
  let chosen = byId(items, idOf, subset.scenarios ?? [], taken);
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

/** The bundles of `subset`, drawn with `seed` where it draws. */
export const subsetOf = <T extends { readonly manifest: { readonly id: string } }>(
  bundles: readonly T[],
  subset: Subset,
  seed: number,
): T[] => subsetBy(bundles, bundleId, subset, seed, CONFIGURATIONS('of this run'));

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

/** Whether `s` narrows anything. */
export const narrows = (s: Subset): boolean => Object.keys(subsetFields(s)).length > 0;

/** A run folder's episodes, as subsetOfRuns takes them. */
export interface RunEpisodes<E extends { readonly scenario: string }> {
  readonly episodes: readonly E[];
  /** The run's seed (run.json's), which draws `--configs` as decoy run draws it. */
  readonly seed: number;
}

/**
 * The episodes of each run folder in `subset` (assess --runs, label): of each run, the
 * episodes of the configurations `decoy run` with the same flags and the run's own seed would
 * play of what the run holds. `--scenario` names configurations of any of the runs (each
 * keeps those it holds), and an id none holds is refused.
 */
export function subsetOfRuns<E extends { readonly scenario: string }>(
  runs: readonly RunEpisodes<E>[],
  subset: Subset,
  where: string,
): E[][] {
  const scenario = (e: E) => e.scenario;
  const named = subset.scenarios ?? [];
  const taken = { items: `episodes of ${where}`, ids: 'scenario ids, as episodes.jsonl records them' };
  byId(
    runs.flatMap((r) => r.episodes),
    scenario,
    named,
    taken,
  );
  return runs.map((r) => {
    const mine = named.filter((id) => r.episodes.some((e) => e.scenario === id));
    // None of the ids named is this run's: it gives no episode (an empty --scenario list would mean all of them).
    if (named.length > 0 && mine.length === 0) return [];
    return subsetBy(r.episodes, scenario, { ...subset, scenarios: mine }, r.seed, taken);
  });
}
