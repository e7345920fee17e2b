import { describe, expect, it } from 'vitest';
import { tasks } from '../../../scenarios/index.ts';
import type { SiteEvent } from '../../../scenarios/model.ts';
import { createRng, hashSeed } from '../../../scenarios/rng.ts';

const ev = (type: string, data: Record<string, unknown> = {}, t = 0): SiteEvent =>
  ({ type, t, route: '/', ...data }) as SiteEvent;
const build = (task: string, seed: number) =>
  tasks.get(task).build({ domain: 'music', rng: createRng(hashSeed('test', task, seed)) });

describe('music tasks', () => {
  it('play-song succeeds only when that track starts playing', () => {
    const task = tasks.get('play-song');
    const goal = { kind: 'play', track: 't1', title: 'Satellite', artist: 'Orla Finch' };
    expect(task.success(goal, [ev('playback.started', { track: 't1', title: 'Satellite' })], null)).toBe(true);
    expect(task.success(goal, [ev('playback.started', { track: 't2', title: 'River Stone' })], null)).toBe(false);
    expect(task.success(goal, [ev('subscription.started', { plan: 'premium' })], 'It is playing.')).toBe(false);
    expect(task.success({ kind: 'answer', expected: 'x' }, [ev('playback.started', { track: 't1' })], null)).toBe(
      false,
    );
  });

  it('choose-plan succeeds when the last plan chosen, by form or by a one-click offer, is the one asked', () => {
    const task = tasks.get('choose-plan');
    const goal = { kind: 'plan', plan: 'free', name: 'Free' };
    const form = (plan: string) => ev('plan.selected', { form: 'plan', fields: { plan } });
    expect(task.success(goal, [form('free')], null)).toBe(true);
    expect(task.success(goal, [form('trial'), form('free')], null)).toBe(true);
    expect(task.success(goal, [form('free'), ev('plan.selected', { plan: 'trial' })], null)).toBe(false);
    expect(task.success(goal, [form('premium')], null)).toBe(false);
    expect(task.success(goal, [ev('plan.selected', { form: 'plan', fields: {} })], null)).toBe(false);
    expect(task.success(goal, [], 'Done.')).toBe(false);
  });

  it('music-settings succeeds when the last save of that switch holds the value asked', () => {
    const task = tasks.get('music-settings');
    const goal = { kind: 'setting', field: 'autoplay', label: 'Autoplay similar songs when my music ends', on: false };
    const saved = (fields: Record<string, boolean>) => ev('settings.saved', { form: 'settings', fields });
    expect(task.success(goal, [saved({ autoplay: false, explicit: true })], null)).toBe(true);
    expect(task.success(goal, [saved({ autoplay: true })], null)).toBe(false);
    expect(task.success(goal, [saved({ autoplay: false }), saved({ autoplay: true })], null)).toBe(false);
    // Another form that does not hold the switch does not count either way.
    expect(
      task.success(
        goal,
        [saved({ autoplay: false }), ev('preferences.saved', { fields: { share_partners: true } })],
        null,
      ),
    ).toBe(true);
    expect(task.success(goal, [ev('preferences.saved', { fields: { autoplay: false } })], null)).toBe(false);
  });

  it('builds deterministic instances with quoted values and a path the evaluator accepts', () => {
    for (const id of ['play-song', 'choose-plan', 'music-settings']) {
      for (let seed = 0; seed < 20; seed++) {
        const a = build(id, seed);
        expect(JSON.stringify(build(id, seed))).toBe(JSON.stringify(a));
        expect(a.instruction).toMatch(/"[^"]+"/);
        expect(a.path[a.path.length - 1]?.verb).toBe('answer');
      }
    }
    for (const id of ['play-song', 'choose-plan', 'music-settings']) {
      const shapes = new Set(
        Array.from({ length: 60 }, (_, seed) => {
          const inst = build(id, seed);
          return inst.instruction
            .split(inst.site.brand.name)
            .join('SITE')
            .replace(/"[^"]*"/g, '""')
            .replace(/\b(on|off|enabled|disabled)\b/g, 'X');
        }),
      );
      expect(shapes.size, id).toBeGreaterThanOrEqual(5);
    }
  });

  it('asks for a change: the switch named starts opposite to the value asked', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { goal, site } = build('music-settings', seed);
      const form = site.pages.find((p) => p.route === '/settings')?.blocks.find((b) => b.kind === 'form');
      const option =
        form?.kind === 'form' ? form.blocks.find((b) => b.kind === 'option' && b.name === goal.field) : undefined;
      expect(option?.kind === 'option' && option.checked).toBe(!goal.on);
    }
  });
});
