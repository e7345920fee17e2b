/**
 * When an answer to an information task counts: it states the expected value and no
 * competing candidate, a value of the same kind that the answer also states. A candidate is
 * not only a value the site shows or the generator could draw: any person-like name (two
 * capitalised words), any place-like name, any number in digits or in words, any month in
 * any case. So "Anika Brandt or Bob Smith", "Denver, Chicago", "36 or thirty-seven" and an
 * answer that lists every name or every number do not succeed because the right one is
 * somewhere in them. What the site itself names (an article's title, the paper's or a
 * newsletter's name) and ordinary words ("The", "Geologist") are no candidate, so a plain
 * right answer in sentences still succeeds. Every task whose success is an answer judges it here.
 */
import { FIRST_NAMES, LAST_NAMES } from './content/people.ts';
import { CITIES } from './content/places.ts';
import { ADVERTISERS, ANSWER_KINDS, FILLER_TEXTS, STORY_TEXTS, type AnswerKind } from './content/articles.ts';
import { BRAND_NAMES } from './content/brands.ts';
import { NEWSLETTERS } from './sites/news.ts';

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Lower case, no thousands commas or currency signs, single spaces: "$48,000" ~ "48000". */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/\$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A whole word or phrase: no letter or digit either side ("Tomás", not a part of "Tomász").
 * Kept once made: a full collection empties V8's cache of compiled patterns, and compiling one
 * of these (a Unicode class in a lookbehind) costs more than running it, so a process that
 * collects often between answers paid that for every word of every check (the fixed patterns are
 * made once, below). Global ones are only used with replace, which leaves their lastIndex at 0.
 */
const word = (s: string, flags = 'iu') => pattern(`(?<![\\p{L}\\p{N}])${escape(s)}(?![\\p{L}\\p{N}])`, flags);

const PATTERNS = new Map<string, RegExp>();
/** A pattern made once for its source and flags (see word). */
function pattern(source: string, flags: string): RegExp {
  // The pools' words and phrases are a few thousand and short; a caller's own values are bounded here.
  if (source.length > 300) return new RegExp(source, flags);
  const key = `${flags}\u0000${source}`;
  let re = PATTERNS.get(key);
  if (!re && PATTERNS.size > 20_000) PATTERNS.clear();
  if (!re) PATTERNS.set(key, (re = new RegExp(source, flags)));
  return re;
}

const factsOf = (kind: AnswerKind) => STORY_TEXTS.filter((s) => s.fact.kind === kind).map((s) => s.fact.answer);

/** The words that make up the people's names the generator draws or a story names. */
const NAME_WORDS = [...new Set([...FIRST_NAMES, ...LAST_NAMES, ...factsOf('person').flatMap((n) => n.split(' '))])];
const PLACES = [...new Set([...CITIES, ...factsOf('place')])];
/** Name words that are also English words: they count as a name only capitalised ("grace" is a noun). */
const COMMON_WORDS = new Set(['grace']);

/**
 * Names the site gives to things that are not values (titles, the site's and its newsletters'
 * and advertisers' names): quoting one is no claim, even when it holds a capitalised word or
 * a number ("… Cuts Commute by Twenty Minutes"). Longest first, so a title goes before a name inside it.
 */
const SITE_PHRASES = [
  ...STORY_TEXTS.map((s) => s.title),
  ...Object.values(BRAND_NAMES).flat(),
  ...NEWSLETTERS,
  ...ADVERTISERS,
].sort((a, b) => b.length - a.length);

/**
 * Words that name no person or place: the words the news site's own text is written in
 * (so an answer may borrow them, capitalised or not) and the words an answer is phrased in.
 * A name or place the generator draws is never one of them.
 */
const PHRASING =
  `i me my mine we us our you your he him his she her they them their it its it's i'm that's there's this that these those
  a an the and or nor but so yet if then than as at by for from in into of off on onto out over to up with within without about above
  after before below between during per since through under until upon via not no yes yeah sure ok okay well also just only both either
  neither each every all any some none one's is are was were be been being am do does did done has have had will would shall should can
  could may might must according answer article story piece post report reported reports reporting wrote written writes writing write
  author authors byline by-line reporter journalist writer editor correspondent columnist contributor staff guest dr mr mrs ms prof sir
  says said say stated states notes noted mentions mentioned published publishes posted headline title site website paper newspaper
  page source here hi hello thanks thank please name named names called who what which where when why how
  city town street avenue road lane square place country state region downtown county north south east west`.split(
    /\s+/,
  );
const ORDINARY = new Set(
  [
    ...PHRASING,
    ...[
      ...STORY_TEXTS.flatMap((s) => [s.title, s.section, s.lede, s.fact.sentence]),
      ...FILLER_TEXTS,
      ...SITE_PHRASES,
    ].flatMap((t) => t.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? []),
    ...MONTHS,
    ...MONTH_ABBREVIATIONS,
    ...WEEKDAYS,
  ]
    .map((w) => w.toLowerCase())
    .filter((w) => !NAME_WORDS.some((n) => n.toLowerCase() === w) && !PLACES.some((p) => p.toLowerCase() === w)),
);
/** Is this word one that names no person or place (so "Bike Lanes" is no name, "Bob Smith" is)? */
export const ordinary = (w: string) => ORDINARY.has(w.toLowerCase());

/** Stands for the expected value once found, so a word joined to it ("Anika Brandt Smith") is seen as part of a longer name. */
const SELF = '\uE000';
/** Breaks a run of capitalised words where something was taken out. */
const GAP = ' \uE001 ';

/** Particles inside a name ("Ludwig van Beethoven"): part of the run only between capitalised words. */
const PARTICLES = 'van|von|de|der|den|da|di|du|del|della|la|le|bin|ibn|al';
const PARTICLE = new RegExp(`^(?:${PARTICLES})$`);
// An initial ("J.") keeps its point; a word's full stop ends the run, as it ends the sentence.
const CAP_WORD = `(?:${SELF}|\\p{Lu}\\.|\\p{Lu}[\\p{L}\\p{M}'’-]*)`;
/** Runs of capitalised words separated by nothing but spaces. */
const CAP_RUN = new RegExp(`${CAP_WORD}(?:[ \\t]+(?:(?:${PARTICLES})[ \\t]+)?${CAP_WORD})*`, 'gu');

/** A capitalised word just before or after "or", "/", "maybe" and the like: something offered instead. */
const HEDGED =
  /(?<![\p{L}])(\p{Lu}[\p{L}\p{M}'’-]*),?\s*(?:\/|\bor\b|\bnor\b)|(?:\/|\bor\b|\bnor\b|\bmaybe\b|\bperhaps\b|\bpossibly\b)\s*(\p{Lu}[\p{L}\p{M}'’-]*)/gu;

/** A street, in any case ("Harbor Street", "elm road"), unless the word before the street is an article or the like ("the road"). */
const STREET =
  /(?<![\p{L}\p{N}])(\p{L}[\p{L}\p{M}'’-]*) (street|avenue|road|lane|boulevard|square|drive)(?![\p{L}\p{N}])/giu;
const NOT_STREET_NAMES = new Set(
  'the a an this that these those each every any some no one which what whose its his her their our your my same other another next first long busy new old main'.split(
    ' ',
  ),
);

const MONTH_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(${[...MONTHS, ...MONTH_ABBREVIATIONS].join('|')})\\.?(?![\\p{L}\\p{N}])`,
  'giu',
);
/**
 * A month in any case, except two ordinary words: lower-case "may" before a verb ("it may
 * be calm") and any lower-case month after an article ("the march").
 */
function monthsIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(MONTH_WORD)) {
    const w = m[1] as string;
    const abbreviation = MONTH_ABBREVIATIONS.some((a) => a.toLowerCase() === w.toLowerCase());
    const lower = w === w.toLowerCase();
    if (abbreviation && lower) continue; // "jan", "mar", "dec" in lower case are too often other words
    const before = text
      .slice(0, m.index)
      .match(/(\p{L}+)\s*$/u)?.[1]
      ?.toLowerCase();
    const after = text.slice((m.index ?? 0) + m[0].length).match(/^\s+(\p{L}+)/u)?.[1];
    if (lower && before && ['the', 'a', 'an'].includes(before)) continue;
    if (
      lower &&
      w === 'may' &&
      after &&
      after === after.toLowerCase() &&
      !['or', 'and', 'nor', 'maybe', 'perhaps', 'possibly', 'then', 'either', 'probably'].includes(after)
    )
      continue;
    const full = MONTHS.find((mo) => mo.toLowerCase().startsWith(w.toLowerCase().slice(0, 3))) as string;
    found.push(full.toLowerCase());
  }
  return found;
}

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };
const NUMBER_WORD = new Map<string, number>([
  ...UNITS.map((w, i) => [w, i] as const),
  ...TENS.flatMap((w, i) => (w ? [[w, i * 10] as const] : [])),
  ['dozen', 12],
]);
const NUMBER_TOKEN = `\\d+(?:\\.\\d+)?|${[...NUMBER_WORD.keys(), ...Object.keys(SCALES)].sort((a, b) => b.length - a.length).join('|')}`;
/** Tokens: a number word or figure, joined to the next by a space, hyphen or "and". */
const NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}.])(?:${NUMBER_TOKEN})(?:(?:[ -]|\\s+and\\s+)(?:${NUMBER_TOKEN}))*(?![\\p{L}]|\\d)`,
  'gu',
);

/**
 * Every number a text states, in digits ("48,000", "$3.50") or in words ("thirty-seven",
 * "one hundred and twelve", "48 thousand"), as canonical strings. "one" as a pronoun
 * ("the one", "one of") is not a number.
 */
function numbersIn(text: string): string[] {
  const t = norm(text);
  const out: number[] = [];
  for (const m of t.matchAll(NUMBER)) {
    const tokens = m[0].split(/[ -]+/).filter((x) => x && x !== 'and');
    if (tokens.length === 1 && tokens[0] === 'one') {
      const before = t.slice(0, m.index).match(/(\p{L}+)\s*$/u)?.[1];
      const after = t.slice((m.index ?? 0) + m[0].length).match(/^\s+(\p{L}+)/u)?.[1];
      if (
        (before &&
          ['the', 'this', 'that', 'which', 'each', 'every', 'no', 'any', 'some', 'only', 'another'].includes(before)) ||
        (after && ['of', 'way', 'another', 'by', 'time'].includes(after))
      )
        continue;
    }
    out.push(...combine(tokens));
  }
  return out.map(String);
}

/** Number tokens to values: "forty eight thousand" is 48000; "36 37" are two numbers. */
function combine(tokens: string[]): number[] {
  const values: number[] = [];
  let total = 0;
  let current: number | undefined;
  let last: 'figure' | 'unit' | 'ten' | 'scale' | undefined;
  const flush = () => {
    if (current !== undefined || last) values.push(total + (current ?? 0));
    total = 0;
    current = undefined;
    last = undefined;
  };
  for (const tok of tokens) {
    if (/^\d/.test(tok)) {
      if (last) flush();
      current = Number(tok);
      last = 'figure';
    } else if (tok in SCALES) {
      const scale = SCALES[tok] as number;
      if (last === undefined) current = 1;
      if (scale === 100) current = (current ?? 1) * 100;
      else {
        total += (current ?? 1) * scale;
        current = undefined;
      }
      last = 'scale';
    } else {
      const v = NUMBER_WORD.get(tok) as number;
      const isTen = v >= 20;
      // "thirty seven" goes on one number; "seven thirty" or "36 forty" starts another.
      const continues = (last === 'ten' && !isTen && v < 10) || last === 'scale';
      if (!continues && last) flush();
      current = (current ?? 0) + v;
      last = isTen ? 'ten' : 'unit';
    }
  }
  flush();
  return values;
}

/** The text without what the site names and what the user's request gave, each leaving a gap. */
function withoutKnown(text: string, given: readonly string[]): string {
  let out = text;
  for (const g of given) if (g) out = out.replace(pattern(escape(g), 'giu'), GAP);
  for (const p of SITE_PHRASES) out = out.replace(word(p, 'giu'), GAP);
  return out;
}

/** Each kind: whether a value is of that kind, and the values of that kind a text states besides `own` (normalised for comparison). */
const KINDS: Record<
  AnswerKind,
  { is(value: string): boolean; key(value: string): string; others(text: string, expected: string): string[] }
> = {
  number: {
    is: (v) => /^\d+(\.\d+)?$/.test(norm(v)),
    key: (v) => String(Number(norm(v))),
    others: (t, e) => numbersIn(t).filter((n) => n !== KINDS.number.key(e)),
  },
  month: {
    is: (v) => (MONTHS as readonly string[]).includes(v),
    key: (v) => v.toLowerCase(),
    others: (t, e) => monthsIn(t).filter((m) => m !== e.toLowerCase()),
  },
  person: {
    is: (v) => v.split(' ').length >= 2 && v.split(' ').every((w) => NAME_WORDS.includes(w)),
    key: (v) => v.toLowerCase(),
    others(t, e) {
      const text = t.replace(word(e, 'giu'), SELF);
      const mine = new Set(e.toLowerCase().split(' '));
      // A word of a drawn name, in any case; and any run of two or more capitalised words
      // with a word in it that is not ordinary ("Bob Smith", "Anika Brandt Smith").
      const drawn = NAME_WORDS.filter((w) => word(w, COMMON_WORDS.has(w.toLowerCase()) ? 'u' : 'iu').test(text))
        .map((w) => w.toLowerCase())
        .filter((w) => !mine.has(w));
      const runs = [...text.matchAll(CAP_RUN)].flatMap((m) => {
        const words = m[0].split(/[ \t]+/).filter((w) => !PARTICLE.test(w));
        const strange = words.filter((w) => w !== SELF && !ordinary(w) && !mine.has(w.toLowerCase()));
        return words.length >= 2 && strange.length > 0 ? [strange.join(' ').toLowerCase()] : [];
      });
      // A lone surname offered as an alternative ("Anika Brandt or Smith") is a name too.
      const offered = [...text.matchAll(HEDGED)]
        .flatMap((m) => [m[1], m[2]])
        .filter((w): w is string => !!w && !ordinary(w) && !mine.has(w.toLowerCase()) && !PLACES.includes(w));
      return [...drawn, ...runs, ...offered.map((w) => w.toLowerCase())];
    },
  },
  place: {
    is: (v) => PLACES.includes(v) || /^\p{Lu}\p{L}+ (?:Street|Avenue|Road|Lane|Boulevard|Square)$/u.test(v),
    key: (v) => v.toLowerCase(),
    others(t, e) {
      const text = t.replace(word(e, 'giu'), SELF);
      const drawn = PLACES.filter((p) => word(p).test(text)).map((p) => p.toLowerCase());
      const streets = [...text.matchAll(STREET)]
        .filter((m) => !NOT_STREET_NAMES.has((m[1] as string).toLowerCase()))
        .map((m) => m[0].toLowerCase());
      // Any capitalised word that is no ordinary word, name of a person or month: "Chicago", "York".
      const capitalised = (text.match(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{M}'’-]*/gu) ?? [])
        .filter((w) => !ordinary(w) && !NAME_WORDS.includes(w))
        .map((w) => w.toLowerCase());
      return [...drawn, ...streets, ...capitalised];
    },
  },
};

/** The kind of an expected value, or undefined for a value of no kind known here. */
export function kindOf(value: string): AnswerKind | undefined {
  return ANSWER_KINDS.find((k) => KINDS[k].is(value));
}

/** Does the text state the expected value as a whole word or number ("19" is not in "2019", "3.5" is "$3.50", "thirty-six" is 36)? */
export function states(text: string, expected: string): boolean {
  if (kindOf(expected) === 'number') return numbersIn(text).includes(KINDS.number.key(expected));
  // A month is stated only where a rival month would count, so "the november" states neither.
  if (kindOf(expected) === 'month') return monthsIn(text).includes(KINDS.month.key(expected));
  return pattern(`(^|[^\\p{L}\\p{N}.])${escape(norm(expected))}($|[^\\p{L}\\p{N}]|\\.(?!\\d))`, 'u').test(norm(text));
}

/**
 * The values of the expected value's kind that the answer states besides it. `given` are
 * values the user's own request names (the name to sign up with, in an errand): repeating
 * them is no claim about the answer.
 */
export function rivals(answer: string, expected: string, given: readonly string[] = []): string[] {
  const kind = kindOf(expected);
  if (!kind) return [];
  return [...new Set(KINDS[kind].others(withoutKnown(answer, given), expected))];
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
