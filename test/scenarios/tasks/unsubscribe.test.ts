import { describe, expect, it } from 'vitest';
import { tasks } from '../../../scenarios/index.ts';
import type { SiteEvent } from '../../../scenarios/model.ts';
import { createRng, hashSeed } from '../../../scenarios/rng.ts';
import { NEWSLETTER_ROUTE } from '../../../scenarios/sites/news.ts';

const task = tasks.get('unsubscribe');
const ev = (type: string, rest: Record<string, unknown> = {}): SiteEvent =>
  ({ type, t: 0, route: '/newsletter', ...rest }) as SiteEvent;
const goal = { kind: 'unsubscribe', email: 'ana.sato@mail.test', newsletter: 'Morning Briefing' };

describe('unsubscribe', () => {
  it('succeeds when the newsletter form unsubscribed the given address', () => {
    expect(
      task.success(goal, [ev('newsletter.unsubscribed', { fields: { email: ' Ana.Sato@mail.test ' } })], null),
    ).toBe(true);
    expect(task.success(goal, [ev('newsletter.unsubscribed', { fields: { email: 'other@mail.test' } })], 'done')).toBe(
      false,
    );
    expect(task.success(goal, [ev('newsletter.paused', { choice: 'pause' })], 'I unsubscribed you.')).toBe(false);
    expect(task.success(goal, [ev('account.created', { fields: { email: 'ana.sato@mail.test' } })], null)).toBe(false);
    expect(
      task.success(
        { kind: 'answer', expected: 'x' },
        [ev('newsletter.unsubscribed', { fields: { email: 'ana.sato@mail.test' } })],
        null,
      ),
    ).toBe(false);
  });

  it('builds a news site whose newsletter page offers a plain unsubscribe', () => {
    for (let seed = 0; seed < 10; seed++) {
      const inst = task.build({ domain: 'news', rng: createRng(hashSeed('u', seed)) });
      const prefs = inst.site.pages.find((p) => p.route === NEWSLETTER_ROUTE);
      expect(prefs).toBeDefined();
      expect(inst.site.nav.some((n) => n.href === NEWSLETTER_ROUTE)).toBe(true);
      expect(inst.instruction).toContain(`"${inst.goal.email}"`);
      expect(JSON.stringify(prefs)).toMatch(/"label":"Unsubscribe[^"]*","action":\{"do":"form.submit"/);
    }
  });

  it("leaves the other news tasks' sites as they were (the newsletter draws from its own stream)", () => {
    const a = tasks.get('find-author').build({ domain: 'news', rng: createRng(7) });
    expect(a.site.pages.some((p) => p.route === NEWSLETTER_ROUTE)).toBe(false);
  });
});
