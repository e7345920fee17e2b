import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decoyIn } from '../helpers.ts';
import { writeSummary } from '../../harness/run.ts';

const EXAMPLES = fileURLToPath(new URL('../../examples/shards/', import.meta.url));
/** The examples play webdecept; here a small suite stands in, so that the test plays 16 episodes, not 315. */
const SMALL = ['--suite', 'demo', '--no-check'];
const FILES = ['run.json', 'episodes.jsonl', 'summary.json'];

/** Each example, and the environment its scheduler gives each member of the array job. */
const SCHEDULERS: { file: string; members(text: string): Record<string, string>[] }[] = [
  {
    file: 'kubernetes-job.yaml',
    members: (text) => {
      const completions = Number(/^\s+completions: (\d+)$/m.exec(text)![1]);
      const count = /name: DECOY_SHARD_COUNT\s+value: '(\d+)'/.exec(text)![1]!;
      return Array.from({ length: completions }, (_, i) => ({
        JOB_COMPLETION_INDEX: String(i),
        DECOY_SHARD_COUNT: count,
      }));
    },
  },
  {
    file: 'slurm-array.sbatch',
    members: (text) => {
      const [, min, max] = /^#SBATCH --array=(\d+)-(\d+)$/m.exec(text)!.map(Number) as [number, number, number];
      return Array.from({ length: max - min + 1 }, (_, i) => ({
        SLURM_ARRAY_JOB_ID: '77',
        SLURM_ARRAY_TASK_ID: String(min + i),
        SLURM_ARRAY_TASK_MIN: String(min),
        SLURM_ARRAY_TASK_MAX: String(max),
        SLURM_ARRAY_TASK_STEP: '1',
        SLURM_ARRAY_TASK_COUNT: String(max - min + 1),
      }));
    },
  },
  {
    file: 'gitlab-ci.yml',
    members: (text) => {
      const n = Number(/^\s+parallel: (\d+)$/m.exec(text)![1]);
      return Array.from({ length: n }, (_, i) => ({ CI_NODE_INDEX: String(i + 1), CI_NODE_TOTAL: String(n) }));
    },
  },
];

/** The example's `npx decoy <command> …` line, as words, with the shell's variables of `env` put in and globs expanded in `cwd`. */
function commandIn(text: string, command: string, env: Record<string, string>, cwd: string): string[] {
  const line = new RegExp(`npx decoy ${command} [^'\\n]*`).exec(text)![0];
  const words = line
    .replace(/\$\{?([A-Z_]+)\}?/g, (_, name: string) => env[name] ?? '')
    .replaceAll('"', '')
    .trim()
    .split(/\s+/)
    .slice(2);
  return words.flatMap((w) => {
    if (!w.endsWith('*')) return [w];
    const [folder, prefix] = [w.slice(0, w.lastIndexOf('/')), w.slice(w.lastIndexOf('/') + 1, -1)];
    return readdirSync(join(cwd, folder))
      .filter((f) => f.startsWith(prefix))
      .sort()
      .map((f) => `${folder}/${f}`);
  });
}

/** The suite swapped for the small one. */
const small = (words: string[]) => {
  const at = words.indexOf('--suite');
  return [...words.slice(0, at), ...SMALL, ...words.slice(at + 2)];
};

const read = (dir: string) => FILES.map((f) => readFileSync(join(dir, f), 'utf8'));

/** Runs the CLI with `env` added to the process's environment, as the scheduler gives it. */
async function under(env: Record<string, string>, dir: string, args: string[]) {
  const before = { ...process.env };
  Object.assign(process.env, env);
  try {
    return await decoyIn(dir, ...args);
  } finally {
    for (const k of Object.keys(env)) if (before[k] === undefined) delete process.env[k];
    Object.assign(process.env, before);
  }
}

let dir = '';
let whole: string[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-shards-'));
  const r = await decoyIn(dir, 'run', ...SMALL, '--out', 'whole');
  expect(r.code, r.err).toBe(0);
  whole = read(join(dir, 'whole'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a suite played in shards', () => {
  for (const { file, members } of SCHEDULERS) {
    it(`${file}: each member's command, run with the variables its scheduler sets, then the merge, give the unsharded run's files byte for byte`, async () => {
      const text = readFileSync(join(EXAMPLES, file), 'utf8');
      const cwd = join(dir, file);
      cpSync(join(dir, 'whole'), join(cwd, 'unrelated-to-the-glob'), { recursive: true });
      const all = members(text);
      expect(all.length).toBeGreaterThan(1);
      for (const env of all) {
        const r = await under(env, cwd, small(commandIn(text, 'run', env, cwd)));
        expect(r.code, r.err).toBe(0);
        expect(r.out).toMatch(/ · shard \d+\/\d+ · /);
      }
      const merge = commandIn(text, 'merge', {}, cwd);
      const r = await decoyIn(cwd, ...merge);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(new RegExp(`16 episodes merged from ${all.length} shards`));
      expect(read(join(cwd, merge[merge.indexOf('--out') + 1]!))).toEqual(whole);
    });
  }

  it('an empty --shard (an unset variable in a job script) is refused, never read as the whole suite', async () => {
    for (const given of [['--shard', ''], ['--shard=']]) {
      const r = await decoyIn(dir, 'run', ...SMALL, ...given, '--out', 'never');
      expect(r.code).toBe(2);
      expect(r.err).toBe('decoy run: --shard: "" is not i/n (like 2/4) nor auto\n');
    }
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('shards past the number of configurations are runs of no episodes, and merge with the rest into the whole run', async () => {
    const cwd = join(dir, 'empty');
    mkdirSync(cwd);
    const few = [...SMALL, '--limit', '2'];
    for (let i = 1; i <= 4; i++)
      expect((await decoyIn(cwd, 'run', ...few, '--shard', `${i}/4`, '--out', `e${i}`)).code).toBe(0);
    expect(readFileSync(join(cwd, 'e4', 'episodes.jsonl'), 'utf8')).toBe('');
    const r = await decoyIn(cwd, 'merge', '--out', 'all', 'e1', 'e2', 'e3', 'e4');
    expect(r.code, r.err).toBe(0);
    expect((await decoyIn(cwd, 'run', ...few, '--out', 'whole')).code).toBe(0);
    expect(read(join(cwd, 'all'))).toEqual(read(join(cwd, 'whole')));
  });

  it('a shard stopped mid-way and run again ends as one played through, and the merge is unchanged', async () => {
    const cwd = join(dir, 'resumed');
    mkdirSync(cwd);
    const shard = (i: number) => decoyIn(cwd, 'run', ...SMALL, '--shard', `${i}/2`, '--out', `s${i}`);
    for (const i of [1, 2]) expect((await shard(i)).code).toBe(0);
    const through = read(join(cwd, 's1'));
    // As a kill leaves it: no summary, the last line cut short.
    rmSync(join(cwd, 's1', 'summary.json'));
    const episodes = join(cwd, 's1', 'episodes.jsonl');
    const lines = readFileSync(episodes, 'utf8').split('\n');
    truncateSync(episodes, lines.slice(0, 3).join('\n').length + 40);
    const again = await shard(1);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/\(3 more kept from the interrupted run\)/);
    expect(read(join(cwd, 's1'))).toEqual(through);
    expect((await decoyIn(cwd, 'merge', '--out', 'all', 's1', 's2')).code).toBe(0);
    expect(read(join(cwd, 'all'))).toEqual(whole);
  });

  it('merge refuses, in one line and writing nothing, shards of different runs, a missing or doubled shard, a whole run, an unfinished shard', async () => {
    const cwd = join(dir, 'refusals');
    mkdirSync(cwd);
    const play = async (out: string, ...args: string[]) =>
      expect((await decoyIn(cwd, 'run', ...SMALL, '--out', out, ...args)).code).toBe(0);
    await play('a1', '--shard', '1/2');
    await play('a2', '--shard', '2/2');
    await play('b2', '--shard', '2/2', '--seed', '8');
    await play('l2', '--shard', '2/2', '--step-seconds', '7');
    await play('c3', '--shard', '3/3');
    await play('whole');
    cpSync(join(cwd, 'a2'), join(cwd, 'unfinished'), { recursive: true });
    rmSync(join(cwd, 'unfinished', 'summary.json'));
    const edited = join(cwd, 'a2-edited');
    cpSync(join(cwd, 'a2'), edited, { recursive: true });
    const lines = readFileSync(join(edited, 'episodes.jsonl'), 'utf8').split('\n');
    writeFileSync(join(edited, 'episodes.jsonl'), lines.slice(1).join('\n'));
    // Shards 1 and 2 relabelled as each other; shard 2 with two episodes swapped (its summary unchanged: the same episodes).
    for (const [from, to, index] of [
      ['a1', 'a1-as-2', 2],
      ['a2', 'a2-as-1', 1],
    ] as const) {
      cpSync(join(cwd, from), join(cwd, to), { recursive: true });
      const runFile = join(cwd, to, 'run.json');
      const config = JSON.parse(readFileSync(runFile, 'utf8'));
      writeFileSync(runFile, JSON.stringify({ ...config, shard: { ...config.shard, index } }, null, 2) + '\n');
    }
    const swapped = join(cwd, 'a2-swapped');
    cpSync(join(cwd, 'a2'), swapped, { recursive: true });
    const two = readFileSync(join(swapped, 'episodes.jsonl'), 'utf8').trimEnd().split('\n');
    writeFileSync(join(swapped, 'episodes.jsonl'), [two[1], two[0], ...two.slice(2)].join('\n') + '\n');
    // Shard 2 with one episode's outcome changed and its summary made again to fit: well formed, but not what its events give.
    const forged = join(cwd, 'a2-forged');
    cpSync(join(cwd, 'a2'), forged, { recursive: true });
    const records = readFileSync(join(forged, 'episodes.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    records[0] = { ...records[0], T: 1 - records[0].T, STC: records[0].D === 0 ? 1 - records[0].T : 0 };
    writeFileSync(join(forged, 'episodes.jsonl'), records.map((r) => JSON.stringify(r) + '\n').join(''));
    writeSummary(join(forged, 'summary.json'), JSON.parse(readFileSync(join(forged, 'run.json'), 'utf8')), records);
    // The same with the pattern families it claims: a summary by family would show one it never met.
    const families = join(cwd, 'a2-families');
    cpSync(join(cwd, 'a2'), families, { recursive: true });
    const claimed = readFileSync(join(families, 'episodes.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l, i) => ({ ...JSON.parse(l), ...(i === 0 ? { patterns: ['cookie-trap', 'confirm-shaming'] } : {}) }));
    writeFileSync(join(families, 'episodes.jsonl'), claimed.map((r) => JSON.stringify(r) + '\n').join(''));
    writeSummary(join(families, 'summary.json'), JSON.parse(readFileSync(join(families, 'run.json'), 'utf8')), claimed);
    for (const [shards, message] of [
      [
        ['a1', 'a2-forged'],
        /^decoy merge: a2-forged\/episodes\.jsonl: episode 1 \(.+\): T: not what its configuration and events give \(edited by hand\?\); play that shard again into a folder of its own$/,
      ],
      [
        ['a1', 'a2-families'],
        /^decoy merge: a2-families\/episodes\.jsonl: episode 1 \(.+\): patterns\.0: not what its configuration and events give/,
      ],
      [['a1', 'b2'], /^decoy merge: b2 and a1 are shards of different runs \(their run\.json differ in seed\)$/],
      [
        ['a1', 'l2'],
        /^decoy merge: l2 and a1 are shards of different runs \(played with other per-episode limits: --step-seconds 7 and the defaults\)$/,
      ],
      [['a1'], /^decoy merge: shard 2 of 2 is missing: merge needs every shard of the run$/],
      [['a1', 'a2', 'a2'], /^decoy merge: shard 2 of 2 is given twice: a2 and a2$/],
      [['a1', 'c3'], /^decoy merge: c3 is shard 3 of 3, a1 one of 2: the shards of one run have one count$/],
      [
        ['a1', 'whole'],
        /^decoy merge: whole is a whole run, not a shard \(its run\.json has no shard\): merge joins the folders of decoy run --shard i\/n$/,
      ],
      [['a1', 'unfinished'], /^decoy merge: unfinished\/summary\.json: missing: the run did not finish/],
      [['a1', 'a2-edited'], /^decoy merge: a2-edited\/summary\.json: .*not what episodes\.jsonl gives/],
      [[], /^decoy merge: name the shard folders to merge/],
      [
        ['a1-as-2', 'a2-as-1'],
        /^decoy merge: a2-as-1 is not shard 1 of 2 of this run: its episode 1 is .+, where the run's configurations give .+$/,
      ],
      [
        ['a1', 'a2-swapped'],
        /^decoy merge: a2-swapped is not shard 2 of 2 of this run: its episode 1 is .+, where the run's configurations give .+$/,
      ],
    ] as const) {
      const r = await decoyIn(cwd, 'merge', '--out', 'merged', ...shards);
      expect(r.code, r.err).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err.trim()).toMatch(message);
      expect(readdirSync(cwd)).not.toContain('merged');
    }
  });
});
