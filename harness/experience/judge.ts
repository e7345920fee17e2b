/**
 * One judging pass of the defense, with one set of lessons, over a split of the corpus: every
 * click of every sample whose state was reached, as `decoy assess --suite` judges it.
 */
import type { DefenseDef } from '../../simulator/loop/defense.ts';
import type { LlmSession } from '../../simulator/llm/session.ts';
import { dudeFigures, type DudeFigures, type Judged } from '../../simulator/measure/dude.ts';
import type { ClickLabel } from '../../simulator/measure/clicks.ts';
import { judgedClicks, judgeSample, type SampleRow } from '../assess-clicks.ts';
import type { Reached } from './corpus.ts';

/** One click as judged: DUDE's x, the unit the pools hold. */
export interface ClickVerdict {
  /** `<sample id>@<click index>`. */
  key: string;
  label: ClickLabel;
  judged: Judged;
  reason?: string;
  correct: boolean;
}

export interface Pass {
  clicks: ClickVerdict[];
  figures: DudeFigures;
}

export const clickKey = (sampleId: string, index: number) => `${sampleId}@${index}`;

export async function judgeSplit(
  items: readonly Reached[],
  def: DefenseDef,
  options: Readonly<Record<string, unknown>>,
  seed: number,
  /** Gives an LLM defense its calls: in the cassette, under the run's name and an episode per judging pass and sample. */
  llm?: { session: LlmSession; run: string; pass: string },
): Promise<Pass> {
  const rows: SampleRow[] = [];
  for (const r of items) {
    const calls = llm?.session.episode(`${llm.pass}/${r.sample.id}`, llm.run).defense;
    rows.push(await judgeSample(r.sample, r.state, def, options, seed, calls));
  }
  if (llm?.session.fatal) throw llm.session.fatal;
  const clicks = rows.flatMap((row) =>
    row.clicks.map((c, i): ClickVerdict => ({
      key: clickKey(row.id, i),
      label: c.label,
      judged: c.judged,
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
      correct: c.judged.kind === 'label' && c.judged.label === c.label,
    })),
  );
  return { clicks, figures: dudeFigures(judgedClicks(rows.filter((row) => row.error === undefined))) };
}
