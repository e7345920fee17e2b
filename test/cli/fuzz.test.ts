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
    const episode = JSON.parse(readFileSync(join(out, 'episodes.jsonl'), 'utf8').split('\n')[0] as string) as {
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
  ])('refuses %j in one line, writing nothing', async (args, message) => {
    const out = join(dir, `refused-${readdirSync(dir).length}`);
    const r = await decoyIn(dir, 'fuzz', '--defense', 'screen', '--out', out, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it('a regression file that is not one is refused, naming the file and the field', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ decoy: 'fuzz-regression', version: 1, agent: 'naive' }));
    expect(() => readRegression(bad)).toThrow(/bad\.json is not a regression file: defense: /);
    writeFileSync(bad, '{');
    expect(() => readRegression(bad)).toThrow(/bad\.json is not a regression file: /);
  });
});
