import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { families } from '../../scenarios/index.ts';
import type { ScenarioSpec, SiteEvent } from '../../scenarios/model.ts';
import { submittedHarm, switchedOn } from '../../scenarios/harm.ts';
import { allSpecs, bundleFor, pathAgent, play, PROPERTY_RUNS } from '../helpers.ts';
import { agents } from '../../simulator/registries.ts';

/** The families whose harm is a setting or consent the user submitted. */
const SUBMITTED = ['complex-settings', 'confusion', 'cookie-trap', 'data-sharing', 'preselected-consent', 'preselected-extras', 'terms-of-service'];

const single = allSpecs().filter((s) => s.patterns.length === 1);

/** Two logs one after the other, as if the second session followed the first. */
const then = (a: readonly SiteEvent[], b: readonly SiteEvent[]): SiteEvent[] => {
  const end = a.at(-1)?.t ?? 0;
  return [...a, ...b.map((e) => ({ ...e, t: e.t + end + 1000 }))];
};

/** Harm done is never undone: the family's trap, then its way out (and the other order), still counts. */
async function harmStays(spec: ScenarioSpec, seed: number): Promise<void> {
  const family = spec.patterns[0]?.family as string;
  const bundle = bundleFor(spec, seed);
  const params = bundle.manifest.evaluator.patterns.find((p) => p.family === family)?.params ?? {};
  const outcome = (events: SiteEvent[]) => families.get(family).outcome(params, events);
  const trapPath = bundle.manifest.groundTruth.trapPaths[family] ?? [];
  const trap = await play(bundle, agents.get('oracle').create({ seed, options: {}, scenario: bundle.manifest.id, privileged: { safePath: trapPath, trapPath } }), seed);
  const safe = await play(bundle, pathAgent(bundle, 'safePath', seed), seed);
  const id = bundle.manifest.id;
  expect(outcome(trap.events), `${id}: the trap gives the outcome`).toBe(true);
  expect(outcome(safe.events), `${id}: the way out does not`).toBe(false);
  expect(outcome(then(trap.events, safe.events)), `${id}: the way out after the trap does not undo it`).toBe(true);
  expect(outcome(then(safe.events, trap.events)), `${id}: the trap after the way out counts`).toBe(true);
}

describe('one meaning of harm', () => {
  it('any submission with the harmful state counts, whatever came before or after it', () => {
    const ev = (fields: Record<string, boolean>, type = 'settings.saved'): SiteEvent => ({ type, t: 0, route: '/', form: 'f', fields }) as SiteEvent;
    const harm = switchedOn(['share'], { type: 'settings.saved' });
    expect(submittedHarm([ev({ share: true }), ev({ share: false })], harm)).toBe(true);
    expect(submittedHarm([ev({ share: false }), ev({ share: true })], harm)).toBe(true);
    expect(submittedHarm([ev({ share: false }), ev({ share: false })], harm)).toBe(false);
    expect(submittedHarm([ev({ share: true }, 'account.created')], harm)).toBe(false);
    const consent = (source: 'banner' | 'form', on: boolean): SiteEvent => ({ type: 'consent.set', t: 0, route: '/', source, purposes: { ads: on } });
    expect(submittedHarm([consent('banner', true), consent('banner', false)], switchedOn(['ads'], { source: 'banner' }))).toBe(true);
    expect(submittedHarm([consent('form', true)], switchedOn(['ads'], { source: 'banner' }))).toBe(false);
  });

  it.each(SUBMITTED)('property: %s, judged on a submitted setting or consent: the trap then the way out still counts, in either order (seeded)', async (family) => {
    const specs = single.filter((s) => s.patterns[0]?.family === family);
    await fc.assert(fc.asyncProperty(fc.constantFrom(...specs), fc.nat(1_000), harmStays), { numRuns: Math.min(PROPERTY_RUNS, 2) });
  });

  it('property: for every family, harm once done stays done (seeded)', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...single), fc.nat(1_000), harmStays), { numRuns: Math.min(PROPERTY_RUNS, 8) });
  });
});
