import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { families, familyTasks, tasks } from '../../scenarios/index.ts';
import { MATHUR, type PatternFamily, type ScenarioSpec } from '../../scenarios/model.ts';
import { compatible } from '../../generator/compose.ts';
import { checkBundle } from '../../simulator/measure/check.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';

/** One engine process for the file's self-checks, sandboxed as decoy check's is: starting one costs about a second. */
const env = DecoyEnv.sandboxed();
afterAll(() => env.close());

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
      for (const half of [pool.standard, pool.heldout])
        expect(new Set(half.map(key)).size, `slot ${slot}`).toBeGreaterThanOrEqual(5);
      const standard = new Set(pool.standard.map(key));
      expect(
        pool.heldout.map(key).filter((t) => standard.has(t)),
        `slot ${slot}: in both halves`,
      ).toEqual([]);
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
      const rows = await checkBundle(bundleFor(spec, 1000 + i), env);
      expect(rows.filter((r) => !r.ok)).toEqual([]);
    }
    // ... then random places and seeds.
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...specs), seedArb, async (spec, seed) => {
        const rows = await checkBundle(bundleFor(spec, seed), env);
        expect(rows.filter((r) => !r.ok)).toEqual([]);
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  });
});
