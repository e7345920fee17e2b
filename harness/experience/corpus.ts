/**
 * What Stage 2 learns from and is checked on: the click suite's training and validation
 * samples, each with its page state reached once (replaying a state costs a sandboxed episode;
 * judging it again with new lessons costs only the defense). The test split is dropped here,
 * before any state is reached, so nothing of it, its labels least of all, goes further.
 */
import { UserError } from '../../lib/errors.ts';
import type { Bundle } from '../../generator/bundle.ts';
import type { ClickSuiteSpec, SuiteDef } from '../../scenarios/model.ts';
import { recordedPhrasings, type Phrasings } from '../../scenarios/phrasing.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import type { ClickSample } from '../../simulator/measure/clicks.ts';
import { tryReach, type ReachedState } from '../assess-clicks.ts';
import { generateClicks, resize } from '../clicks.ts';
import { selectSuite } from '../select.ts';
import { silent, type Progress } from '../progress.ts';
import { stopIfAsked } from '../stop.ts';

/** A sample in the state it shows, or why that state could not be reached. */
export interface Reached {
  sample: ClickSample;
  state: ReachedState | { error: string };
}

export interface Corpus {
  suite: string;
  /** The seed the samples were generated with. */
  seed: number;
  /** The held-out phrasings, when the samples' texts came from them. */
  phrasings?: 'heldout';
  train: Reached[];
  valid: Reached[];
  /** Test-split samples dropped unread. */
  testDropped: number;
}

/** The suite by its name, refused unless it is a click suite. */
export function clickSuite(name: string): SuiteDef & { clicks: ClickSuiteSpec } {
  const suite = selectSuite(name);
  if (!suite.clicks)
    throw new UserError(`suite '${suite.id}' has no click samples; experience learns from a click suite such as ruc`);
  return suite as SuiteDef & { clicks: ClickSuiteSpec };
}

/** The click suite's samples, as `decoy assess --suite` draws them (fewer with normal/deceptive). */
export async function drawSamples(opts: {
  suite: string;
  seed: number;
  normal?: number | undefined;
  deceptive?: number | undefined;
  phrasings?: Phrasings | undefined;
  progress?: Progress;
}): Promise<{ bundles: Bundle[]; samples: ClickSample[] }> {
  const suite = clickSuite(opts.suite);
  return generateClicks(
    suite,
    opts.seed,
    resize(suite.clicks, opts.normal, opts.deceptive),
    opts.progress ?? silent,
    opts.phrasings,
  );
}

/** Reaches the state of every training and validation sample, in the samples' order. */
export async function corpusOf(
  drawn: { bundles: readonly Bundle[]; samples: readonly ClickSample[] },
  meta: { suite: string; seed: number; phrasings?: Phrasings | undefined },
  progress: Progress = silent,
  signal?: AbortSignal,
): Promise<Corpus> {
  const kept = drawn.samples.filter((s) => s.split === 'train' || s.split === 'valid');
  if (!kept.some((s) => s.split === 'train') || !kept.some((s) => s.split === 'valid'))
    throw new UserError('experience needs samples in both the train and the valid split; ask for more samples');
  const byId = new Map<string, LoadedBundle>(
    drawn.bundles.map((b) => [b.manifest.id, { manifest: b.manifest, site: { files: b.files } }]),
  );
  const env = DecoyEnv.sandboxed();
  const reached: Reached[] = [];
  try {
    for (const sample of kept) {
      stopIfAsked(signal, `after reaching ${reached.length} of ${kept.length} sample states`);
      reached.push({ sample, state: await tryReach(env, byId.get(sample.scenario) as LoadedBundle, sample) });
      progress('reached states', reached.length, kept.length);
      // Lets jsdom free the windows it closed (NOTES.md: memory grows while the loop never yields).
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await env.close();
  }
  return {
    suite: meta.suite,
    seed: meta.seed,
    ...recordedPhrasings(meta.phrasings),
    train: reached.filter((r) => r.sample.split === 'train'),
    valid: reached.filter((r) => r.sample.split === 'valid'),
    testDropped: drawn.samples.length - kept.length,
  };
}
