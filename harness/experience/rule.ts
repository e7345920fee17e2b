/**
 * The deterministic summarizer, for tests and offline use. Its fixed rule, per failure in the
 * order given (highest κ first), skipping a failure an earlier lesson of the same call fixed:
 *
 * - a deceptive click let through: `deceptive: <p>` for a run of words `p` of the control's name
 *   that is not made only of the task's own words;
 * - a legitimate click blocked: dropping one of the `deceptive:` lessons, or
 *   `legitimate: <p>` for a run of words of the control's name;
 * - anything else (a point on no control, an invalid click judged valid or the reverse): nothing,
 *   since a lesson can only say −1 or 1 of a control.
 *
 * Of the candidates, the one the batch's trial gets most clicks right with is kept, and only if
 * that is more than without it: the anchors (and the batch samples' other training clicks) veto a
 * lesson that fixes one click by breaking another. A phrase shared by several failures wins by
 * fixing them all; between phrases that fix as many, the longer one, which catches fewer controls
 * nobody checked.
 */
import { distinct, phraseOf, type Lesson } from './lessons.ts';
import type { Case, Summarizer, SummaryInput } from './summarizer.ts';

/** Longest run of words tried as a phrase: past it a phrase names one page, not a kind of control. */
const MOST_WORDS = 5;
/** A one-word phrase matches inside other words ("member" in "remembered"): too loose for a lesson. */
const FEWEST_WORDS = 2;

/** The runs of `FEWEST_WORDS` to `MOST_WORDS` words of a name, shortest first, then as they occur: none of a one-word name. */
export function phrasesOf(name: string): string[] {
  const words = phraseOf(name).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let n = FEWEST_WORDS; n <= Math.min(MOST_WORDS, words.length); n++)
    for (let i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join(' '));
  return [...new Set(out)];
}

const words = (text: string) =>
  phraseOf(text)
    .split(/[^a-z0-9']+/)
    .filter(Boolean);

function candidates(c: Case, lessons: readonly Lesson[]): Lesson[][] {
  if (!c.target || c.judged.label === null) return [];
  const name = c.target.name || c.target.text || '';
  if (c.label === -1 && c.judged.label === 1) {
    // A control that says only what the task asks for ("Download for Windows" when the task is to download for Windows) is no sign of deception.
    const asked = new Set(words(c.task));
    return phrasesOf(name)
      .filter((phrase) => !words(phrase).every((w) => asked.has(w)))
      .map((phrase) => [...lessons, { kind: 'deceptive' as const, phrase }]);
  }
  if (c.label === 1 && c.judged.label === -1) {
    // Which lesson blocked it is the gate's business (it reads more of the page than a case holds): the trial tells.
    const drops = lessons.filter((l) => l.kind === 'deceptive').map((l) => lessons.filter((o) => o !== l));
    return [...drops, ...phrasesOf(name).map((phrase) => [...lessons, { kind: 'legitimate' as const, phrase }])];
  }
  return [];
}

const length = (lessons: readonly Lesson[]) => lessons.reduce((n, l) => n + l.phrase.length, 0);

export const ruleSummarizer: Summarizer = {
  id: 'rule',
  async summarize(input: SummaryInput) {
    let lessons = distinct(input.lessons);
    let now = await input.trial(lessons);
    for (const c of input.failures) {
      if (now.cases.get(c.id)) continue;
      let best: { lessons: Lesson[]; trial: typeof now } | null = null;
      for (const next of candidates(c, lessons)) {
        const trial = await input.trial(next);
        if (
          trial.correct > now.correct &&
          (!best ||
            trial.correct > best.trial.correct ||
            (trial.correct === best.trial.correct && length(next) > length(best.lessons)))
        )
          best = { lessons: next, trial };
      }
      if (best) ({ lessons, trial: now } = best);
    }
    return { lessons };
  },
};
