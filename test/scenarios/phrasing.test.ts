import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, suites, tasks } from '../../scenarios/index.ts';
import { compatible } from '../../scenarios/catalogue.ts';
import { DOMAINS, type ScenarioSpec } from '../../scenarios/model.ts';
import { every, sayer } from '../../scenarios/phrasing.ts';
import { createRng } from '../../scenarios/rng.ts';
import { bundlesDigest, generateBundle, generateSuite } from '../../generator/bundle.ts';
import { decoyIn } from '../helpers.ts';

const split = families.all();

/** Where each split family applies: a task, a domain and a variant. */
const specsOf = (id: string): ScenarioSpec[] => {
  const family = families.get(id);
  return tasks
    .all()
    .flatMap((t) =>
      DOMAINS.flatMap((domain) =>
        family.variants
          .map((variant) => ({ task: t.id, domain, patterns: [{ family: id, variant }] }))
          .filter((s) => compatible(s)),
      ),
    );
};

/** What a phrasing looks like in a page: as written, and with HTML's escapes. */
const inPage = (html: string, phrase: string) =>
  html.includes(phrase) ||
  html.includes(phrase.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;')) ||
  html.includes(phrase.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;'));

/** A pool's string phrasings (records by their strings), of one half. */
const strings = (xs: readonly unknown[]): string[] =>
  xs.flatMap((x) =>
    typeof x === 'string'
      ? [x]
      : x && typeof x === 'object'
        ? Object.values(x).filter((v) => typeof v === 'string')
        : [],
  );

describe('phrasing pools in two halves', () => {
  it('a draw of the held-out phrasings comes from the held-out half, of the standard ones from the standard half (any pool, any seed)', () => {
    const pools = split.flatMap((f) => Object.values(f.texts));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: pools.length - 1 }), fc.integer(), (i, seed) => {
        const pool = pools[i]!;
        expect(pool.heldout).toContain(sayer(createRng(seed), 'heldout')(pool));
        expect(pool.standard).toContain(sayer(createRng(seed), 'standard')(pool));
      }),
      { numRuns: 300 },
    );
  });

  it("no held-out phrasing holds one of its family's standard phrasings (so a held-out page never shows a standard phrase inside its own)", () => {
    const found: string[] = [];
    for (const f of split) {
      const pools = Object.values(f.texts);
      const standard = pools.flatMap((p) => strings(p.standard)).filter((t) => t.length >= 4);
      for (const held of pools.flatMap((p) => strings(p.heldout)))
        for (const t of standard)
          if (held.includes(t)) found.push(`${f.id}: ${JSON.stringify(held)} holds ${JSON.stringify(t)}`);
    }
    expect(found).toEqual([]);
  });

  it('a held-out bundle shows no phrasing of the standard half that its control does not show (any split family, variant, seed)', () => {
    const cases = split.flatMap((f) => specsOf(f.id).map((spec) => ({ family: f.id, spec })));
    expect(cases.length).toBeGreaterThan(0);
    const suite = suites.get('trickyarena-single');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: cases.length - 1 }), fc.nat(10_000), (i, seed) => {
        const { family, spec } = cases[i]!;
        const held = generateBundle(suite, spec, seed, 'heldout').files['index.html']!;
        const control = generateBundle(suite, { ...spec, patterns: [] }, seed).files['index.html']!;
        const standard = Object.values(families.get(family).texts).flatMap((p) => strings(p.standard));
        const shown = standard.filter((t) => t.length >= 4 && inPage(held, t) && !inPage(control, t));
        expect(shown, `${family} ${spec.task}/${spec.domain}/${spec.patterns[0]!.variant} seed ${seed}`).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('generation is deterministic in either half, and the halves give different sites', () => {
    const suite = suites.get('trickyarena-single');
    const held = bundlesDigest(generateSuite(suite, 3, 'heldout'));
    expect(bundlesDigest(generateSuite(suite, 3, 'heldout'))).toBe(held);
    expect(bundlesDigest(generateSuite(suite, 3))).not.toBe(held);
    const b = generateSuite(suite, 3, 'heldout')[1]!;
    expect(b.manifest.phrasings).toBe('heldout');
    expect(generateSuite(suite, 3)[1]!.manifest.phrasings).toBeUndefined();
  });

  it('the held-out halves are each at least as large as the standard ones for every trickyarena family', () => {
    for (const f of split)
      for (const [slot, p] of Object.entries(f.texts))
        expect(p.heldout.length, `${f.id}.${slot}`).toBeGreaterThanOrEqual(Math.min(5, p.standard.length));
    expect(every(split[0]!.texts[Object.keys(split[0]!.texts)[0]!]!).length).toBeGreaterThan(5);
  });
});

describe('--phrasings on the command line', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'decoy-phrasings-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a value that names no half, in one line naming the flag', async () => {
    const r = await decoyIn(dir, 'generate', '--suite', 'demo', '--phrasings', 'novel', '--out', 'x');
    expect(r.code).not.toBe(0);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/--phrasings: standard or heldout/);
  });

  it('refuses it beside bundles, which hold their own texts', async () => {
    const r = await decoyIn(dir, 'run', '--bundles', 'x', '--phrasings', 'heldout', '--out', 'runs/x');
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/--phrasings is for --suite/);
  });

  it('generate records the half in suite.json and every bundle.json', async () => {
    const r = await decoyIn(
      dir,
      'generate',
      '--suite',
      'trickyarena-single',
      '--pattern',
      'cookie-trap',
      '--phrasings',
      'heldout',
      '--out',
      'held',
    );
    expect(r.code, r.err).toBe(0);
    const index = JSON.parse(readFileSync(join(dir, 'held', 'suite.json'), 'utf8'));
    expect(index.phrasings).toBe('heldout');
    const first = JSON.parse(readFileSync(join(dir, 'held', index.scenarios[0], 'bundle.json'), 'utf8'));
    expect(first.phrasings).toBe('heldout');
    const again = await decoyIn(
      dir,
      'generate',
      '--suite',
      'trickyarena-single',
      '--pattern',
      'cookie-trap',
      '--out',
      'held',
    );
    expect(again.code).not.toBe(0);
    expect(again.err).toMatch(/held-?out|different generated suite/);
  });
});
