/**
 * The run folder is one schema per file, read in one place (harness/run-folder.ts): every
 * command that reads a run folder refuses one that does not fit with the same one-line error
 * naming the file, the line and the field; a run that resumes never keeps a record that
 * does not fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { episodeRecordSchema, readRunFolder, runConfigSchema, runSummarySchema } from '../../harness/run-folder.ts';
import { executeRun } from '../../harness/run.ts';
import { decoyIn, runConfig } from '../helpers.ts';
import { suites } from '../../scenarios/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-run-folder-'));
const whole = join(dir, 'whole');
const config = runConfig({ patterns: ['cookie-trap'] });
const RUN = ['--suite', 'demo', '--pattern', 'cookie-trap', '--no-check'];
let files: Record<'run.json' | 'episodes.jsonl' | 'summary.json', string>;

beforeAll(async () => {
  await executeRun(config, whole, { noCheck: true });
  files = { 'run.json': '', 'episodes.jsonl': '', 'summary.json': '' };
  for (const f of Object.keys(files) as (keyof typeof files)[]) files[f] = readFileSync(join(whole, f), 'utf8');
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
const lines = () => files['episodes.jsonl'].split('\n').slice(0, -1);
/** episodes.jsonl with line `n` (from 1) edited. */
const editLine = (n: number, edit: (r: Record<string, unknown>) => Record<string, unknown>) =>
  lines()
    .map((l, i) => (i === n - 1 ? JSON.stringify(edit(json(l))) : l))
    .join('\n') + '\n';
const editJson = (text: string, edit: (r: Record<string, unknown>) => Record<string, unknown>) =>
  JSON.stringify(edit(json(text)), null, 2) + '\n';

/** Each mistake or cheat a run folder can hold, as the edit that makes it, and the error every reader gives (after the folder's path). */
const CHEATS: [string, Partial<Record<keyof typeof files, () => string | null>>, RegExp][] = [
  ['run.json that is not JSON', { 'run.json': () => '{"suite":' }, /\/run\.json: not JSON \(/],
  [
    'run.json whose seed is text',
    { 'run.json': () => editJson(files['run.json'], (r) => ({ ...r, seed: '7' })) },
    /\/run\.json: seed: Invalid input: expected number, received string/,
  ],
  [
    'run.json with a field decoy run never writes',
    { 'run.json': () => editJson(files['run.json'], (r) => ({ ...r, trusted: true })) },
    /\/run\.json: trusted: no such field/,
  ],
  [
    'an episode claiming the task done with T "yes"',
    { 'episodes.jsonl': () => editLine(2, (r) => ({ ...r, T: 'yes' })) },
    /\/episodes\.jsonl:2: T: Invalid input: expected 0 or 1/,
  ],
  [
    'an episode with a field of its own',
    { 'episodes.jsonl': () => editLine(1, (r) => ({ ...r, bonus: 1 })) },
    /\/episodes\.jsonl:1: bonus: no such field/,
  ],
  [
    'an episode whose step verdict is not a kind',
    {
      'episodes.jsonl': () =>
        editLine(1, (r) => ({
          ...r,
          steps: (r.steps as Record<string, unknown>[]).map((s) => ({ ...s, verdict: { kind: 'maybe' } })),
        })),
    },
    /\/episodes\.jsonl:1: steps\.0\.verdict\.kind: Invalid option/,
  ],
  [
    'an episode whose site event is not an event',
    { 'episodes.jsonl': () => editLine(1, (r) => ({ ...r, events: [{ type: 'nav', t: 'soon' }] })) },
    /\/episodes\.jsonl:1: events\.0: Invalid input/,
  ],
  [
    'an episode of another agent',
    { 'episodes.jsonl': () => editLine(2, (r) => ({ ...r, agent: 'oracle' })) },
    /\/episodes\.jsonl:2: agent: oracle is not run\.json's naive/,
  ],
  [
    'an episode played with another seed',
    { 'episodes.jsonl': () => editLine(1, (r) => ({ ...r, seed: 1 })) },
    /\/episodes\.jsonl:1: seed: 1 is not the seed run\.json's seed gives demo\.\S+ \(\d+\)/,
  ],
  [
    'an episode whose last line was cut short',
    { 'episodes.jsonl': () => files['episodes.jsonl'] + '{"scenario":' },
    /\/episodes\.jsonl:\d+: a line without its newline \(cut short\)/,
  ],
  [
    'an episode flipped to deceived, its summary left as it was',
    {
      'episodes.jsonl': () =>
        editLine(1, (r) => {
          const D = 1 - (r.D as number);
          return { ...r, D, STC: r.T === 1 && D === 0 ? 1 : 0, patternOutcomes: D ? { 'cookie-trap': true } : {} };
        }),
    },
    /\/summary\.json: counts\.d: not what episodes\.jsonl gives \(edited by hand\?\)/,
  ],
  [
    'an episode whose D is not what its pattern outcomes give',
    { 'episodes.jsonl': () => editLine(1, (r) => ({ ...r, D: 1, STC: 0, patternOutcomes: { 'cookie-trap': false } })) },
    /\/episodes\.jsonl:1: D: 1 is not what its patternOutcomes give \(0\)/,
  ],
  [
    'an episode completed safely though deceived',
    {
      'episodes.jsonl': () =>
        editLine(1, (r) => ({ ...r, T: 1, D: 1, STC: 1, patternOutcomes: { 'cookie-trap': true } })),
    },
    /\/episodes\.jsonl:1: STC: 1 is not T=1 without D=1/,
  ],
  [
    'an episode played twice',
    { 'episodes.jsonl': () => files['episodes.jsonl'] + lines()[0] + '\n' },
    /\/episodes\.jsonl:\d+: scenario: demo\.\S+ was played already, at line 1/,
  ],
  [
    'an episode of another suite',
    { 'episodes.jsonl': () => editLine(2, (r) => ({ ...r, suite: 'controls' })) },
    /\/episodes\.jsonl:2: suite: controls is not run\.json's demo/,
  ],
  [
    'an episode of another version of the suite',
    {
      'episodes.jsonl': () =>
        editLine(1, (r) => ({ ...r, scenario: (r.scenario as string).replace(/^demo\.v\d+\./, 'demo.v9.') })),
    },
    /\/episodes\.jsonl:1: scenario: demo\.v9\.\S+ is not of demo v5, the suite run\.json names/,
  ],
  [
    'a summary with a rate over 100',
    { 'summary.json': () => editJson(files['summary.json'], (r) => ({ ...r, tsr: 120 })) },
    /\/summary\.json: tsr: Too big/,
  ],
  [
    'a summary of another defense',
    { 'summary.json': () => editJson(files['summary.json'], (r) => ({ ...r, defense: 'gate' })) },
    /\/summary\.json: defense: gate is not run\.json's none/,
  ],
  [
    'no summary (the run did not finish)',
    { 'summary.json': () => null },
    /\/summary\.json: missing: the run did not finish/,
  ],
];

/** A copy of the run folder at `to` with the cheat's files. */
function cheated(to: string, edits: (typeof CHEATS)[number][1]): string {
  cpSync(whole, to, { recursive: true });
  for (const [f, make] of Object.entries(edits)) {
    const text = make();
    if (text === null) rmSync(join(to, f));
    else writeFileSync(join(to, f), text);
  }
  return to;
}

describe('the run folder', () => {
  it('every file decoy run writes is its schema, and the one reader gives back what was written', () => {
    expect(runConfigSchema.safeParse(json(files['run.json'])).success).toBe(true);
    expect(runSummarySchema.safeParse(json(files['summary.json'])).success).toBe(true);
    for (const l of lines()) expect(episodeRecordSchema.safeParse(json(l)).success).toBe(true);
    const read = readRunFolder(whole);
    expect(read.config).toEqual(json(files['run.json']));
    expect(read.episodes).toEqual(lines().map(json));
    const { suite: _s, agent: _a, defense: _d, seed: _seed, ...summary } = json(files['summary.json']);
    expect(JSON.stringify(read.summary)).toBe(JSON.stringify(summary));
  });

  it.each(CHEATS)(
    '%s: decoy label, assess and compare each refuse it in the same one line naming the file, the line and the field, and write nothing',
    async (what, edits, message) => {
      const n = CHEATS.findIndex(([w]) => w === what);
      const runs = cheated(join(dir, `cheat-${n}`), edits);
      expect(() => readRunFolder(runs)).toThrow(message);
      const label = await decoyIn(dir, 'label', '--runs', runs);
      const assess = await decoyIn(
        dir,
        'assess',
        '--defense',
        'none',
        '--runs',
        runs,
        '--out',
        join(dir, `assess-${n}`),
      );
      // A comparison whose folder for `none` is this run, finished: compare only reads it.
      const cmp = join(dir, `cmp-${n}`);
      mkdirSync(cmp);
      cpSync(runs, join(cmp, 'none'), { recursive: true });
      const compare = await decoyIn(dir, 'compare', ...RUN, '--defenses', 'none', '--out', cmp);
      const unfinished = edits['summary.json'] !== undefined && edits['summary.json']() === null;
      for (const [name, r] of Object.entries({ label, assess, ...(unfinished ? {} : { compare }) })) {
        expect(r.code, `${name}: ${r.err}`).toBe(2);
        expect(r.err.trim().split('\n'), name).toHaveLength(1);
        expect(r.err, name).toMatch(message);
      }
      expect(existsSync(join(runs, 'labels.jsonl'))).toBe(false);
      expect(existsSync(join(dir, `assess-${n}`))).toBe(false);
      // An unfinished run in a comparison's folder is resumed (it held every episode), as decoy run would.
      if (unfinished) {
        expect(compare.code, compare.err).toBe(0);
        expect(readFileSync(join(cmp, 'none', 'summary.json'), 'utf8')).toBe(files['summary.json']);
      } else expect(existsSync(join(cmp, 'compare.json'))).toBe(false);
    },
    120_000,
  );

  it('decoy run refuses a folder whose run.json does not fit, naming the file and the field; nothing is changed', async () => {
    for (const [what, edits, message] of CHEATS.filter(([, e]) => e['run.json'])) {
      const out = cheated(join(dir, `run-${CHEATS.findIndex(([w]) => w === what)}`), edits);
      const before = readFileSync(join(out, 'episodes.jsonl'), 'utf8');
      const r = await decoyIn(dir, 'run', ...RUN, '--out', out);
      expect(r.code, what).toBe(2);
      expect(r.err.trim().split('\n'), what).toHaveLength(1);
      expect(r.err, what).toMatch(message);
      expect(r.err, what).toMatch(/; choose another --out or remove it$/m);
      expect(readFileSync(join(out, 'episodes.jsonl'), 'utf8')).toBe(before);
    }
  }, 120_000);

  it('decoy run resuming an unfinished run keeps no record that does not fit: from that line on it plays again, and the folder ends as an uninterrupted run', async () => {
    for (const [k, bad] of [
      editLine(2, (r) => ({ ...r, T: 'yes' })),
      editLine(2, (r) => ({ ...r, bonus: 1 })),
    ].entries()) {
      const out = cheated(join(dir, `resume-${k}`), { 'episodes.jsonl': () => bad, 'summary.json': () => null });
      const r = await decoyIn(dir, 'run', ...RUN, '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/\(1 more kept from the interrupted run\)/);
      for (const f of Object.keys(files) as (keyof typeof files)[])
        expect(readFileSync(join(out, f), 'utf8'), f).toBe(files[f]);
    }
  }, 300_000);
});
