/**
 * DUDE's two pools (§3.3.1, Appendix G.1): the failure pool F, each click in it with its
 * persistence counter κ, and the success pool S. Every judging pass of the training split
 * updates both: a click judged right moves to S and forgets its κ; one judged wrong again
 * keeps its place in F with κ + 1 (it resisted that iteration's lessons); one newly judged
 * wrong enters F with κ = 1.
 */
import type { Rng } from '../../scenarios/rng.ts';
import type { ClickVerdict } from './judge.ts';

export class Pools {
  private readonly failures = new Map<string, number>();
  private readonly successes = new Set<string>();

  update(verdicts: readonly ClickVerdict[]): void {
    for (const v of verdicts) {
      if (v.correct) {
        this.failures.delete(v.key);
        this.successes.add(v.key);
      } else {
        this.successes.delete(v.key);
        this.failures.set(v.key, (this.failures.get(v.key) ?? 0) + 1);
      }
    }
  }

  get failureCount(): number {
    return this.failures.size;
  }

  get successCount(): number {
    return this.successes.size;
  }

  kappa(key: string): number | undefined {
    return this.failures.get(key);
  }

  /** F as [key, κ], in key order (what a draw iterates, so that a draw depends on the seed alone). */
  failurePool(): [string, number][] {
    return [...this.failures].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /**
   * B_f: `k` distinct failures drawn with weight κ ("increasing its weight in subsequent batch
   * selections", G.1), so that stubborn failures come back more often without shutting out the
   * new ones: weighted sampling without replacement (Efraimidis and Spirakis: the k largest
   * u^(1/κ)). Returned highest κ first, the order the summarizer reads them in.
   */
  drawFailures(k: number, rng: Rng): { key: string; kappa: number }[] {
    const keyed = this.failurePool().map(([key, kappa]) => ({ key, kappa, rank: Math.log(rng.next()) / kappa }));
    return keyed
      .sort((a, b) => b.rank - a.rank)
      .slice(0, k)
      .sort((a, b) => b.kappa - a.kappa || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ key, kappa }) => ({ key, kappa }));
  }

  /** B_s: `m` anchors drawn uniformly from S, in key order. */
  drawAnchors(m: number, rng: Rng): string[] {
    const all = [...this.successes].sort();
    return rng.shuffle(all).slice(0, m).sort();
  }
}
