import type { SiteEvent, TaskDef } from '../model.ts';
import type { AnswerGoal } from '../goals.ts';
import { isAnswer } from '../goals.ts';
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
  (site: string, title: string, q: string) => `Open the article "${title}" on ${site}. ${q.charAt(0).toUpperCase()}${q.slice(1)}?`,
  (site: string, title: string, q: string) => `I need one detail from the ${site} article "${title}": ${q}?`,
];

/** Lower case, no thousands commas or currency signs, single spaces: "$48,000" ~ "48000". */
const norm = (s: string) => s.toLowerCase().replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/\$/g, '').replace(/\s+/g, ' ').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does the answer state the expected value as a whole word or number ("19" is not in "2019")? */
export function states(answer: string, expected: string): boolean {
  return new RegExp(`(^|[^a-z0-9.])${escape(norm(expected))}($|[^a-z0-9]|\\.(?!\\d))`).test(norm(answer));
}

const readArticle: TaskDef = {
  id: 'read-article',
  title: 'Answer a question from the body of an article',
  domains: ['news'],
  capabilities: ['articles', 'signup'],
  build({ rng }) {
    const { site } = newsSite(rng);
    const article = rng.pick(site.articles);
    const fact = factOf(article);
    const goal: ArticleQuestionGoal = { kind: 'answer', article: article.slug, question: fact.question, expected: fact.answer };
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
  success(goal, _events: readonly SiteEvent[], answer) {
    if (!isAnswer(goal) || answer === null) return false;
    return states(answer, goal.expected);
  },
};

export default readArticle;
