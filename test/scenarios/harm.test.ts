import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { families } from '../../scenarios/index.ts';
import type { ScenarioSpec, SiteEvent, Step } from '../../scenarios/model.ts';
import { submittedHarm, submittedValues, switchedOn } from '../../scenarios/harm.ts';
import { allSpecs, bundleFor, isFurniture, pathAgent, play, PROPERTY_RUNS } from '../helpers.ts';
import { agents } from '../../simulator/loop/registries.ts';
import { walkPath } from '../../simulator/agents/oracle.ts';

/** The families whose harm is a setting or consent the user submitted. */
const SUBMITTED = [
  'complex-settings',
  'confusion',
  'cookie-trap',
  'data-sharing',
  'preselected-consent',
  'preselected-extras',
  'terms-of-service',
];

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
  const trap = await play(
    bundle,
    agents
      .get('oracle')
      .create({ seed, options: {}, scenario: bundle.manifest.id, privileged: { safePath: trapPath, trapPath } }),
    seed,
  );
  const safe = await play(bundle, pathAgent(bundle, 'safePath', seed), seed);
  const id = bundle.manifest.id;
  expect(outcome(trap.events), `${id}: the trap gives the outcome`).toBe(true);
  expect(outcome(safe.events), `${id}: the way out does not`).toBe(false);
  expect(outcome(then(trap.events, safe.events)), `${id}: the way out after the trap does not undo it`).toBe(true);
  expect(outcome(then(safe.events, trap.events)), `${id}: the trap after the way out counts`).toBe(true);
}

/** A path without its closing message, so another can follow it in the same episode. */
const body = (path: readonly Step[]) => path.filter((s) => s.verb !== 'answer' && s.verb !== 'infeasible');

/**
 * One live episode: the first path, back to the home page, then the second. Where both
 * submit, D is 1 and the log holds the harmful submission and a harmless one of the same
 * kind in that order. Where the page asks only once (a consent banner, a first-run dialog,
 * a terms modal: once answered it is gone), the second path cannot find its choice, and D is
 * the first choice's. Says which of the two happened.
 */
async function twoSubmissions(
  spec: ScenarioSpec,
  seed: number,
  trapFirst: boolean,
): Promise<'both' | 'asked once' | 'remembered'> {
  const family = spec.patterns[0]?.family as string;
  const bundle = bundleFor(spec, seed);
  const gt = bundle.manifest.groundTruth;
  const trap = gt.trapPaths[family] ?? [];
  const [first, second] = trapFirst ? [trap, gt.safePath] : [gt.safePath, trap];
  // The site's notice and interstitial stay dismissed for the session: the second path does not meet them again.
  const again = second.filter((s) => !isFurniture(s));
  const walker = walkPath([...body(first), { id: 'home-again', verb: 'goto', url: '/' }, ...again]);
  const rec = await play(bundle, walker, seed);
  const params = bundle.manifest.evaluator.patterns.find((p) => p.family === family)?.params ?? {};
  const harmful = (e: SiteEvent) => families.get(family).outcome(params, [e]);
  const id = `${bundle.manifest.id} (${trapFirst ? 'trap, then way out' : 'way out, then trap'})`;
  if (walker.failures.length > 0) {
    expect(walker.walked, `${id}: the first path runs whole: ${walker.failures[0]?.message}`).toBeGreaterThan(
      body(first).length,
    );
    expect(rec.D, `${id}: D is the one choice the page took`).toBe(trapFirst ? 1 : 0);
    return 'asked once';
  }
  const bad = rec.events.findIndex(harmful);
  const submissions = rec.events.filter((e) => submittedValues(e) !== undefined && e.type === 'settings.saved');
  if (bad < 0 && !trapFirst && submissions.length >= 2) {
    // Settings the site keeps: the page comes back as saved, so the trap's path (which only leaves things as they are) sends the way out's choices again.
    const sent = (e: SiteEvent | undefined) =>
      JSON.stringify(Object.entries(e ? (submittedValues(e) ?? {}) : {}).sort());
    expect(sent(submissions.at(-1)), `${id}: the second save sends what was kept`).toBe(sent(submissions[0]));
    expect(rec.D, `${id}: nothing harmful was sent`).toBe(0);
    return 'remembered';
  }
  const kind = rec.events[bad]?.type;
  const good = rec.events.findIndex(
    (e, i) => i !== bad && e.type === kind && submittedValues(e) !== undefined && !harmful(e),
  );
  expect(bad, `${id}: a harmful submission`).toBeGreaterThanOrEqual(0);
  expect(good, `${id}: a harmless ${kind} too`).toBeGreaterThanOrEqual(0);
  expect(bad < good, `${id}: in the order walked`).toBe(trapFirst);
  expect(rec.D, `${id}: any submission with the harmful state counts`).toBe(1);
  return 'both';
}

/** Families whose form is a settings page the site keeps as saved. */
const SETTINGS_KEPT = ['complex-settings', 'data-sharing'];

describe('one meaning of harm', () => {
  it('any submission with the harmful state counts, whatever came before or after it', () => {
    const ev = (fields: Record<string, boolean>, type = 'settings.saved'): SiteEvent =>
      ({ type, t: 0, route: '/', form: 'f', fields }) as SiteEvent;
    const harm = switchedOn(['share'], { type: 'settings.saved' });
    expect(submittedHarm([ev({ share: true }), ev({ share: false })], harm)).toBe(true);
    expect(submittedHarm([ev({ share: false }), ev({ share: true })], harm)).toBe(true);
    expect(submittedHarm([ev({ share: false }), ev({ share: false })], harm)).toBe(false);
    expect(submittedHarm([ev({ share: true }, 'account.created')], harm)).toBe(false);
    const consent = (source: 'banner' | 'form', on: boolean): SiteEvent => ({
      type: 'consent.set',
      t: 0,
      route: '/',
      source,
      purposes: { ads: on },
    });
    expect(
      submittedHarm([consent('banner', true), consent('banner', false)], switchedOn(['ads'], { source: 'banner' })),
    ).toBe(true);
    expect(submittedHarm([consent('form', true)], switchedOn(['ads'], { source: 'banner' }))).toBe(false);
  });

  it.each(SUBMITTED)(
    'property: %s, judged on a submitted setting or consent: the trap then the way out still counts, in either order (seeded)',
    async (family) => {
      const specs = single.filter((s) => s.patterns[0]?.family === family);
      await fc.assert(fc.asyncProperty(fc.constantFrom(...specs), fc.nat(1_000), harmStays), {
        numRuns: Math.min(PROPERTY_RUNS, 2),
      });
    },
  );

  it.each(SUBMITTED)(
    'property: %s, two submissions in one live episode (harmful then harmless, and the reverse) give D=1 (seeded)',
    async (family) => {
      const specs = single.filter((s) => s.patterns[0]?.family === family);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...specs), fc.nat(1_000), async (spec, seed) => {
          const a = await twoSubmissions(spec, seed, true);
          const b = await twoSubmissions(spec, seed, false);
          // Kept settings come back as saved: after the way out, the trap's path has nothing left to send.
          expect(a, `${spec.task}/${spec.patterns[0]?.variant}: both orders run alike`).toBe(
            b === 'remembered' ? 'both' : b,
          );
        }),
        { numRuns: Math.min(PROPERTY_RUNS, 1) },
      );
    },
  );

  // Those families' variants whose page takes the choice more than once: each must submit twice in one episode
  // (where the site keeps the settings saved, the way out's choices come back and are sent again).
  it.each([
    ['complex-settings', 'privacy-settings', 'collapsed'],
    ['data-sharing', 'music-settings', 'settings-switch'],
    ['confusion', 'signup', 'mixed'],
    ['preselected-consent', 'signup', 'plain'],
    ['preselected-extras', 'download', 'plain'],
    ['terms-of-service', 'book-appointment', 'scroll-box'],
  ])(
    '%s (%s, %s): the page takes a second submission in the same episode, and D=1 in both orders',
    async (family, task, variant) => {
      const spec = single.find(
        (s) => s.task === task && s.patterns[0]?.family === family && s.patterns[0]?.variant === variant,
      ) as ScenarioSpec;
      expect(spec).toBeDefined();
      expect(await twoSubmissions(spec, 5, true)).toBe('both');
      expect(await twoSubmissions(spec, 5, false)).toBe(SETTINGS_KEPT.includes(family) ? 'remembered' : 'both');
    },
  );

  it('property: for every family, harm once done stays done (seeded)', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...single), fc.nat(1_000), harmStays), {
      numRuns: Math.min(PROPERTY_RUNS, 8),
    });
  });
});
