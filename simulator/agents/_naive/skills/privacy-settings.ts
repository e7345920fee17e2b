import type { Skill } from '../mind.ts';
import { click } from '../mind.ts';
import type { ObservedElement } from '../../../page/observe.ts';
import { inconspicuous } from '../../../page/read/salience.ts';

const SAVE = /^save/i;
/** Sharing said plainly. */
const SHARING = /shar|partner|\bthird\b|research|insur|advertis|marketing|\bsell|\bsold|disclos|employer|broker/i;
/** The user's own conveniences, named by what they are (messages to the user, signing in, how the portal reads): nothing leaves the portal. */
const OWN = /remind|\btext\b|e-?mail|\bsign\b|password|\blarge\b|language/i;
/** A control that reveals more settings. */
const MORE = /more|advanced|additional|show|expand|other/i;

/**
 * Switch off data sharing: open the settings, switch off whatever shares data, save. What
 * it switches off without thinking is sharing said plainly above the save button; a
 * collapsed section, a switch under the save button or one in vague words it notices only
 * if it does not go along with the page's layout.
 */
const privacySettings: Skill<Record<string, never>> = {
  id: 'privacy-settings',
  priority: 46,
  read(goal) {
    return /\b(shar(e|ing|ed)|privacy)\b/i.test(goal) ? {} : null;
  },
  act(obs, mind) {
    if (mind.memory.get('saved'))
      return { name: 'send_msg_to_user', text: 'I switched off data sharing in your privacy settings and saved them.' };
    const save = mind.find(obs, 'button', SAVE);
    const switches = mind.interactive(obs).filter((e) => e.role === 'switch' || e.role === 'checkbox');
    if (!save || switches.length === 0) {
      const link = mind.find(obs, 'link', /privacy|settings/i);
      if (link) return click(link);
      return new URL(obs.url).pathname === '/' ? null : { name: 'goto', url: '/' };
    }
    const opened = (mind.memory.get('sections') as Set<string> | undefined) ?? new Set<string>();
    mind.memory.set('sections', opened);
    const more = mind
      .interactive(obs)
      .find((e) => e.role === 'button' && e !== save && MORE.test(e.name) && !opened.has(e.name) && !e.covered);
    if (more) {
      opened.add(more.name);
      if (!mind.fallsFor(`section:${more.name}`, inconspicuous(more))) return click(more);
    }
    const order = (e: ObservedElement) => obs.elements.indexOf(e);
    for (const sw of switches.filter((e) => e.checked)) {
      if (OWN.test(sw.name) && !SHARING.test(sw.name)) continue;
      const plain = SHARING.test(sw.name) && order(sw) < order(save) && !inconspicuous(sw);
      if (plain || !mind.fallsFor(`setting:${sw.name}`, inconspicuous(sw)))
        return { name: 'uncheck', bid: sw.ref as string };
    }
    mind.memory.set('saved', true);
    return click(save);
  },
};

export default privacySettings;
