import fc from 'fast-check';
import { silent, type Progress } from '../progress.ts';
import { UserError } from '../../lib/errors.ts';
import { SEED_MAX } from '../../lib/seed.ts';
import { classKey, type Failure, type FailureKind } from './judge.ts';
import { CasePlayer, type FuzzParties, type PlayerOptions } from './player.ts';
import { caseCells, scenario, spaceCells, type FuzzCase, type SpaceOptions } from './space.ts';

/** The budget and seed of a search, whatever it searches. */
export interface SearchOptions {
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

export interface FuzzOptions extends PlayerOptions, SearchOptions {
  /** The part of the scenario space searched (everything by default). */
  space?: SpaceOptions;
}

/** A class of failures: how often the search met it, the first case, and that case shrunk. */
export interface Found<C, F> {
  key: string;
  /** Cases of the search that failed in this class. */
  cases: number;
  /** The first such case and its place in the search (fast-check's path to it). */
  first: { case: C; path: string };
  /** The smallest case fast-check's shrinking reached that still fails in this class, its path and its failure. */
  shrunk: { case: C; path: string; failure: F; judged: number };
}

/** A class of a defense's failures (family × variant × kind). */
export interface FoundClass extends Found<FuzzCase, Failure> {
  kind: FailureKind;
  family: string | null;
  variant: string | null;
}

/** What a search found, and what it cost. */
export interface Searched<C, F> {
  seed: number;
  classes: Found<C, F>[];
  /** Cases the search tried (shrinking not counted). */
  runs: number;
  seconds: { search: number; shrink: number };
  /** Cells of the space the search reached. */
  reached: number;
  /** The search or the shrinking was stopped (Ctrl-C) before its budget. */
  stopped: boolean;
  /** Classes whose first case did not fail again when judged once more (a one-off, such as a browser that died): dropped. */
  unconfirmed: string[];
}

export interface FuzzResult {
  seed: number;
  classes: FoundClass[];
  runs: number;
  /** Episodes played in all, shrinking included. */
  episodes: number;
  seconds: { search: number; shrink: number };
  /** Cells of the space (family × variant × task, or a task's control) the search reached, of those open. */
  coverage: { reached: number; of: number };
  stopped: boolean;
  unconfirmed: string[];
}

const DEFAULT_RUNS = 100;
const DEFAULT_SHRINK_LIMIT = 60;

/** What a search asks of what it searches: the failures of a case (only those of `kind` when given), a failure's class, a case's cells. */
export interface Judging<C, F extends { kind: string }> {
  judge(c: C, kind?: F['kind']): Promise<F[]>;
  key(f: F): string;
  cells(c: C): string[];
  /** Cases judged at once under a runs budget. */
  batch: number;
  /** The engines there are to play them (cases judged at once under a time budget). */
  engines: number;
}

/**
 * Searches a space for cases that fail, groups their failures into classes and shrinks the
 * first case of each class with fast-check, holding the class. The search draws its cases with
 * `fc.sample` under the seed, so the n-th case is fast-check's n-th and its path is `n`:
 * shrinking starts from there (`fc.check` with that path) and the path it ends at replays the
 * shrunk case. A batch of cases is judged at once.
 */
export async function search<C, F extends { kind: string }>(
  arb: fc.Arbitrary<C>,
  judging: Judging<C, F>,
  opts: SearchOptions,
): Promise<Searched<C, F>> {
  checkBudget(opts);
  const runs = opts.runs ?? (opts.seconds !== undefined ? Number.POSITIVE_INFINITY : DEFAULT_RUNS);
  const progress = opts.progress ?? silent;
  const stopped = () => opts.signal?.aborted === true;
  const found = new Map<string, Held<C, F>>();
  const reached = new Set<string>();
  const started = performance.now();
  const deadline = opts.seconds !== undefined ? started + opts.seconds * 1000 : Number.POSITIVE_INFINITY;
  let tried = 0;
  while (tried < runs && performance.now() < deadline && !stopped()) {
    // Under a time budget a batch is one case an engine: the search ends at most one case past its time.
    const n = Math.min(opts.seconds !== undefined ? judging.engines : judging.batch, runs - tried);
    const cases = fc.sample(arb, { seed: opts.seed, path: String(tried), numRuns: n });
    const judged = await Promise.all(cases.map((c) => judging.judge(c)));
    // A Ctrl-C at a terminal reaches the engine processes too: the batch under way may hold episodes it cut short, and is not counted.
    if (stopped()) break;
    judged.forEach((failures, k) => {
      const c = cases[k] as C;
      for (const cell of judging.cells(c)) reached.add(cell);
      for (const f of failures) {
        const key = judging.key(f);
        const held = found.get(key);
        if (held) held.cases++;
        else found.set(key, { failure: f, cases: 1, first: { case: c, path: String(tried + k) }, failures });
      }
    });
    tried += n;
    progress('search', tried, Number.isFinite(runs) ? runs : tried);
  }
  const searched = performance.now();
  // Each class shrinks on its own and all of them at once: what each reaches depends only on its own path.
  let shrunk = 0;
  const shrinks = await Promise.all(
    [...found].map(async ([key, held]) => {
      const c = await shrinkClass(arb, judging, key, held, opts);
      progress('shrink', ++shrunk, found.size);
      return c;
    }),
  );
  return {
    seed: opts.seed,
    classes: shrinks.filter((c): c is Found<C, F> => c !== null),
    unconfirmed: [...found.keys()].filter((_, i) => shrinks[i] === null),
    runs: tried,
    seconds: { search: (searched - started) / 1000, shrink: (performance.now() - searched) / 1000 },
    reached: reached.size,
    stopped: stopped(),
  };
}

/** Refuses a budget that would search nothing and look like a clean pass. */
function checkBudget(o: SearchOptions): void {
  const whole = (v: number | undefined, min: number) => v === undefined || (Number.isInteger(v) && v >= min);
  if (!whole(o.runs, 1)) throw new UserError(`runs is a whole number of cases, 1 or more, got ${String(o.runs)}`);
  if (o.seconds !== undefined && !(o.seconds > 0))
    throw new UserError(`seconds is more than 0, got ${String(o.seconds)}`);
  if (!whole(o.shrinkLimit, 1))
    throw new UserError(`shrinkLimit is a whole number of cases, 1 or more, got ${String(o.shrinkLimit)}`);
  if (!whole(o.seed, 0) || o.seed > SEED_MAX)
    throw new UserError(`seed is a whole number from 0 to ${SEED_MAX}, got ${String(o.seed)}`);
}

/** A class as the search met it: its first failure and case, how many cases failed in it, and all the first case's failures. */
interface Held<C, F> {
  failure: F;
  cases: number;
  first: { case: C; path: string };
  failures: F[];
}

/** The class's first case shrunk by fast-check, replayed from its path, while it still fails in the class. */
async function shrinkClass<C, F extends { kind: string }>(
  arb: fc.Arbitrary<C>,
  judging: Judging<C, F>,
  key: string,
  held: Held<C, F>,
  opts: SearchOptions,
): Promise<Found<C, F> | null> {
  const limit = opts.shrinkLimit ?? DEFAULT_SHRINK_LIMIT;
  // The first case is judged once more: a class is what fails again, not a one-off (a browser that died, a call that timed out under load).
  if (opts.signal?.aborted) return null;
  const again = (await judging.judge(held.first.case, held.failure.kind)).find((x) => judging.key(x) === key) ?? null;
  if (again === null || opts.signal?.aborted) return null;
  let judged = 1;
  const seen = new Map<string, F | null>([[JSON.stringify(held.first.case), again]]);
  const run = await fc.check(
    fc.asyncProperty(arb, async (c) => {
      const at = JSON.stringify(c);
      let f = seen.get(at);
      if (f === undefined) {
        // Past the limit or once stopped, every new case "holds": fast-check ends on the smallest failing one so far.
        if (judged >= limit || opts.signal?.aborted) return true;
        judged++;
        f = (await judging.judge(c, held.failure.kind)).find((x) => judging.key(x) === key) ?? null;
        // Judged while stopping (its engine may have been stopped with it): not taken.
        if (opts.signal?.aborted) return true;
        seen.set(at, f);
      }
      return f === null;
    }),
    { seed: opts.seed, path: held.first.path, numRuns: 1, endOnFailure: false },
  );
  const shrunk = (run.counterexample?.[0] as C | undefined) ?? held.first.case;
  return {
    key,
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

/** Searches the scenario space for cases the defense fails on (search() over scenario(), judged by a CasePlayer). */
export async function fuzz(parties: FuzzParties, opts: FuzzOptions): Promise<FuzzResult> {
  const arb = scenario(opts.space);
  const of = spaceCells(opts.space).size;
  const player = await CasePlayer.open(parties, opts);
  const workers = Math.max(1, Math.floor(opts.workers ?? 1));
  try {
    const r = await search<FuzzCase, Failure>(
      arb,
      {
        judge: async (c, kind) => (await player.judge(c, kind ? [kind] : undefined)).failures,
        key: classKey,
        cells: caseCells,
        batch: Math.max(8, workers * 4),
        engines: workers,
      },
      opts,
    );
    return {
      seed: r.seed,
      classes: r.classes.map((c) => ({
        ...c,
        kind: c.shrunk.failure.kind,
        family: c.shrunk.failure.family,
        variant: c.shrunk.failure.variant,
      })),
      runs: r.runs,
      episodes: player.episodes,
      seconds: r.seconds,
      coverage: { reached: r.reached, of },
      stopped: r.stopped,
      unconfirmed: r.unconfirmed,
    };
  } finally {
    await player.close();
  }
}
