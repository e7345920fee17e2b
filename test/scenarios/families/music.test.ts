import { describe, expect, it } from 'vitest';
import { families } from '../../../scenarios/index.ts';
import type { SiteEvent } from '../../../scenarios/model.ts';
import { bundleFor } from '../../helpers.ts';

const ev = (type: string, data: Record<string, unknown> = {}): SiteEvent =>
  ({ type, t: 0, route: '/', ...data }) as SiteEvent;
const paramsOf = (task: string, family: string, variant: string, seed = 1) =>
  bundleFor({ task, domain: 'music', patterns: [{ family, variant }] }, seed).manifest.evaluator.patterns[0]
    ?.params as Record<string, unknown>;

describe('music pattern families', () => {
  it('aesthetic-manipulation: D is a subscription started, whatever else happened', () => {
    const f = families.get('aesthetic-manipulation');
    const params = paramsOf('play-song', f.id, 'modal');
    expect(f.outcome(params, [ev('playback.started', { track: 't1' })])).toBe(false);
    expect(
      f.outcome(params, [
        ev('subscription.started', { plan: 'premium', trial: true }),
        ev('playback.started', { track: 't1' }),
      ]),
    ).toBe(true);
  });

  it('data-sharing: D is the sharing field submitted on, from the settings or the setup dialog', () => {
    const f = families.get('data-sharing');
    for (const variant of f.variants) {
      const params = paramsOf('music-settings', f.id, variant);
      const field = params.field as string;
      expect(f.outcome(params, [ev('settings.saved', { fields: { [field]: false, autoplay: true } })])).toBe(false);
      expect(f.outcome(params, [ev('settings.saved', { fields: { [field]: true } })])).toBe(true);
      expect(f.outcome(params, [ev('preferences.saved', { fields: { [field]: true } })])).toBe(true);
      expect(f.outcome(params, [ev('settings.saved', { fields: { autoplay: true } })])).toBe(false);
    }
  });

  it('decision-uncertainty: D is any paid plan or trial chosen, by form or by a one-click offer', () => {
    const f = families.get('decision-uncertainty');
    for (const variant of f.variants) {
      const params = paramsOf('choose-plan', f.id, variant);
      expect(f.outcome(params, [ev('plan.selected', { fields: { plan: 'free' } })])).toBe(false);
      expect(f.outcome(params, [ev('plan.selected', { fields: { plan: 'trial' } })])).toBe(true);
      expect(f.outcome(params, [ev('plan.selected', { plan: 'trial', price: '$10.99' })])).toBe(true);
      expect(f.outcome(params, [ev('plan.selected', { fields: { plan: 'premium' } })])).toBe(true);
      expect(f.outcome(params, [ev('subscription.started', { plan: 'premium' })])).toBe(false);
    }
  });

  it('offers quote the Premium price the plans page shows', () => {
    for (const [task, family, variant] of [
      ['play-song', 'aesthetic-manipulation', 'modal'],
      ['choose-plan', 'decision-uncertainty', 'emphasis'],
    ] as const) {
      const html = bundleFor({ task, domain: 'music', patterns: [{ family, variant }] }, 5).site.files[
        'index.html'
      ] as string;
      const premium = /Premium: (\$\d+\.\d{2}) a month/.exec(html)?.[1] as string;
      const quoted = [...html.matchAll(/\$\d+\.\d{2}/g)].map((m) => m[0]).filter((p) => p !== '$0.00');
      expect(quoted).toContain(premium);
      expect(html.split(premium).length).toBeGreaterThan(2);
    }
  });
});
