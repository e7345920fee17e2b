import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suites } from '../../scenarios/index.ts';
import { generateSuite, writeBundles } from '../../generator/bundle.ts';
import { generated } from '../../harness/select.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { summarize } from '../../simulator/measure/metrics.ts';
import * as score from '../../cli/score.ts';
import { decoyIn, play, runConfig } from '../helpers.ts';
import { episodeSeed } from '../../scenarios/rng.ts';
import { executeRun } from '../../harness/run.ts';
import { scoreLogs } from '../../harness/score-batch.ts';

/*
 * Logs as decoy serve writes them (<log-dir>/<scenario-id>/<session>.json: scenario, suite,
 * session and the page's own log), made by playing each configuration of the demo suite in
 * the simulator and keeping the page's log: the scores of the batch are then held to the
 * simulator's own scores of the same episodes.
 */
const dir = mkdtempSync(join(tmpdir(), 'decoy-score-batch-'));
const decoy = (...args: string[]) => decoyIn(dir, ...args);
const bundles = generated(generateSuite(suites.get('demo'), 7));
/** Each log written: its path under logs/, and the episode the simulator recorded of it. */
const played: { log: string; session: string; record: EpisodeRecord; events: unknown[] }[] = [];
/** Configurations played a second time, by the oracle, in a later session. */
const TWICE = 2;

function writeLog(root: string, record: EpisodeRecord, session: string, events: unknown[]): string {
  mkdirSync(join(root, record.scenario), { recursive: true });
  const log = `${record.scenario}/${session}.json`;
  writeFileSync(join(root, log), JSON.stringify({ scenario: record.scenario, suite: record.suite, session, events }));
  return log;
}

beforeAll(async () => {
  writeBundles(join(dir, 'out/demo'), suites.get('demo'), 7, generateSuite(suites.get('demo'), 7));
  const env = new DecoyEnv();
  try {
    for (const [i, bundle] of bundles.entries()) {
      for (const [k, agent] of (i < TWICE ? ['naive', 'oracle'] : ['naive']).entries()) {
        // A session is the digits of the time its page first loaded: a later one has more digits here, as time goes on.
        const session = String(k === 0 ? 999_000 + i : 1_000_000 + i);
        // The naive agent at the seed decoy run --seed 7 gives the episode, so that its logs are that run's episodes.
        const record = await play(bundle, agent, episodeSeed(7, bundle.manifest.id), 'none', {}, env);
        const events = await env.browser.events();
        played.push({ log: writeLog(join(dir, 'logs'), record, session, events), session, record, events });
      }
    }
  } finally {
    await env.close();
  }
  // Keyed each way a key may name a log: <scenario-id>/<session> where there are two, else alternately the id and the session.
  const answers: Record<string, string> = {};
  for (const p of played) {
    const i = bundles.findIndex((b) => b.manifest.id === p.record.scenario);
    const key = i < TWICE ? p.log.replace(/\.json$/, '') : i % 2 === 0 ? p.record.scenario : p.session;
    if (p.record.answer !== null) answers[key] = p.record.answer;
  }
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Line {
  log: string;
  session: string;
  scenario: string;
  answer: string | null;
  T: number;
  D: number;
  STC: number;
  patterns: string[];
  condition?: string;
}

describe('decoy score --logs: every collected log of a folder', () => {
  it('scores each log as decoy score --log scores it alone, every session an episode in the order they began, in the suite order', async () => {
    const r = await decoy(
      'score',
      '--logs',
      'logs',
      '--bundles',
      'out/demo',
      '--answers',
      'answers.json',
      '--out',
      'scored',
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^logs logs · bundles out\/demo · 18 logs of 16 configurations, \d+ with an answer$/m);
    const answers = JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8')) as Record<string, string>;
    // Every kind of key is in the file: a session alone, a configuration's id, both.
    expect(Object.keys(answers).map((k) => (/^\d+$/.test(k) ? 'session' : k.includes('/') ? 'both' : 'id'))).toEqual(
      expect.arrayContaining(['session', 'id', 'both']),
    );
    const lines = readFileSync(join(dir, 'scored', 'scores.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(lines.map((l) => l.log)).toEqual(played.map((p) => p.log));
    for (const [i, l] of lines.entries()) {
      const p = played[i]!;
      const alone = JSON.parse(
        await score.run([
          '--bundle',
          join(dir, 'out/demo', p.record.scenario),
          '--log',
          join(dir, 'logs', p.log),
          ...(p.record.answer !== null ? ['--answer', p.record.answer] : []),
          '--json',
        ]),
      ) as Record<string, unknown>;
      const { log, session, patterns, condition, ...rest } = l;
      expect({ log, session }).toEqual({ log: p.log, session: p.session });
      expect(rest).toEqual(alone);
      expect(patterns).toEqual(p.record.patterns);
      expect(condition).toEqual(p.record.condition);
    }
  }, 300_000);

  it("summary.json's figures are what run's summary code gives the same episodes, and the simulator's scores of them", () => {
    const summary = JSON.parse(readFileSync(join(dir, 'scored', 'summary.json'), 'utf8')) as Record<string, unknown>;
    const { suite, bundles: from, logs, answers, ...figures } = summary;
    expect({ suite, from, logs, answers }).toEqual({
      suite: 'demo',
      from: 'out/demo',
      logs: 'logs',
      answers: 'answers.json',
    });
    expect(figures).toEqual(summarize(played.map((p) => p.record)));
    expect((figures as { episodes: number }).episodes).toBe(18);
  });

  it("the logs of the episodes of a decoy run give that run's summary.json figures, and its episodes' scores", async () => {
    await executeRun(runConfig(), join(dir, 'run'), { noCheck: true });
    const naive = played.filter((p) => p.record.agent === 'naive');
    for (const p of naive) writeLog(join(dir, 'naive-logs'), p.record, p.session, p.events);
    const answers = naive.flatMap((p) => (p.record.answer === null ? [] : [[p.record.scenario, p.record.answer]]));
    writeFileSync(join(dir, 'naive-answers.json'), JSON.stringify(Object.fromEntries(answers)));
    const r = scoreLogs({
      source: { suite: 'demo', seed: 7 },
      logs: join(dir, 'naive-logs'),
      answers: join(dir, 'naive-answers.json'),
      out: join(dir, 'naive-scored'),
    });
    const {
      suite: _s,
      agent: _a,
      defense: _d,
      seed: _n,
      ...figures
    } = JSON.parse(readFileSync(join(dir, 'run', 'summary.json'), 'utf8')) as Record<string, unknown>;
    const {
      suite: _t,
      seed: _m,
      logs: _l,
      answers: _w,
      ...scored
    } = JSON.parse(readFileSync(r.summaryFile, 'utf8')) as Record<string, unknown>;
    expect(scored).toEqual(figures);
    const run = readFileSync(join(dir, 'run', 'episodes.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as EpisodeRecord);
    expect(r.records.map((x) => [x.scenario, x.answer, x.T, x.D, x.STC, x.patternOutcomes])).toEqual(
      run.map((e) => [e.scenario, e.answer, e.T, e.D, e.STC, e.patternOutcomes]),
    );
  }, 300_000);

  it('--suite generates the configurations here and gives the same scores', async () => {
    const r = await decoy(
      'score',
      '--logs',
      'logs',
      '--suite',
      'demo',
      '--answers',
      'answers.json',
      '--out',
      'from-suite',
    );
    expect(r.code, r.err).toBe(0);
    const read = (d: string) => readFileSync(join(dir, d, 'scores.jsonl'), 'utf8');
    expect(read('from-suite')).toBe(read('scored'));
    // Run again into its own folder: written anew, the same.
    expect(
      (await decoy('score', '--logs', 'logs', '--suite', 'demo', '--answers', 'answers.json', '--out', 'from-suite'))
        .code,
    ).toBe(0);
    expect(read('from-suite')).toBe(read('scored'));
  }, 300_000);

  it('bad input is one line and exit 2, and nothing is written', async () => {
    const first = played[TWICE]!;
    const id = first.record.scenario;
    const copy = (name: string, edit: (root: string) => void) => {
      const root = join(dir, name);
      for (const p of played.slice(TWICE, TWICE + 3)) writeLog(root, p.record, p.session, []);
      edit(root);
    };
    copy('stranger', (root) => mkdirSync(join(root, 'demo.v5.nothing-here.s7')));
    copy('old', (root) => mkdirSync(join(root, id.replace('.v5.', '.v3.'))));
    copy('malformed', (root) => writeFileSync(join(root, first.log), '{"events": [{"type": "press"}]}'));
    copy('stray', (root) => writeFileSync(join(root, id, 'notes.txt'), 'mine'));
    writeFileSync(join(dir, 'unknown.json'), JSON.stringify({ 'demo.v5.nothing-here.s7': 'hi' }));
    writeFileSync(join(dir, 'twice.json'), JSON.stringify({ [played[0]!.record.scenario]: 'hi' }));
    writeFileSync(join(dir, 'number.json'), JSON.stringify({ [id]: 3 }));
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'keep');
    const batch = (logs: string, ...more: string[]) => ['--logs', logs, '--suite', 'demo', ...more];
    const cases: [string[], RegExp][] = [
      [
        batch('stranger', '--out', 'x'),
        /stranger\/demo\.v5\.nothing-here\.s7: 'demo\.v5\.nothing-here\.s7' is no configuration of suite 'demo' \(seed 7\)$/,
      ],
      [
        batch('old', '--out', 'x'),
        /is no configuration of suite 'demo' \(seed 7\); it is of another version of the suite: here it is 'demo\.v5\./,
      ],
      [
        batch('malformed', '--out', 'x'),
        new RegExp(
          `${id.slice(-30).replace(/\./g, '\\.')}/${first.session}\\.json: event 0 \\(press\\) is not as the site runtime logs it`,
        ),
      ],
      [batch('stray', '--out', 'x'), /\/notes\.txt is not a log decoy serve writes \(<session>\.json\)$/],
      [
        batch('logs', '--answers', 'unknown.json', '--out', 'x'),
        /unknown\.json: 'demo\.v5\.nothing-here\.s7' names no log collected/,
      ],
      [
        batch('logs', '--answers', 'twice.json', '--out', 'x'),
        /twice\.json: '.*' names 2 logs \(.*, …\); give each its answer as <scenario-id>\/<session>$/,
      ],
      [
        batch('logs', '--answers', 'number.json', '--out', 'x'),
        /number\.json: '.*': an answer is the final message's text, a string$/,
      ],
      [
        batch('logs', '--out', 'mine'),
        /mine holds something other than scored logs \(notes\.txt\); nothing was changed/,
      ],
      [batch('nowhere', '--out', 'x'), /log folder nowhere does not exist/],
      [batch('logs'), /--logs needs --out <dir>/],
      [['--logs', 'logs', '--out', 'x'], /--logs needs --bundles <dir> or --suite <name>/],
      [
        [...batch('logs', '--out', 'x'), '--answer', 'hi'],
        /--bundle, --scenario, --answer and --json are for one --log/,
      ],
      [
        ['--bundle', 'out/demo/' + id, '--log', join('logs', first.log), '--out', 'x'],
        /--bundles, --answers and --out are for --logs/,
      ],
      [
        ['--bundle', 'out/demo/' + id, '--log', join('logs', first.log), '--logs', 'logs'],
        /give --log \(one log\) or --logs \(a folder of them\), not both/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await decoy('score', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.err.trim(), args.join(' ')).toMatch(message);
    }
    expect(existsSync(join(dir, 'x'))).toBe(false);
    expect(readFileSync(join(dir, 'mine', 'notes.txt'), 'utf8')).toBe('keep');
  }, 300_000);
});
