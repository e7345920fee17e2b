/**
 * `decoy compare`'s figures, from the run folders it wrote: each defense's rates as its
 * summary.json has them (so they are that file's by construction), its DPSR per condition
 * with the unweighted mean and the worst (Veer Figure 3), what it cost (from the episodes'
 * steps), and the paired test against `none` on the same configurations.
 */
import { errored, type Aggregate, type Summary } from './metrics.ts';
import { pairedTest, type PairBy, type PairedTest } from './paired.ts';
import type { EpisodeRecord } from '../loop/runner.ts';

/** The baseline every other defense is paired against. */
export const BASELINE = 'none';

export interface DefenseRun {
  /** The defense as given (a registry id or a user's file). */
  id: string;
  /** Its run folder's name inside the comparison's folder. */
  folder: string;
  summary: Summary;
  episodes: readonly EpisodeRecord[];
}

export interface Cost {
  /** Episodes counted (those that did not end in an error, as in the rates). */
  episodes: number;
  /** Actions the defense itself executed (its budget used). */
  defenseActions: number;
  defenseActionsPerEpisode: number;
  /** Steps whose verdict stopped or replaced the proposal: block, intervene or terminate. */
  interceptions: number;
  interceptionsPerEpisode: number;
  /** Episodes with at least one interception. */
  interceptedEpisodes: number;
  blocks: number;
  interventions: number;
  terminations: number;
  /** Trajectories planned again after a step's expected state did not hold (the interventions' replans, summed). */
  replans: number;
  /** Looks taken before a verdict (acquire verdicts: evidence acquisition), and how many of them failed. */
  looks: number;
  failedLooks: number;
  /** Interventions whose objective did not hold when control went back. */
  unresolved: number;
}

export interface GroupDpsr {
  n: number;
  d: number;
  dpsr: number;
}

export interface DefenseComparison extends Aggregate {
  id: string;
  folder: string;
  /** DPSR per condition (per pattern family when the suite labels no conditions). */
  groups: Record<string, GroupDpsr>;
  /** Unweighted mean and worst of the per-group DPSR over groups with episodes; null over none. */
  groupDpsr: { avg: number; worst: number } | null;
  cost: Cost;
  /** Against the baseline on the same configurations (STC); null for the baseline itself or when it is not compared. */
  paired: PairedTest | null;
  /** What its run's LLM calls cost (the agent's and the defense's), when any were made. */
  llm?: Summary['llm'];
}

export interface Comparison {
  groupedBy: 'condition' | 'pattern';
  /** The defense every other is paired against, or null when it is not among them. */
  pairedAgainst: string | null;
  defenses: DefenseComparison[];
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const perEpisode = (k: number, n: number) => (n === 0 ? 0 : Math.round((100 * k) / n) / 100);

export function costOf(episodes: readonly EpisodeRecord[]): Cost {
  const scored = episodes.filter((e) => !errored(e));
  let defenseActions = 0;
  let blocks = 0;
  let interventions = 0;
  let terminations = 0;
  let replans = 0;
  let unresolved = 0;
  let looks = 0;
  let failedLooks = 0;
  let interceptedEpisodes = 0;
  for (const e of scored) {
    defenseActions += e.budget.defenseUsed;
    let hit = false;
    for (const s of e.steps) {
      looks += s.evidence?.length ?? 0;
      failedLooks += s.evidence?.filter((x) => !x.ok).length ?? 0;
      const kind = s.verdict.kind;
      if (kind === 'block') blocks++;
      else if (kind === 'terminate') terminations++;
      else if (kind === 'intervene') {
        interventions++;
        replans += s.intervention?.replans ?? 0;
        if (s.intervention && !s.intervention.resolved) unresolved++;
      } else continue;
      hit = true;
    }
    if (hit) interceptedEpisodes++;
  }
  const interceptions = blocks + interventions + terminations;
  const n = scored.length;
  return {
    episodes: n,
    defenseActions,
    defenseActionsPerEpisode: perEpisode(defenseActions, n),
    interceptions,
    interceptionsPerEpisode: perEpisode(interceptions, n),
    interceptedEpisodes,
    blocks,
    interventions,
    terminations,
    replans,
    unresolved,
    looks,
    failedLooks,
  };
}

/** Mean and maximum of per-group DPSR, as summarize computes Veer's Avg. and Worst. */
function spread(groups: Record<string, Aggregate>): { avg: number; worst: number } | null {
  const rates = Object.values(groups)
    .filter((a) => a.episodes > 0)
    .map((a) => (100 * a.counts.d) / a.episodes);
  return rates.length === 0
    ? null
    : { avg: round1(rates.reduce((a, b) => a + b, 0) / rates.length), worst: round1(Math.max(...rates)) };
}

const aggregateOf = (s: Summary): Aggregate => ({
  episodes: s.episodes,
  errors: s.errors,
  counts: s.counts,
  tsr: s.tsr,
  dpsr: s.dpsr,
  stc: s.stc,
  ci: s.ci,
  outcomes: s.outcomes,
});

/**
 * The comparison of `runs`, each paired against `against` (by default `none`, when it is
 * among them) by `by` (paired.ts): by configuration alone for runs played under different seeds.
 */
export function compareRuns(
  runs: readonly DefenseRun[],
  { against = BASELINE, by = 'episode' }: { against?: string; by?: PairBy } = {},
): Comparison {
  const byCondition = runs.every((r) => r.summary.byCondition !== undefined);
  const base = runs.find((r) => r.id === against);
  const defenses = runs.map((r): DefenseComparison => {
    const groups = (byCondition ? r.summary.byCondition : r.summary.byPattern) ?? {};
    const mean =
      byCondition && r.summary.conditionDpsr
        ? { avg: r.summary.conditionDpsr.mean, worst: r.summary.conditionDpsr.worst }
        : spread(groups);
    return {
      id: r.id,
      folder: r.folder,
      ...aggregateOf(r.summary),
      groups: Object.fromEntries(
        Object.entries(groups).map(([k, a]) => [k, { n: a.episodes, d: a.counts.d, dpsr: a.dpsr }]),
      ),
      groupDpsr: mean,
      cost: costOf(r.episodes),
      paired: base && r !== base ? pairedTest(base.episodes, r.episodes, undefined, by) : null,
      ...(r.summary.llm ? { llm: r.summary.llm } : {}),
    };
  });
  return { groupedBy: byCondition ? 'condition' : 'pattern', pairedAgainst: base ? base.id : null, defenses };
}
