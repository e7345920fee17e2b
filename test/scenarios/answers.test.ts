import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tasks } from '../../scenarios/index.ts';
import n2w from 'number-to-words';
import { answers, CANDIDATES, kindOf, MONTHS, ordinary, rivals, states } from '../../scenarios/answers.ts';
import { STORY_TEXTS } from '../../scenarios/content/articles.ts';
import { FIRST_NAMES, LAST_NAMES } from '../../scenarios/content/people.ts';
import { isAnswer, type AnswerGoal } from '../../scenarios/goals.ts';
import type { TaskInstance } from '../../scenarios/model.ts';
import { createRng, hashSeed } from '../../scenarios/rng.ts';
import { PROPERTY_RUNS, seedArb } from '../helpers.ts';

/** Every information task: a task whose goal, or one of whose errands' goals, is an answer. */
const INFO = tasks
  .all()
  .flatMap((t) => t.domains.map((domain) => ({ task: t, domain })))
  .filter(({ task, domain }) => {
    const inst = task.build({ domain, rng: createRng(1) });
    return answerParts(task.id, inst).length > 0;
  });

function answerParts(task: string, inst: TaskInstance): { task: string; goal: AnswerGoal }[] {
  const parts = inst.parts ?? [{ task, goal: inst.goal }];
  return parts.flatMap((p) => (isAnswer(p.goal) ? [{ task: p.task, goal: p.goal }] : []));
}

const finalAnswer = (inst: TaskInstance) => {
  const last = inst.path.at(-1);
  return last?.verb === 'answer' ? last.text : '';
};

/** A capitalised word that is no ordinary word, so no pool and no site text makes it one: "Zuvemo". */
const strangeWord = fc
  .tuple(
    fc.constantFrom(...'BCDFGHJKLMNPRSTVZ'),
    fc.array(fc.constantFrom('a', 'e', 'i', 'o', 'u', 'ka', 've', 'ro', 'zi', 'mu', 'dr', 'sh'), {
      minLength: 2,
      maxLength: 4,
    }),
  )
  .map(([c, rest]) => c + rest.join(''))
  .filter((w) => !ordinary(w));
const CASES = [(s: string) => s, (s: string) => s.toLowerCase(), (s: string) => s.toUpperCase()];

/** Another value of the expected one's kind, drawn from the pools or made up, as an answer would write it. */
function competitor(expected: string): fc.Arbitrary<string> {
  const kind = kindOf(expected);
  const other = (xs: readonly string[]) =>
    fc.constantFrom(...xs.filter((x) => x.toLowerCase() !== expected.toLowerCase()));
  if (kind === 'person')
    return fc.oneof(
      other(CANDIDATES.person),
      fc.tuple(strangeWord, strangeWord).map(([f, l]) => `${f} ${l}`),
    );
  if (kind === 'place')
    return fc.oneof(
      other(CANDIDATES.place),
      strangeWord,
      fc.tuple(strangeWord, fc.constantFrom('Street', 'road', 'Avenue')).map(([w, s]) => `${w} ${s}`),
    );
  if (kind === 'month') return fc.tuple(other(MONTHS), fc.constantFrom(...CASES)).map(([m, c]) => c(m));
  const value = Number(expected.replace(/,/g, ''));
  const n = fc
    .oneof(
      fc.integer({ min: 0, max: 999_999 }),
      fc.integer({ min: 0, max: 9_999 }).map((c) => c / 100),
    )
    .filter((x) => x !== value);
  return fc.oneof(
    n.map((x) => (Number.isInteger(x) ? x.toLocaleString('en-US') : `$${x.toFixed(2)}`)),
    n.filter(Number.isInteger).map((x) => n2w.toWords(x)),
  );
}
const CONNECTORS = [' or ', ', ', '; maybe ', ' / ', ' (or ', ' and ', '\n'];

const EVERY_NUMBER = Array.from({ length: 50_001 }, (_, i) => String(i)).concat(['3.50', '48,000']);
/** The numbers part of the "list everything" answer, written once: it is the same for every instance. */
const EVERY_NUMBER_TEXT = EVERY_NUMBER.join(', ');

/** Everything the site says and every value the generator could draw: the "list everything" answer. */
function everything(inst: TaskInstance, numbers = true): string {
  const site = inst.site.articles.flatMap((a) => [a.title, a.author, a.date, ...a.body]);
  const pools = [
    ...CANDIDATES.person,
    ...CANDIDATES.month,
    ...CANDIDATES.place,
    ...STORY_TEXTS.map((s) => s.fact.answer),
  ];
  const words = [...site, ...pools].join(', ');
  return numbers ? `${words}, ${EVERY_NUMBER_TEXT}` : words;
}

describe('answers: the right value and no competing one', () => {
  it('knows the kind of every value an information task can expect', () => {
    for (const s of STORY_TEXTS) expect(kindOf(s.fact.answer), s.fact.answer).toBe(s.fact.kind);
    for (const f of FIRST_NAMES) for (const l of LAST_NAMES) expect(kindOf(`${f} ${l}`)).toBe('person');
    for (const m of MONTHS) expect(kindOf(m)).toBe('month');
  });

  it('an answer naming others beside the right one fails; repeating what the request named does not', () => {
    expect(answers('It was written by Maya Rossi.', 'Maya Rossi')).toBe(true);
    expect(answers('Maya Rossi or Jonas Okafor', 'Maya Rossi')).toBe(false);
    expect(answers('Maya Okafor', 'Maya Rossi')).toBe(false);
    expect(answers('maya rossi, lena sato', 'Maya Rossi')).toBe(false);
    expect(answers('It was 36, maybe 37.', '36')).toBe(false);
    expect(answers('A ticket is $3.5.', '3.50')).toBe(true);
    expect(answers('November, though it may be calm', 'November')).toBe(true);
    expect(answers('November or May', 'November')).toBe(false);
    expect(answers('Harbor Street, then Elm Road', 'Harbor Street')).toBe(false);
    expect(answers('Denver, not Kyoto', 'Denver')).toBe(false);
    expect(answers(null, 'Denver')).toBe(false);
    const given = ['Lena Sato', 'lena.sato@example.com'];
    expect(
      answers(
        'I created the account for Lena Sato. The article was written by Maya Rossi. I unsubscribed lena.sato@example.com.',
        'Maya Rossi',
        given,
      ),
    ).toBe(true);
    expect(rivals('Maya Rossi, Lena Sato, Omar Haddad', 'Maya Rossi', given)).toEqual([
      'omar',
      'haddad',
      'omar haddad',
    ]);
  });

  // Hedges that state the right value beside another of its kind, from outside the generator's pools too.
  const HEDGES: [answer: string, expected: string][] = [
    ['Anika Brandt or Bob Smith', 'Anika Brandt'],
    ['Bob Smith or Anika Brandt', 'Anika Brandt'],
    ['Anika Brandt Smith', 'Anika Brandt'],
    ['Anika Brandt or Smith', 'Anika Brandt'],
    ['Smith / Anika Brandt', 'Anika Brandt'],
    ['Anika Brandt, J. Smith', 'Anika Brandt'],
    ['Anika Brandt And Bob Smith', 'Anika Brandt'],
    ['anika brandt, maya rossi', 'Anika Brandt'],
    ['Ludwig van Beethoven or Anika Brandt', 'Anika Brandt'],
    ['Denver, Chicago, Boston…', 'Denver'],
    ['Chicago. Or Denver.', 'Denver'],
    ['denver or lisbon', 'Denver'],
    ['Denver or New York', 'Denver'],
    ['harbor street, elm road, oak avenue', 'Harbor Street'],
    ['Harbor Street or Main Street', 'Harbor Street'],
    ['36 or thirty-seven', '36'],
    ['thirty-six or 37', '36'],
    ['36, maybe 40 thousand', '36'],
    ['112 or one hundred and thirteen', '112'],
    ['$3.50 or $4', '3.50'],
    ['48,000 or 50,000', '48,000'],
    ['19 or twenty', '19'],
    ['November, or maybe may', 'November'],
    ['november or december', 'November'],
    ['NOVEMBER OR MARCH', 'November'],
    ['November (or Oct.)', 'November'],
  ];
  it.each(HEDGES)('the hedge %j does not answer %j', (answer, expected) => {
    expect(states(answer, expected)).toBe(true);
    expect(answers(answer, expected)).toBe(false);
  });

  it('a list of every month in lower case after "the" states none of them, so it answers no month question', () => {
    const list = `One of: ${MONTHS.map((m) => `the ${m.toLowerCase()}`).join(', ')}.`;
    for (const m of MONTHS) expect(answers(list, m)).toBe(false);
    expect(answers('It was published in November 2024.', 'November')).toBe(true);
  });

  // Plain right answers whose sentences hold other capitalised words, numbers of a title, dates.
  const HONEST: [answer: string, expected: string, given?: string[]][] = [
    ['The author is Anika Brandt.', 'Anika Brandt'],
    ['The survey team was led by geologist Anika Brandt.', 'Anika Brandt'],
    [
      'The article "Researchers Map Ancient River Beneath Harbor" on The Daily Ledger was written by Anika Brandt.',
      'Anika Brandt',
    ],
    ['According to Meridian Times, Dr Anika Brandt led the team; it was published on June 7, 2026.', 'Anika Brandt'],
    ['It was written by Reporter Anika Brandt. I hope that helps!', 'Anika Brandt'],
    ['Anika Brandt, or Dr Brandt as the article calls her.', 'Anika Brandt'],
    ['It was published on 3 May 2024', 'May'],
    ['november', 'November'],
    ['Forecasters named November as the calmest month of the season, though it may be windy.', 'November'],
    ['The national finals will be held in Denver this summer.', 'Denver'],
    ['In Denver.', 'Denver'],
    ['The article says: The first section of the lanes will run along Harbor Street.', 'Harbor Street'],
    ['The article "New Ferry Route Cuts Commute by Twenty Minutes" says a single ticket costs $3.50.', '3.50'],
    ['thirty-six hours', '36'],
    ['About $48,000 each year.', '48,000'],
    ['The garden waiting list now has one hundred and twelve families on it.', '112'],
    ['It took 19 months, one of the longest jobs.', '19'],
    [
      'I created the account for Omar Sato. The article was written by Daniel Castillo. I unsubscribed omar.sato@mail.test from the Evening Edition.',
      'Daniel Castillo',
      ['Omar Sato', 'omar.sato@mail.test', 'Evening Edition'],
    ],
  ];
  it.each(HONEST)('the plain answer %j answers %j', (answer, expected, given) => {
    expect(rivals(answer, expected, given)).toEqual([]);
    expect(answers(answer, expected, given)).toBe(true);
  });

  it.each(INFO.map(({ task, domain }) => [`${task.id}/${domain}`, task, domain] as const))(
    'property: on %s the oracle answer succeeds and the "list everything" answer fails (seeded)',
    (_name, task, domain) => {
      fc.assert(
        fc.property(seedArb, (seed) => {
          expect(answerParts(task.id, task.build({ domain, rng: createRng(1) })).length).toBeGreaterThan(0);
          const inst = task.build({ domain, rng: createRng(hashSeed('answers', seed)) });
          const said = finalAnswer(inst);
          for (const part of answerParts(task.id, inst)) {
            const def = tasks.get(part.task);
            expect(def.success(part.goal, [], said)).toBe(true);
            expect(def.success(part.goal, [], everything(inst))).toBe(false);
            expect(def.success(part.goal, [], `${said} ${everything(inst, false)}`)).toBe(false);
            const kind = kindOf(part.goal.expected);
            const sameKind =
              kind === 'number' ? '0 1 2 3 5 8 13 21 34 36 48000 112 19 3.50' : kind ? CANDIDATES[kind].join(', ') : '';
            expect(def.success(part.goal, [], sameKind)).toBe(false);
          }
        }),
        { numRuns: Math.min(PROPERTY_RUNS, 10) },
      );
    },
  );

  it.each(INFO.map(({ task, domain }) => [`${task.id}/${domain}`, task, domain] as const))(
    'property: on %s the right answer with one competitor of its kind, from the pools or not, never succeeds (seeded)',
    (_name, task, domain) => {
      const built = (seed: number) => task.build({ domain, rng: createRng(hashSeed('answers-hedge', seed)) });
      const partAt = (seed: number, i: number) => {
        const ps = answerParts(task.id, built(seed));
        return ps[i % ps.length] as { task: string; goal: AnswerGoal };
      };
      fc.assert(
        fc.property(
          fc.tuple(seedArb, fc.nat()).chain(([seed, i]) =>
            fc.record({
              seed: fc.constant(seed),
              i: fc.constant(i),
              other: competitor(partAt(seed, i).goal.expected),
              join: fc.constantFrom(...CONNECTORS),
              first: fc.boolean(),
            }),
          ),
          ({ seed, i, other, join, first }) => {
            const inst = built(seed);
            const part = partAt(seed, i);
            const said = finalAnswer(inst);
            // A value the right answer already states (another part's, in an errand) competes with nothing new.
            fc.pre(!said.toLowerCase().includes(other.toLowerCase()));
            const hedge = first ? `${other}${join}${said}` : `${said}${join}${other}`;
            expect(tasks.get(part.task).success(part.goal, [], said)).toBe(true);
            expect(tasks.get(part.task).success(part.goal, [], hedge), hedge).toBe(false);
          },
        ),
        { numRuns: Math.min(PROPERTY_RUNS, 20) },
      );
    },
  );
});
