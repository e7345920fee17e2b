/**
 * The gallery's results (`decoy site build --runs`): each configuration's outcome under each
 * run given, read by the report's reader (report/sources.ts), so the gallery shows what the
 * run folders hold and nothing else.
 */
import { clip, UserError } from '../lib/errors.ts';
import { namedTwice } from '../lib/named-twice.ts';
import { outcomeOf, type Outcome } from '../simulator/measure/metrics.ts';
import { OUTCOMES } from './report/charts.ts';
import { readReportSources } from './report/sources.ts';

/** A run shown as a column: its name in its set, and the set (a comparison or seeds folder, or the first run folder named). */
export interface GalleryRun {
  id: string;
  set: string;
}

/** One configuration's episode in one run (`run` indexes GalleryResults.runs). */
export interface GalleryOutcome {
  run: number;
  outcome: Outcome | 'error';
  /** How it is said: safe, task+DP, fail, no DP, fail+DP, error. */
  label: string;
  T: 0 | 1;
  D: 0 | 1;
  STC: 0 | 1;
}

export interface GalleryResults {
  runs: GalleryRun[];
  /** Per configuration id: its outcome in each run that played it. */
  byConfiguration: Record<string, GalleryOutcome[]>;
}

export const outcomeLabel = (o: Outcome | 'error'): string =>
  o === 'error' ? 'error' : (OUTCOMES.find((x) => x.key === o)?.label ?? o);

/** The outcomes of the runs in `dirs` on the gallery's configurations; a run that plays none of them is refused. */
export function galleryResults(dirs: readonly string[], configurations: readonly string[]): GalleryResults {
  // The report's reader tells a folder named twice by its path; a link to it is the same run too.
  const twice = namedTwice(dirs);
  if (twice !== null) throw new UserError(`${clip(twice.twice)} is named twice (as ${clip(twice.as)})`);
  const ids = new Set(configurations);
  const runs: GalleryRun[] = [];
  const byConfiguration: Record<string, GalleryOutcome[]> = Object.fromEntries(configurations.map((id) => [id, []]));
  for (const set of readReportSources(dirs)) {
    for (const r of set.runs) {
      const played = r.episodes.filter((e) => ids.has(e.scenario));
      if (played.length === 0)
        throw new UserError(
          `--runs ${clip(r.dir)} played none of the gallery's configurations (give the bundles or suite it ran on)`,
        );
      const run = runs.push({ id: r.id, set: set.dir }) - 1;
      for (const e of played) {
        const outcome = outcomeOf(e);
        byConfiguration[e.scenario]!.push({ run, outcome, label: outcomeLabel(outcome), T: e.T, D: e.D, STC: e.STC });
      }
    }
  }
  return { runs, byConfiguration };
}
