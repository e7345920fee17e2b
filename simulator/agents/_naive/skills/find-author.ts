import type { Skill } from '../mind.ts';
import { quoted } from '../mind.ts';
import { backToList, openStory, readOn } from '../reading.ts';

/** Find an article and report its author from the byline, reading on past a teaser if needed. */
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
      const on = readOn(obs, mind);
      if (on) return on;
    }
    return openStory(obs, mind, article) ?? backToList(obs, mind);
  },
};

export default findAuthor;
