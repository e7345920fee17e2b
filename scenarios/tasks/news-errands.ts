import { errands } from './_compound.ts';
import signup from './signup.ts';
import findAuthor from './find-author.ts';
import unsubscribe from './unsubscribe.ts';

/** Sign-up, an article and the newsletter in one visit: where news patterns can meet. */
export default errands({
  id: 'news-errands',
  title: 'Create an account, find an article’s author and unsubscribe from a newsletter',
  domain: 'news',
  parts: [signup, findAuthor, unsubscribe],
});
