import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ABLATIONS,
  COMPARE_JSON,
  compareDefenses,
  DEFAULT_DEFENSES,
  withAblations,
  type CompareConfig,
} from '../../harness/compare.ts';
import { Stopped, UserError } from '../../lib/errors.ts';
import { aggregate, type Summary } from '../../simulator/measure/metrics.ts';
import { compareRuns, costOf, type Comparison, type DefenseComparison } from '../../simulator/measure/comparison.ts';
import { ablationTable, compareText } from '../../simulator/measure/report/compare.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { mcnemarExact } from '../../simulator/measure/paired.ts';
import { help } from '../../cli/compare.ts';

let dir = '';
let out = '';
let firstBlock = '';
let config: CompareConfig;
let json: Comparison & { config: Record<string, unknown> };

/** A user's defense that blocks each episode's first proposal and nothing else: its cost is known in advance. */
const FIRST_BLOCK = `export default {
  id: 'first-block',
  description: 'blocks the first proposal of an episode',
  create: () => ({ review: ({ history }) => (history.length === 0 ? { kind: 'block', feedback: 'not yet' } : { kind: 'allow' }) }),
};
`;

const read = <T>(f: string) => JSON.parse(readFileSync(f, 'utf8')) as T;
const episodesOf = (folder: string) =>
  readFileSync(join(out, folder, 'episodes.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as EpisodeRecord);
const summaryOf = (folder: string) => read<Summary & { defense: string }>(join(out, folder, 'summary.json'));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-compare-'));
  out = join(dir, 'cmp');
  firstBlock = join(dir, 'first-block.mjs');
  writeFileSync(firstBlock, FIRST_BLOCK);
  // Six configurations of one condition (health/cf): at susceptibility 0.5 the naive agent takes the trap in some of them.
  config = {
    suite: 'trickyarena-single',
    patterns: ['confirm-shaming'],
    bundles: null,
    agent: 'naive',
    seed: 7,
    agentOptions: { susceptibility: 0.5 },
    defenses: ['none', 'gate', 'warn', firstBlock],
  };
  await compareDefenses(config, out, { noCheck: true });
  json = read(join(out, COMPARE_JSON));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const byId = (id: string) => json.defenses.find((d) => d.id === id) as DefenseComparison;

describe('decoy compare', () => {
  it('writes one ordinary run folder per defense (a file defense by its base name), compare.json and compare.md', () => {
    expect(readdirSync(out).sort()).toEqual(['compare.json', 'compare.md', 'first-block', 'gate', 'none', 'warn']);
    for (const d of json.defenses)
      expect(readdirSync(join(out, d.folder)).sort()).toEqual(['episodes.jsonl', 'run.json', 'summary.json']);
    expect(read<{ defense: string }>(join(out, 'first-block', 'run.json')).defense).toBe(firstBlock);
    expect(json.defenses.map((d) => d.id)).toEqual(config.defenses);
  });

  it("each defense's counts, rates, intervals and outcomes are its summary.json's and a recount of its episodes.jsonl", () => {
    for (const d of json.defenses) {
      const s = summaryOf(d.folder);
      const eps = episodesOf(d.folder);
      expect(eps).toHaveLength(6);
      for (const k of ['episodes', 'errors', 'counts', 'tsr', 'dpsr', 'stc', 'ci', 'outcomes'] as const)
        expect(d[k]).toEqual(s[k]);
      const recount = aggregate(eps);
      expect({ episodes: d.episodes, counts: d.counts, outcomes: d.outcomes }).toEqual({
        episodes: recount.episodes,
        counts: recount.counts,
        outcomes: recount.outcomes,
      });
      expect(d.counts.d).toBe(eps.filter((e) => e.end.kind !== 'error' && e.D === 1).length);
      expect(d.counts.stc).toBe(eps.filter((e) => e.end.kind !== 'error' && e.STC === 1).length);
      // Per condition, with Veer's Avg and Worst, as summary.json has them.
      expect(json.groupedBy).toBe('condition');
      expect(Object.keys(d.groups)).toEqual(Object.keys(s.byCondition ?? {}));
      for (const [k, g] of Object.entries(d.groups))
        expect(g).toEqual({
          n: s.byCondition?.[k]?.episodes,
          d: s.byCondition?.[k]?.counts.d,
          dpsr: s.byCondition?.[k]?.dpsr,
        });
      expect(d.groupDpsr).toEqual({ avg: s.conditionDpsr?.mean, worst: s.conditionDpsr?.worst });
    }
    // The comparison is not vacuous: the agent takes some trap undefended, and the gate stops one.
    expect(byId('none').counts.d).toBeGreaterThan(0);
    expect(byId('gate').counts.d).toBeLessThan(byId('none').counts.d);
  });

  it('pairs each defense with none by scenario: b, c and p equal a recount over the two episodes.jsonl', () => {
    expect(json.pairedAgainst).toBe('none');
    expect(byId('none').paired).toBeNull();
    const base = new Map(episodesOf('none').map((e) => [e.scenario, e]));
    for (const d of json.defenses.filter((x) => x.id !== 'none')) {
      let b = 0;
      let c = 0;
      for (const e of episodesOf(d.folder)) {
        const twin = base.get(e.scenario) as EpisodeRecord;
        if (twin.STC === 1 && e.STC === 0) b++;
        if (twin.STC === 0 && e.STC === 1) c++;
      }
      expect(d.paired).toEqual({
        pairs: 6,
        errored: 0,
        unmatched: 0,
        b,
        c,
        p: mcnemarExact(b, c),
        diffPp: Math.round((1000 * (c - b)) / 6) / 10,
      });
    }
    expect(byId('gate').paired?.c).toBeGreaterThan(0);
  });

  it("counts the defense's cost from the steps: a defense blocking each first proposal intercepts once per episode", () => {
    expect(byId(firstBlock).cost).toMatchObject({
      episodes: 6,
      interceptions: 6,
      blocks: 6,
      interceptedEpisodes: 6,
      interventions: 0,
      replans: 0,
      defenseActions: 0,
    });
    expect(byId('none').cost.interceptions).toBe(0);
    const gateSteps = episodesOf('gate')
      .flatMap((e) => e.steps)
      .filter((s) => ['block', 'intervene', 'terminate'].includes(s.verdict.kind)).length;
    expect(byId('gate').cost.interceptions).toBe(gateSteps);
    expect(gateSteps).toBeGreaterThan(0);
  });

  it('compare.md holds the results, paired, cost and per-condition tables', () => {
    const md = readFileSync(join(out, 'compare.md'), 'utf8');
    expect(md).toMatch(/\| Method +\| +N \| +#D \| +#T \| #STC \| DPSR % \[95% CI\]/);
    expect(md).toContain('p (McNemar exact)');
    expect(md).toContain('| health/cf ');
    expect(md).toMatch(/\| Worst /);
    expect(md).not.toContain('Table 18');
  });

  it('after a kill (one run cut short, without its summary), the same compare plays only what is missing and writes a byte-identical compare.json', async () => {
    const before = readFileSync(join(out, COMPARE_JSON), 'utf8');
    const kept =
      readFileSync(join(out, 'gate', 'episodes.jsonl'), 'utf8')
        .split('\n')
        .slice(0, 2)
        .join('\n') + '\n{"scenario":"cut sh';
    writeFileSync(join(out, 'gate', 'episodes.jsonl'), kept);
    rmSync(join(out, 'gate', 'summary.json'));
    rmSync(join(out, 'warn', 'summary.json'));
    const r = await compareDefenses(config, out, { noCheck: true });
    expect(r.played).toEqual([
      { defense: 'none', played: 0, kept: 6 },
      { defense: 'gate', played: 4, kept: 2 },
      { defense: 'warn', played: 0, kept: 6 },
      { defense: firstBlock, played: 0, kept: 6 },
    ]);
    expect(readFileSync(join(out, COMPARE_JSON), 'utf8')).toBe(before);
  }, 60_000);

  it('stopped midway (Ctrl-C), it says which defense it stopped in; run again, it finishes and writes the same compare.json', async () => {
    const stopped = join(dir, 'stopped');
    for (const d of ['none', 'gate', 'warn']) cpSync(join(out, d), join(stopped, d), { recursive: true });
    const stop = new AbortController();
    const err = await compareDefenses(config, stopped, {
      noCheck: true,
      signal: stop.signal,
      progress: (_l, done) => done === 2 && stop.abort(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stopped);
    expect((err as Error).message).toBe(
      `stopped after 2 of 6 episodes of defense ${firstBlock} (3 of 4 defenses done)`,
    );
    expect(existsSync(join(stopped, COMPARE_JSON))).toBe(false);
    const r = await compareDefenses(config, stopped, { noCheck: true });
    expect(r.played.at(-1)).toEqual({ defense: firstBlock, played: 4, kept: 2 });
    expect(readFileSync(join(stopped, COMPARE_JSON), 'utf8')).toBe(readFileSync(join(out, COMPARE_JSON), 'utf8'));
  }, 60_000);

  it('refuses, before anything is written, an unknown defense (one line), a folder of a different run, and a foreign folder', async () => {
    const fresh = join(dir, 'never');
    const err = await compareDefenses({ ...config, defenses: ['none', 'no-such-defense'] }, fresh, {
      noCheck: true,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toMatch(/no-such-defense/);
    expect((err as Error).message).not.toContain('\n');
    expect(existsSync(fresh)).toBe(false);
    await expect(compareDefenses({ ...config, seed: 8 }, out, { noCheck: true })).rejects.toThrow(
      /already holds a different run/,
    );
    const foreign = join(dir, 'foreign');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'notes.txt'), 'mine');
    await expect(compareDefenses(config, foreign, { noCheck: true })).rejects.toThrow(
      /holds something other than a comparison/,
    );
    expect(readdirSync(foreign)).toEqual(['notes.txt']);
    await expect(compareDefenses({ ...config, defenses: ['gate', 'gate'] }, fresh, { noCheck: true })).rejects.toThrow(
      /names 'gate' twice/,
    );
  });

  it('a comparison without none says so instead of pairing against another defense', async () => {
    // The runs are copied in: finished run folders of the same setting are read, not played again.
    const noNone = join(dir, 'no-none');
    for (const d of ['gate', 'warn']) cpSync(join(out, d), join(noNone, d), { recursive: true });
    const r = await compareDefenses({ ...config, defenses: ['gate', 'warn'] }, noNone, { noCheck: true });
    expect(r.played.map((p) => p.played)).toEqual([0, 0]);
    expect(r.comparison.pairedAgainst).toBeNull();
    expect(r.comparison.defenses.every((d) => d.paired === null)).toBe(true);
    expect(r.printed).toContain('`none` is not among the defenses');
  }, 60_000);
});

describe('the comparison from run folders', () => {
  it('counts interventions, their replans and the unresolved ones, looks, and the defense actions, over scored episodes only', () => {
    const [e] = episodesOf('none') as [EpisodeRecord];
    const step = (
      kind: 'allow' | 'block' | 'intervene' | 'terminate',
      intervention?: { resolved: boolean; replans: number },
    ) => ({
      ...e.steps[0]!,
      verdict: { kind },
      ...(intervention ? { intervention: { ...intervention, detail: '' } } : {}),
    });
    const looked = {
      ...step('allow'),
      evidence: [
        { claim: 'what the order holds', ok: true, detail: '' },
        { claim: 'what the order holds', ok: false, detail: '' },
      ],
    };
    const a = {
      ...e,
      budget: { ...e.budget, defenseUsed: 5 },
      steps: [
        step('intervene', { resolved: true, replans: 2 }),
        looked,
        step('intervene', { resolved: false, replans: 1 }),
      ],
    };
    const b = { ...e, budget: { ...e.budget, defenseUsed: 1 }, steps: [step('allow'), step('terminate')] };
    const failed = {
      ...e,
      end: { kind: 'error' as const, reason: 'x' },
      budget: { ...e.budget, defenseUsed: 9 },
      steps: [step('block')],
    };
    expect(costOf([a, b, failed, { ...e, steps: [step('allow')] }])).toEqual({
      episodes: 3,
      defenseActions: 6,
      defenseActionsPerEpisode: 2,
      interceptions: 3,
      interceptionsPerEpisode: 1,
      interceptedEpisodes: 2,
      blocks: 0,
      interventions: 2,
      terminations: 1,
      replans: 3,
      unresolved: 1,
      looks: 2,
      failedLooks: 1,
    });
  });

  it('groups DPSR by pattern family, with the same mean and worst, when the suite labels no conditions', () => {
    const runs = ['none', 'gate'].map((f) => {
      const { byCondition: _c, conditionDpsr: _d, ...summary } = summaryOf(f);
      return {
        id: f,
        folder: f,
        summary: {
          ...summary,
          byPattern: {
            ...summary.byPattern,
            other: { ...summary, episodes: 2, counts: { t: 2, d: 1, stc: 1 }, dpsr: 50 },
          },
        } as Summary,
        episodes: episodesOf(f),
      };
    });
    const c = compareRuns(runs);
    expect(c.groupedBy).toBe('pattern');
    const none = c.defenses[0] as DefenseComparison;
    expect(Object.keys(none.groups)).toEqual(['confirm-shaming', 'other']);
    const cs = byId('none').groups['health/cf'] as { d: number; n: number };
    const rate = (100 * cs.d) / cs.n;
    expect(none.groupDpsr).toEqual({
      avg: Math.round(((rate + 50) / 2) * 10) / 10,
      worst: Math.round(Math.max(rate, 50) * 10) / 10,
    });
  });
});

describe('compare --ablations', () => {
  it('adds the intervention variants after the defenses given, each once, and the default list is the CLI default', () => {
    expect(withAblations(['none', 'intervene-reactive', 'gate'])).toEqual([
      'none',
      'intervene-reactive',
      'gate',
      'intervene',
      'intervene-block',
      'intervene-onestep',
      'intervene-notemporal',
    ]);
    expect(withAblations([])).toEqual([...ABLATIONS]);
    expect(help().replace(/\s+/g, ' ')).toContain(`(default: ${DEFAULT_DEFENSES.join(',')})`);
  });

  it('the outcome table (Veer Table 18) measures ΔSTC against the first intervention variant listed', () => {
    // ΔSTC is taken from the counts (STC = safe outcomes over N = 88), not from the rounded rates.
    const row = (id: string, stc: number, o: [number, number, number, number]): DefenseComparison => ({
      ...byId('none'),
      id,
      stc,
      episodes: 88,
      counts: { ...byId('none').counts, stc: o[0] },
      outcomes: { safe: o[0], taskWithDp: o[1], failNoDp: o[2], failWithDp: o[3] },
    });
    const c: Comparison = {
      ...json,
      defenses: [
        row('none', 60.2, [53, 18, 12, 5]),
        row('intervene', 85.2, [75, 1, 9, 3]),
        row('intervene-block', 50, [44, 1, 34, 9]),
      ],
    };
    const table = ablationTable(c);
    expect(table).toContain('ΔSTC (pp) vs intervene');
    expect(table).toMatch(/\| intervene-block \| +44 \| +1 \| +34 \| +9 \|.*\| +−35\.2 \|/);
    expect(table).toMatch(/\| none +\|.*\| +−25\.0 \|/);
    expect(compareText(c, 't', true).markdown).toContain('Table 18');
  });
});
