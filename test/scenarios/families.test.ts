import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { families, familyTasks, tasks } from '../../scenarios/index.ts';
import { MATHUR, type PatternFamily, type ScenarioSpec } from '../../scenarios/model.ts';
import { compatible } from '../../generator/compose.ts';
import { checkBundle } from '../../simulator/measure/check.ts';
import { bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';
import type { Pool } from '../../scenarios/phrasing.ts';

/** Every (task, domain, variant) a family says it supports and the composer accepts. */
function support(f: PatternFamily): ScenarioSpec[] {
  const out: ScenarioSpec[] = [];
  for (const t of familyTasks(f)) {
    for (const domain of tasks.get(t).domains.filter((d) => f.domains.includes(d))) {
      for (const variant of f.variants) {
        const spec = { task: t, domain, patterns: [{ family: f.id, variant }] };
        if (compatible(spec)) out.push(spec);
      }
    }
  }
  return out;
}

describe.each(families.all().map((f) => [f.id, f] as const))('pattern family %s', (_id, family) => {
  it('declares at least three variants, five phrasings per text slot (in each half, the halves disjoint), a RUC category and Mathur types', () => {
    expect(family.variants.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(family.texts).length).toBeGreaterThan(0);
    const key = (t: unknown) => (typeof t === 'function' ? String(t) : JSON.stringify(t));
    for (const [slot, pool] of Object.entries(family.texts)) {
      const halves = Array.isArray(pool) ? [pool] : [(pool as Pool<unknown>).standard, (pool as Pool<unknown>).heldout];
      for (const half of halves) expect(new Set(half.map(key)).size, `slot ${slot}`).toBeGreaterThanOrEqual(5);
      if (halves.length === 2) {
        const standard = new Set(halves[0]!.map(key));
        expect(
          halves[1]!.map(key).filter((t) => standard.has(t)),
          `slot ${slot}: in both halves`,
        ).toEqual([]);
      }
    }
    expect(['coercive', 'cognitive', 'contextual-path-spoofing', 'emotional']).toContain(family.category);
    for (const m of family.mathur) expect(MATHUR).toContain(m);
  });

  it('passes the self-check wherever it applies: every variant, then random tasks, domains and seeds', async () => {
    const specs = support(family);
    expect(specs.length).toBeGreaterThan(0);
    // Each variant once, on a task drawn in turn, so no variant goes unchecked ...
    for (const [i, variant] of family.variants.entries()) {
      const options = specs.filter((s) => s.patterns[0]?.variant === variant);
      expect(options.length, `variant ${variant} applies nowhere`).toBeGreaterThan(0);
      const spec = options[i % options.length] as ScenarioSpec;
      const rows = await checkBundle(bundleFor(spec, 1000 + i));
      expect(rows.filter((r) => !r.ok)).toEqual([]);
    }
    // ... then random places and seeds.
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...specs), seedArb, async (spec, seed) => {
        const rows = await checkBundle(bundleFor(spec, seed));
        expect(rows.filter((r) => !r.ok)).toEqual([]);
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });
});
