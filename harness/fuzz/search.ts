import fc from 'fast-check';
import { silent, type Progress } from '../progress.ts';
import { classKey, type Failure, type FailureKind } from './judge.ts';
import { CasePlayer, type FuzzParties, type PlayerOptions } from './player.ts';
import { caseCells, scenario, spaceCells, type FuzzCase, type SpaceOptions } from './space.ts';

export interface FuzzOptions extends PlayerOptions {
  /** The part of the scenario space searched (everything by default). */
  space?: SpaceOptions;
  /** fast-check's seed: the same seed draws the same cases and finds the same classes. */
  seed: number;
  /** Cases tried at most (default 100 unless `seconds` is given). */
  runs?: number;
  /** Seconds the search may take at most; its shrinking comes after. */
  seconds?: number;
  /** Cases a class's shrinking may judge at most (default 60). */
  shrinkLimit?: number;
  /** Stops the search and the shrinking (what was found so far is kept). */
  signal?: AbortSignal;
  progress?: Progress;
}

/** A class of failures (family × variant × kind): how often the search met it, the first case, and that case shrunk. */
export interface FoundClass {
  key: string;
  kind: FailureKind;
  family: string | null;
  variant: string | null;
  /** Cases of the search that failed in this class. */
  cases: number;
  /** The first such case and its place in the search (fast-check's path to it). */
  first: { case: FuzzCase; path: string };
  /** The smallest case fast-check's shrinking reached that still fails in this class, its path and its failure. */
  shrunk: { case: FuzzCase; path: string; failure: Failure; judged: number };
}

export interface FuzzResult {
  seed: number;
  classes: FoundClass[];
  /** Cases the search tried (shrinking not counted). */
  runs: number;
  /** Episodes played in all, shrinking included. */
  episodes: number;
  seconds: { search: number; shrink: number };
  /** Cells of the space (family × variant × task, or a task's control) the search reached, of those open. */
  coverage: { reached: number; of: number };
  /** The search or the shrinking was stopped (Ctrl-C) before its budget. */
  stopped: boolean;
}

const DEFAULT_RUNS = 100;
const DEFAULT_SHRINK_LIMIT = 60;

/**
 * Searches the scenario space for cases the defense fails on, groups their failures into
 * classes and shrinks the first case of each class with fast-check, holding the class. The
 * search draws its cases with `fc.sample` under the seed, so the n-th case is fast-check's n-th
 * and its path is `n`: shrinking starts from there (`fc.check` with that path) and the path it
 * ends at replays the shrunk case. Cases of a batch play at once on every engine.
 */
export async function fuzz(parties: FuzzParties, opts: FuzzOptions): Promise<FuzzResult> {
  const arb = scenario(opts.space);
  const of = spaceCells(opts.space).size;
  const runs = opts.runs ?? (opts.seconds !== undefined ? Number.POSITIVE_INFINITY : DEFAULT_RUNS);
  const progress = opts.progress ?? silent;
  const stopped = () => opts.signal?.aborted === true;
  const player = await CasePlayer.open(parties, opts);
  const workers = Math.max(1, Math.floor(opts.workers ?? 1));
  const batch = Math.max(8, workers * 4);
  const found = new Map<string, Held>();
  const reached = new Set<string>();
  const started = performance.now();
  const deadline = opts.seconds !== undefined ? started + opts.seconds * 1000 : Number.POSITIVE_INFINITY;
  let tried = 0;
  try {
    while (tried < runs && performance.now() < deadline && !stopped()) {
      const n = Math.min(batch, runs - tried);
      const cases = fc.sample(arb, { seed: opts.seed, path: String(tried), numRuns: n });
      const judged = await Promise.all(cases.map((c) => player.judge(c)));
      judged.forEach((j, k) => {
        for (const cell of caseCells(j.case)) reached.add(cell);
        for (const f of j.failures) {
          const key = classKey(f);
          const held = found.get(key);
          if (held) held.cases++;
          else
            found.set(key, {
              failure: f,
              cases: 1,
              first: { case: j.case, path: String(tried + k) },
              failures: j.failures,
            });
        }
      });
      tried += n;
      progress('search', tried, Number.isFinite(runs) ? runs : tried);
    }
    const searched = performance.now();
    // Each class shrinks on its own and all of them at once, sharing the engines: what each reaches depends only on its own path.
    let shrunk = 0;
    const classes = await Promise.all(
      [...found].map(async ([key, held]) => {
        const c = await shrinkClass(player, arb, key, held, opts);
        progress('shrink', ++shrunk, found.size);
        return c;
      }),
    );
    return {
      seed: opts.seed,
      classes,
      runs: tried,
      episodes: player.episodes,
      seconds: { search: (searched - started) / 1000, shrink: (performance.now() - searched) / 1000 },
      coverage: { reached: reached.size, of },
      stopped: stopped(),
    };
  } finally {
    await player.close();
  }
}

/** A class as the search met it: its first failure and case, how many cases failed in it, and all the first case's failures. */
interface Held {
  failure: Failure;
  cases: number;
  first: { case: FuzzCase; path: string };
  failures: Failure[];
}

/** The class's first case shrunk by fast-check, replayed from its path, while it still fails in the class. */
async function shrinkClass(
  player: CasePlayer,
  arb: fc.Arbitrary<FuzzCase>,
  key: string,
  held: Held,
  opts: FuzzOptions,
): Promise<FoundClass> {
  const limit = opts.shrinkLimit ?? DEFAULT_SHRINK_LIMIT;
  let judged = 0;
  // Shrinking walks back over cases it has judged; the first case's failures are the search's.
  const seen = new Map<string, Failure | null>([
    [JSON.stringify(held.first.case), held.failures.find((x) => classKey(x) === key) ?? null],
  ]);
  const run = await fc.check(
    fc.asyncProperty(arb, async (c) => {
      const at = JSON.stringify(c);
      let f = seen.get(at);
      if (f === undefined) {
        // Past the limit or once stopped, every new case "holds": fast-check ends on the smallest failing one so far.
        if (judged >= limit || opts.signal?.aborted) return true;
        judged++;
        f = (await player.judge(c, [held.failure.kind])).failures.find((x) => classKey(x) === key) ?? null;
        seen.set(at, f);
      }
      return f === null;
    }),
    { seed: opts.seed, path: held.first.path, numRuns: 1, endOnFailure: false },
  );
  const shrunk = (run.counterexample?.[0] as FuzzCase | undefined) ?? held.first.case;
  return {
    key,
    kind: held.failure.kind,
    family: held.failure.family,
    variant: held.failure.variant,
    cases: held.cases,
    first: held.first,
    shrunk: {
      case: shrunk,
      path: run.counterexamplePath ?? held.first.path,
      failure: seen.get(JSON.stringify(shrunk)) ?? held.failure,
      judged,
    },
  };
}
