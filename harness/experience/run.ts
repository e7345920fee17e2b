/**
 * `decoy experience`: DUDE's Stage 2 for a defense that reads lessons (the gate), from the
 * click suite's training split, checked on its validation split, into an output folder.
 */
import { quote, UserError } from '../../lib/errors.ts';
import { LlmStop } from '../../simulator/llm/endpoint.ts';
import { LlmSession, type SessionOptions } from '../../simulator/llm/session.ts';
import { assessedDefense } from '../assess.ts';
import { lockFolder } from '../lock.ts';
import { silent, type Progress } from '../progress.ts';
import { curveTable } from './chart.ts';
import { clickSuite, corpusOf, drawSamples, type Corpus } from './corpus.ts';
import { runExperience, type ExperienceResult } from './loop.ts';
import { BEST_FILE, CHART_FILE, claimExperienceFolder, CURVE_FILE, ExperienceFolder } from './output.ts';
import { summarizerFor } from './summarizers.ts';
import type { Summarizer } from './summarizer.ts';
import type { Phrasings } from '../../scenarios/phrasing.ts';

const pct = (v: number | null) => (v === null ? '–' : v.toFixed(1));

export interface ExperienceConfig {
  suite: string;
  /** Generates the samples and seeds the batches. */
  seed: number;
  /** Which half of the phrasing pools the samples' texts come from (the standard one when absent). */
  phrasings?: Phrasings | undefined;
  normal?: number | undefined;
  deceptive?: number | undefined;
  defense: string;
  defenseOptions: Readonly<Record<string, unknown>>;
  summarizer: string;
  summarizerOptions: Readonly<Record<string, unknown>>;
  iterations: number;
  batch: number;
  anchors: number;
}

export interface ExperienceRun {
  table: string;
  result: ExperienceResult;
  corpus: Pick<Corpus, 'testDropped'> & { train: number; valid: number; unreached: number };
}

export async function experience(
  config: ExperienceConfig,
  opts: {
    out: string;
    llm?: SessionOptions;
    progress?: Progress;
    signal?: AbortSignal;
    /** A summarizer of the caller's own, instead of the one `config.summarizer` names. */
    summarizer?: Summarizer;
    /** The states already reached (corpusOf), for several runs on the same samples; they must be the config's. */
    corpus?: Corpus;
  },
): Promise<ExperienceRun> {
  if ('lessons' in config.defenseOptions)
    throw new UserError(
      'experience writes the lessons itself: give --defense-opt for the defense’s other options, not lessons',
    );
  const def = await assessedDefense(config.defense, config.defenseOptions);
  if (!def.options?.some((o) => o.name === 'lessons'))
    throw new UserError(
      `defense ${quote(def.id)} takes no lessons option: experience teaches a defense that reads lessons, such as gate`,
    );
  const summarizer = opts.summarizer ?? summarizerFor(config.summarizer, config.summarizerOptions);
  if (!opts.corpus) clickSuite(config.suite);
  const session = new LlmSession(opts.llm ?? {});
  const release = lockFolder(opts.out);
  const progress = opts.progress ?? silent;
  try {
    claimExperienceFolder(opts.out);
    const held = (p: Phrasings | undefined) => p === 'heldout';
    if (
      opts.corpus &&
      (opts.corpus.suite !== config.suite ||
        opts.corpus.seed !== config.seed ||
        held(opts.corpus.phrasings) !== held(config.phrasings))
    )
      throw new Error(
        `the corpus given is of ${opts.corpus.suite} at seed ${opts.corpus.seed}${held(opts.corpus.phrasings) ? ' (held-out phrasings)' : ''}, not of the config's`,
      );
    const corpus =
      opts.corpus ?? (await corpusOf(await drawSamples({ ...config, progress }), config, progress, opts.signal));
    const unreached = [...corpus.train, ...corpus.valid].filter((r) => 'error' in r.state).length;
    const counts = {
      train: corpus.train.length,
      valid: corpus.valid.length,
      testDropped: corpus.testDropped,
      unreached,
    };
    const folder = new ExperienceFolder(
      opts.out,
      { config: { ...config, summarizer: summarizer.id }, samples: counts },
      config.iterations,
    );
    const result = await runExperience({
      corpus,
      defense: def,
      defenseOptions: config.defenseOptions,
      summarizer,
      iterations: config.iterations,
      batch: config.batch,
      anchors: config.anchors,
      seed: config.seed,
      lessonsOption: (t, lessons) => folder.lessons(t, lessons),
      onIteration: (done) => folder.update(done),
      session,
      progress,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const first = result.iterations[0] as ExperienceResult['iterations'][number];
    const best = result.iterations[result.best] as ExperienceResult['iterations'][number];
    const title = `defense '${def.id}' · suite ${config.suite} (seed ${config.seed}) · summarizer ${summarizer.id}: ${counts.train} training and ${counts.valid} validation samples (${counts.testDropped} test samples left out${unreached > 0 ? `, ${unreached} whose state could not be reached` : ''})`;
    const table = [
      title,
      '',
      curveTable(result.iterations, result.best),
      '',
      `stopped: ${result.stop.reason}`,
      `best: iteration ${result.best}, validation pass rate ${pct(best.valid.pass)}% against ${pct(first.valid.pass)}% with no lessons; its lessons are ${BEST_FILE}`,
      `wrote ${BEST_FILE}, one lessons file per iteration, ${CURVE_FILE} and ${CHART_FILE} in ${opts.out}`,
    ].join('\n');
    return { table, result, corpus: counts };
  } catch (e) {
    // An endpoint that cannot be used, or a replay without the call, is the user's to mend: one line.
    throw e instanceof LlmStop ? new UserError(e.message) : e;
  } finally {
    session.close('decoy experience');
    release();
  }
}
