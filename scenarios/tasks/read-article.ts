import type { SiteEvent, TaskDef } from '../model.ts';
import type { AnswerGoal } from '../goals.ts';
import { isAnswer } from '../goals.ts';
import { answers } from '../answers.ts';
import { factOf } from '../content/articles.ts';
import { newsSite } from '../sites/news.ts';

/** What the user asks about one article; `expected` is the fact's answer. */
export interface ArticleQuestionGoal extends AnswerGoal {
  article: string;
  question: string;
}

const PHRASINGS = [
  (site: string, title: string, q: string) => `In the article "${title}" on ${site}, ${q}?`,
  (site: string, title: string, q: string) => `Read "${title}" on ${site} and tell me: ${q}?`,
  (_site: string, title: string, q: string) => `According to the story "${title}", ${q}?`,
  (site: string, title: string, q: string) =>
    `Open the article "${title}" on ${site}. ${q.charAt(0).toUpperCase()}${q.slice(1)}?`,
  (site: string, title: string, q: string) => `I need one detail from the ${site} article "${title}": ${q}?`,
];

const readArticle: TaskDef = {
  id: 'read-article',
  title: 'Answer a question from the body of an article',
  domains: ['news'],
  capabilities: ['articles', 'signup'],
  build({ rng }) {
    const { site } = newsSite(rng);
    const article = rng.pick(site.articles);
    const fact = factOf(article);
    const goal: ArticleQuestionGoal = {
      kind: 'answer',
      article: article.slug,
      question: fact.question,
      expected: fact.answer,
    };
    return {
      instruction: rng.pick(PHRASINGS)(site.brand.name, article.title, fact.question),
      goal,
      site,
      path: [
        { id: 'open-article', verb: 'click', target: { role: 'link', name: article.title } },
        { id: 'finish', verb: 'answer', text: `The article says: ${fact.sentence}` },
      ],
    };
  },
  /** The fact, and no other value of its kind (another number, month, place or person). */
  success(goal, _events: readonly SiteEvent[], answer) {
    return isAnswer(goal) && answers(answer, goal.expected, goal.given);
  },
};

export default readArticle;
