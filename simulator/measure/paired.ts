/**
 * Paired comparison of two runs on the same configurations: each episode of one run is set
 * beside the episode of the other on the same scenario and seed, and McNemar's exact test
 * asks whether the discordant pairs (success in one run only) lean one way more than chance.
 * Pairing removes the configurations' own difficulty from the comparison, which is why it
 * can see a difference two overlapping Wilson intervals cannot.
 */
import { errored, type EpisodeScore } from './metrics.ts';

/** What identifies an episode across runs of the same suite: its configuration and its episode seed. */
export interface PairedEpisode extends EpisodeScore {
  scenario: string;
  seed: number;
}

export interface PairedTest {
  /** Pairs compared: the configurations both runs played without an error. */
  pairs: number;
  /** Pairs left out because the episode ended in an error in either run. */
  errored: number;
  /** Episodes of either run with no counterpart in the other. */
  unmatched: number;
  /** Success in the baseline only. */
  b: number;
  /** Success in the other run only. */
  c: number;
  /** Two-sided exact McNemar p-value. */
  p: number;
  /** The other run's success rate minus the baseline's over the pairs, in percentage points (0 over no pairs). */
  diffPp: number;
}

/**
 * Two-sided exact McNemar test on discordant counts b and c: with n = b + c, the chance
 * under X ~ Bin(n, ½) of a split at least as uneven, p = min(1, 2·P(X ≤ min(b, c))); 1 when
 * there is no discordant pair. The binomial terms are summed in log space, so that large n
 * (where 2^−n underflows) stays exact to rounding.
 */
export function mcnemarExact(b: number, c: number): number {
  for (const v of [b, c])
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`mcnemarExact takes counts, got ${v}`);
  const n = b + c;
  if (n === 0) return 1;
  const m = Math.min(b, c);
  const logHalfN = -n * Math.LN2;
  let logChoose = 0;
  let sum = 0;
  for (let k = 0; k <= m; k++) {
    if (k > 0) logChoose += Math.log(n - k + 1) - Math.log(k);
    sum += Math.exp(logChoose + logHalfN);
  }
  return Math.min(1, 2 * sum);
}

/** Episodes of two runs pair on the same configuration and episode seed (runs of one seed), or on the configuration alone (runs of different seeds). */
export type PairBy = 'episode' | 'configuration';

const keys: Record<PairBy, (e: PairedEpisode) => string> = {
  episode: (e) => `${e.scenario}\u0000${e.seed}`,
  configuration: (e) => e.scenario,
};

/** The paired test of `success` (by default STC) between a baseline run and another run. */
export function pairedTest(
  baseline: readonly PairedEpisode[],
  other: readonly PairedEpisode[],
  success: (e: EpisodeScore) => boolean = (e) => e.STC === 1,
  by: PairBy = 'episode',
): PairedTest {
  const keyOf = keys[by];
  const theirs = new Map(other.map((e) => [keyOf(e), e]));
  let pairs = 0;
  let left = 0;
  let matched = 0;
  let b = 0;
  let c = 0;
  for (const mine of baseline) {
    const twin = theirs.get(keyOf(mine));
    if (!twin) continue;
    matched++;
    if (errored(mine) || errored(twin)) {
      left++;
      continue;
    }
    pairs++;
    const x = success(mine);
    const y = success(twin);
    if (x && !y) b++;
    else if (!x && y) c++;
  }
  const unmatched = baseline.length + other.length - 2 * matched;
  const diffPp = pairs === 0 ? 0 : Math.round((1000 * (c - b)) / pairs) / 10;
  return { pairs, errored: left, unmatched, b, c, p: mcnemarExact(b, c), diffPp };
}
