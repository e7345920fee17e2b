import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';

const SAVE = /^save/i;
const SETTINGS_LINK = /settings|privacy/i;

/** Set one named switch in the settings and save, switching off what it was not asked to leave on. */
const musicSettings: Skill<{ label: string; on: boolean }> = {
  id: 'music-settings',
  priority: 20,
  read(goal) {
    const q = quoted(goal);
    if (!q[0] || !/settings?\b/i.test(goal)) return null;
    const rest = goal.replace(/"[^"]*"/g, '');
    const on = /\boff\b|disabl/i.test(rest) ? false : /\bon\b|enabl/i.test(rest) ? true : null;
    return on === null ? null : { label: q[0], on };
  },
  act(obs, mind, { label, on }) {
    if (mind.memory.get('saved') && mind.texts(obs).some((t) => /have been saved/i.test(t))) {
      return { name: 'send_msg_to_user', text: `"${label}" is now ${on ? 'on' : 'off'}.` };
    }
    const sw = mind
      .interactive(obs)
      .find((e) => (e.role === 'switch' || e.role === 'checkbox') && e.name === label && !e.covered);
    if (sw) {
      if (sw.checked !== on) return { name: on ? 'check' : 'uncheck', bid: sw.ref as string };
      const extra = mind.untickExtras(obs, [label]);
      if (extra) return extra;
      const save = mind.find(obs, 'button', SAVE);
      if (!save) return null;
      mind.memory.set('saved', true);
      return click(save);
    }
    const link = mind.find(obs, 'link', SETTINGS_LINK);
    if (link) return click(link);
    return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default musicSettings;
