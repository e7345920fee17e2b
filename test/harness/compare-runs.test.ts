import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPARE_JSON } from '../../harness/compare.ts';
import { labelsOf } from '../../harness/compare-runs.ts';
import type { RunConfig } from '../../harness/run-folder.ts';
import type { Comparison } from '../../simulator/measure/comparison.ts';
import { decoyIn } from '../helpers.ts';

let dir = '';
/** decoy run of the random agent on the bundles in b/ (written by the test of other seeds), under `seed`, into `out`. */
const randomRun = (seed: string, out: string, ...more: string[]) =>
  decoyIn(dir, 'run', '--bundles', 'b', '--no-check', '--agent', 'random', '--seed', seed, ...more, '--out', out);
const read = <T>(...p: string[]) => JSON.parse(readFileSync(join(dir, ...p), 'utf8')) as T;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-compare-runs-'));
  // Six configurations of one condition: at susceptibility 0.5 the naive agent takes the trap in some, and the gate stops one.
  const r = await decoyIn(
    dir,
    'compare',
    ...['--suite', 'trickyarena-single', '--pattern', 'confirm-shaming', '--seed', '7', '--no-check'],
    ...['--opt', 'susceptibility=0.5', '--defenses', 'none,gate,warn', '--out', 'cmp'],
  );
  if (r.code !== 0) throw new Error(r.err);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy compare --runs', () => {
  it("over the folders decoy compare wrote, gives that compare's numbers, each run labelled by its defense, paired against the first", async () => {
    const r = await decoyIn(dir, 'compare', '--runs', 'cmp/none', 'cmp/gate', 'cmp/warn', '--out', 'again');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(
      /^decoy compare --runs · suite trickyarena-single v\d+ · 6 configurations · 3 runs paired against none\n/,
    );
    const played = read<Comparison>('cmp', COMPARE_JSON);
    const again = read<Comparison & { config: { runs: { label: string; folder: string }[] } }>('again', COMPARE_JSON);
    expect(again.config.runs.map((x) => [x.label, x.folder])).toEqual([
      ['none', 'cmp/none'],
      ['gate', 'cmp/gate'],
      ['warn', 'cmp/warn'],
    ]);
    expect(again.groupedBy).toBe(played.groupedBy);
    expect(again.pairedAgainst).toBe('none');
    expect(again.defenses.map(({ folder: _f, ...d }) => d)).toEqual(played.defenses.map(({ folder: _f, ...d }) => d));
    expect(played.defenses.find((d) => d.id === 'gate')?.paired?.c).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'again', 'compare.md'), 'utf8')).toContain('p (McNemar exact)');
    // --against names another run to pair against; run again into its own folder, it replaces what it wrote.
    const other = await decoyIn(
      dir,
      'compare',
      '--runs',
      'cmp/none',
      'cmp/gate',
      '--against',
      'gate',
      '--out',
      'again',
    );
    expect(other.code, other.err).toBe(0);
    const flipped = read<Comparison>('again', COMPARE_JSON);
    expect(flipped.pairedAgainst).toBe('gate');
    const forward = again.defenses[1]!.paired!;
    expect(flipped.defenses[0]!.paired).toEqual({
      ...forward,
      b: forward.c,
      c: forward.b,
      diffPp: -forward.diffPp || 0,
    });
  });

  it('pairs runs of other seeds on the same bundles by configuration, labelled by their seed', async () => {
    const g = await decoyIn(dir, 'generate', '--suite', 'demo', '--pattern', 'preselected-consent', '--out', 'b');
    expect(g.code, g.err).toBe(0);
    for (const seed of ['1', '2']) {
      const r = await randomRun(seed, `r${seed}`);
      expect(r.code, r.err).toBe(0);
    }
    const r = await decoyIn(dir, 'compare', '--runs', 'r1', 'r2', '--out', 'by-seed');
    expect(r.code, r.err).toBe(0);
    const c = read<Comparison>('by-seed', COMPARE_JSON);
    expect(c.defenses.map((d) => d.id)).toEqual(['s1', 's2']);
    expect(c.defenses[1]!.paired).toMatchObject({ pairs: 4, unmatched: 0 });
    const labelled = await decoyIn(
      dir,
      'compare',
      '--runs',
      'r1',
      'r2',
      '--labels',
      'first,second',
      '--out',
      'by-seed',
    );
    expect(labelled.code, labelled.err).toBe(0);
    expect(read<Comparison>('by-seed', COMPARE_JSON).defenses.map((d) => d.id)).toEqual(['first', 'second']);
  }, 120_000);

  it('writes everything and exits 1 when a run holds episodes that ended in an error, leaving them out of the pairs', async () => {
    writeFileSync(
      join(dir, 'throws.mjs'),
      `export default { id: 'throws', description: 'fails', create: () => ({ review: () => { throw new Error('no'); } }) };\n`,
    );
    const t = await randomRun('1', 't', '--defense', './throws.mjs');
    expect(t.code).toBe(1);
    const r = await decoyIn(dir, 'compare', '--runs', 'r1', 't', '--out', 'with-errors');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^decoy compare: 4 episodes ended in an error .*everything was written\n$/);
    const c = read<Comparison>('with-errors', COMPARE_JSON);
    expect(c.defenses.map((d) => d.id)).toEqual(['none', 'throws']);
    expect(c.defenses[1]!.paired).toMatchObject({ pairs: 0, errored: 4 });
  }, 60_000);

  it('labels runs by what differs between their run.json: defense, agent, seed, options, a changed file', () => {
    const base: RunConfig = {
      suite: 'demo',
      patterns: [],
      bundles: null,
      agent: 'naive',
      defense: './d/mine.ts',
      seed: 7,
      agentOptions: {},
      defenseOptions: { lessons: 'a.txt' },
      replay: null,
      defenseSha256: 'aaaaaaaaaaaa',
    };
    expect(labelsOf([base, { ...base, defenseSha256: 'bbbbbbbbbbbb' }], ['x', 'y'])).toEqual([
      'defense@aaaaaaaa',
      'defense@bbbbbbbb',
    ]);
    expect(
      labelsOf(
        [base, { ...base, agent: 'random', seed: 8, defenseOptions: { lessons: 'b.txt' }, agentOptions: { k: 1 } }],
        ['x', 'y'],
      ),
    ).toEqual(['naive s7 k=– lessons=a.txt', 'random s8 k=1 lessons=b.txt']);
    expect(labelsOf([base, { ...base, defense: 'gate', defenseSha256: undefined }], ['x', 'y'])).toEqual([
      'mine',
      'gate',
    ]);
    expect(labelsOf([base, base], ['x', 'y'])).toEqual(['x', 'y']);
    // One lessons file, rewritten between the runs: its content tells them apart.
    const gate = { ...base, defense: 'gate', defenseSha256: undefined };
    expect(
      labelsOf(
        [
          { ...gate, defenseOptionsSha256: { lessons: '1111111111' } },
          { ...gate, defenseOptionsSha256: { lessons: '2222222222' } },
        ],
        ['x', 'y'],
      ),
    ).toEqual(['lessons@11111111', 'lessons@22222222']);
  });

  it('refuses in one line, writing nothing: an unfinished run, other configurations, one run, a foreign --out, bad labels, flags that play', async () => {
    const eight = await decoyIn(
      dir,
      'run',
      '--suite',
      'trickyarena-single',
      '--pattern',
      'confirm-shaming',
      '--seed',
      '8',
      '--no-check',
      '--out',
      'seed-8',
    );
    expect(eight.code, eight.err).toBe(0);
    cpSync(join(dir, 'cmp', 'gate'), join(dir, 'cut'), { recursive: true });
    symlinkSync(join(dir, 'cmp', 'none'), join(dir, 'none-link'));
    rmSync(join(dir, 'cut', 'summary.json'));
    mkdirSync(join(dir, 'foreign'));
    writeFileSync(join(dir, 'foreign', 'notes.txt'), 'mine');
    for (const [args, message] of [
      [['cmp/none', 'cut'], /^decoy compare: cut\/summary\.json: missing: the run did not finish/],
      [
        ['cmp/none', 'r1'],
        /^decoy compare: r1 plays other configurations than cmp\/none: its configuration 1 is demo\.v5\..*, there trickyarena-single\.v\d+\..* \(4 configurations against 6\); compare runs of the same configurations\n$/,
      ],
      [
        ['cmp/none', 'seed-8'],
        /^decoy compare: seed-8 plays other configurations .*; compare runs of the same configurations \(a suite generated under seeds 7 and 8 is two suites: play the seeds on the same --bundles\)\n$/,
      ],
      [['cmp/none'], /^decoy compare: --runs: name at least two run folders to compare\n$/],
      [
        ['cmp/none', 'cmp/gate', '--out', 'foreign'],
        /^decoy compare: foreign holds notes\.txt, which compare --runs did not write/,
      ],
      [
        ['cmp/none', 'cmp/gate', '--out', 'cmp'],
        /^decoy compare: cmp holds compare\.json, which compare --runs did not write/,
      ],
      [['cmp/none', 'cmp/gate', '--labels', 'a'], /^decoy compare: --labels gives 1 labels for 2 run folders\n$/],
      [['cmp/none', 'cmp/gate', '--labels', 'a,a'], /^decoy compare: --labels names 'a' twice\n$/],
      [
        ['cmp/none', 'cmp/gate', '--against', 'warn'],
        /^decoy compare: --against 'warn' is none of the labels \(none, gate\)\n$/,
      ],
      [
        ['cmp/none', 'cmp/gate', '--suite', 'demo'],
        /^decoy compare: --suite is for playing a comparison; --runs compares run folders as they were played\n$/,
      ],
      [['cmp/none', 'cmp/gate', '--defenses', 'none'], /^decoy compare: --defenses is for playing a comparison/],
      [['cmp/none', 'none-link'], /^decoy compare: --runs names cmp\/none twice \(again as none-link\)\n$/],
      ...(
        [
          ['--limit', '2'],
          ['--configs', '1'],
          ['--scenario', 'x'],
          ['--engine', 'jsdom'],
          ['--step-seconds', '5'],
          ['--call-seconds', '5'],
          ['--max-errors', '3'],
          ['--no-check'],
          ['--workers', '2'],
          ['--seed', '7'],
          ['--agent', 'naive'],
        ] as const
      ).map(
        (flag) =>
          [
            ['cmp/none', 'cmp/gate', ...flag],
            new RegExp(
              `^decoy compare: ${flag[0]} is for playing a comparison; --runs compares run folders as they were played\n$`,
            ),
          ] as const,
      ),
    ] as const) {
      const out = (args as readonly string[]).includes('--out') ? [] : ['--out', 'refused'];
      const r = await decoyIn(dir, 'compare', '--runs', ...args, ...out);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    expect(readdirSync(dir)).not.toContain('refused');
    // A comparison of run folders is not replaced by one played into its folder (nor the reverse).
    const cr = await decoyIn(dir, 'compare', '--runs', 'cmp/none', 'cmp/gate', '--out', 'cr2');
    expect(cr.code, cr.err).toBe(0);
    const held = readFileSync(join(dir, 'cr2', COMPARE_JSON), 'utf8');
    const played = await decoyIn(dir, 'compare', '--suite', 'demo', '--defenses', 'none', '--no-check', '--out', 'cr2');
    expect(played.code, played.err).toBe(2);
    expect(played.err).toBe(
      'decoy compare: cr2 holds a comparison of run folders (compare --runs) in compare.json, not one played; choose another --out\n',
    );
    expect(readFileSync(join(dir, 'cr2', COMPARE_JSON), 'utf8')).toBe(held);
    expect(readdirSync(join(dir, 'cr2')).sort()).toEqual([COMPARE_JSON, 'compare.md']);
    expect(readdirSync(join(dir, 'foreign'))).toEqual(['notes.txt']);
    const l = await decoyIn(dir, 'compare', '--suite', 'demo', '--labels', 'a', '--out', 'refused');
    expect(l.err).toMatch(/^decoy compare: --labels is for --runs\n$/);
  }, 120_000);
});
