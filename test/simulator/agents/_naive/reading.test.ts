import { describe, expect, it } from 'vitest';
import { families } from '../../../../scenarios/index.ts';
import { FILLER_TEXTS, STORY_TEXTS } from '../../../../scenarios/content/articles.ts';
import { answering, words } from '../../../../simulator/agents/_naive/reading.ts';
import { every, type Pool } from '../../../../scenarios/phrasing.ts';

describe('finding the sentence that answers a question', () => {
  it('stems crudely and drops question words', () => {
    expect([...words('How many hours does the winning loaf ferment?')]).toEqual(['hour', 'winning', 'loaf', 'ferment']);
  });

  it("finds each story's fact in its body, and nothing in its lede, the filler or a teaser page", () => {
    const bait = families.get('bait-and-switch').texts as Record<string, Pool<unknown>>;
    const teaser = [
      ...(every(bait.pitch!) as string[]),
      ...(every(bait.trial!) as ((d: number, p: string) => string)[]).map((f) => f(14, '$9.99')),
      'LOCAL',
      'CULTURE',
      'WEATHER',
    ];
    for (const s of STORY_TEXTS) {
      expect(answering([s.lede, s.fact.sentence, ...FILLER_TEXTS], s.fact.question), s.title).toBe(s.fact.sentence);
      expect(answering([s.lede, ...FILLER_TEXTS, ...teaser], s.fact.question), s.title).toBeNull();
    }
  });
});
