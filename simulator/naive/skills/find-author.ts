import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';

/** Find an article and report its author from the byline. */
const findAuthor: Skill<{ article: string }> = {
  id: 'find-author',
  priority: 30,
  read(goal) {
    const q = quoted(goal);
    return /who wrote|author/i.test(goal) && q[0] ? { article: q[0] } : null;
  },
  act(obs, mind, { article }) {
    if (mind.heading1(obs) === article) {
      const by = mind.texts(obs).find((t) => /^By /.test(t));
      if (by) return { name: 'send_msg_to_user', text: by.slice(3).split(' · ')[0] as string };
    }
    const link = mind.listing(obs, 'link', article);
    if (link) return click(link);
    return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default findAuthor;
