import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareDefenses } from '../../harness/compare.ts';
import { compareRunFolders } from '../../harness/compare-runs.ts';
import { compareSeeds } from '../../harness/compare-seeds.ts';
import { executeRun } from '../../harness/run.ts';
import { readRunFolder } from '../../harness/run-folder.ts';
import { runSeeds } from '../../harness/seeds.ts';
import { marksOn } from '../../harness/report/shots.ts';
import { RUNS_CSV_HEAD } from '../../harness/report/text.ts';
import type { ShotState } from '../../simulator/measure/shots.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { decoyIn, runConfig } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CSV file as records by its header (the report's fields hold no commas or quotes). */
function csvRecords(file: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\r\n');
  const keys = (head as string).split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [keys[i] as string, v])));
}

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** A listing of every file under `root` with its bytes, to show nothing was written or changed. */
const snapshot = (root: string): string =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((f) => {
      const p = join(root, f);
      try {
        return `${f}:${readFileSync(p).toString('base64')}`;
      } catch {
        return `${f}/`;
      }
    })
    .join('\n');

beforeAll(async () => {
  const config = { ...runConfig(), limit: 6 };
  await compareDefenses({ ...config, defenses: ['none', 'gate'], agentOptions: {} }, join(dir, 'cmp'), {
    noCheck: true,
  });
  await executeRun({ ...config, defense: 'none' }, join(dir, 'a'), { noCheck: true });
  await executeRun({ ...config, defense: 'screen' }, join(dir, 'b'), { noCheck: true });
  await runSeeds({ ...config, limit: 3 }, [1, 2], join(dir, 'seeds'), { noCheck: true });
  await compareSeeds(
    { ...config, limit: 2, defenses: ['none', 'gate'], agentOptions: {} },
    [1, 2],
    join(dir, 'cseeds'),
    { noCheck: true },
  );
  compareRunFolders([join(dir, 'cmp', 'gate'), join(dir, 'cmp', 'none')], join(dir, 'cruns'));
}, 300_000);

describe('decoy report', () => {
  it("report.csv and groups.csv hold each run's summary.json figures and the comparison's compare.json figures, and report.md holds compare.md's tables", async () => {
    const r = await decoyIn(dir, 'report', 'cmp', 'a', 'b', 'seeds', '--out', 'rep');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // 6 episodes under each defense compared, 6 in each run, 3 under each seed.
    expect(r.out.trim()).toBe('6 runs, 30 episodes; wrote rep/report.html, report.md, report.csv and groups.csv');
    const rows = csvRecords(join(dir, 'rep', 'report.csv'));
    expect(Object.keys(rows[0] ?? {})).toEqual([...RUNS_CSV_HEAD]);
    expect(rows.map((x) => [x.set, x.run])).toEqual([
      ['cmp', 'none'],
      ['cmp', 'gate'],
      // The run folders named together are one set, under the first of them.
      ['a', 'none'],
      ['a', 'screen'],
      ['seeds', 's1'],
      ['seeds', 's2'],
    ]);
    const compare = json(join(dir, 'cmp', 'compare.json'));
    for (const row of rows) {
      const s = json(join(dir, row.folder as string, 'summary.json'));
      const num = (k: string) => Number(row[k]);
      expect([num('episodes'), num('errors'), num('t'), num('d'), num('stc')]).toEqual([
        s.episodes,
        s.errors,
        s.counts.t,
        s.counts.d,
        s.counts.stc,
      ]);
      expect([num('tsr'), num('tsr_low'), num('tsr_high')]).toEqual([s.tsr, ...s.ci.tsr]);
      expect([num('dpsr'), num('dpsr_low'), num('dpsr_high')]).toEqual([s.dpsr, ...s.ci.dpsr]);
      expect([num('stc_rate'), num('stc_low'), num('stc_high')]).toEqual([s.stc, ...s.ci.stc]);
      expect([num('safe'), num('task_with_dp'), num('fail_no_dp'), num('fail_with_dp')]).toEqual([
        s.outcomes.safe,
        s.outcomes.taskWithDp,
        s.outcomes.failNoDp,
        s.outcomes.failWithDp,
      ]);
    }
    // The paired test against none: compare.json's for the comparison, and the same test for the runs named together.
    const gate = compare.defenses.find((d: { id: string }) => d.id === 'gate').paired;
    const gateRow = rows.find((x) => x.set === 'cmp' && x.run === 'gate')!;
    expect([gateRow.paired_against, +gateRow.pairs!, +gateRow.b!, +gateRow.c!, +gateRow.diff_pp!, +gateRow.p!]).toEqual(
      ['none', gate.pairs, gate.b, gate.c, gate.diffPp, gate.p],
    );
    expect(rows.find((x) => x.run === 'screen')?.paired_against).toBe('none');
    expect(rows.filter((x) => x.set === 'seeds').map((x) => x.paired_against)).toEqual(['', '']);

    const groups = csvRecords(join(dir, 'rep', 'groups.csv')).filter((g) => g.set === 'cmp');
    const expected = compare.defenses.flatMap(
      (d: { id: string; groups: Record<string, { n: number; d: number; dpsr: number }> }) =>
        Object.entries(d.groups).map(([g, x]) => [d.id, compare.groupedBy, g, x.n, x.d, x.dpsr]),
    );
    expect(groups.map((g) => [g.run, g.grouped_by, g.group, +g.n!, +g.d!, +g.dpsr!])).toEqual(expected);

    const md = readFileSync(join(dir, 'rep', 'report.md'), 'utf8');
    const compareMd = readFileSync(join(dir, 'cmp', 'compare.md'), 'utf8');
    for (const table of compareMd.split('\n\n').filter((t) => t.startsWith('|'))) expect(md).toContain(table);
    const seeds = json(join(dir, 'seeds', 'seeds.json'));
    expect(md).toMatch(new RegExp(`\\nDPSR +${seeds.rates.dpsr.mean.toFixed(1)} `));
  }, 60_000);

  it("reads compare --seeds folders (every seed's runs, each defense's rates across seeds) and compare --runs folders (its runs where they were, paired as it paired them) to their files' figures", async () => {
    const r = await decoyIn(dir, 'report', 'cseeds', 'cruns', '--out', 'rep-more');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const rows = csvRecords(join(dir, 'rep-more', 'report.csv'));
    expect(rows.map((x) => [x.set, x.run])).toEqual([
      ['cseeds', 'none s1'],
      ['cseeds', 'gate s1'],
      ['cseeds', 'none s2'],
      ['cseeds', 'gate s2'],
      ['cruns', 'gate'],
      ['cruns', 'none'],
    ]);
    for (const row of rows) {
      const s = json(join(row.set === 'cruns' ? '' : dir, row.folder as string, 'summary.json'));
      expect([+row.episodes!, +row.t!, +row.d!, +row.stc!, +row.tsr!]).toEqual([
        s.episodes,
        s.counts.t,
        s.counts.d,
        s.counts.stc,
        s.tsr,
      ]);
    }
    const runs = json(join(dir, 'cruns', 'compare.json'));
    const none = runs.defenses.find((d: { id: string }) => d.id === 'none').paired;
    const noneRow = rows.find((x) => x.set === 'cruns' && x.run === 'none')!;
    expect([noneRow.paired_against, +noneRow.pairs!, +noneRow.b!, +noneRow.c!]).toEqual([
      'gate',
      none.pairs,
      none.b,
      none.c,
    ]);
    const md = readFileSync(join(dir, 'rep-more', 'report.md'), 'utf8');
    const seeds = json(join(dir, 'cseeds', 'seeds.json'));
    // Each seed's defense is paired against its own seed's none, as that seed's compare.json pairs it.
    (seeds.seeds as number[]).forEach((seed, k) => {
      const own = json(join(dir, 'cseeds', seeds.folders[k], 'compare.json'));
      for (const d of own.defenses as { id: string; paired: null | Record<string, number> }[]) {
        const row = rows.find((x) => x.set === 'cseeds' && x.run === `${d.id} s${seed}`)!;
        const p = d.paired;
        expect([row.paired_against, row.pairs, row.b, row.c, row.diff_pp, row.p], `${d.id} s${seed}`).toEqual(
          p === null
            ? ['', '', '', '', '', '']
            : [own.pairedAgainst, ...[p.pairs, p.b, p.c, p.diffPp, p.p].map(String)],
        );
      }
    });
    expect(rows.filter((x) => x.set === 'cseeds' && x.paired_against !== '')).toHaveLength(2);
    // The report takes no --defenses: no sentence of it points there.
    expect(md).not.toContain('--defenses');
    for (const d of seeds.defenses as { id: string; rates: { stc: { mean: number } } }[])
      expect(md).toMatch(
        new RegExp(
          `### Rates across seeds: defense ${d.id}\\n\\n\`\`\`\\n[^\`]*\\nSTC +${d.rates.stc.mean.toFixed(1)} `,
        ),
      );
    // A seeds.json whose rates are not its comparisons' is refused, naming the field.
    const edited = join(dir, 'cseeds-edited');
    cpSync(join(dir, 'cseeds'), edited, { recursive: true });
    const file = join(edited, 'seeds.json');
    const held = json(file);
    held.defenses[1].rates.stc.mean += 1;
    writeFileSync(file, JSON.stringify(held));
    const refused = await decoyIn(dir, 'report', 'cseeds-edited', '--out', 'rep-edited');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(
      /^decoy report: cseeds-edited\/seeds\.json: defenses\.1\.stc\.mean: not what its run folders give/,
    );
  }, 120_000);

  it('without --out it writes beside the first folder, in <folder>-report; run again it replaces its own report', async () => {
    expect((await decoyIn(dir, 'report', 'a')).code).toBe(0);
    const html = readFileSync(join(dir, 'a-report', 'report.html'), 'utf8');
    expect(readdirSync(join(dir, 'a-report')).sort()).toEqual(['groups.csv', 'report.csv', 'report.html', 'report.md']);
    const again = await decoyIn(dir, 'report', 'a');
    expect(again.code, again.err).toBe(0);
    expect(readFileSync(join(dir, 'a-report', 'report.html'), 'utf8')).toBe(html);
    // The run folder itself is left as it was: a later decoy run resumes it as its own.
    expect(readdirSync(join(dir, 'a')).sort()).toEqual(['episodes.jsonl', 'run.json', 'summary.json']);
    // Named as `.` from inside it, the report still goes beside it, under its own name.
    const here = await decoyIn(join(dir, 'a'), 'report', '.');
    expect(here.code, here.err).toBe(0);
    // One run is one run.
    expect(here.out.trim()).toMatch(/^1 run, 6 episodes; wrote /);
    expect(here.out).toContain('wrote ../a-report/report.html');
    expect(readdirSync(join(dir, 'a')).sort()).toEqual(['episodes.jsonl', 'run.json', 'summary.json']);
    // A run of a comparison or of seeds: beside that folder, which must hold its runs only (compare and seeds run again into it).
    const inside = await decoyIn(join(dir, 'cmp', 'gate'), 'report', '.');
    expect(inside.code, inside.err).toBe(0);
    expect(inside.out).toContain('wrote ../../cmp-gate-report/report.html');
    const seed = await decoyIn(dir, 'report', 'seeds/s1');
    expect(seed.code, seed.err).toBe(0);
    expect(existsSync(join(dir, 'seeds-s1-report', 'report.html'))).toBe(true);
    expect(readdirSync(join(dir, 'cmp')).filter((f) => f.endsWith('-report'))).toEqual([]);
    expect(readdirSync(join(dir, 'seeds')).filter((f) => f.endsWith('-report'))).toEqual([]);
  }, 60_000);

  it('refuses, in one line on stderr (exit 2) and with nothing written, what is not a finished run, comparison or seeds folder, and an --out that holds other files or lies inside a folder reported on', async () => {
    mkdirSync(join(dir, 'unfinished'));
    cpSync(join(dir, 'a'), join(dir, 'unfinished', 'a'), { recursive: true });
    rmSync(join(dir, 'unfinished', 'a', 'summary.json'));
    cpSync(join(dir, 'cmp'), join(dir, 'edited'), { recursive: true });
    const edited = json(join(dir, 'edited', 'compare.json'));
    edited.defenses[1].dpsr = 1.5;
    writeFileSync(join(dir, 'edited', 'compare.json'), JSON.stringify(edited));
    mkdirSync(join(dir, 'other'));
    writeFileSync(join(dir, 'other', 'notes.txt'), 'mine\n');
    mkdirSync(join(dir, 'empty'));
    symlinkSync(join(dir, 'a'), join(dir, 'alink'));
    mkdirSync(join(dir, 'q3'));
    compareRunFolders([join(dir, 'b'), join(dir, 'a')], join(dir, 'q3'));
    const before = snapshot(dir);
    const cases: [string[], RegExp][] = [
      [['nowhere'], /^decoy report: nowhere does not exist$/],
      [
        ['empty'],
        /^decoy report: empty is not a run, comparison or seeds folder \(it holds no run\.json, compare\.json or seeds\.json\)$/,
      ],
      [['a/run.json'], /^decoy report: a\/run\.json is a file, not a run, comparison or seeds folder$/],
      [['unfinished/a'], /^decoy report: unfinished\/a\/summary\.json: missing: the run did not finish/],
      [
        ['edited'],
        /^decoy report: edited\/compare\.json: defenses\.1\.dpsr: not what its run folders give \(edited by hand\?\)$/,
      ],
      [['a', 'b', 'a/'], /^decoy report: a\/ is named twice \(as a\)$/],
      // Links followed: a link to a folder named is the folder named again, and --out through one is inside it.
      [['a', 'alink'], /^decoy report: alink is named twice \(as a\)$/],
      [
        ['a', '--out', 'alink/sub'],
        /^decoy report: --out alink\/sub is inside a, a folder reported on; choose another --out$/,
      ],
      // A compare --runs folder's run folders are folders reported on, wherever they are.
      [
        ['q3', '--out', 'b/rep'],
        /^decoy report: --out b\/rep is inside .*\/b, a folder reported on; choose another --out$/,
      ],
      [
        ['a', 'seeds/s1'],
        /^decoy report: seeds\/s1 plays other configurations than a: its configuration 1 is .*\.s1, there .*\.s7 \(3 configurations against 6\); compare runs of the same configurations/,
      ],
      [
        ['a', '--out', 'other'],
        /^decoy report: other holds notes\.txt, which is not a report's; choose another --out$/,
      ],
      [
        ['cmp', '--out', 'cmp/report'],
        /^decoy report: --out cmp\/report is inside cmp, a folder reported on; choose another --out$/,
      ],
      [[], /^decoy report: name the folders to report on/],
    ];
    for (const [args, message] of cases) {
      const r = await decoyIn(dir, 'report', ...args);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(2);
      expect(r.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.err.trim(), `${args.join(' ')}: ${r.err}`).toMatch(message);
    }
    expect(snapshot(dir)).toBe(before);
  }, 60_000);
});

describe('decoy report, run folders named together', () => {
  it('pairs them as compare --runs does: labelled by what sets their run.json apart, against the run of none where there is one, else the first named, and says which', async () => {
    const r = await decoyIn(dir, 'report', 'b', 'cmp/gate', '--out', 'rep-first');
    expect(r.code, r.err).toBe(0);
    const rows = csvRecords(join(dir, 'rep-first', 'report.csv'));
    const runs = compareRunFolders([join(dir, 'b'), join(dir, 'cmp', 'gate')], join(dir, 'cruns-first'));
    expect(rows.map((x) => x.run)).toEqual(runs.labels);
    const paired = runs.comparison.defenses[1]!.paired!;
    expect([rows[1]!.paired_against, +rows[1]!.pairs!, +rows[1]!.b!, +rows[1]!.c!]).toEqual([
      runs.labels[0],
      paired.pairs,
      paired.b,
      paired.c,
    ]);
    expect(paired.pairs).toBe(6);
    expect(readFileSync(join(dir, 'rep-first', 'report.md'), 'utf8')).toContain(
      `## 2 runs paired against ${runs.labels[0]} (the first named): b, cmp/gate`,
    );
    const withNone = await decoyIn(dir, 'report', 'b', 'a', '--out', 'rep-none');
    expect(withNone.code, withNone.err).toBe(0);
    expect(csvRecords(join(dir, 'rep-none', 'report.csv')).map((x) => [x.run, x.paired_against])).toEqual([
      ['screen', 'none'],
      ['none', ''],
    ]);
  }, 60_000);
});

describe('decoy report, names that are markup or formulas', () => {
  it('a label a spreadsheet would run is led by a quote in the CSV, and one holding | or HTML is escaped in report.md', async () => {
    const names = ['=HYPERLINK(1)', '@SUM(1+1)', '<b>a|b&c'];
    for (const n of names) cpSync(join(dir, 'a'), join(dir, n), { recursive: true });
    const r = await decoyIn(dir, 'report', ...names, '--out', 'rep-names');
    expect(r.code, r.err).toBe(0);
    // The same run copied: nothing in run.json tells them apart, so each is labelled by its folder.
    const rows = csvRecords(join(dir, 'rep-names', 'report.csv'));
    expect(rows.map((x) => [x.set, x.run, x.folder])).toEqual([
      ["'=HYPERLINK(1)", "'=HYPERLINK(1)", "'=HYPERLINK(1)"],
      ["'=HYPERLINK(1)", "'@SUM(1+1)", "'@SUM(1+1)"],
      ["'=HYPERLINK(1)", '<b>a|b&c', '<b>a|b&c'],
    ]);
    // Numbers are never quoted, a negative one included.
    expect(rows.every((x) => /^-?\d/.test(x.tsr!))).toBe(true);
    const md = readFileSync(join(dir, 'rep-names', 'report.md'), 'utf8');
    // Outside the code spans of its first line (where markup is shown as written), no tag is live.
    expect(md.split('\n').filter((l) => !l.startsWith('From `'))).not.toContainEqual(expect.stringContaining('<b>'));
    const row = md.split('\n').find((l) => l.startsWith('| &lt;b&gt;a\\|b&amp;c '))!;
    const header = md.split('\n').find((l) => l.startsWith('| Method'))!;
    // One column per cell: the escaped | starts none.
    const columns = (l: string) => l.split(/(?<!\\)\|/).length;
    expect(columns(row)).toBe(columns(header));
  }, 60_000);

  it('a name holding backticks stays inside its code span in report.md and compare.md, and a title holding markup is escaped', async () => {
    const tick = 'tick`<img src=x onerror=alert(1)>';
    cpSync(join(dir, 'a'), join(dir, tick), { recursive: true });
    const r = await decoyIn(dir, 'report', tick, 'b', '--out', 'rep-tick');
    expect(r.code, r.err).toBe(0);
    const md = readFileSync(join(dir, 'rep-tick', 'report.md'), 'utf8');
    // A span's fence is longer than any run of backticks inside it, so the one in the name ends nothing.
    expect(md).toContain(`From \`\`${tick}\`\`, \`b\`.`);
    const labels = ['</script><script>alert(1)</script>|x', 'a`<img src=x onerror=alert(1)>'];
    const compared = (against: string, out: string) =>
      decoyIn(
        dir,
        'compare',
        '--runs',
        'cmp/none',
        'cmp/gate',
        '--labels',
        labels.join(','),
        '--against',
        against,
        '--out',
        out,
      );
    const c = await compared(labels[0]!, 'cmp-script');
    expect(c.code, c.err).toBe(0);
    const lines = readFileSync(join(dir, 'cmp-script', 'compare.md'), 'utf8').split('\n');
    expect(lines[0]).toMatch(/ paired against &lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;\\\|x$/);
    expect(lines).toContain(
      `## Paired against \`${labels[0]}\` on the same configurations (STC; b and c are the discordant pairs)`,
    );
    const t = await compared(labels[1]!, 'cmp-tick');
    expect(t.code, t.err).toBe(0);
    expect(readFileSync(join(dir, 'cmp-tick', 'compare.md'), 'utf8').split('\n')).toContain(
      `## Paired against \`\`${labels[1]}\`\` on the same configurations (STC; b and c are the discordant pairs)`,
    );
  }, 60_000);
});

describe('decoy report, a compare --runs of folders given relative to where it ran', () => {
  it('read from another folder, names the folder it cannot find and says where to report from', async () => {
    const c = await decoyIn(dir, 'compare', '--runs', 'cmp/none', 'cmp/gate', '--out', 'crel');
    expect(c.code, c.err).toBe(0);
    const r = await decoyIn(join(dir, 'cmp'), 'report', '../crel', '--out', '../rep-rel');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^decoy report: run folder cmp\/none does not exist \(part of \.\.\/crel\/compare\.json; compare --runs records each folder as it was given, from the folder it ran in: report from there\)\n$/,
    );
    expect((await decoyIn(dir, 'report', 'crel', '--out', 'rep-rel')).code).toBe(0);
  }, 60_000);
});

describe('decoy report, one run under several seeds', () => {
  it('says its seeds are one run, not that no run of none is among them', async () => {
    const r = await decoyIn(dir, 'report', 'seeds', '--out', 'rep-seeds');
    expect(r.code, r.err).toBe(0);
    const md = readFileSync(join(dir, 'rep-seeds', 'report.md'), 'utf8');
    expect(md).toContain('These are one run played under several seeds: no run is paired against another.');
    expect(md).not.toContain('No run of `none` is among these runs');
    expect(readFileSync(join(dir, 'rep-seeds', 'report.html'), 'utf8')).toContain(
      'These are one run played under several seeds: no run is paired against another.',
    );
  }, 60_000);
});

describe('decoy report, a run folder replaced', () => {
  it('refuses, in one line naming the folder and the first field that differs, a comparison, seeds or compare --runs folder whose run folder holds another run than its compare.json or seeds.json records', async () => {
    const replaced = (from: string, to: string, run: string) => {
      cpSync(join(dir, from), join(dir, to), { recursive: true });
      rmSync(join(dir, to, run), { recursive: true });
      cpSync(join(dir, 'b'), join(dir, to, run), { recursive: true });
    };
    replaced('cmp', 'cmp-replaced', 'gate');
    replaced('seeds', 'seeds-replaced', 's2');
    mkdirSync(join(dir, 'q'));
    for (const d of ['gate', 'none']) cpSync(join(dir, 'cmp', d), join(dir, 'q', d), { recursive: true });
    compareRunFolders([join(dir, 'q', 'gate'), join(dir, 'q', 'none')], join(dir, 'q', 'runs'));
    rmSync(join(dir, 'q', 'gate'), { recursive: true });
    cpSync(join(dir, 'b'), join(dir, 'q', 'gate'), { recursive: true });
    const before = snapshot(dir);
    const cases: [string, RegExp][] = [
      [
        'cmp-replaced',
        /^decoy report: cmp-replaced\/gate holds another run than cmp-replaced\/compare\.json records \(defense: "screen" there, "gate" in compare\.json\); it was replaced or moved$/,
      ],
      [
        'seeds-replaced',
        /^decoy report: seeds-replaced\/s2 holds another run than seeds-replaced\/seeds\.json records \([a-z]+: .* there, .* in seeds\.json\)/,
      ],
      [
        'q/runs',
        /gate holds another run than q\/runs\/compare\.json records \(defense: "screen" there, "gate" in compare\.json\)/,
      ],
    ];
    for (const [folder, message] of cases) {
      const r = await decoyIn(dir, 'report', folder, '--out', 'rep-replaced');
      expect(r.code, `${folder}: ${r.err}`).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err.trim(), `${folder}: ${r.err}`).toMatch(message);
    }
    expect(snapshot(dir)).toBe(before);
  }, 60_000);
});

describe('the points marked on a picture', () => {
  const state: ShotState = {
    actions: ["click('e1')", 'noop()'],
    url: 'https://site.test/',
    scroll: { x: 0, y: 0 },
    viewport: { width: 1000, height: 500 },
    scale: 1,
    points: { e2: { x: 100, y: 50 }, e3: { x: 500, y: 250 } },
  };
  const step = (i: number, proposal: string, executed: string[]): EpisodeRecord['steps'][number] => ({
    i,
    proposal,
    verdict: { kind: 'allow' },
    executed: executed.map((action) => ({ by: 'agent', action, error: null })),
    error: null,
    url: 'https://site.test/',
  });
  const base = () => readRunFolder(join(dir, 'a')).episodes[0] as EpisodeRecord;

  it('a step proposed after exactly the actions the picture replays is marked where it acts (an element by its ref, a point by its coordinates), in percent of the picture', () => {
    const e = {
      ...base(),
      steps: [
        step(0, "click('e1')", ["click('e1')"]),
        step(1, 'noop()', ['noop()']),
        step(2, "click('e3')", ["click('e3')"]),
      ],
    };
    expect(marksOn(e, state)).toEqual([{ step: 2, x: 50, y: 50, label: "step 2: click('e3') → allow" }]);
    const point = {
      ...e,
      steps: [...e.steps.slice(0, 2), step(2, 'mouse_click(250, 125)', ['mouse_click(250, 125)'])],
    };
    expect(marksOn(point, state).map((m) => [m.x, m.y])).toEqual([[25, 25]]);
    // A ref the picture does not show in view, and an action aimed at nothing, are not marked.
    const unseen = { ...e, steps: [...e.steps.slice(0, 2), step(2, "click('e9')", [])] };
    expect(marksOn(unseen, state)).toEqual([]);
    const answer = { ...e, steps: [...e.steps.slice(0, 2), step(2, 'send_msg_to_user("done")', [])] };
    expect(marksOn(answer, state)).toEqual([]);
  });

  it('property: a step is marked only when the actions carried out before it are the picture’s, in order', () => {
    const action = fc.constantFrom("click('e1')", 'noop()', "click('e2')", "click('e3')", 'go_back()');
    fc.assert(
      fc.property(fc.array(fc.tuple(action, fc.array(action, { maxLength: 2 })), { maxLength: 6 }), (plan) => {
        const e = { ...base(), steps: plan.map(([p, ex], i) => step(i, p, ex)) };
        const marked = new Set(marksOn(e, state).map((m) => m.step));
        let done: string[] = [];
        for (const [i, [p, ex]] of plan.entries()) {
          const inState = done.join('\n') === state.actions.join('\n') && done.length === state.actions.length;
          expect(marked.has(i)).toBe(inState && (p === "click('e2')" || p === "click('e3')"));
          done = [...done, ...ex];
        }
      }),
    );
  });
});
