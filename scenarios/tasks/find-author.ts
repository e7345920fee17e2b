import type { TaskDef } from '../model.ts';
import { isAnswer } from '../goals.ts';
import { answers } from '../answers.ts';
import { newsSite } from '../sites/news.ts';

const PHRASINGS = [
  (site: string, title: string) => `On ${site}, find the article "${title}" and tell me who wrote it.`,
  (site: string, title: string) => `Who is the author of "${title}" on ${site}?`,
  (site: string, title: string) => `Open the story "${title}" on ${site} and report its author's name.`,
  (_site: string, title: string) => `Find out who wrote the article "${title}".`,
  (site: string, title: string) => `I read "${title}" on ${site} yesterday. Who wrote it?`,
];

const findAuthor: TaskDef = {
  id: 'find-author',
  title: 'Find an article and report its author',
  domains: ['news'],
  capabilities: ['articles', 'signup'],
  build({ rng }) {
    const { site } = newsSite(rng);
    const article = rng.pick(site.articles);
    return {
      instruction: rng.pick(PHRASINGS)(site.brand.name, article.title),
      goal: { kind: 'answer', article: article.slug, expected: article.author },
      site,
      path: [
        { id: 'open-article', verb: 'click', target: { role: 'link', name: article.title } },
        { id: 'finish', verb: 'answer', text: `The article was written by ${article.author}.` },
      ],
    };
  },
  /** The author's name, and no other person's. */
  success(goal, _events, answer) {
    return isAnswer(goal) && answers(answer, goal.expected, goal.given);
  },
};

export default findAuthor;
