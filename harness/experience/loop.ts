/**
 * DUDE's Stage 2 (§3.3, Algorithm 1, Appendix G) over a corpus of click samples: judge the
 * training split to fill F (with κ) and S; then, each iteration, draw B_f by κ and B_s from S,
 * have the summarizer turn them and X^(t−1) into X^(t), judge the whole training split again to
 * update the pools, and score X^(t) on the validation split. It stops when F is empty, after
 * `iterations`, or when the validation pass rate has not improved for three iterations (G.3),
 * and keeps the lessons of the best validation pass rate (the earliest, on a tie).
 *
 * Where this departs from Algorithm 1: its validation pass (lines 8–15) re-judges only
 * B_f ∪ B_s, so a sample outside the batch that new lessons fix or break is seen only when drawn;
 * here the whole training split is judged every iteration (a state is reached once and judged
 * in microseconds), so the pools are exact and κ counts every pass a click stayed wrong through.
 */
import { createRng, subSeed } from '../../scenarios/rng.ts';
import type { DefenseDef } from '../../simulator/loop/defense.ts';
import type { LlmSession } from '../../simulator/llm/session.ts';
import { stopIfAsked } from '../stop.ts';
import { silent, type Progress } from '../progress.ts';
import { caseOf } from './cases.ts';
import type { Corpus, Reached } from './corpus.ts';
import { judgeSplit, type Pass } from './judge.ts';
import { distinct, inlineLessons, type Lesson } from './lessons.ts';
import { Pools } from './pools.ts';
import type { Case, Summarizer, Trial } from './summarizer.ts';

/** Iterations without a better validation pass rate after which the loop stops (Appendix G.3). */
export const PATIENCE = 3;

export type StopRule = 'empty-pool' | 'iterations' | 'no-improvement';

/** DUDE's figures of one judging pass, as the curve keeps them. */
export interface Score {
  /** Percent of clicks judged with their label: Table 5's "Eval Pass", G.3's "pass rate". */
  pass: number | null;
  /** Mean hybrid reward per click (Eq. 3). */
  reward: number | null;
  /** Percent of deceptive clicks judged legitimate (C4). */
  fatal: number | null;
  clicks: number;
}

export interface IterationRecord {
  iteration: number;
  lessons: Lesson[];
  /** |F| and |S| after this iteration's lessons judged the training split. */
  failures: number;
  successes: number;
  train: Score;
  valid: Score;
  /** B_f as drawn (click keys with the κ they were drawn with) and B_s; empty at iteration 0. */
  batch: { key: string; kappa: number }[];
  anchors: string[];
  /** F after this iteration, as [click key, κ] in key order (kept in memory; curve.json holds its size). */
  pool: [string, number][];
  note?: string;
}

export interface ExperienceResult {
  iterations: IterationRecord[];
  /** The iteration whose lessons scored best on the validation split. */
  best: number;
  stop: { rule: StopRule; reason: string };
}

export interface LoopOptions {
  corpus: Corpus;
  defense: DefenseDef;
  /** The defense's other options; `lessons` is the loop's to set. */
  defenseOptions?: Readonly<Record<string, unknown>>;
  summarizer: Summarizer;
  /** T, the iteration cap. */
  iterations: number;
  /** b = |B_f|. */
  batch: number;
  /** a = |B_s|. */
  anchors: number;
  seed: number;
  /**
   * Hands the defense the lessons of one judging pass: writes them where the defense can read
   * them and returns the `lessons` option naming them (the CLI writes lessons-NN.txt), or
   * returns them inline when not given.
   */
  lessonsOption?: (iteration: number, lessons: readonly Lesson[]) => string;
  /** Called after every iteration with everything so far: the writer of the output folder. */
  onIteration?: (done: Readonly<Omit<ExperienceResult, 'stop'> & { stop: ExperienceResult['stop'] | null }>) => void;
  /** The run's LLM: the summarizer's calls and an LLM defense's. */
  session?: LlmSession;
  progress?: Progress;
  signal?: AbortSignal;
}

const scoreOf = (p: Pass): Score => ({
  pass: p.figures.passRate,
  reward: p.figures.meanReward,
  fatal: p.figures.fatalErrorRate,
  clicks: p.figures.clicks,
});

/** One sample's click index from its key (`<sample id>@<index>`). */
const splitKey = (key: string): [string, number] => {
  const at = key.lastIndexOf('@');
  return [key.slice(0, at), Number(key.slice(at + 1))];
};

export async function runExperience(o: LoopOptions): Promise<ExperienceResult> {
  const progress = o.progress ?? silent;
  const options = o.defenseOptions ?? {};
  const train = o.corpus.train;
  const bySample = new Map<string, Reached>(train.map((r) => [r.sample.id, r]));
  const llmOf = (pass: string) =>
    o.session ? { session: o.session, run: `experience ${o.defense.id}`, pass } : undefined;
  const judge = (items: readonly Reached[], lessonsOpt: string, pass: string) =>
    judgeSplit(items, o.defense, { ...options, lessons: lessonsOpt }, o.corpus.seed, llmOf(pass));

  const pools = new Pools();
  const records: IterationRecord[] = [];
  let best = 0;
  let lessons: Lesson[] = [];
  let verdicts = new Map<string, Pass['clicks'][number]>();

  const evaluate = async (
    t: number,
    batch: IterationRecord['batch'],
    anchors: string[],
    note?: string,
  ): Promise<ExperienceResult['stop'] | null> => {
    const opt = o.lessonsOption ? o.lessonsOption(t, lessons) : inlineLessons(lessons);
    const trained = await judge(train, opt, `${t}/train`);
    pools.update(trained.clicks);
    verdicts = new Map(trained.clicks.map((c) => [c.key, c]));
    const validated = await judge(o.corpus.valid, opt, `${t}/valid`);
    records.push({
      iteration: t,
      lessons,
      failures: pools.failureCount,
      successes: pools.successCount,
      train: scoreOf(trained),
      valid: scoreOf(validated),
      batch,
      anchors,
      pool: pools.failurePool(),
      ...(note ? { note } : {}),
    });
    const score = (r: IterationRecord) => r.valid.pass ?? -1;
    if (score(records[t] as IterationRecord) > score(records[best] as IterationRecord)) best = t;
    const stop: ExperienceResult['stop'] | null =
      pools.failureCount === 0
        ? { rule: 'empty-pool', reason: `the failure pool is empty after iteration ${t}` }
        : t - best >= PATIENCE
          ? {
              rule: 'no-improvement',
              reason: `the validation pass rate has not improved for ${PATIENCE} iterations (best: iteration ${best})`,
            }
          : t >= o.iterations
            ? { rule: 'iterations', reason: `the iteration cap (${o.iterations}) is reached` }
            : null;
    o.onIteration?.({ iterations: records, best, stop });
    progress('iterations', t, o.iterations);
    return stop;
  };

  let stop = await evaluate(0, [], []);
  for (let t = 1; ; t++) {
    if (stop) return { iterations: records, best, stop };
    stopIfAsked(o.signal, `after iteration ${t - 1}`);
    const rng = createRng(subSeed(o.seed, 'experience', t));
    const drawn = pools.drawFailures(o.batch, rng.fork('failures'));
    const anchorKeys = pools.drawAnchors(o.anchors, rng.fork('anchors'));
    // Cases are named by their place in the batch, so that nothing of a sample's id reaches the summarizer.
    const caseFor = (key: string, id: string, kappa?: number): Case => {
      const [sample, index] = splitKey(key);
      return caseOf(id, bySample.get(sample) as Reached, index, verdicts.get(key)!, kappa);
    };
    const failures = drawn.map((d, i) => caseFor(d.key, `failure ${i + 1}`, d.kappa));
    const anchors = anchorKeys.map((k, i) => caseFor(k, `anchor ${i + 1}`));
    const caseKeys = new Map<string, string>([
      ...drawn.map((d, i): [string, string] => [`failure ${i + 1}`, d.key]),
      ...anchorKeys.map((k, i): [string, string] => [`anchor ${i + 1}`, k]),
    ]);
    const trialSamples = [...new Set([...caseKeys.values()].map((k) => splitKey(k)[0]))].map(
      (id) => bySample.get(id) as Reached,
    );
    let trials = 0;
    const trial = async (candidate: readonly Lesson[]): Promise<Trial> => {
      const pass = await judge(trialSamples, inlineLessons(distinct(candidate)), `${t}/trial-${trials++}`);
      const right = new Map(pass.clicks.map((c) => [c.key, c.correct]));
      return {
        correct: pass.clicks.filter((c) => c.correct).length,
        of: pass.clicks.length,
        cases: new Map([...caseKeys].map(([id, key]) => [id, right.get(key) ?? false])),
      };
    };
    // The summarizer speaks for the defense it teaches: its calls are the defense's in the cassette, under a run of their own.
    const llm = o.session?.episode(`iteration ${t}`, `experience summarizer ${o.summarizer.id}`).defense ?? {
      chat: () => Promise.reject(new Error('no LLM session was given to the experience loop')),
    };
    const summary = await o.summarizer.summarize({ iteration: t, lessons, failures, anchors, trial, llm });
    if (o.session?.fatal) throw o.session.fatal;
    lessons = distinct(summary.lessons);
    stop = await evaluate(t, drawn, anchorKeys, summary.note);
  }
}
