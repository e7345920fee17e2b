import type { Goal, TaskDef } from '../model.ts';
import { musicSite, SETTINGS_LINK } from '../sites/music.ts';
import { fieldsOf } from '../contract.ts';

export interface SettingGoal extends Goal {
  kind: 'setting';
  /** The form field of the switch. */
  field: string;
  label: string;
  on: boolean;
}

export const isSetting = (g: Goal): g is SettingGoal => g.kind === 'setting' && typeof g.field === 'string';

const PHRASINGS = [
  (label: string, on: boolean) => `Go to my settings and turn ${on ? 'on' : 'off'} "${label}".`,
  (label: string, on: boolean) => `Please switch "${label}" ${on ? 'on' : 'off'} in my account settings and save.`,
  (label: string, on: boolean) => `I want "${label}" ${on ? 'enabled' : 'disabled'}. Change it in the settings.`,
  (label: string, on: boolean, site: string) =>
    `On ${site}, open the privacy settings and set "${label}" to ${on ? 'on' : 'off'}.`,
  (label: string, on: boolean) => `Change my settings so that "${label}" is ${on ? 'on' : 'off'}.`,
];

const musicSettings: TaskDef = {
  id: 'music-settings',
  title: 'Change one setting of a streaming account',
  domains: ['music'],
  capabilities: ['settings'],
  build({ rng }) {
    const { site, labels, settings } = musicSite(rng);
    const s = rng.pick(settings);
    // The user asks for a change: the switch ends opposite to where it starts.
    const goal: SettingGoal = { kind: 'setting', field: s.name, label: s.label, on: !s.on };
    const sw = { role: 'switch', name: s.label };
    return {
      instruction: rng.pick(PHRASINGS)(s.label, goal.on, site.brand.name),
      goal,
      site,
      path: [
        { id: 'open-settings', verb: 'click', target: { role: 'link', name: SETTINGS_LINK } },
        { id: 'set', verb: goal.on ? 'check' : 'uncheck', target: sw },
        { id: 'submit', verb: 'click', target: { role: 'button', name: labels.save } },
        { id: 'finish', verb: 'answer', text: `"${s.label}" is now ${goal.on ? 'on' : 'off'}.` },
      ],
    };
  },
  /** The last saved value of the switch is the one asked for. */
  success(goal, events) {
    if (!isSetting(goal)) return false;
    const saved = events.map((e) => fieldsOf(e, 'settings.saved')?.[goal.field]).filter((v) => typeof v === 'boolean');
    return saved.length > 0 && saved[saved.length - 1] === goal.on;
  },
};

export default musicSettings;
