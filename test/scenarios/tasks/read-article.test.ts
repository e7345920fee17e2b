import { describe, expect, it } from 'vitest';
import { tasks } from '../../../scenarios/index.ts';
import { createRng, hashSeed } from '../../../scenarios/rng.ts';
import { factOf, STORY_TEXTS } from '../../../scenarios/content/articles.ts';
import { states } from '../../../scenarios/answers.ts';

const task = tasks.get('read-article');
const goal = (expected: string) => ({ kind: 'answer', article: 'a', question: 'q', expected });

describe('read-article', () => {
  it('succeeds when the answer states the fact, as a whole word or number', () => {
    expect(task.success(goal('Harbor Street'), [], 'The first section will run along harbor street.')).toBe(true);
    expect(task.success(goal('48,000'), [], 'About $48000 a year.')).toBe(true);
    expect(task.success(goal('48,000'), [], 'It costs $48,000.')).toBe(true);
    expect(task.success(goal('3.50'), [], 'A ticket is $3.50.')).toBe(true);
    expect(task.success(goal('19'), [], 'It took 19 months.')).toBe(true);
    expect(task.success(goal('19'), [], 'It was published on June 19')).toBe(true);
    expect(task.success(goal('19'), [], 'It was restored in 2019.')).toBe(false);
    expect(task.success(goal('3.50'), [], 'A ticket is $13.50.')).toBe(false);
    expect(task.success(goal('36'), [], 'It ferments for 360 minutes.')).toBe(false);
    expect(task.success(goal('Denver'), [], null)).toBe(false);
    expect(task.success({ kind: 'signup' }, [], 'Denver')).toBe(false);
  });

  it('every story states its fact after the lede and never in it', () => {
    for (const s of STORY_TEXTS) {
      expect(states(s.fact.sentence, s.fact.answer), s.title).toBe(true);
      expect(states(s.lede, s.fact.answer), s.title).toBe(false);
    }
    expect(states('x', 'x')).toBe(true);
  });

  it('asks in quotes about an article of the site, whose body holds the answer', () => {
    for (let seed = 0; seed < 20; seed++) {
      const inst = task.build({ domain: 'news', rng: createRng(hashSeed('t', seed)) });
      const article = inst.site.articles.find((a) => a.slug === inst.goal.article);
      expect(article).toBeDefined();
      expect(inst.instruction).toContain(`"${article?.title}"`);
      expect(inst.instruction.trim().endsWith('?')).toBe(true);
      expect(article?.body.slice(1)).toContain(factOf(article as { title: string }).sentence);
      expect(task.success(inst.goal, [], (inst.path.at(-1) as { text: string }).text)).toBe(true);
    }
  });
});
