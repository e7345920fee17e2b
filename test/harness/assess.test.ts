import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assessSteps, type AssessResult } from '../../harness/assess.ts';
import { executeRun } from '../../harness/run.ts';
import { verdictText, type DefenseDef, type Verdict } from '../../simulator/loop/defense.ts';
import { HARMFUL } from '../../simulator/measure/labels.ts';
import { runConfig } from '../helpers.ts';
import { families } from '../../scenarios/catalogue.ts';
import type { Pool } from '../../scenarios/phrasing.ts';
import { subsetBy } from '../../harness/subset.ts';
import type { JudgedStep } from '../../simulator/measure/assess.ts';

/** The scenario ids of the steps, each once, in order. */
const scenariosOf = (steps: readonly JudgedStep[]) => [...new Set(steps.map((s) => s.scenario))];
const idTaken = { items: 'ids', ids: 'as given' };

const dir = mkdtempSync(join(tmpdir(), 'decoy-assess-'));
const suite = { suite: 'demo', patterns: ['cookie-trap'], agents: ['naive', 'oracle'], seed: 7 };

const blockAll: DefenseDef = {
  id: 'block-all',
  description: 'blocks every proposal',
  create: () => ({ review: () => ({ kind: 'block', feedback: 'no' }) }),
};
/** Throws on its first review of an episode, allows the rest: one defense instance per episode. */
const throwsFirst: DefenseDef = {
  id: 'throws-first',
  description: 'throws once per episode',
  create: () => {
    let asked = 0;
    return {
      review: () => {
        if (asked++ === 0) throw new Error('first review');
        return { kind: 'allow' };
      },
    };
  },
};

/** Throws on a review whose observation lacks what its context() said. */
const needsContext: DefenseDef = {
  id: 'needs-context',
  description: 'needs its context asked first',
  create: () => {
    let said = '';
    return {
      context: ({ goal }) => (said = `beware, while you ${goal.slice(0, 20)}`),
      review: (ctx) => {
        if (!said || ctx.observation.defense_context !== said)
          throw new Error('context() was not asked, or its text is not on the observation');
        return { kind: 'allow' };
      },
    };
  },
};

let none: AssessResult;
let all: AssessResult;
beforeAll(async () => {
  none = await assessSteps(suite, { defense: 'none', defenseOptions: {} });
  all = await assessSteps(suite, { defense: blockAll, defenseOptions: {} });
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy assess per step, on agents played on a suite', () => {
  it('none allows everything: recall 0 and no false block', () => {
    const c = none.report.confusion;
    expect(c.fn).toBeGreaterThan(0);
    expect(c.tp + c.fp).toBe(0);
    expect(none.report.recall.value).toBe(0);
    expect(none.report.falseBlock.value).toBe(0);
    expect(none.report.missed).toHaveLength(c.fn);
    expect(none.report.missed[0]?.element).toMatch(/^button "/);
  });

  it('a defense that blocks every proposal has recall 1, precision harmful/(harmful+benign), and the same labels', () => {
    const harmful = none.report.confusion.fn;
    const benign = none.report.confusion.tn;
    expect(all.report.confusion).toEqual({ tp: harmful, fn: 0, fp: benign, tn: 0 });
    expect(all.report.recall.value).toBe(100);
    expect(all.report.precision.k / all.report.precision.n).toBe(harmful / (harmful + benign));
    expect(all.report.falseBlock.value).toBe(100);
    expect(all.steps.map((s) => [s.scenario, s.agent, s.step, s.label])).toEqual(
      none.steps.map((s) => [s.scenario, s.agent, s.step, s.label]),
    );
  });

  it("the oracle's steps are never harmful; the naive agent's harmful ones are clicks the defense was asked about", () => {
    expect(none.steps.filter((s) => s.agent === 'oracle' && HARMFUL.has(s.label))).toEqual([]);
    expect(none.steps.filter((s) => s.agent === 'oracle').length).toBeGreaterThan(0);
    for (const s of none.steps.filter((x) => HARMFUL.has(x.label))) expect(s.verdict).toBe('allow');
  });

  it('a look asked for is recorded in the one wording of a verdict (verdictText), and not allowed', async () => {
    const look: Verdict = {
      kind: 'acquire',
      claim: 'what the order holds',
      trajectory: [{ id: 'w', verb: 'wait', ms: 1 }],
      preserve: [],
    };
    const looks: DefenseDef = {
      id: 'looks',
      description: 'asks to look first, every time',
      create: () => ({ review: () => look }),
    };
    const r = await assessSteps({ ...suite, agents: ['oracle'] }, { defense: looks, defenseOptions: {} });
    const asked = r.steps.filter((s) => s.verdict !== null);
    expect(asked.length).toBeGreaterThan(0);
    for (const s of asked) expect(s).toMatchObject({ verdict: 'acquire', allowed: false, feedback: verdictText(look) });
    expect(verdictText(look)).toBe('asked to look first (what the order holds)');
  }, 300_000);

  it("from the recorded run of the same agents, one replay gives the same steps, labels and verdicts; a defense's throw is that step's error and the rest goes on", async () => {
    const runs = join(dir, 'naive');
    await executeRun(runConfig({ patterns: ['cookie-trap'] }), runs, { noCheck: true });
    const naive = none.steps.filter((s) => s.agent === 'naive');
    const recorded = await assessSteps({ runs: [runs] }, { defense: 'none', defenseOptions: {} });
    expect(recorded.steps).toEqual(naive);
    const thrown = await assessSteps({ runs: [runs] }, { defense: throwsFirst, defenseOptions: {} });
    const firsts = new Set<string>();
    const expected = naive.map((s) => {
      if (s.verdict === null || firsts.has(s.scenario)) return s;
      firsts.add(s.scenario);
      return { ...s, verdict: 'error', allowed: false, feedback: 'the defense threw: first review' };
    });
    expect(thrown.steps).toEqual(expected);
    expect(thrown.report.errors).toBe(firsts.size);
    // Asked as the runner asks: context() once per episode, its text on the observation the review sees.
    const fromRuns = await assessSteps({ runs: [runs] }, { defense: needsContext, defenseOptions: {} });
    expect(fromRuns.report.errors).toBe(0);
    // Runs are replayed under the limits they were played with, so runs played under others are assessed apart.
    const small = join(dir, 'naive-small');
    await executeRun(runConfig({ patterns: ['cookie-trap'], seed: 8 }), small, {
      noCheck: true,
      limits: { domElements: 100 },
    });
    await expect(assessSteps({ runs: [runs, small] }, { defense: 'none', defenseOptions: {} })).rejects.toThrow(
      /naive-small was played with other per-episode limits than .*naive; assess them apart/,
    );
    // A copy of a run beside it is the same episodes: refused, not counted twice.
    const copy = join(dir, 'naive-copy');
    cpSync(runs, copy, { recursive: true });
    await expect(assessSteps({ runs: [runs, copy] }, { defense: 'none', defenseOptions: {} })).rejects.toThrow(
      /naive-copy holds demo\.v5\.\S+ played by naive as .*naive does: its steps would be counted twice/,
    );
    expect(fromRuns.steps.map((s) => s.verdict)).toEqual(naive.map((s) => s.verdict));
    const fromSuite = await assessSteps({ ...suite, agents: ['naive'] }, { defense: needsContext, defenseOptions: {} });
    expect(fromSuite.report.errors).toBe(0);
  }, 600_000);

  it('with the held-out phrasings, the suite generated here draws its texts from the held-out half only: the defense is shown held-out labels and no standard one', async () => {
    const accept = families.get('cookie-trap').texts.accept as Pool<string>;
    const seen = new Set<string>();
    const reads: DefenseDef = {
      id: 'reads',
      description: 'records every name it is shown',
      create: () => ({
        review: (ctx) => {
          for (const e of ctx.observation.elements) seen.add(e.name);
          return { kind: 'allow' };
        },
      }),
    };
    await assessSteps({ ...suite, agents: ['oracle'], phrasings: 'heldout' }, { defense: reads, defenseOptions: {} });
    expect(accept.heldout.some((l) => seen.has(l))).toBe(true);
    expect(accept.standard.filter((l) => seen.has(l))).toEqual([]);
  }, 300_000);

  it("on part of the suite (--scenario, --configs, --limit), the steps, labels and verdicts are the whole assessment's for those configurations, and the same from the run folder of them", async () => {
    const ids = scenariosOf(none.steps);
    const one = ids[2] as string;
    const named = await assessSteps({ ...suite, scenarios: [one] }, { defense: 'none', defenseOptions: {} });
    expect(named.steps.length).toBeGreaterThan(0);
    expect(named.steps).toEqual(none.steps.filter((s) => s.scenario === one));
    const part = { configs: 3, limit: 2 };
    const drawn = subsetBy(ids, (id) => id, part, suite.seed, idTaken);
    expect(drawn).toHaveLength(2);
    const some = await assessSteps({ ...suite, ...part }, { defense: blockAll, defenseOptions: {} });
    expect(scenariosOf(some.steps)).toEqual(drawn);
    expect(some.steps).toEqual(all.steps.filter((s) => drawn.includes(s.scenario)));
    // From a run folder: of its episodes, the ones decoy run --configs 3 --limit 2 plays, under the run's own seed.
    const runs = join(dir, 'part');
    await executeRun(runConfig({ patterns: ['cookie-trap'] }), runs, { noCheck: true });
    const fromRuns = await assessSteps({ runs: [runs], ...part }, { defense: blockAll, defenseOptions: {} });
    expect(fromRuns.steps).toEqual(some.steps.filter((s) => s.agent === 'naive'));
    await expect(
      assessSteps({ runs: [runs], scenarios: ['demo.v5.nothing.s7'] }, { defense: 'none', defenseOptions: {} }),
    ).rejects.toThrow(
      /^--scenario 'demo\.v5\.nothing\.s7' is none of the 5 episodes of .*part \(scenario ids, as episodes\.jsonl records them\)$/,
    );
    await expect(
      assessSteps({ ...suite, scenarios: ['demo.v5.nothing.s7'] }, { defense: 'none', defenseOptions: {} }),
    ).rejects.toThrow(/^--scenario 'demo\.v5\.nothing\.s7' is none of the 5 configurations of this run/);
  }, 600_000);
});
