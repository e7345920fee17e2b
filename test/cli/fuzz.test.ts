import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closePlayers, readRegression, regressions } from 'decoy/fuzz';
import { decoyIn } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-fuzz-cli-'));
afterAll(async () => {
  await closePlayers();
  rmSync(dir, { recursive: true, force: true });
});

const WEAK = join(process.cwd(), 'test', 'fixtures', 'defenses', 'screen-no-preselection.ts');
/** A search whose every episode passes the element limit: one errored class, quickly. */
const LIMITED = [
  'fuzz',
  '--defense',
  'screen',
  '--family',
  'cookie-trap',
  '--runs',
  '1',
  '--max-elements',
  '100',
  '--out',
  'limited',
];
const SMALL = ['--family', 'preselected-extras', '--max-families', '1', '--only-phrasings', 'standard'];

describe('decoy fuzz', () => {
  it('writes the classes it found, each with its shrunk case, its bundle and the command that replays it, and saves them as regressions', async () => {
    const r = await decoyIn(
      dir,
      'fuzz',
      '--defense',
      WEAK,
      ...SMALL,
      '--runs',
      '12',
      '--seed',
      '1',
      '--shrink-limit',
      '20',
      '--workers',
      '1',
      '--out',
      'found',
      '--save',
      'regressions',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/12 cases \(\d+ episodes\)/);
    expect(r.out).toMatch(/\| let-through \| preselected-extras:/);
    const summary = JSON.parse(readFileSync(join(dir, 'found', 'summary.json'), 'utf8')) as {
      runs: number;
      classes: number;
      found: { class: string; bundle: string; replay: string; shot: string | null; case: { seed: number } }[];
    };
    expect(summary.runs).toBe(12);
    expect(summary.classes).toBe(summary.found.length);
    expect(summary.classes).toBeGreaterThan(0);
    for (const f of summary.found) {
      expect(existsSync(join(dir, f.bundle, 'suite.json'))).toBe(true);
      // A browser is found here (CI installs one): each class comes with the picture decoy shoot takes.
      expect(f.shot).toMatch(/shots\/start-boxes\.png$/);
      expect(
        readFileSync(join(dir, f.shot as string))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      expect(f.replay).toContain(`--bundles ${f.bundle} --agent naive --defense ${WEAK} --seed ${f.case.seed}`);
      // The replay writes beside the fuzz folder, never into it (a new search replaces the classes).
      expect(f.replay).toMatch(/--out \S*found-replays\//);
    }
    expect(readdirSync(join(dir, 'found', 'classes'))).toHaveLength(summary.classes);
    const saved = regressions(join(dir, 'regressions'));
    expect(saved).toHaveLength(summary.classes);
    expect(saved.map((s) => s.regression.defense)).toEqual(saved.map(() => WEAK));
  });

  it('replays a class: decoy run on its bundle under its seed gives the failure the search found', async () => {
    const summary = JSON.parse(readFileSync(join(dir, 'found', 'summary.json'), 'utf8')) as {
      found: { kind: string; replay: string }[];
    };
    const f = summary.found.find((x) => x.kind === 'let-through');
    if (!f) throw new Error('no let-through class');
    const args = f.replay.split(' ').slice(2);
    const r = await decoyIn(dir, ...args, '--workers', '1');
    expect(r.code).toBe(0);
    const out = args[args.indexOf('--out') + 1] as string;
    const episode = JSON.parse(readFileSync(join(dir, out, 'episodes.jsonl'), 'utf8').split('\n')[0] as string) as {
      D: number;
    };
    expect(episode.D).toBe(1);
  });

  it('runs again into its own folder, and refuses a folder holding anything else, changing nothing', async () => {
    const again = await decoyIn(dir, 'fuzz', '--defense', 'screen', ...SMALL, '--runs', '2', '--out', 'found');
    expect(again.code).toBe(0);
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'notes.txt'), 'mine');
    const r = await decoyIn(dir, 'fuzz', '--defense', 'screen', '--runs', '2', '--out', 'other');
    expect(r.code).toBe(2);
    expect(r.err).toContain('holds something other than a fuzz result (notes.txt); nothing was changed');
    expect(readdirSync(other)).toEqual(['notes.txt']);
  });

  it.each([
    [['--runs', '5', '--time', '10s'], 'give --runs (a number of cases) or --time (a duration), not both'],
    [['--time', 'soon'], "--time takes a duration like 60s, 5m or 1h, got 'soon'"],
    [['--family', 'no-such'], "unknown pattern family 'no-such'"],
    [['--domain', 'moon'], "unknown domain 'moon'"],
    [['--opt', 'nerve=1'], "agent 'naive' has no option 'nerve'"],
    [['--defense-opt', 'x=1'], "defense 'screen' has no option 'x'"],
    [['--agent', 'replay'], 'the replay agent plays a recording of known sites'],
    [['--only-phrasings', 'both'], '--only-phrasings: standard or heldout'],
    [['--opt', 'susceptibility=7'], 'susceptibility'],
    [['--engines'], '--defense is for fuzzing a defense, not for --engines'],
    [['--engines', '--max-elements', '100'], '--defense, --max-elements are for fuzzing a defense, not for --engines'],
  ])('refuses %j in one line, writing nothing', async (args, message) => {
    const out = join(dir, `refused-${readdirSync(dir).length}`);
    const r = await decoyIn(dir, 'fuzz', '--defense', 'screen', '--out', out, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it('a search that finds nothing still writes its folder, saying so and how much of the space it reached', async () => {
    const r = await decoyIn(
      dir,
      'fuzz',
      '--defense',
      'none',
      '--agent',
      'oracle',
      '--runs',
      '2',
      '--out',
      'nothing/here',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('no counterexample found');
    const summary = JSON.parse(readFileSync(join(dir, 'nothing', 'here', 'summary.json'), 'utf8')) as {
      classes: number;
      coverage: { reached: number; of: number };
    };
    expect(summary.classes).toBe(0);
    expect(summary.coverage.reached).toBeGreaterThan(0);
  });

  it('the limits a search played under go into fuzz.json, every replay command and every regression file', async () => {
    const r = await decoyIn(dir, ...LIMITED, '--save', 'limited-regressions');
    expect(r.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'limited', 'summary.json'), 'utf8')) as {
      found: { kind: string; replay: string }[];
    };
    // Every page of the space holds more than 100 elements: each episode ends over the limit.
    expect(summary.found.map((f) => f.kind)).toEqual(['errored']);
    expect(summary.found[0]?.replay).toContain('--max-elements 100');
    const config = JSON.parse(readFileSync(join(dir, 'limited', 'fuzz.json'), 'utf8')) as {
      config: { limits: object };
    };
    expect(config.config.limits).toEqual({ domElements: 100 });
    expect(regressions(join(dir, 'limited-regressions'))[0]?.regression.limits).toEqual({ domElements: 100 });
  });

  it('a fuzz folder keeps what a user put into its classes: a rerun is refused; a class a killed search was writing is its own', async () => {
    const classes = join(dir, 'limited', 'classes');
    const first = readdirSync(classes)[0] as string;
    writeFileSync(join(classes, first, 'notes.md'), 'mine');
    const r = await decoyIn(dir, ...LIMITED);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`holds something other than a fuzz result (classes/${first}/notes.md)`);
    expect(readFileSync(join(classes, first, 'notes.md'), 'utf8')).toBe('mine');
    rmSync(join(classes, first, 'notes.md'));
    // As a search killed while writing its first class leaves it: fuzz.json names the class under way.
    const record = JSON.parse(readFileSync(join(dir, 'limited', 'fuzz.json'), 'utf8')) as { pending: string | null };
    writeFileSync(
      join(dir, 'limited', 'fuzz.json'),
      JSON.stringify({ ...record, written: [], pending: `classes/${first}/` }),
    );
    rmSync(join(dir, 'limited', 'summary.json'));
    for (const other of readdirSync(classes).filter((n) => n !== first))
      rmSync(join(classes, other), { recursive: true });
    const again = await decoyIn(dir, ...LIMITED);
    expect(again.code).toBe(0);
  });

  it('refuses a --save folder inside --out, or one holding JSON that is not a regression, before any search', async () => {
    const inside = await decoyIn(dir, 'fuzz', '--defense', 'screen', '--out', 'x1', '--save', 'x1/reg');
    expect(inside.code).toBe(2);
    expect(inside.err).toContain('--save x1/reg is inside x1');
    mkdirSync(join(dir, 'mixed'));
    writeFileSync(join(dir, 'mixed', 'package.json'), '{}');
    const mixed = await decoyIn(dir, 'fuzz', '--defense', 'screen', '--out', 'x2', '--save', 'mixed');
    expect(mixed.code).toBe(2);
    expect(mixed.err).toContain('package.json is not a regression file');
    expect(existsSync(join(dir, 'x1'))).toBe(false);
    expect(existsSync(join(dir, 'x2'))).toBe(false);
    expect(() => regressions(join(dir, 'no-such-folder'))).toThrow(/is not a folder of regressions/);
  });

  it('Ctrl-C at a terminal (SIGINT to the whole process group, engines included) stops the search with exit 130, counting no episode it cut short', async () => {
    const child = spawn(
      process.execPath,
      [
        join(process.cwd(), 'bin', 'decoy.mjs'),
        'fuzz',
        '--defense',
        'screen',
        '--family',
        'cookie-trap',
        '--max-families',
        '1',
        '--runs',
        '400',
        '--workers',
        '2',
        '--shrink-limit',
        '3',
        '--out',
        'stopped',
      ],
      { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    let sent = false;
    child.stderr.on('data', (d) => {
      err += d;
      if (!sent && /search: \d+\/400/.test(err)) {
        sent = true;
        process.kill(-(child.pid as number), 'SIGINT');
      }
    });
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(sent).toBe(true);
    expect(code).toBe(130);
    expect(err).toMatch(/stopped after \d+ cases; the \d+ class\(es\) found so far are written in stopped/);
    const summary = JSON.parse(readFileSync(join(dir, 'stopped', 'summary.json'), 'utf8')) as {
      stopped: boolean;
      runs: number;
      found: { kind: string; failure: string }[];
    };
    expect(summary.stopped).toBe(true);
    expect(summary.runs).toBeLessThan(400);
    expect(summary.found.filter((f) => f.kind === 'errored')).toEqual([]);
  });

  it('--engines plays cut pages in jsdom and Chromium and writes what it found (the shipped engines agree on these)', async () => {
    const r = await decoyIn(dir, 'fuzz', '--engines', '--runs', '3', '--workers', '1', '--out', 'engines');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('decoy fuzz --engines: jsdom against Chromium, seed 7: 3 pages');
    const summary = JSON.parse(readFileSync(join(dir, 'engines', 'summary.json'), 'utf8')) as {
      engines: string[];
      runs: number;
      classes: number;
    };
    expect(summary.engines).toEqual(['jsdom', 'chromium']);
    expect(summary.runs).toBe(3);
    expect(summary.classes).toBe(0);
  });

  it('a regression file that is not one is refused, naming the file and the field', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ decoy: 'fuzz-regression', version: 1, agent: 'naive' }));
    expect(() => readRegression(bad)).toThrow(/bad\.json is not a regression file: defense: /);
    writeFileSync(bad, '{');
    expect(() => readRegression(bad)).toThrow(/bad\.json is not a regression file: /);
  });
});
