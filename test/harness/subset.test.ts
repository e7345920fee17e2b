import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subsetBy, subsetFields, subsetOf, subsetOfRuns } from '../../harness/subset.ts';
import { decoyIn } from '../helpers.ts';
import { executeRun } from '../../harness/run.ts';
import { loadBundles } from '../../harness/select.ts';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ manifest: { id: `c${i}` } }));

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-subset-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a subset of a suite', () => {
  it("keeps the suite's order; --configs n draws min(n, all) by the seed, the same for the same seed; --limit takes a prefix of what is left", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 50 }),
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
        fc.integer(),
        (n, configs, limit, seed) => {
          const all = items(n);
          const ids = subsetOf(all, { configs, ...(limit ? { limit } : {}) }, seed).map((b) => b.manifest.id);
          const drawn = subsetOf(all, { configs }, seed).map((b) => b.manifest.id);
          expect(drawn).toHaveLength(Math.min(configs, n));
          expect(drawn).toEqual(all.map((b) => b.manifest.id).filter((id) => drawn.includes(id)));
          expect(subsetOf(all, { configs }, seed).map((b) => b.manifest.id)).toEqual(drawn);
          expect(ids).toEqual(limit ? drawn.slice(0, limit) : drawn);
        },
      ),
    );
  });

  it("of run folders, each run's part is what the same flags take of its own episodes under its own seed; --scenario keeps in each run the ids it holds, and refuses an id no run holds", () => {
    const episodes = (ids: string[]) => ids.map((scenario) => ({ scenario }));
    const taken = { items: 'ids', ids: 'as given' };
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { maxLength: 10 }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        fc.integer(),
        (held, configs, limit, seed) => {
          const runs = held.map((ns, i) => ({ episodes: episodes(ns.map((n) => `c${n}`)), seed: seed + i }));
          const part = { ...(configs ? { configs } : {}), ...(limit ? { limit } : {}) };
          const chosen = subsetOfRuns(runs, part, 'these runs');
          runs.forEach((r, i) =>
            expect(chosen[i]).toEqual(subsetBy(r.episodes, (e) => e.scenario, part, r.seed, taken)),
          );
          const some = runs.flatMap((r) => r.episodes.slice(0, 1).map((e) => e.scenario));
          const named = subsetOfRuns(runs, { scenarios: some }, 'these runs');
          runs.forEach((r, i) => expect(named[i]).toEqual(r.episodes.filter((e) => some.includes(e.scenario))));
        },
      ),
    );
    expect(() =>
      subsetOfRuns([{ episodes: episodes(['c1', 'c2']), seed: 7 }], { scenarios: ['c9'] }, 'runs/a'),
    ).toThrow("--scenario 'c9' is none of the 2 episodes of runs/a (scenario ids, as episodes.jsonl records them)");
  });

  it('--scenario keeps the configurations named, in the suite order, and refuses an id that is none of them', () => {
    const all = items(5);
    expect(subsetOf(all, { scenarios: ['c3', 'c1'] }, 7).map((b) => b.manifest.id)).toEqual(['c1', 'c3']);
    expect(() => subsetOf(all, { scenarios: ['c1', 'c9'] }, 7)).toThrow(
      "--scenario 'c9' is none of the 5 configurations of this run (ids as decoy generate names their folders)",
    );
  });

  it('an id refused names the one it was likely meant as: a typo, another seed, another case; none for an id near nothing', () => {
    const ids = ['demo.v5.signup-shopping.control.s7', 'demo.v5.signup-shopping.cookie-trap-corner.s7'];
    const all = ids.map((id) => ({ manifest: { id } }));
    const refused = (id: string) => {
      try {
        subsetOf(all, { scenarios: [id] }, 7);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };
    for (const typo of [
      'demo.v5.signup-shopping.contrl.s7',
      'demo.v5.signup-shopping.control.s123',
      'DEMO.V5.SIGNUP-SHOPPING.CONTROL.S7',
    ])
      expect(refused(typo)).toMatch(/; did you mean 'demo\.v5\.signup-shopping\.control\.s7'\?$/);
    expect(refused('checkout')).toMatch(/ \(ids as decoy generate names their folders\)$/);
  });

  it('is recorded the same whatever the order or repetition of the ids given, as it plays the same configurations', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('c0', 'c1', 'c2', 'c3'), { minLength: 1, maxLength: 8 }), (ids) => {
        const all = items(4);
        const canonical = [...new Set(ids)].sort();
        expect(subsetFields({ scenarios: ids })).toEqual({ scenarios: canonical });
        expect(subsetOf(all, { scenarios: ids }, 7)).toEqual(subsetOf(all, { scenarios: canonical }, 7));
      }),
    );
  });

  it('is recorded in run.json; compare plays each defense on the same subset a decoy run with the same flags plays, byte for byte; resuming with another is refused', async () => {
    const subset = ['--configs', '4', '--limit', '3'];
    const c = await decoyIn(
      dir,
      'compare',
      '--suite',
      'demo',
      '--no-check',
      ...subset,
      '--defenses',
      'none,gate',
      '--out',
      'cmp',
    );
    expect(c.code, c.err).toBe(0);
    const r = await decoyIn(
      dir,
      'run',
      '--suite',
      'demo',
      '--no-check',
      ...subset,
      '--defense',
      'gate',
      '--out',
      'run',
    );
    expect(r.code, r.err).toBe(0);
    const files = (d: string) =>
      ['run.json', 'episodes.jsonl', 'summary.json'].map((f) => readFileSync(join(dir, d, f), 'utf8'));
    expect(files(join('cmp', 'gate'))).toEqual(files('run'));
    // A suite generated by the command makes only the part played, and plays it as the whole suite's bundles would.
    expect(r.progress.filter((l) => l.startsWith('generate: '))).toEqual(
      ['1', '2', '3'].map((n) => `generate: ${n}/3\n`),
    );
    const config = JSON.parse(readFileSync(join(dir, 'run', 'run.json'), 'utf8'));
    await executeRun(config, join(dir, 'whole-suite'), {
      bundles: loadBundles({ suite: 'demo', seed: 7, patterns: [] }),
      noCheck: true,
    });
    expect(files('whole-suite')).toEqual(files('run'));
    expect(JSON.parse(readFileSync(join(dir, 'run', 'run.json'), 'utf8'))).toMatchObject({ configs: 4, limit: 3 });
    expect(
      readFileSync(join(dir, 'run', 'episodes.jsonl'), 'utf8')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(3);
    const other = await decoyIn(
      dir,
      'run',
      '--suite',
      'demo',
      '--no-check',
      '--configs',
      '5',
      '--defense',
      'gate',
      '--out',
      'run',
    );
    expect(other.code).toBe(2);
    expect(other.err).toMatch(
      /^decoy run: run already holds a different run \(configs: 4 there, 5 now\); choose another --out or remove it\n$/,
    );
  });
});
