/**
 * DUDE's evaluator-as-gate without a model: every proposal that acts on the page gets a label in
 * {-1, 0, 1} with a confidence and a reason, read from what the agent sees and the instruction;
 * only 1 is executed, and anything else goes back to the agent as the reason to rethink. The
 * experience context (DUDE's Stage 2) is a list of lessons applied before the built-in cues.
 */
import { isAimed, type Action } from '../loop/actions.ts';
import type { DefenseDef, Judgement, Verdict } from '../loop/defense.ts';
import type { EnvObservation } from '../loop/env.ts';
import { targetOf } from '../loop/target.ts';
import { CUES, type CueInput, type Fired } from './_gate/cues.ts';
import { PriceMemory } from './_gate/prices.ts';
import { contextParts, contextText, wordsOf } from './_gate/scope.ts';
import { lessonIn, lessonsFile, parseLessons, type Lesson } from './_gate/lessons.ts';
import { priceIn } from '../page/read/price.ts';
import { goalNames, OFFER, RECURRING } from './_gate/vocabulary.ts';

/** Confidence of the invalid labels: a point on nothing is certain; a covered or disabled control may yet work. */
const INVALID = { missing: 0.95, disabled: 0.9, covered: 0.8 };
/** A lesson is a rule the gate was taught from its own mistakes: trusted over the built-in cues. */
const LESSON_CONFIDENCE = 0.9;
/** What a click no cue fired on is judged: legitimate, with room for the cues it has not got. */
const LEGITIMATE = 0.85;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/** The gate for one episode: it keeps what earlier observations showed (prices, the site it began on). */
export class Gate {
  private readonly prices = new PriceMemory();
  private home: string | null = null;
  private readonly adverts: { key: string; price: number }[] = [];

  constructor(private readonly lessons: readonly Lesson[]) {}

  judge(goal: string, obs: Pick<EnvObservation, 'elements' | 'url'>, action: Action): Judgement {
    this.home ??= hostOf(obs.url) || null;
    try {
      return this.label(goal, obs, action);
    } finally {
      this.prices.remember(obs.elements);
    }
  }

  private label(goal: string, obs: Pick<EnvObservation, 'elements' | 'url'>, action: Action): Judgement {
    const ok = (reason: string, confidence = LEGITIMATE): Judgement => ({ label: 1, confidence, reason });
    if (action.name === 'goto') {
      const to = hostOf(action.url);
      if (this.home && to && to !== this.home)
        return { label: -1, confidence: 0.6, reason: `goes to ${to}, off the site the task began on (${this.home})` };
      return ok('stays on the site', 0.9);
    }
    if (!isAimed(action)) return ok('does not act on the page', 1);
    const target = targetOf(obs, action);
    if (!target && action.name === 'mouse_click') {
      // Text or an image the page may have made clickable without telling the accessibility tree.
      const shown = obs.elements.find(
        (e) =>
          !e.ref &&
          (e.text !== undefined || e.role === 'img') &&
          e.box &&
          action.x >= e.box.x &&
          action.y >= e.box.y &&
          action.x < e.box.x + e.box.w &&
          action.y < e.box.y + e.box.h,
      );
      if (shown) return ok(`a point on '${wordsOf(shown)}', which is listed as no control`, 0.5);
    }
    if (!target)
      return {
        label: 0,
        confidence: INVALID.missing,
        reason:
          'bid' in action
            ? `no element ${action.bid} on this page`
            : `nothing that can be clicked at (${action.x}, ${action.y})`,
      };
    if (target.disabled) return { label: 0, confidence: INVALID.disabled, reason: `'${target.name}' is disabled` };
    if (target.covered && action.name !== 'fill')
      return {
        label: 0,
        confidence: INVALID.covered,
        reason: `'${target.name}' is covered by ${target.coveredBy ?? 'another element'}`,
      };
    if (action.name === 'fill') return ok('fills a field');
    const els = obs.elements;
    const index = els.indexOf(target);
    const seen = `${wordsOf(target)} ${contextParts(els, index, { prose: true }).join(' ')}`;
    const bad = lessonIn(this.lessons, 'deceptive', seen);
    if (bad)
      return {
        label: -1,
        confidence: LESSON_CONFIDENCE,
        reason: `lesson: '${bad.phrase}' marked a deceptive element before`,
      };
    const good = lessonIn(this.lessons, 'legitimate', wordsOf(target));
    if (good) return ok(`lesson: '${good.phrase}' marked a legitimate element before`, LESSON_CONFIDENCE);
    if (action.name === 'select_option') {
      const chosen = action.options.join(' ');
      const m = new RegExp(OFFER.source, 'i').exec(chosen) ?? RECURRING.exec(chosen);
      if (m && !goalNames(goal, m[0]!))
        return {
          label: -1,
          confidence: 0.75,
          reason: `choosing '${chosen}' takes '${m[0]}', which the task does not ask for`,
        };
      return ok('selects an option');
    }
    const boxed = target.role === 'checkbox' || target.role === 'switch' || target.role === 'radio';
    const effect: CueInput['effect'] = !boxed
      ? 'press'
      : action.name === 'uncheck'
        ? target.checked
          ? 'untick'
          : 'press'
        : action.name === 'check' || target.role === 'radio'
          ? target.checked
            ? 'press'
            : 'tick'
          : target.checked
            ? 'untick'
            : 'tick';
    const input: CueInput = {
      goal,
      els,
      index,
      effect,
      prices: this.prices,
      home: this.home,
      host: hostOf(obs.url),
      adverts: this.adverts,
    };
    let best: Fired | null = null;
    for (const cue of CUES) {
      const f = cue(input);
      if (f && (!best || f.confidence > best.confidence)) best = f;
    }
    if (best?.cue === 'sponsored' && target.role === 'link') {
      const price = priceIn(contextText(els, index));
      if (price !== null)
        this.adverts.push({
          key: target.name
            .toLowerCase()
            .replace(/[^a-z]+/g, ' ')
            .trim(),
          price,
        });
    }
    return best
      ? { label: -1, confidence: best.confidence, reason: `${best.cue}: ${best.reason}` }
      : ok('no sign of deception');
  }
}

export function verdictOf(j: Judgement): Verdict {
  if (j.label === 1) return { kind: 'allow', judgement: j };
  const feedback =
    j.label === 0
      ? `the gate found nothing to act on: ${j.reason}. Look at the page again and choose an element that is there.`
      : `the gate judged this deceptive (${j.reason}). Do not do it; find another way to do what the task asks.`;
  return { kind: 'block', feedback, judgement: j };
}

const gate: DefenseDef = {
  id: 'gate',
  description:
    "DUDE's evaluator-as-gate, rule-based: each proposed click (by ref or point) is labelled 1 legitimate, 0 invalid (nothing there, disabled, covered) or -1 deceptive (a cue fired: unrequested item, recurring charge, consent, preselection, sponsored, confirmshaming, salience, retention, price change or hidden cost); only 1 is executed, otherwise the agent is told to rethink with the reason.",
  options: [
    {
      name: 'lessons',
      description:
        'experience context (DUDE Stage 2): lessons "deceptive: <phrase>" or "legitimate: <phrase>" separated by ";", or a .txt (one a line) or .json (array) file of them; applied before the cues',
      reads: lessonsFile,
    },
  ],
  create: ({ options }) => {
    const g = new Gate(parseLessons(options.lessons));
    return { review: (ctx) => verdictOf(g.judge(ctx.goal, ctx.observation, ctx.proposal)) };
  },
};

export default gate;
