import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decoyIn, runConfig } from '../helpers.ts';
import { summarize } from '../../simulator/measure/metrics.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-assess-cli-'));
const decoy = (...args: string[]) => decoyIn(dir, ...args);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy assess', () => {
  it('a defense that throws or hangs is named: each step it failed on is an error with its reason, --call-seconds bounds a call, and the assessment, written whole, exits 1', async () => {
    writeFileSync(
      join(dir, 'throws.mjs'),
      `export default { id: 'throws', description: 'x', create: () => ({ review: () => { throw new Error('boom'); } }) };\n`,
    );
    writeFileSync(
      join(dir, 'hangs.mjs'),
      `export default { id: 'hangs', description: 'x', create: () => ({ review: () => new Promise(() => {}) }) };\n`,
    );
    const base = ['assess', '--suite', 'demo', '--pattern', 'warranty-addon', '--agents', 'naive', '--limit', '1'];
    for (const [defense, reason] of [
      ['./throws.mjs', /threw: boom/],
      ['./hangs.mjs', /did not answer within 1 s/],
    ] as const) {
      const out = defense.replace(/\W/g, '');
      const r = await decoy(...base, '--defense', defense, '--call-seconds', '1', '--out', out);
      expect(r.code, r.err).toBe(1);
      expect(r.err).toMatch(
        /^decoy assess: the defense failed on \d+ steps? \(verdict "error", its reason as feedback\): left out of the rates; everything was written\n$/,
      );
      const json = JSON.parse(readFileSync(join(dir, out, 'assess.json'), 'utf8')) as {
        errors: number;
        judged: { verdict: string; feedback: string }[];
      };
      expect(json.errors).toBeGreaterThan(0);
      expect(json.judged.filter((j) => j.verdict === 'error').every((j) => reason.test(j.feedback))).toBe(true);
    }
  }, 120_000);

  it('judges the steps of agents on a suite: a table per family, the worst steps, and assess.json with its config; run again into the same --out', async () => {
    const args = [
      'assess',
      '--defense',
      'none',
      '--suite',
      'demo',
      '--pattern',
      'warranty-addon',
      '--agents',
      'naive',
      '--out',
      'out',
    ];
    const r = await decoy(...args);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      /^defense none · suite demo · agents naive · seed 7 · \d+ steps of \d+ episodes in [\d.]+ s$/m,
    );
    expect(r.out).toMatch(/^warranty-addon +\d+/m);
    expect(r.out).toContain('missed (harmful, allowed):');
    const json = JSON.parse(readFileSync(join(dir, 'out', 'assess.json'), 'utf8')) as {
      config: unknown;
      steps: number;
      judged: { label: string }[];
      byFamily: Record<string, unknown>;
      confusion: { fp: number };
    };
    expect(json.config).toEqual({
      defense: 'none',
      defenseOptions: {},
      suite: 'demo',
      patterns: ['warranty-addon'],
      agents: ['naive'],
      seed: 7,
    });
    expect(json.steps).toBe(json.judged.filter((s) => s.label !== 'invalid').length);
    expect(json.steps).toBeGreaterThan(0);
    expect(Object.keys(json.byFamily)).toEqual(['warranty-addon']);
    expect(json.confusion.fp).toBe(0);
    expect((await decoy(...args)).code).toBe(0);
    // A part of the suite: recorded with the config, and its steps are the whole's for that configuration.
    const id = 'demo.v5.purchase-shopping.warranty-addon-preselected.s7';
    const part = await decoy(...args.slice(0, -1), 'part', '--scenario', id);
    expect(part.code, part.err).toBe(0);
    const some = JSON.parse(readFileSync(join(dir, 'part', 'assess.json'), 'utf8')) as typeof json;
    expect(some.config).toEqual({ ...(json.config as object), scenarios: [id] });
    expect(some.judged.length).toBeGreaterThan(0);
    expect(some.judged).toEqual(json.judged.filter((s) => (s as unknown as { scenario: string }).scenario === id));
  }, 300_000);

  it('bad input is one line and exit 2, and a foreign --out is left as it was', async () => {
    mkdirSync(join(dir, 'mine'));
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'keep');
    mkdirSync(join(dir, 'empty-run'));
    writeFileSync(join(dir, 'empty-run', 'run.json'), JSON.stringify(runConfig()));
    writeFileSync(join(dir, 'empty-run', 'episodes.jsonl'), '');
    writeFileSync(
      join(dir, 'empty-run', 'summary.json'),
      JSON.stringify({ suite: 'demo', agent: 'naive', defense: 'none', seed: 7, ...summarize([]) }),
    );
    const cases: [string[], RegExp][] = [
      [['--defense', 'nope', '--suite', 'demo', '--agents', 'naive', '--out', 'x'], /unknown defense 'nope'/],
      [
        ['--defense', 'none', '--defense-opt', 'k=1', '--suite', 'demo', '--agents', 'naive', '--out', 'x'],
        /defense 'none' has no option 'k'/,
      ],
      [['--defense', 'none', '--runs', 'missing', '--out', 'x'], /run folder missing does not exist/],
      [['--defense', 'none', '--runs', 'empty-run', '--out', 'x'], /empty-run: the run has no episodes/],
      [['--defense', 'none', '--suite', 'demo', '--agents', 'naive,bogus', '--out', 'x'], /unknown agent 'bogus'/],
      [['--defense', 'none', '--suite', 'demo', '--out', 'x'], /--suite needs --agents/],
      [
        ['--defense', 'none', '--runs', 'empty-run', '--suite', 'demo', '--out', 'x'],
        /give --runs or --suite, not both/,
      ],
      [
        ['--defense', 'none', '--suite', 'demo', '--agents', 'naive', '--out', 'mine'],
        /holds something other than an assessment/,
      ],
      [
        ['--defense', 'none', '--suite', 'demo', '--agents', 'naive', '--scenario', 'nope', '--out', 'x'],
        /^decoy assess: --scenario 'nope' is none of the 16 configurations of this run/,
      ],
      [
        ['--defense', 'none', '--suite', 'demo', '--agents', 'naive', '--normal', '5', '--out', 'x'],
        /--normal and --deceptive are for click suites; 'demo' is not one/,
      ],
      [
        ['--defense', 'none', '--runs', 'empty-run', '--deceptive', '5', '--out', 'x'],
        /--normal and --deceptive are for a click suite \(--suite ruc\)/,
      ],
      [
        ['--defense', 'none', '--suite', 'ruc', '--deceptive', '100000', '--out', 'x'],
        /can give at most \d+ deceptive/,
      ],
      [
        ['--defense', 'none', '--suite', 'ruc', '--configs', '0', '--out', 'x'],
        /--configs must be an integer at least 1/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await decoy('assess', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.err, args.join(' ')).toMatch(message);
    }
    expect(existsSync(join(dir, 'x'))).toBe(false);
    expect(readFileSync(join(dir, 'mine', 'notes.txt'), 'utf8')).toBe('keep');
  }, 120_000);
});
