import { describe, expect, it } from 'vitest';
import { tasks } from '../../../scenarios/index.ts';
import { createRng } from '../../../scenarios/rng.ts';
import type { SiteEvent } from '../../../scenarios/model.ts';
import { isPrivacy } from '../../../scenarios/tasks/privacy-settings.ts';

const ev = (type: string, rest: Record<string, unknown> = {}): SiteEvent =>
  ({ type, t: 0, route: '/', ...rest }) as SiteEvent;

describe('privacy-settings', () => {
  const task = tasks.get('privacy-settings');
  const goal = { kind: 'privacy', sharingPrefix: 'share_' };
  const saved = (fields: Record<string, unknown>) => ev('settings.saved', { form: 'settings', fields });

  it('succeeds on a save in which every sharing field is off, whatever the other fields', () => {
    expect(task.success(goal, [saved({ reminders: true, share_research: false, share_insurer: false })], null)).toBe(
      true,
    );
    expect(task.success(goal, [saved({ reminders: false, share_research: false, share_insurer: true })], null)).toBe(
      false,
    );
    expect(task.success(goal, [saved({ share_research: true }), saved({ share_research: false })], null)).toBe(true);
    expect(task.success(goal, [saved({ reminders: false })], null)).toBe(false);
    expect(task.success(goal, [], 'Done.')).toBe(false);
  });

  it('starts with sharing on, so that even the plain page has something to switch off', () => {
    const built = task.build({ domain: 'health', rng: createRng(3) });
    expect(isPrivacy(built.goal)).toBe(true);
    expect(JSON.stringify(built.site.pages)).toMatch(/"name":"share_research"/);
    expect(JSON.stringify(built.site.pages)).toMatch(/"checked":true,"control":"switch","name":"share_research"/);
  });
});
