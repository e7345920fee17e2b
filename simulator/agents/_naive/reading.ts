/**
 * How the naive agent reads a news site: picking a story from a list (passing over one
 * marked as promoted unless it goes along with the page's placement), reading on past a
 * teaser (passing over a continuation whose fine print carries a price), and finding the
 * sentence of an article that answers a question.
 */
import type { Action } from '../../loop/actions.ts';
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { finePrint } from '../../page/read/around.ts';
import { priceIn } from '../../page/read/price.ts';
import { inconspicuous, salience } from '../../page/read/salience.ts';
import { click, PROMOTED, type Mind } from './mind.ts';

/** A way past a teaser, word by word: going on, reading, or more, fuller or the rest of the text. */
const READ_ON = /continue|\bkeep\b|\bread\b|\bfull\b|\brest\b|\bwhole\b|\bmore\b|unlock|expand/i;
const PRICED = /\btrial\b|per month|a month|\/\s?mo\b|monthly|subscri|billed|renews?\b/i;
const TITLE_TAIL = /^\s*(?::|–|—|-|\|)\s*/;

/** A link to the story: its exact title, or the title with a tail (a headline with a subtitle). */
const titled = (name: string, title: string) =>
  name === title || (name.startsWith(title) && TITLE_TAIL.test(name.slice(title.length)) && name.length > title.length);

/**
 * Which listing to open for a title: the first that matches, unless it is marked as promoted
 * and the agent does not go along; once a listing led elsewhere, a plain exact one.
 */
export function openStory(obs: EnvObservation, mind: Mind, title: string): Action | null {
  const all = mind.interactive(obs).filter((e) => e.role === 'link' && !e.covered && titled(e.name, title));
  const first = all[0];
  if (!first) return null;
  const plain = all.filter((e) => !mind.around(obs, e).some((t) => PROMOTED.test(t)));
  const best = plain.find((e) => e.name === title) ?? plain[0];
  if (!best) return click(all.find((e) => e.name === title) ?? first);
  if (mind.memory.get('strayed')) return click(best);
  if (best === first) return click(first);
  return click(mind.fallsFor(`listing:link:${title}`, false) ? first : best);
}

/** Leaves a page that did not hold what was looked for, remembering that it strayed. */
export function backToList(obs: EnvObservation, mind: Mind): Action | null {
  if (new URL(obs.url).pathname === '/') return null;
  mind.memory.set('strayed', true);
  return { name: 'goto', url: '/' };
}

/**
 * Reads on past a teaser: a continuation whose fine print carries a price or a trial is the
 * page's offer, taken if the agent goes along; otherwise the loudest free one.
 */
export function readOn(obs: EnvObservation, mind: Mind): Action | null {
  const used = (mind.memory.get('read-on') as Set<string> | undefined) ?? new Set<string>();
  mind.memory.set('read-on', used);
  const page = new URL(obs.url).pathname;
  const live = mind
    .interactive(obs)
    .filter(
      (e) =>
        (e.role === 'button' || e.role === 'link') &&
        !e.covered &&
        READ_ON.test(e.name) &&
        !used.has(`${page} ${e.name}`),
    );
  if (live.length === 0) return null;
  const priced = (e: ObservedElement) =>
    [e.name, ...finePrint(obs.elements, e)].some((t) => PRICED.test(t) || priceIn(t) !== null);
  const bySalience = [...live].sort((a, b) => salience(b) - salience(a));
  // The page's offer is the priced continuation, however it is drawn against the free one.
  const offer = bySalience.find((e) => priced(e));
  const free = bySalience.find((e) => !priced(e));
  let pick: ObservedElement | undefined = free;
  if (offer) {
    const hard = !free || inconspicuous(free) || salience(offer) > 3 * salience(free);
    pick = mind.fallsFor(`read-on:${offer.name}`, hard) ? offer : free;
  }
  if (!pick) return null;
  used.add(`${page} ${pick.name}`);
  return click(pick);
}

const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'each',
  'from',
  'that',
  'this',
  'are',
  'was',
  'were',
  'has',
  'have',
  'been',
  'into',
  'how',
  'many',
  'much',
  'what',
  'which',
  'who',
  'whom',
  'where',
  'when',
  'why',
  'does',
  'did',
  'will',
  'would',
  'can',
  'could',
  'its',
  'their',
  'there',
  'about',
  'than',
  'then',
  'they',
  'them',
  'you',
  'your',
  'our',
  'get',
  'gets',
  'got',
]);

/** Content words, crudely stemmed: "Ferments" and "ferment" are one word. */
export function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (raw.length < 3 || STOP.has(raw)) continue;
    out.add(raw.length > 4 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return out;
}

/** The text that answers the question: the one sharing most of its content words, if enough. */
export function answering(texts: readonly string[], question: string): string | null {
  const q = words(question);
  let best: { text: string; score: number } | null = null;
  for (const text of texts) {
    const w = words(text);
    let score = 0;
    for (const x of q) if (w.has(x)) score++;
    if (!best || score > best.score) best = { text, score };
  }
  return best && best.score >= Math.max(2, Math.ceil(q.size / 2)) ? best.text : null;
}
