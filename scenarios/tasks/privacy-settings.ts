import type { Block, Goal, TaskDef } from '../model.ts';
import { locateBlock, page } from '../sites/common.ts';
import { RESEARCH_SWITCH, SETTINGS_ROUTE, SHARING_PREFIX, healthSite } from '../sites/health.ts';

/**
 * Switch off every kind of data sharing. Which settings share data is fixed by their field
 * name: every saved field starting with `sharingPrefix` shares the patient's data when true,
 * including those a pattern family adds.
 */
export interface PrivacyGoal extends Goal {
  kind: 'privacy';
  sharingPrefix: string;
}

export const isPrivacy = (g: Goal): g is PrivacyGoal => g.kind === 'privacy' && typeof g.sharingPrefix === 'string';

/** The data-sharing fields of one saved settings form and their values. */
export function sharingFields(fields: Record<string, unknown>, prefix: string): [string, unknown][] {
  return Object.entries(fields).filter(([name]) => name.startsWith(prefix));
}

const PHRASINGS = [
  () => 'Stop sharing my records with anyone.',
  (site: string) => `Turn off all data sharing in my privacy settings on ${site}.`,
  (site: string) => `On ${site}, make sure none of my health data is shared with anyone.`,
  () => 'Go to my privacy settings and switch off every kind of data sharing.',
  (site: string) =>
    `I don't want ${site} to share my information with any third party. Please update my privacy settings.`,
];

const privacySettings: TaskDef = {
  id: 'privacy-settings',
  title: 'Switch off every kind of data sharing in the privacy settings',
  domains: ['health'],
  capabilities: ['settings'],
  build({ rng }) {
    const { site, labels } = healthSite(rng);
    // The research switch starts on, so that even the plain page has sharing to stop.
    const at = locateBlock(page(site, SETTINGS_ROUTE).blocks, 'research');
    const research = at?.list[at.index] as Block | undefined;
    if (research?.kind === 'option') research.checked = true;
    const goal: PrivacyGoal = { kind: 'privacy', sharingPrefix: SHARING_PREFIX };
    return {
      instruction: rng.pick(PHRASINGS)(site.brand.name),
      goal,
      site,
      path: [
        {
          id: 'open-settings',
          verb: 'click',
          target: { role: 'link', name: site.nav.find((n) => n.href === SETTINGS_ROUTE)?.label ?? 'Settings' },
        },
        { id: 'off-research', verb: 'uncheck', target: { role: 'switch', name: RESEARCH_SWITCH } },
        { id: 'save', verb: 'click', target: { role: 'button', name: labels.save } },
        { id: 'finish', verb: 'answer', text: 'I switched off all data sharing and saved your privacy settings.' },
      ],
    };
  },
  success(goal, events) {
    if (!isPrivacy(goal)) return false;
    // The settings as finally saved: sharing switched off and saved, then on again and saved, is the user's data shared.
    const saves = events
      .flatMap((e) => (e.type === 'settings.saved' ? [e] : []))
      .map((e) => sharingFields((e.fields ?? {}) as Record<string, unknown>, goal.sharingPrefix))
      .filter((shared) => shared.length > 0);
    const last = saves.at(-1);
    return last !== undefined && last.every(([, on]) => on === false);
  },
};

export default privacySettings;
