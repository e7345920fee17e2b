import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CaseFailed,
  caseBundle,
  classKey,
  closePlayers,
  expectNoFailure,
  fuzz,
  judgeCase,
  regressionFiles,
  regressions,
  saveRegressions,
  scenario,
  spaceCells,
  type FoundClass,
  type FuzzResult,
} from 'decoy/fuzz';
import { families } from '../../scenarios/index.ts';
import { compatible } from '../../generator/compose.ts';
import { regressionOf } from '../../harness/fuzz/regression.ts';
import weakened from '../fixtures/defenses/screen-no-preselection.ts';
import { PROPERTY_RUNS } from '../helpers.ts';

const WEAK = './test/fixtures/defenses/screen-no-preselection.ts';
/**
 * A family whose traps are boxes the page ticked, the rule the weakened screen lacks, in the
 * phrasings the reference defenses were written beside (on the held-out ones the full screen
 * misses some of them too, which is a finding of its own).
 */
const SPACE = { families: ['preselected-extras'], maxFamilies: 1, phrasings: ['standard'] } as const;
const BUDGET = { seed: 1, runs: 20, shrinkLimit: 40 } as const;

const strip = (r: FuzzResult) =>
  r.classes.map((c) => ({ key: c.key, cases: c.cases, first: c.first, shrunk: c.shrunk }));

afterAll(closePlayers);

describe('the scenario arbitrary', () => {
  it('every case it draws is a site the composer accepts, holding one of the families asked for, within the options', () => {
    const fams = ['cookie-trap', 'warranty-addon', 'preselected-consent'];
    fc.assert(
      fc.property(scenario({ families: fams, maxFamilies: 2, maxSeed: 50, phrasings: ['heldout'] }), (c) => {
        expect(compatible({ task: c.task, domain: c.domain, patterns: c.patterns })).toBe(true);
        expect(c.patterns.length).toBeGreaterThanOrEqual(1);
        expect(c.patterns.length).toBeLessThanOrEqual(2);
        expect(c.patterns.every((p) => fams.includes(p.family))).toBe(true);
        expect(c.seed).toBeLessThanOrEqual(50);
        expect(c.phrasings).toBe('heldout');
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it('the open space draws controls and compositions alike, and every case generates a bundle', () => {
    const cases = fc.sample(scenario(), { seed: 5, numRuns: 60 });
    expect(cases.some((c) => c.patterns.length === 0)).toBe(true);
    expect(cases.some((c) => c.patterns.length >= 2)).toBe(true);
    for (const c of cases.slice(0, PROPERTY_RUNS)) expect(caseBundle(c).manifest.patterns).toEqual(c.patterns);
  });

  it('shrinks towards the plainest case: one family, its first variant, seed 0, the standard phrasings', () => {
    const r = fc.check(
      fc.property(scenario(), (c) => !c.patterns.some((p) => p.family === 'cookie-trap')),
      { seed: 3, numRuns: 500 },
    );
    expect(r.failed).toBe(true);
    const c = r.counterexample?.[0];
    expect(c?.patterns).toEqual([{ family: 'cookie-trap', variant: families.get('cookie-trap').variants[0] }]);
    expect(c?.seed).toBe(0);
    expect(c?.phrasings).toBe('standard');
  });

  it('refuses options of the wrong shape by name: a list given as a string, counts and seeds out of range', () => {
    expect(() => scenario({ families: 'cookie-trap' as unknown as string[] })).toThrow(/families is a list/);
    expect(() => scenario({ maxFamilies: 0 })).toThrow(/maxFamilies is a whole number from 1 to 8, got 0/);
    expect(() => scenario({ maxFamilies: 1.5 })).toThrow(/got 1.5/);
    expect(() => scenario({ maxSeed: 1e12 })).toThrow(/maxSeed is a whole number from 0 to 2147483647/);
  });

  it('refuses an unknown family, task or domain by name, and a family the tasks given cannot host', () => {
    expect(() => scenario({ families: ['no-such'] })).toThrow(/unknown pattern family 'no-such'/);
    expect(() => scenario({ tasks: ['nope'] })).toThrow(/unknown task 'nope'/);
    expect(() => scenario({ domains: ['moon' as 'news'] })).toThrow(/unknown domain 'moon'/);
    expect(() => scenario({ families: ['warranty-addon'], domains: ['news'] })).toThrow(
      /'warranty-addon' applies to none of the tasks and domains given/,
    );
  });
});

describe('decoy fuzz, the search', () => {
  let weak: FuzzResult;

  it('catches a screen without its preselection rule within a small budget and shrinks it to one family, of a variant whose trap the full screen stops', async () => {
    weak = await fuzz({ agent: 'naive', defense: WEAK }, { ...BUDGET, space: SPACE, inProcess: true });
    const missed = weak.classes.filter((c) => c.kind === 'let-through');
    const needRule: string[] = [];
    for (const c of missed) {
      expect(c.shrunk.case.patterns).toHaveLength(1);
      expect(c.shrunk.case.patterns[0]?.family).toBe('preselected-extras');
      const again = await judgeCase(c.shrunk.case, { agent: 'naive', defense: weakened });
      expect(again.failures.map(classKey)).toContain(c.key);
      // Where the search met the class, the full screen stops the trap: the variant needs the rule the weakened one lacks.
      const full = await judgeCase(c.first.case, { agent: 'naive', defense: 'screen' });
      if (!full.failures.map(classKey).includes(c.key)) needRule.push(c.key);
    }
    expect(needRule.length).toBeGreaterThan(0);
    expect(weak.runs).toBe(BUDGET.runs);
    expect(weak.coverage.of).toBe(spaceCells(SPACE).size);
  });

  it('the same seed finds the same classes and shrinks them to the same cases, at 1 worker in this process and at 2 engine processes', async () => {
    const again = await fuzz({ agent: 'naive', defense: WEAK }, { ...BUDGET, space: SPACE, workers: 2 });
    expect(strip(again)).toEqual(strip(weak));
  });

  it('a saved counterexample fails against the weakened screen, naming its case and bundle, and passes against the full one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decoy-regressions-'));
    try {
      // A case the weakened screen fails and the full one passes: the first of a class where the full screen stops the trap.
      let c: FoundClass | undefined;
      for (const k of weak.classes) {
        const full = await judgeCase(k.first.case, { agent: 'naive', defense: 'screen' });
        if (k.kind === 'let-through' && !full.failures.map(classKey).includes(k.key))
          c ??= { ...k, shrunk: { ...k.shrunk, case: k.first.case, path: k.first.path } };
      }
      if (!c) throw new Error('no class the full screen passes to save');
      const who = { agent: 'naive', defense: WEAK, agentOptions: {}, defenseOptions: {} };
      expect(saveRegressions(dir, [regressionOf(c, who, BUDGET.seed)])).toHaveLength(1);
      // Saving the same case again writes nothing new.
      expect(saveRegressions(dir, [regressionOf(c, who, BUDGET.seed)])).toEqual([]);
      expect(regressionFiles(dir)).toHaveLength(1);
      const [r] = regressions(dir);
      const failed = await r?.check(undefined, { failures: join(dir, 'failures') }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failed).toBeInstanceOf(CaseFailed);
      expect((failed as Error).message).toContain(c.key);
      expect((failed as Error).message).toMatch(/bundle: .*failures/);
      await expect(r?.check('screen')).resolves.toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a regression does not pass behind a defense that throws: an error is no fix', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decoy-regressions-'));
    try {
      const c = weak.classes[0];
      if (!c) throw new Error('no class');
      saveRegressions(dir, [
        regressionOf(c, { agent: 'naive', defense: 'screen', agentOptions: {}, defenseOptions: {} }, 1),
      ]);
      const throws = {
        id: 'throws',
        description: 'throws on every review',
        create: () => ({
          review: (): never => {
            throw new Error('boom');
          },
        }),
      };
      const failed = await regressions(dir)[0]
        ?.check(throws, { failures: join(dir, 'failures') })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(failed).toBeInstanceOf(CaseFailed);
      expect((failed as Error).message).toMatch(/^errored /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a budget that would search nothing is refused, not taken for a clean pass', async () => {
    await expect(fuzz({ agent: 'naive', defense: 'screen' }, { seed: 1, runs: -3 })).rejects.toThrow(
      /runs is a whole number/,
    );
    await expect(fuzz({ agent: 'naive', defense: 'screen' }, { seed: 1, seconds: -1 })).rejects.toThrow(
      /seconds is more than 0/,
    );
    await expect(fuzz({ agent: 'naive', defense: 'screen' }, { seed: 1.5 })).rejects.toThrow(/seed is a whole number/);
  });

  it('judgeCase refuses what is not a case, and expectNoFailure a kind there is not', async () => {
    const c = fc.sample(scenario(), { seed: 1, numRuns: 1 })[0]!;
    await expect(judgeCase({ ...c, seed: -5 }, { agent: 'naive', defense: 'screen' })).rejects.toThrow(
      /not a case: seed/,
    );
    await expect(
      expectNoFailure(c, { agent: 'naive', defense: 'screen' }, { kinds: ['let-thru' as 'let-through'] }),
    ).rejects.toThrow(/unknown failure kind 'let-thru'/);
    await expect(judgeCase(c, { agent: 'naive', defense: { description: 'x' } as unknown as string })).rejects.toThrow(
      /needs an id \(a string\) and a create function/,
    );
  });

  it('finds nothing where nothing fails (the oracle behind no defense), and says how much of the space it reached', async () => {
    const r = await fuzz(
      { agent: 'oracle', defense: 'none' },
      { seed: 2, runs: 8, space: { tasks: ['purchase'], maxFamilies: 1 }, inProcess: true },
    );
    expect(r.classes).toEqual([]);
    expect(r.runs).toBe(8);
    expect(r.coverage.reached).toBeGreaterThan(0);
    expect(r.coverage.reached).toBeLessThanOrEqual(r.coverage.of);
  });

  it('stops when asked, keeping what it found so far', async () => {
    const stop = new AbortController();
    const r = await fuzz(
      { agent: 'naive', defense: WEAK },
      {
        ...BUDGET,
        runs: 1000,
        space: SPACE,
        inProcess: true,
        signal: stop.signal,
        progress: (label, done) => {
          if (label === 'search' && done >= 8) stop.abort();
        },
      },
    );
    expect(r.stopped).toBe(true);
    expect(r.runs).toBeLessThan(1000);
  });
});
