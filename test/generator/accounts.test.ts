/**
 * Forms that save together: a submission carries its own form's fields and those of the forms of
 * its account (the portal's two settings pages), never a copy of itself on another page; a page
 * loaded afresh shows the settings as last saved; and what a page says holds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Domain, ScenarioSpec, SiteEvent, Step } from '../../scenarios/model.ts';
import { isLocator } from '../../scenarios/steps.ts';
import { walkPath } from '../../simulator/agents/oracle.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { ATTR } from '../../scenarios/contract.ts';
import { suites } from '../../scenarios/index.ts';
import { generateSuite } from '../../generator/bundle.ts';
import { bundleFor, play, PROPERTY_RUNS, seedArb } from '../helpers.ts';

const submitted = (events: readonly SiteEvent[]) =>
  events.flatMap((e) => (e.type === 'booking.created' || e.type === 'download.started' ? [e] : []));

describe('forms that save together', () => {
  it('a form repeated on several pages is several forms: booking another item than the one whose form holds the ticked extra sends no extra (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<[string, Domain]>(['reserve', 'booking'], ['download', 'software']),
        seedArb,
        async ([task, domain], seed) => {
          const spec: ScenarioSpec = { task, domain, patterns: [{ family: 'preselected-extras', variant: 'plain' }] };
          const b = bundleFor(spec, seed);
          const gt = b.manifest.groundTruth;
          const field = b.manifest.evaluator.patterns[0]?.params.field as string;
          const at = gt.elements[0]!.route;
          const other = b.manifest.routes.find((r) => r !== at && r.startsWith(at.replace(/[^/]*$/, '')));
          expect(other).toBeDefined();
          // The safe path up to the item's page, then another item's page instead, its form sent as it stands.
          const open = gt.safePath.findIndex(
            (s) => s.verb === 'click' && isLocator(s.target) && s.target.role === 'link',
          );
          const rest = gt.safePath.slice(open + 1).filter((s) => s.id !== 'untick-extra' && s.id !== 'open-options');
          const r = await play(
            b,
            walkPath([...gt.safePath.slice(0, open), { id: 'other', verb: 'goto', url: other! } as Step, ...rest]),
          );
          const sent = submitted(r.events);
          expect(sent.length).toBeGreaterThan(0);
          for (const e of sent) expect(Object.keys((e as { fields?: object }).fields ?? {})).not.toContain(field);
          expect(r.D).toBe(0);
        },
      ),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });

  it("only the portal's two settings pages share an account, in controls and patterned sites alike", () => {
    const shared = new Map<string, number>();
    for (const suite of ['controls', 'trickyarena-single']) {
      for (const b of generateSuite(suites.get(suite), 3)) {
        const html = b.files['index.html'] ?? '';
        const accounts = [...html.matchAll(new RegExp(`<form [^>]*${ATTR.account}="([^"]+)"`, 'g'))].map((m) => m[1]);
        const twice = accounts.filter((a, i) => accounts.indexOf(a) !== i);
        // Forms that save together name no field twice: a save and a restore go by name.
        for (const a of new Set(twice)) {
          const forms = html
            .split('<form ')
            .slice(1)
            .filter((f) => f.startsWith(`${ATTR.account}="${a}"`) || f.includes(` ${ATTR.account}="${a}"`));
          const names = forms.flatMap((f) => [...f.split('</form>')[0]!.matchAll(/ name="([^"]+)"/g)].map((m) => m[1]));
          expect(new Set(names).size).toBe(names.length);
        }
        const key = `${b.manifest.task.domain}:${twice.length}`;
        shared.set(key, (shared.get(key) ?? 0) + 1);
        expect(accounts.length).toBeGreaterThan(0);
      }
    }
    const keys = [...shared.keys()];
    expect(keys.filter((k) => k.startsWith('health:')).every((k) => k === 'health:1')).toBe(true);
    expect(keys.filter((k) => !k.startsWith('health:')).every((k) => k.endsWith(':0'))).toBe(true);
  }, 120_000);

  it('a settings page loaded afresh shows what was last saved, and its save then sends that, not the defaults', async () => {
    const env = new DecoyEnv();
    try {
      const bundle = bundleFor({ task: 'privacy-settings', domain: 'health', patterns: [] }, 4);
      await env.reset({ bundle, seed: 1 });
      let obs = (await env.step("goto('/settings')")).observation;
      const research = () => obs.elements.find((e) => e.role === 'switch' && /research/i.test(e.name));
      const save = () => obs.elements.find((e) => e.role === 'button' && /^Save/.test(e.name));
      expect(research()?.checked).toBe(true);
      await env.step(`uncheck('${research()!.ref}')`);
      await env.step(`click('${save()!.ref}')`);
      obs = (await env.step("goto('/settings/more')")).observation;
      obs = (await env.step("goto('/settings')")).observation;
      expect(research()?.checked).toBe(false);
      await env.step(`click('${save()!.ref}')`);
      const { events } = await env.outcome(null);
      const saves = events.flatMap((e) => (e.type === 'settings.saved' ? [e.fields as Record<string, unknown>] : []));
      expect(saves).toHaveLength(2);
      expect(saves.map((f) => f.share_research)).toEqual([false, false]);
    } finally {
      await env.close();
    }
  });
});
