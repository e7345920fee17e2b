import type { Skill } from '../mind.ts';
import { quoted } from '../mind.ts';
import { answering, backToList, openStory, readOn } from '../reading.ts';

/** Answer a question about an article: open it, read on past a teaser, quote the sentence that answers. */
const readArticle: Skill<{ article: string; question: string }> = {
  id: 'read-article',
  priority: 32,
  read(goal) {
    const title = quoted(goal)[0];
    const text = goal.trim();
    if (!title || title.includes('@') || !/\?$/.test(text) || !/\b(article|story|read)\b/i.test(text)) return null;
    // The question is the last clause after the title.
    const rest = text.slice(text.indexOf(`"${title}"`) + title.length + 2, -1);
    const question =
      rest
        .split(/[,:.]\s/)
        .pop()
        ?.trim() ?? '';
    return question ? { article: title, question } : null;
  },
  act(obs, mind, { article, question }) {
    if (mind.heading1(obs) === article) {
      const found = answering(mind.texts(obs), question);
      if (found) return { name: 'send_msg_to_user', text: found };
      const on = readOn(obs, mind);
      if (on) return on;
    }
    return openStory(obs, mind, article) ?? backToList(obs, mind);
  },
};

export default readArticle;
