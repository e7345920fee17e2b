import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tasks } from '../../scenarios/index.ts';
import { answers, CANDIDATES, kindOf, MONTHS, rivals } from '../../scenarios/answers.ts';
import { STORY_TEXTS } from '../../scenarios/content/articles.ts';
import { FIRST_NAMES, LAST_NAMES } from '../../scenarios/content/people.ts';
import { isAnswer, type AnswerGoal } from '../../scenarios/goals.ts';
import type { TaskInstance } from '../../scenarios/model.ts';
import { createRng, hashSeed } from '../../scenarios/rng.ts';
import { PROPERTY_RUNS, seedArb } from '../helpers.ts';

/** Every information task: a task whose goal, or one of whose errands' goals, is an answer. */
const INFO = tasks.all().flatMap((t) => t.domains.map((domain) => ({ task: t, domain }))).filter(({ task, domain }) => {
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

const EVERY_NUMBER = Array.from({ length: 50_001 }, (_, i) => String(i)).concat(['3.50', '48,000']);

/** Everything the site says and every value the generator could draw: the "list everything" answer. */
function everything(inst: TaskInstance, numbers = true): string {
  const site = inst.site.articles.flatMap((a) => [a.title, a.author, a.date, ...a.body]);
  const pools = [...CANDIDATES.person, ...CANDIDATES.month, ...CANDIDATES.place, ...STORY_TEXTS.map((s) => s.fact.answer)];
  const counts = numbers ? EVERY_NUMBER : [];
  return [...site, ...pools, ...counts].join(', ');
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
    expect(answers('I created the account for Lena Sato. The article was written by Maya Rossi. I unsubscribed lena.sato@example.com.', 'Maya Rossi', given)).toBe(true);
    expect(rivals('Maya Rossi, Lena Sato, Omar Haddad', 'Maya Rossi', given)).toEqual(['omar', 'haddad']);
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
            const sameKind = kind === 'number' ? '0 1 2 3 5 8 13 21 34 36 48000 112 19 3.50' : kind ? CANDIDATES[kind].join(', ') : '';
            expect(def.success(part.goal, [], sameKind)).toBe(false);
          }
        }),
        { numRuns: Math.min(PROPERTY_RUNS, 10) },
      );
    },
  );
});
