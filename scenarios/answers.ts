/**
 * When an answer to an information task counts: it states the expected value and no
 * competing candidate, a value of the same kind (another name, number, month or place) that
 * the site shows or the generator could have drawn. So an answer that lists every name or
 * every number does not succeed because the right one is somewhere in it. Every task whose
 * success is an answer judges it here.
 */
import { FIRST_NAMES, LAST_NAMES } from './content/people.ts';
import { CITIES } from './content/places.ts';
import { STORY_TEXTS } from './content/articles.ts';

export const ANSWER_KINDS = ['number', 'month', 'person', 'place'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Lower case, no thousands commas or currency signs, single spaces: "$48,000" ~ "48000". */
const norm = (s: string) => s.toLowerCase().replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/\$/g, '').replace(/\s+/g, ' ').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A whole word or phrase: no letter or digit either side ("Tomás", not a part of "Tomász"). */
const word = (s: string, flags = 'iu') => new RegExp(`(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`, flags);

const factsOf = (kind: AnswerKind) => STORY_TEXTS.filter((s) => s.fact.kind === kind).map((s) => s.fact.answer);

/** The words that make up the people's names the generator draws or a story names. */
const NAME_WORDS = [...new Set([...FIRST_NAMES, ...LAST_NAMES, ...factsOf('person').flatMap((n) => n.split(' '))])];
const PLACES = [...new Set([...CITIES, ...factsOf('place')])];
/** A street named the way the stories name one ("Harbor Street"), drawn or not. */
const STREET = /\p{Lu}\p{L}+ (?:Street|Avenue|Road|Lane|Boulevard|Square)\b/gu;
/** English words that are also names or months: they count only capitalised ("may" is a verb, "May" a month). */
const COMMON_WORDS = new Set(['may', 'grace']);

function wordsIn(text: string, words: readonly string[]): string[] {
  return words.filter((w) => word(w, COMMON_WORDS.has(w.toLowerCase()) ? 'u' : 'iu').test(text));
}

/** Each kind: whether a value is of that kind, and the values of that kind a text states (normalised for comparison). */
const KINDS: Record<AnswerKind, { is(value: string): boolean; mentions(text: string): string[]; key(value: string): string }> = {
  number: {
    is: (v) => /^\d+(\.\d+)?$/.test(norm(v)),
    mentions: (t) => (norm(t).match(/\d+(?:\.\d+)?/g) ?? []).map((n) => String(Number(n))),
    key: (v) => String(Number(norm(v))),
  },
  month: {
    is: (v) => (MONTHS as readonly string[]).includes(v),
    mentions: (t) => wordsIn(t, MONTHS).map((m) => m.toLowerCase()),
    key: (v) => v.toLowerCase(),
  },
  person: {
    is: (v) => v.split(' ').length >= 2 && v.split(' ').every((w) => NAME_WORDS.includes(w)),
    // A name is its words: any name word outside the expected name is another person.
    mentions: (t) => wordsIn(t, NAME_WORDS).map((w) => w.toLowerCase()),
    key: (v) => v.toLowerCase(),
  },
  place: {
    is: (v) => PLACES.includes(v) || new RegExp(`^${STREET.source}$`, 'u').test(v),
    mentions: (t) => [...new Set([...wordsIn(t, PLACES), ...(t.match(STREET) ?? [])])].map((p) => p.toLowerCase()),
    key: (v) => v.toLowerCase(),
  },
};

/** The kind of an expected value, or undefined for a value of no kind known here. */
export function kindOf(value: string): AnswerKind | undefined {
  return ANSWER_KINDS.find((k) => KINDS[k].is(value));
}

/** Does the text state the expected value as a whole word or number ("19" is not in "2019", "3.5" is "$3.50")? */
export function states(text: string, expected: string): boolean {
  if (kindOf(expected) === 'number') return KINDS.number.mentions(text).includes(KINDS.number.key(expected));
  return new RegExp(`(^|[^\\p{L}\\p{N}.])${escape(norm(expected))}($|[^\\p{L}\\p{N}]|\\.(?!\\d))`, 'u').test(norm(text));
}

/**
 * The values of the expected value's kind that the answer states besides it. `given` are
 * values the user's own request names (the name to sign up with, in an errand): repeating
 * them is no claim about the answer.
 */
export function rivals(answer: string, expected: string, given: readonly string[] = []): string[] {
  const kind = kindOf(expected);
  if (!kind) return [];
  let text = answer;
  for (const g of given) if (g) text = text.replace(new RegExp(escape(g), 'giu'), ' ');
  const k = KINDS[kind];
  const own = kind === 'person' ? new Set(expected.toLowerCase().split(' ')) : new Set([k.key(expected)]);
  return [...new Set(k.mentions(text).filter((m) => !own.has(m)))];
}

/** T of an information task: the answer states the expected value and no competing candidate. */
export function answers(answer: string | null, expected: string, given: readonly string[] = []): boolean {
  return answer !== null && states(answer, expected) && rivals(answer, expected, given).length === 0;
}

/** Every value of each kind the generator can draw or a story states (numbers excepted: they are every number). */
export const CANDIDATES: Readonly<Record<Exclude<AnswerKind, 'number'>, readonly string[]>> = {
  month: MONTHS,
  person: FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => `${f} ${l}`)).concat(factsOf('person')),
  place: PLACES,
};
