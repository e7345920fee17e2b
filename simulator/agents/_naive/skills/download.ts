import type { Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';
import { offerBeside, openSections } from '../page.ts';

const PLATFORMS = ['Windows', 'macOS', 'Linux'];
const names = (name: string, platform: string) => name.toLowerCase().includes(platform.toLowerCase());

/** Download an app for a platform: open its page and press that platform's download button. */
const download: Skill<{ app: string; platform: string }> = {
  id: 'download',
  priority: 45,
  read(goal) {
    const q = quoted(goal);
    const platform = q.find((x) => PLATFORMS.some((p) => p.toLowerCase() === x.toLowerCase()));
    const app = q.find((x) => x !== platform);
    return /download|install/i.test(goal) && platform && app ? { app, platform } : null;
  },
  act(obs, mind, { app, platform }) {
    if (mind.memory.get('submitted') && /download has started|thanks/i.test(mind.heading1(obs))) {
      return { name: 'send_msg_to_user', text: `The download of ${app} for ${platform} has started.` };
    }
    if (mind.heading1(obs) === app) {
      const target = mind
        .interactive(obs)
        .find((e) => e.role === 'button' && !e.covered && names(e.name, platform) && /download|get/i.test(e.name));
      if (!target) return null;
      const isPlatformButton = (e: { name: string }) => PLATFORMS.some((p) => names(e.name, p));
      const first =
        openSections(obs, mind) ?? mind.untickExtras(obs) ?? offerBeside(obs, mind, target, isPlatformButton);
      if (first) return first;
      mind.memory.set('submitted', true);
      return click(target);
    }
    const link = mind.listing(obs, 'link', app);
    if (link) return click(link);
    return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default download;
