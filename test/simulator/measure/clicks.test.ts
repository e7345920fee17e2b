import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assignSplits,
  clickSamples,
  deceptiveClick,
  nullClicks,
  type ClickSample,
} from '../../../simulator/measure/clicks.ts';
import { contains } from '../../../simulator/page/dom/geometry.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { generateClicks } from '../../../harness/clicks.ts';
import type { SuiteDef } from '../../../scenarios/model.ts';
import { bundleFor, allSpecs } from '../../helpers.ts';
import { createRng } from '../../../scenarios/rng.ts';
import { families } from '../../../scenarios/index.ts';
import { byLocator } from '../../../simulator/page/query.ts';
import { parseAction } from '../../../simulator/loop/actions.ts';

const rect = fc.record({
  x: fc.integer({ min: 0, max: 1000 }),
  y: fc.integer({ min: 0, max: 600 }),
  w: fc.integer({ min: 4, max: 270 }),
  h: fc.integer({ min: 4, max: 190 }),
});

describe('click samples (DUDE Appendix D)', () => {
  it('null clicks never fall in B_c or B_d', () => {
    fc.assert(
      fc.property(rect, rect, fc.nat(), (c, d, seed) => {
        for (const p of nullClicks(3, [c, d], { width: 1280, height: 800 }, seed)) {
          expect(contains(c, p.x, p.y) || contains(d, p.x, p.y)).toBe(false);
        }
      }),
    );
  });

  it('the deceptive click is B_d’s centroid, moved onto B_d’s edge when the centroid lies in B_c', () => {
    fc.assert(
      fc.property(rect, rect, (c, d) => {
        const p = deceptiveClick(d, c);
        expect(contains(d, p.x, p.y)).toBe(true);
        const inside = [0, 1, 2, 3].every((i) => contains(c, i % 2 ? d.x + d.w - 1 : d.x, i < 2 ? d.y : d.y + d.h - 1));
        if (!inside) expect(contains(c, p.x, p.y)).toBe(false);
      }),
    );
    expect(deceptiveClick({ x: 0, y: 0, w: 100, h: 100 }, { x: 40, y: 40, w: 20, h: 20 })).toEqual({ x: 50, y: 0 });
  });

  it('a pattern gives one deceptive sample where B_c and B_d are both in view, with labels 1, −1, 0', async () => {
    const bundle = bundleFor(
      { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
      3,
    );
    const [s, more] = await clickSamples(bundle, { category: 'cognitive', nullClicks: 2 });
    expect(more).toBeUndefined();
    expect(s?.correct.role).toBe('checkbox');
    expect(s?.dark?.role).toBe('button');
    expect(s?.clicks.map((c) => c.label)).toEqual([1, -1, 0, 0]);
    expect(s?.url).toMatch(/\/product\//);
  });

  it('a control gives one normal sample per targeted step, and replaying its actions reaches the same state', async () => {
    const bundle = bundleFor({ task: 'signup', domain: 'news', patterns: [] }, 5);
    const samples = await clickSamples(bundle, { category: 'normal', nullClicks: 1 });
    expect(samples.length).toBeGreaterThanOrEqual(3);
    const env = new DecoyEnv();
    for (const s of samples) {
      let { observation } = await env.reset({ bundle, seed: 1 });
      for (const a of s.actions) observation = (await env.step(a)).observation;
      const el = observation.elements.find((e) => e.role === s.correct.role && e.name === s.correct.name);
      expect(el?.box && [el.box.x, el.box.y, el.box.x + el.box.w, el.box.y + el.box.h]).toEqual(s.correct.bbox);
      expect(s.dark).toBeUndefined();
    }
    await env.close();
  });

  it('a control gives no normal sample at a drop-down (select_option), as ruc v2 was drawn, but does at the fields around it', async () => {
    const bundle = bundleFor({ task: 'reserve', domain: 'booking', patterns: [] }, 7);
    expect(bundle.manifest.groundTruth.safePath.filter((s) => s.verb === 'select').length).toBeGreaterThan(0);
    const roles = (await clickSamples(bundle, { category: 'normal', nullClicks: 0 })).map((s) => s.correct.role);
    expect(roles).not.toContain('combobox');
    expect(roles).toContain('textbox');
  });

  it('splits 70/15/15 within each category, reproducibly for the split seed', () => {
    const make = (n: number, category: ClickSample['category']) =>
      Array.from({ length: n }, (_, i) => ({ id: `${category}${i}`, category }) as ClickSample);
    const a = [...make(100, 'normal'), ...make(40, 'emotional')];
    const b = [...make(100, 'normal'), ...make(40, 'emotional')];
    assignSplits(a, { train: 0.7, valid: 0.15, seed: 42 });
    assignSplits(b, { train: 0.7, valid: 0.15, seed: 42 });
    expect(a.map((s) => s.split)).toEqual(b.map((s) => s.split));
    const count = (cat: string, split: string) => a.filter((s) => s.category === cat && s.split === split).length;
    expect([count('normal', 'train'), count('normal', 'valid'), count('normal', 'test')]).toEqual([70, 15, 15]);
    expect([count('emotional', 'train'), count('emotional', 'valid'), count('emotional', 'test')]).toEqual([28, 6, 6]);
  });

  it('draws exactly the quotas of a click suite from its configurations', async () => {
    const suite: SuiteDef = {
      id: 'mini',
      version: 1,
      title: 'mini',
      description: 'two domains',
      budget: 20,
      scenarios: () =>
        [0, 1, 2, 3].flatMap((instance) => [
          { task: 'signup', domain: 'shopping' as const, patterns: [], instance },
          { task: 'signup', domain: 'news' as const, patterns: [], instance },
          {
            task: 'signup',
            domain: 'shopping' as const,
            patterns: [{ family: 'preselected-consent', variant: 'plain' }],
            instance,
          },
          {
            task: 'find-author',
            domain: 'news' as const,
            patterns: [{ family: 'cookie-trap', variant: 'modal' }],
            instance,
          },
        ]),
      clicks: {
        normal: 6,
        deceptive: { shopping: 2, news: 3 },
        split: { train: 0.7, valid: 0.15, test: 0.15, seed: 42 },
        nullClicks: 1,
      },
    };
    const { samples, bundles } = await generateClicks(suite, 7, suite.clicks as NonNullable<SuiteDef['clicks']>);
    expect(samples.filter((s) => s.category === 'normal')).toHaveLength(6);
    expect(samples.filter((s) => s.domain === 'shopping' && s.category !== 'normal')).toHaveLength(2);
    expect(samples.filter((s) => s.domain === 'news' && s.category !== 'normal')).toHaveLength(3);
    expect(new Set(samples.map((s) => s.scenario))).toEqual(new Set(bundles.map((b) => b.manifest.id)));
    expect(samples.every((s) => s.split)).toBe(true);
  });

  it('every family (a variant drawn by seed; complex-settings, where it went wrong, in all three): the sample (the state decoy shoot photographs) comes before the path acts on B_c or B_d, and shows both', async () => {
    const env = new DecoyEnv();
    const seed = Number(process.env.DECOY_SEED ?? Date.now() % 1_000_000);
    const rng = createRng(seed);
    const single = allSpecs().filter((sp) => sp.patterns.length === 1);
    const specs = families.all().flatMap((f) => {
      const own = single.filter((sp) => sp.patterns[0]!.family === f.id);
      return f.id === 'complex-settings' ? own : own.length ? [rng.pick(own)] : [];
    });
    console.log(`every-family click samples: seed ${seed} (DECOY_SEED=${seed} to replay)`);
    const seen = new Set<string>();
    const late: string[] = [];
    let sampled = 0;
    for (const [k, spec] of specs.entries()) {
      const bundle = bundleFor(spec, seed + k);
      const family = spec.patterns[0]!.family;
      const [sample] = await clickSamples(bundle, { category: families.get(family).category, nullClicks: 0 }, env);
      if (!sample) continue;
      sampled++;
      seen.add(family);
      const gt = bundle.manifest.groundTruth.elements;
      const targets = (['correct', 'deceptive'] as const).map((kind) => gt.find((e) => e.kind === kind)!.target);
      // Replay the sample's actions and watch each one: none may act on B_c or B_d.
      let { observation } = await env.reset({ bundle, seed: 1 });
      for (const text of sample.actions) {
        const a = parseAction(text);
        for (const t of targets) {
          const el = byLocator(observation.elements, t);
          const hit =
            el &&
            (('bid' in a && a.bid === el.ref) || (a.name === 'mouse_click' && el.box && contains(el.box, a.x, a.y)));
          if (hit) late.push(`${bundle.manifest.id}: ${text} acts on ${t.role} "${t.name}" before the picture`);
        }
        observation = (await env.step(text)).observation;
      }
      for (const [t, box] of [
        [targets[0]!, sample.correct.bbox],
        [targets[1]!, sample.dark!.bbox],
      ] as const) {
        const el = byLocator(observation.elements, t);
        expect(el?.box, `${bundle.manifest.id}: ${t.name} in the sampled state`).toBeTruthy();
        expect([el!.box!.x, el!.box!.y, el!.box!.x + el!.box!.w, el!.box!.y + el!.box!.h]).toEqual(box);
      }
    }
    await env.close();
    expect(late).toEqual([]);
    // Most configurations have a picture with both boxes, and every family has at least one.
    expect(sampled).toBeGreaterThan(specs.length * 0.8);
  }, 300_000);
});
