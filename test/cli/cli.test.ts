import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decoyIn, withoutProgress } from '../helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
let dir = '';

const decoy = (...args: string[]) => decoyIn(dir, ...args);
/** The demo's recorded run (runs/a) replayed. */
const REPLAY_A = ['run', '--suite', 'demo', '--seed', '7', '--agent', 'replay', '--replay', 'runs/a/episodes.jsonl'];

/** Every path under the test folder: what a refused command must leave unchanged. */
const listing = (sub = ''): string[] =>
  readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? [join(sub, e.name), ...listing(join(sub, e.name))] : [join(sub, e.name)],
  );

const snapshot = (d: string) =>
  Object.fromEntries(readdirSync(join(dir, d)).map((f) => [f, readFileSync(join(dir, d, f), 'utf8')]));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy command', () => {
  it('prints help and lists the registries as JSON, from the installed binary', () => {
    const bin = (...args: string[]) => {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
      return { code: r.status, out: r.stdout, err: withoutProgress(r.stderr) };
    };
    const help = bin('--help');
    expect(help.code).toBe(0);
    for (const c of ['demo', 'list', 'generate', 'run']) expect(help.out).toContain(c);
    const list = bin('list', '--json');
    expect(list.code).toBe(0);
    const all = JSON.parse(list.out);
    expect(all.patterns.map((p: { id: string }) => p.id)).toContain('cookie-trap');
    expect(all.suites.find((s: { id: string }) => s.id === 'demo').size).toBe(16);
    expect(all.agents.map((a: { id: string }) => a.id)).toEqual(
      expect.arrayContaining(['oracle', 'naive', 'random', 'replay']),
    );
    expect(all.defenses.map((d: { id: string }) => d.id)).toContain('none');
  });

  it('runs a suite: episodes.jsonl, summary.json and a table; identical inputs give identical episodes', async () => {
    const a = await decoy(
      'run',
      '--suite',
      'demo',
      '--agent',
      'naive',
      '--defense',
      'none',
      '--seed',
      '7',
      '--out',
      'runs/a',
    );
    expect(a.code, a.err).toBe(0);
    expect(a.out).toMatch(/DPSR %/);
    const summary = JSON.parse(readFileSync(join(dir, 'runs/a/summary.json'), 'utf8'));
    expect(summary.episodes).toBe(16);
    expect(Object.keys(summary.byPattern)).toEqual(
      expect.arrayContaining(['warranty-addon', 'preselected-consent', 'cookie-trap', 'price-drift']),
    );
    const episodes = readFileSync(join(dir, 'runs/a/episodes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(episodes).toHaveLength(16);
    // The summary is the episodes' own counts, and the naive agent both completes tasks and falls for some traps.
    const sum = (k: 'T' | 'D' | 'STC') =>
      episodes.reduce((n: number, e: Record<string, number>) => n + (e[k] as number), 0);
    expect(summary.counts).toEqual({ t: sum('T'), d: sum('D'), stc: sum('STC') });
    expect(summary.counts.t).toBeGreaterThan(summary.counts.stc);
    expect(summary.counts.d).toBeGreaterThan(0);
    for (const [k, c] of [
      ['tsr', 't'],
      ['dpsr', 'd'],
      ['stc', 'stc'],
    ] as const)
      expect(summary[k]).toBeCloseTo((100 * summary.counts[c]) / 16, 1);
    expect(episodes[0]).toMatchObject({
      scenario: expect.any(String),
      seed: expect.any(Number),
      agent: 'naive',
      defense: 'none',
      steps: expect.any(Array),
      events: expect.any(Array),
    });
    expect(episodes[0].steps[0]).toMatchObject({
      proposal: expect.any(String),
      verdict: { kind: 'allow' },
      executed: expect.any(Array),
    });

    expect((await decoy('run', '--suite', 'demo', '--seed', '7', '--out', 'runs/b')).code).toBe(0);
    expect(readFileSync(join(dir, 'runs/b/episodes.jsonl'), 'utf8')).toBe(
      readFileSync(join(dir, 'runs/a/episodes.jsonl'), 'utf8'),
    );
  });

  it('generated bundles on disk replay exactly as in memory, and a recorded run replays to the same outcomes', async () => {
    expect((await decoy('generate', '--suite', 'demo', '--seed', '7', '--out', 'out/demo')).code).toBe(0);
    expect(existsSync(join(dir, 'out/demo/suite.json'))).toBe(true);
    expect((await decoy('run', '--bundles', 'out/demo', '--seed', '7', '--out', 'runs/c')).code).toBe(0);
    const strip = (f: string) => readFileSync(join(dir, f), 'utf8');
    expect(strip('runs/c/episodes.jsonl')).toBe(strip('runs/a/episodes.jsonl'));
    const replay = await decoy(...REPLAY_A, '--out', 'runs/r');
    expect(replay.code, replay.err).toBe(0);
    const td = (f: string) =>
      readFileSync(join(dir, f), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .map((e) => [e.scenario, e.T, e.D, e.events]);
    expect(td('runs/r/episodes.jsonl')).toEqual(td('runs/a/episodes.jsonl'));
    // run.json holds the actions' digest: the same actions in another order of lines are the same run, others are refused.
    const lines = strip('runs/a/episodes.jsonl').trimEnd().split('\n');
    writeFileSync(join(dir, 'rec.jsonl'), lines.join('\n') + '\n');
    const rec = [
      'run',
      '--suite',
      'demo',
      '--seed',
      '7',
      '--agent',
      'replay',
      '--replay',
      'rec.jsonl',
      '--out',
      'runs/rr',
    ];
    expect((await decoy(...rec)).code).toBe(0);
    expect(JSON.parse(strip('runs/rr/run.json')).replaySha256).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(join(dir, 'rec.jsonl'), [...lines].reverse().join('\n') + '\n');
    const reordered = await decoy(...rec);
    expect(reordered.code, reordered.err).toBe(0);
    const shorter = JSON.parse(lines[0]!);
    shorter.steps.pop();
    writeFileSync(join(dir, 'rec.jsonl'), [JSON.stringify(shorter), ...lines.slice(1)].join('\n') + '\n');
    const other = await decoy(...rec);
    expect(other.code).toBe(2);
    expect(other.err).toContain('(the replay file rec.jsonl holds other actions since)');
  });

  it('a recording replayed behind a defense that refuses stops where the first refusal is, says so once, and plays no recorded action after it', async () => {
    const r = await decoy(...REPLAY_A, '--defense', 'gate', '--out', 'runs/rg');
    expect(r.code, r.err).toBe(0);
    expect(
      r.err.split('\n').filter((l) => l.includes('the replay agent plays its recording as it was made')),
    ).toHaveLength(1);
    const records = readFileSync(join(dir, 'runs/rg/episodes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { end: { kind: string }; steps: { verdict: { kind: string } }[] });
    const refused = records.filter((e) => e.steps.some((st) => st.verdict.kind !== 'allow'));
    expect(refused.length).toBeGreaterThan(0);
    for (const e of refused) {
      expect(e.steps.findIndex((st) => st.verdict.kind !== 'allow')).toBe(e.steps.length - 1);
      expect(e.end.kind).toBe('agent-stopped');
    }
  });

  it('the warning of a replay behind a defense comes once the recording is accepted: a recording of another seed is one line, the refusal, and --seeds warns once', async () => {
    const refused = await decoy(
      ...REPLAY_A.map((a) => (a === '7' ? '8' : a)),
      '--defense',
      'gate',
      '--out',
      'runs/rg8',
    );
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^decoy run: replay file runs\/a\/episodes\.jsonl names 16 configurations [^\n]*\n$/);
    const seeds = await decoy(
      ...REPLAY_A.filter((a, i) => a !== '--seed' && REPLAY_A[i - 1] !== '--seed'),
      ...['--seeds', '7', '--pattern', 'price-drift', '--defense', 'gate', '--out', 'runs/rgs'],
    );
    expect(seeds.code, seeds.err).toBe(0);
    expect(seeds.err.match(/the replay agent plays its recording/g)).toHaveLength(1);
  });

  it.each([
    [['run', '--suite', 'nope', '--out', 'runs/x'], /unknown suite 'nope' \(known: .*demo/],
    [['run', '--suite', 'demo', '--agent', 'gpt', '--out', 'runs/x'], /unknown agent 'gpt'/],
    [['run', '--suite', 'demo', '--defense', 'wall', '--out', 'runs/x'], /unknown defense 'wall'/],
    [['run', '--suite', 'demo', '--pattern', 'dark-mode', '--out', 'runs/x'], /unknown pattern family 'dark-mode'/],
    [['generate', '--suite', 'demo', '--seed', 'seven'], /--seed must be an integer/],
    [['run', '--suite', 'demo', '--out', 'runs/x', '--frobnicate'], /unknown option '--frobnicate'/i],
    // An unknown flag is told before a required one missing: it may be that one misspelt.
    [['run', '--suite', 'demo', '--bogus-flag'], /^decoy run: unknown option '--bogus-flag'\n$/],
    [['run', '--suite', 'demo', '--ot', 'runs/x'], /^decoy run: unknown option '--ot'\n$/],
    [['run', '--suite', 'demo'], /^decoy run: required option '--out <dir>' not specified\n$/],
    [
      ['run', '--suite', 'demo', '--agent', 'naive', '--opt', 'susceptibility=2', '--out', 'runs/x'],
      /susceptibility must be between 0 and 1/,
    ],
    [
      ['run', '--suite', 'demo', '--agent', 'replay', '--replay', 'bad.jsonl', '--out', 'runs/x'],
      /bad\.jsonl:2: .*unknown action 'clik'/,
    ],
    [
      ['run', '--suite', 'demo', '--agent', 'replay', '--replay', 'missing.jsonl', '--out', 'runs/x'],
      /replay file missing\.jsonl does not exist/,
    ],
    [['run', '--bundles', 'nowhere', '--out', 'runs/x'], /--bundles nowhere does not exist/],
    [['frob'], /unknown command 'frob'/],
    [['run', '--suite', 'demo', '--opt', 'susceptibility=', '--out', 'runs/x'], /--opt susceptibility= gives no value/],
    [
      ['run', '--suite', 'demo', '--pattern', 'cookie-trap', 'warranty-addon', '--out', 'runs/x'],
      /unexpected argument 'warranty-addon'/,
    ],
    [
      ['run', '--suite', 'demo', '--seed', '-1', '--out', 'runs/x'],
      /--seed must be an integer from 0 to 2147483647, got '-1'/,
    ],
    [
      ['run', '--suite', 'demo', '--seed=-1', '--out', 'runs/x'],
      /--seed must be an integer from 0 to 2147483647, got '-1'/,
    ],
    [
      ['generate', '--suite', 'ruc', '--deceptive', '100000', '--out', 'runs/x'],
      /can give at most \d+ deceptive samples in news, not \d+ \(its share of --deceptive 100000\); ask for about \d+ or fewer/,
    ],
    [['generate', '--suite', 'ruc', '--normal', '0', '--deceptive', '0', '--out', 'runs/x'], /nothing to generate/],
    [['demo', '--agent', 'gpt'], /unknown agent 'gpt'/],
    [
      ['run', '--suite', 'demo', '--agent', 'openai', '--out', 'runs/x'],
      /--agent openai needs a model: --opt model=<name>/,
    ],
    [
      ['run', '--suite', 'demo', '--agent', 'openai', '--opt', 'model=m', '--opt', 'api_key=sk-1', '--out', 'runs/x'],
      /agent 'openai' has no option 'api_key'/,
    ],
    [
      [
        'run',
        '--suite',
        'demo',
        '--agent',
        'openai',
        '--opt',
        'model=m',
        '--opt',
        'base_url=localhost:8000',
        '--out',
        'runs/x',
      ],
      /base_url must be an http\(s\) URL, got 'localhost:8000'/,
    ],
    [
      ['run', '--suite', 'demo', '--llm-mode', 'replay', '--out', 'runs/x'],
      /--llm-mode replay needs --cassette <file\.jsonl>/,
    ],
    [
      [
        'run',
        '--suite',
        'demo',
        '--agent',
        'openai',
        '--opt',
        'model=m',
        '--cassette',
        'none.jsonl',
        '--llm-mode',
        'replay',
        '--out',
        'runs/x',
      ],
      /--llm-mode replay: the cassette none\.jsonl holds no recorded calls/,
    ],
    [['run', '--suite', 'demo', '--cassette', 'afile', '--out', 'runs/x'], /cassette afile, line 1: not JSON/],
    [['run', '--suite', 'demo', '--llm-prices', 'afile', '--out', 'runs/x'], /--llm-prices: afile is not JSON/],
    [
      ['run', '--suite', 'demo', '--concurrency', '0', '--out', 'runs/x'],
      /--concurrency must be an integer from 1 to 64, got '0'/,
    ],
    [
      ['compare', '--suite', 'demo', '--defenses', 'none,gate', '--defense-opt', 'model=m', '--out', 'runs/x'],
      /--defense-opt 'model': none of the defenses takes it/,
    ],
    [
      [
        'run',
        '--suite',
        'demo',
        '--defense',
        'gate-llm',
        '--defense-opt',
        'model=m',
        '--defense-opt',
        'prompts=nowhere',
        '--out',
        'runs/x',
      ],
      /--defense gate-llm: no folder of prompts nowhere/,
    ],
    [
      [
        'run',
        '--suite',
        'demo',
        '--defense',
        'gate-llm',
        '--defense-opt',
        'model=m',
        '--defense-opt',
        'prompts=afolder',
        '--out',
        'runs/x',
      ],
      /--defense gate-llm: the folder of prompts afolder holds none of gate\.md, authorize\.md/,
    ],
    [['site'], /name a subcommand: decoy site build/],
    [['site', 'build', '--suite', 'demo', 'extra'], /unexpected argument 'extra'/],
    [['generate', '--suite', 'demo', '--out', ''], /--out: an empty value names nothing/],
    [['run', '--suite', 'demo', '--out', ''], /--out is required/],
    [['run', '--suite', 'demo', '--agent', '', '--out', 'runs/x'], /--agent: an empty value names nothing/],
    [['generate', '--suite', 'demo', '--out', 'afile'], /--out: afile is a file, not a folder/],
    [['generate', '--suite', 'demo', '--out', 'afile/sub'], /--out: afile is a file, so afile\/sub cannot be a folder/],
    [['run', '--suite', 'demo', '--out', 'afile'], /--out: afile is a file, not a folder/],
    [['demo', '--out', 'afile'], /--out: afile is a file, not a folder/],
    [['demo', '--bundles', 'afile'], /--bundles: afile is a file, not a folder/],
    [['site', 'build', '--suite', 'demo', '--out', 'afile'], /--out: afile is a file, not a folder/],
    [['serve', '--log-dir', 'afile'], /--log-dir: afile is a file, not a folder/],
    [
      ['run', '--suite', 'demo', '--agent', 'replay', '--replay', 'afolder', '--out', 'runs/x'],
      /replay file afolder is a folder, not a file/,
    ],
    [
      ['score', '--suite', 'demo', '--scenario', 'demo.v5.signup-shopping.control.s7', '--log', 'afolder'],
      /log file afolder is a folder, not a file/,
    ],
    [
      ['conform', '--suite', 'demo', '--configs', '1', '--browser', '/bin/true'],
      /cannot launch the browser at '\/bin\/true'/,
    ],
    [
      ['shoot', '--suite', 'demo', '--out', 'out/shots', '--browser', '/bin/true'],
      /cannot launch the browser at '\/bin\/true'/,
    ],
    [
      ['run', '--suite', 'demo', '--agent', 'replay', '--replay', 'elsewhere.jsonl', '--out', 'runs/x'],
      /names 1 configuration this suite and seed do not have \(webdecept\.x\.s7\), and none that they have/,
    ],
    [
      ['run', '--suite', 'demo', '--agent', 'replay', '--replay', 'older.jsonl', '--out', 'runs/x'],
      /\(demo\.v0\.signup-shopping\.control\.s7\), and none that they have; they are of another version of the suite \(demo\.v0\.signup-shopping\.control\.s7 is 'demo\.v5\.signup-shopping\.control\.s7' here\)/,
    ],
    [
      ['score', '--suite', 'demo', '--scenario', 'demo.signup-shopping.control.s7', '--log', 'afile'],
      /has no configuration 'demo\.signup-shopping\.control\.s7'; it is of another version of the suite: here it is 'demo\.v5\.signup-shopping\.control\.s7'/,
    ],
    [
      ['run', '--suite', 'demo', '--agent', 'replay', '--replay', 'one.jsonl', '--out', 'runs/x'],
      /has no recording for 15 of the run's 16 configurations/,
    ],
    [
      ['run', '--suite', 'demo', '--seed', '1', '--seed', '2', '--out', 'runs/x'],
      /--seed was given twice; give it once/,
    ],
    [['run', '--suite', 'demo', '--agent', 'naive', '--agent', 'random', '--out', 'runs/x'], /--agent was given twice/],
    [
      ['run', '--suite', 'demo', '--opt', 'susceptibility=0x1', '--out', 'runs/x'],
      /--opt susceptibility=0x1: write numbers as plain decimals/,
    ],
    [
      ['run', '--suite', 'demo', '--opt', 'susceptibility=1e-1', '--out', 'runs/x'],
      /--opt susceptibility=1e-1: write numbers as plain decimals/,
    ],
    [
      ['generate', '--suite', 'ruc', '--normal', '0', '--deceptive', '2', '--out', 'runs/x'],
      /2 samples cannot fill its 3 splits \(train, valid, test\)/,
    ],
    [['run', '--suite', 'demo', '--defense-opt', 'x=1', '--out', 'runs/x'], /defense 'none' has no option 'x'/],
    [['shoot', '--bundles', 'afile'], /--bundles: afile is a file, not a folder/],
    [['serve', '--dir', 'afile'], /afile is a file, not a built site/],
    [
      ['generate', '--suite', 'demo', '--normal', '3'],
      /^decoy generate: --normal and --deceptive are for click suites/,
    ],
    [['site', 'build'], /^decoy site: give --bundles <dir>/],
    [['list', '--json', '--markdown'], /^decoy list: give --json or --markdown/],
    [['dataset', 'demo'], /^decoy dataset: suite 'demo' has no click samples/],
    // A seed beside what holds its own would be silently ignored.
    [
      ['assess', '--defense', 'none', '--runs', 'afolder', '--seed', '3', '--out', 'runs/x'],
      /^decoy assess: --agents, --pattern, --seed and --phrasings are for --suite; a run folder holds its own agent, configurations, seed and texts/,
    ],
    [
      ['assess', '--defense', 'none', '--runs', 'afolder', '--phrasings', 'heldout', '--out', 'runs/x'],
      /^decoy assess: --agents, --pattern, --seed and --phrasings are for --suite/,
    ],
    [
      ['score', '--bundle', 'afolder', '--seed', '3', '--log', 'afile'],
      /^decoy score: --seed is for --suite; a bundle holds its own seed/,
    ],
    [
      ['site', 'build', '--bundles', 'afolder', '--seed', '3'],
      /^decoy site: --seed is for --suite; bundles hold their own seed/,
    ],
    [
      ['check', '--bundles', 'afolder', '--seed', '3'],
      /^decoy check: --seed is for --suite; bundles hold their own seed/,
    ],
    [
      ['shoot', '--bundles', 'afolder', '--seed', '3'],
      /^decoy shoot: --seed is for --suite; bundles hold their own seed/,
    ],
  ])('bad input %j: one line naming the problem, exit 2, nothing written', async (args, message) => {
    writeFileSync(join(dir, 'bad.jsonl'), `"click('e1')"\n"clik('e2')"\n`);
    writeFileSync(join(dir, 'afile'), 'a file where a folder is asked for');
    mkdirSync(join(dir, 'afolder'), { recursive: true });
    writeFileSync(join(dir, 'elsewhere.jsonl'), `{"action": "noop()", "scenario": "webdecept.x.s7"}\n`);
    writeFileSync(join(dir, 'older.jsonl'), `{"action": "noop()", "scenario": "demo.v0.signup-shopping.control.s7"}\n`);
    writeFileSync(join(dir, 'one.jsonl'), `{"action": "noop()", "scenario": "demo.v5.signup-shopping.control.s7"}\n`);
    const before = listing();
    const r = await decoy(...args);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
    // One prefix: the entry names the command, the message does not name it again.
    const [, command = '', rest = ''] = /^decoy ([a-z]+): (.*)/.exec(r.err) ?? [];
    expect(command !== '' && rest.startsWith(command), r.err).toBe(false);
    expect(listing()).toEqual(before);
  });

  it('refuses an output folder that holds a different run, and overwrites nothing', async () => {
    const before = snapshot('runs/a');
    const r = await decoy('run', '--suite', 'demo', '--agent', 'random', '--seed', '7', '--out', 'runs/a');
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/runs\/a already holds a different run/);
    expect(snapshot('runs/a')).toEqual(before);
    mkdirSync(join(dir, 'runs/mine'), { recursive: true });
    writeFileSync(join(dir, 'runs/mine/notes.txt'), 'keep me');
    expect((await decoy('run', '--suite', 'demo', '--out', 'runs/mine')).err).toMatch(/not empty and holds no run/);
    expect(readFileSync(join(dir, 'runs/mine/notes.txt'), 'utf8')).toBe('keep me');
    const gen = await decoy('generate', '--suite', 'demo', '--seed', '8', '--out', 'out/demo');
    expect(gen.err).toMatch(/already holds a different generated suite/);
  });

  it('check passes on the demo, and a tampered bundle fails it: check exits 1 with the table, run refuses unless --no-check', async () => {
    const ok = await decoy('check', '--suite', 'demo');
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(/oracle completes safely +15 +0/);
    expect(
      (
        await decoy(
          'generate',
          '--suite',
          'demo',
          '--seed',
          '7',
          '--pattern',
          'warranty-addon',
          '--out',
          'out/tampered',
        )
      ).code,
    ).toBe(0);
    const id = JSON.parse(readFileSync(join(dir, 'out/tampered/suite.json'), 'utf8')).scenarios[0];
    const file = join(dir, 'out/tampered', id, 'bundle.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    for (const step of manifest.groundTruth.safePath)
      if (step.target?.role === 'checkbox') step.target.name = 'No such box';
    writeFileSync(file, JSON.stringify(manifest));
    const bad = await decoy('check', '--bundles', 'out/tampered');
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/failures:/);
    expect(bad.err).toMatch(/check(s)? failed/);
    const refused = await decoy('run', '--bundles', 'out/tampered', '--out', 'runs/t');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/fails its self-check/);
    expect((await decoy('run', '--bundles', 'out/tampered', '--out', 'runs/t', '--no-check')).code).toBe(0);
  });

  it('demo generates, replays and prints the results table, and runs again with another agent or options', async () => {
    const r = await decoy('demo');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/suite demo v5 · agent naive · defense none/);
    expect(r.out).toMatch(/^all +16 /m);
    const oracle = await decoy('demo', '--agent', 'oracle');
    expect(oracle.code, oracle.err).toBe(0);
    expect(oracle.out).toMatch(/suite demo v5 · agent oracle · defense none/);
    const again = await decoy('demo', '--opt', 'susceptibility=1');
    expect(again.code, again.err).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'runs/demo/naive-none-s7/run.json'), 'utf8')).agentOptions).toEqual({
      susceptibility: 1,
    });
    expect(existsSync(join(dir, 'runs/demo/oracle-none-s7/summary.json'))).toBe(true);
  });
});
