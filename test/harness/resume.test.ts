import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendLine, completeLines, keptLines, writeFileAtomic } from '../../lib/files.ts';
import { changedFile, executeRun } from '../../harness/run.ts';
import type { RunConfig } from '../../harness/run-folder.ts';
import { Stopped, UserError } from '../../lib/errors.ts';
import { loadBundles } from '../../harness/select.ts';
import { writeDataset, type DatasetConfig } from '../../harness/dataset.ts';
import { resize } from '../../harness/clicks.ts';
import { SHOOT_PROGRESS, shootBundles } from '../../harness/shoot.ts';
import { suites } from '../../scenarios/index.ts';
import { generateSuite, writeBundles } from '../../generator/bundle.ts';
import { findChromium } from '../../simulator/page/engine/chromium.ts';
import { DEFAULT_LIMITS } from '../../simulator/page/engine/limits.ts';
import { chromiumOrSkip } from '../chromium/browser.ts';
import { runConfig, withoutProgress } from '../helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-resume-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files = (d: string) =>
  Object.fromEntries(
    readdirSync(d)
      .sort()
      .map((f) => [f, readFileSync(join(d, f), 'utf8')]),
  );

describe('atomic files', () => {
  it('writeFileAtomic replaces a file whole and leaves no temporary file; appendLine adds whole lines; a line cut short is not a line', () => {
    const d = join(dir, 'atomic');
    mkdirSync(d);
    const f = join(d, 'a.json');
    writeFileAtomic(f, 'old');
    writeFileAtomic(f, Buffer.from('new'));
    expect(readFileSync(f, 'utf8')).toBe('new');
    writeFileAtomic(f, 'unflushed', { flush: false });
    expect(readdirSync(d)).toEqual(['a.json']);
    expect(readFileSync(f, 'utf8')).toBe('unflushed');
    // A write that fails (its folder is gone) leaves nothing behind and throws.
    expect(() => writeFileAtomic(join(d, 'missing', 'b'), 'x')).toThrow();
    const log = join(d, 'log.jsonl');
    appendLine(log, '{"a":1}');
    appendLine(log, '{"b":"é"}');
    expect(() => appendLine(log, 'two\nlines')).toThrow(/newline/);
    writeFileSync(log, readFileSync(log, 'utf8') + '{"c":');
    const lines = completeLines(readFileSync(log));
    expect(lines.map((l) => l.text)).toEqual(['{"a":1}', '{"b":"é"}']);
    expect(lines.at(-1)?.end).toBe(Buffer.byteLength('{"a":1}\n{"b":"é"}\n'));
  });

  it('keptLines cuts a progress file after the lines it keeps, so the next line appended after a kill is a line of its own', () => {
    const d = join(dir, 'kept');
    mkdirSync(d);
    const log = join(d, 'progress.jsonl');
    expect(keptLines(log, () => true)).toEqual([]);
    writeFileSync(log, 'stamp\n1\n2\nx\n3\n4');
    // A reader that stops at a line it does not take drops that line and everything after.
    expect(keptLines(log, (t, i) => (i === 0 ? t === 'stamp' : /^\d$/.test(t)))).toEqual(['stamp', '1', '2']);
    appendLine(log, '5');
    expect(readFileSync(log, 'utf8')).toBe('stamp\n1\n2\n5\n');
    writeFileSync(log, 'stamp\n1\n{"half');
    expect(keptLines(log, () => true)).toEqual(['stamp', '1']);
    appendLine(log, '2');
    expect(completeLines(readFileSync(log)).map((l) => l.text)).toEqual(['stamp', '1', '2']);
  });
});

describe('generate stopped midway', () => {
  it('writes suite.json first, so the same suite written again over a half-written folder finishes it, leaving no temporary file', () => {
    const made = generateSuite(suites.get('demo'), 7).slice(0, 3);
    const whole = join(dir, 'gen-whole');
    writeBundles(whole, suites.get('demo'), 7, made);
    // As a kill leaves it: the claim, one bundle whole, the next with its site but a bundle.json half-written.
    const cut = join(dir, 'gen-cut');
    const second = made[1]!.manifest.id;
    mkdirSync(join(cut, second, 'site'), { recursive: true });
    writeFileSync(join(cut, 'suite.json'), readFileSync(join(whole, 'suite.json')));
    cpSync(join(whole, made[0]!.manifest.id), join(cut, made[0]!.manifest.id), { recursive: true });
    writeFileSync(join(cut, second, 'site', 'index.html'), readFileSync(join(whole, second, 'site', 'index.html')));
    writeFileSync(join(cut, second, `.bundle.json.4242.tmp`), '{"half');
    writeBundles(cut, suites.get('demo'), 7, made);
    const list = (d: string) => readdirSync(d, { recursive: true, encoding: 'utf8' }).sort();
    expect(list(cut)).toEqual(list(whole));
    for (const f of list(whole).filter((f) => !statSync(join(whole, f)).isDirectory()))
      expect(readFileSync(join(cut, f), 'utf8'), f).toBe(readFileSync(join(whole, f), 'utf8'));
  });
});

/** The run the in-process and the command-line cuts resume: four configurations are enough to cut anywhere (first line, middle, before the summary). */
const PATTERN = 'preselected-consent';
const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: [PATTERN] });
const config = runConfig({ patterns: [PATTERN] });
const run = (out: string, signal?: AbortSignal, progress?: (done: number) => void) =>
  executeRun(config, out, { bundles, noCheck: true, signal, progress: (_l, done) => progress?.(done) });

/** The uninterrupted run's folder, played once for the file (the command line gives the same config). */
let played: Promise<Record<string, string>> | null = null;
const uninterrupted = () =>
  (played ??= run(join(dir, 'whole')).then((r) => (expect(r.resumed).toBe(0), files(join(dir, 'whole')))));

describe('a run resumes where it stopped', () => {
  it('limits a run folder records under a name every object has are named as written, not as that property', () => {
    const told = changedFile(JSON.stringify({ ...config, limits: { constructor: 5, toString: 2 } }), config);
    expect(told).toBe(' (played with other per-episode limits: constructor 5 toString 2, now the defaults)');
  });

  it('from a cut at any line, a line cut short, a foreign line or a stop signal, the folder ends byte for byte as an uninterrupted run', async () => {
    expect(bundles).toHaveLength(4);
    const whole = join(dir, 'whole');
    const reference = await uninterrupted();
    expect(Object.keys(reference)).toEqual(['episodes.jsonl', 'run.json', 'summary.json']);
    const lines = reference['episodes.jsonl']!.split('\n').slice(0, -1);
    expect(lines).toHaveLength(bundles.length);

    // Stopped after two episodes: two whole lines, no summary (the folder says unfinished).
    const stopped = join(dir, 'stopped');
    const stop = new AbortController();
    await expect(run(stopped, stop.signal, (done) => done === 2 && stop.abort())).rejects.toThrow(Stopped);
    expect(readFileSync(join(stopped, 'episodes.jsonl'), 'utf8')).toBe(lines.slice(0, 2).join('\n') + '\n');
    expect(existsSync(join(stopped, 'summary.json'))).toBe(false);
    const progress: number[] = [];
    const resumed = await run(stopped, undefined, (done) => progress.push(done));
    expect(resumed.resumed).toBe(2);
    expect(progress).toEqual([2, ...Array.from({ length: bundles.length - 2 }, (_, i) => i + 3)]);
    expect(files(stopped)).toEqual(reference);

    const cuts: [string, string][] = [
      ['half of the first line', lines[0]!.slice(0, 40)],
      ['two lines and half a third', `${lines[0]}\n${lines[1]}\n${lines[2]!.slice(0, -1)}`],
      ['every line, killed before the summary', lines.join('\n') + '\n'],
      ['a line of another configuration', `${lines[0]}\n${lines[2]}\n${lines[1]}\n`],
      ['a line that is not JSON', `${lines[0]}\n${lines[1]}\nnot json\n`],
    ];
    for (const [what, text] of cuts) {
      const out = join(dir, `cut-${cuts.findIndex(([w]) => w === what)}`);
      mkdirSync(out);
      writeFileSync(join(out, 'run.json'), reference['run.json']!);
      writeFileSync(join(out, 'episodes.jsonl'), text);
      writeFileSync(join(out, '.summary.json.4242.tmp'), '{"half');
      await run(out);
      expect(files(out), what).toEqual(reference);
      expect(readdirSync(out), what).toEqual(['episodes.jsonl', 'run.json', 'summary.json']);
    }

    // A kept episode whose outcome or configuration was edited (its events untouched) is refused, naming it, and the folder is left as it was.
    for (const edit of [
      (r: Record<string, unknown>) => ({ ...r, patterns: ['cookie-trap'] }),
      (r: Record<string, unknown>) => ({ ...r, feasible: !r.feasible }),
      (r: Record<string, unknown>) => ({ ...r, condition: 'shop/p1' }),
      (r: Record<string, unknown>) => ({ ...r, D: 1 - (r.D as number) }),
      (r: Record<string, unknown>) => ({ ...r, STC: 1 - (r.STC as number) }),
      (r: Record<string, unknown>) => ({
        ...r,
        patternOutcomes: Object.fromEntries(
          Object.entries(r.patternOutcomes as Record<string, boolean>).map(([k, v]) => [k, !v]),
        ),
      }),
    ]) {
      const out = join(dir, 'edited');
      rmSync(out, { recursive: true, force: true });
      mkdirSync(out);
      const edited = `${lines[0]}\n${JSON.stringify(edit(JSON.parse(lines[1]!)))}\n`;
      writeFileSync(join(out, 'run.json'), reference['run.json']!);
      writeFileSync(join(out, 'episodes.jsonl'), edited);
      await expect(run(out)).rejects.toThrow(
        /episodes\.jsonl: episode 2 \(.+\): \S+: not what its configuration and events give \(edited by hand\?\); remove the folder or choose another --out$/,
      );
      expect(readFileSync(join(out, 'episodes.jsonl'), 'utf8')).toBe(edited);
      expect(existsSync(join(out, 'summary.json'))).toBe(false);
    }

    // A finished run run again is played anew (and is the same).
    const again = await run(whole);
    expect(again.resumed).toBe(0);
    expect(files(whole)).toEqual(reference);
  });

  it('resumed with other per-episode limits, a run is refused naming them (they decide which episodes end in an error); with the same it resumes; limits at their defaults are not recorded', async () => {
    const out = join(dir, 'limits');
    const small = { domElements: 100 };
    const stop = new AbortController();
    await expect(
      executeRun(config, out, {
        bundles,
        noCheck: true,
        limits: small,
        signal: stop.signal,
        progress: (_l, done) => done === 2 && stop.abort(),
      }),
    ).rejects.toThrow(Stopped);
    expect((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunConfig).limits).toEqual(small);
    await expect(executeRun(config, out, { bundles, noCheck: true })).rejects.toThrow(
      /already holds a different run \(played with other per-episode limits: --max-elements 100, now the defaults\)/,
    );
    await expect(executeRun(config, out, { bundles, noCheck: true, limits: { domElements: 200 } })).rejects.toThrow(
      /--max-elements 100, now --max-elements 200\)/,
    );
    expect(readFileSync(join(out, 'episodes.jsonl'), 'utf8').split('\n')).toHaveLength(3);
    // The same limits (a default given as well changes nothing): the two episodes are kept, the rest played under them.
    const resumed = await executeRun(config, out, {
      bundles,
      noCheck: true,
      limits: { ...small, stepSeconds: DEFAULT_LIMITS.stepSeconds },
    });
    expect([resumed.resumed, resumed.errors]).toEqual([2, bundles.length]);
    const d = join(dir, 'limits-default');
    await executeRun(config, d, { bundles, noCheck: true, limits: { ...DEFAULT_LIMITS } });
    expect(readFileSync(join(d, 'run.json'), 'utf8')).toBe((await uninterrupted())['run.json']);
  });

  it('two runs into one folder at once: the second is refused naming the folder and the pid, the first ends whole; a lock left by a dead process is taken over', async () => {
    const out = join(dir, 'locked');
    let second: unknown = null;
    let tried = false;
    await run(out, undefined, (done) => {
      if (done !== 1 || tried) return;
      tried = true;
      // The first holds the lock while it plays: the second is started now, while it does.
      second = run(out).then(
        () => null,
        (e: unknown) => e,
      );
    });
    const refused = await (second as unknown as Promise<unknown>);
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as Error).message).toMatch(
      new RegExp(`locked is in use by another decoy process \\(pid ${process.pid}, run.lock\\)`),
    );
    expect(readFileSync(join(out, 'episodes.jsonl'), 'utf8').split('\n')).toHaveLength(bundles.length + 1);
    expect(readdirSync(out)).toEqual(['episodes.jsonl', 'run.json', 'summary.json']);

    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(out, 'run.lock'), `${gone}\n`);
    await run(out);
    expect(readdirSync(out)).toEqual(['episodes.jsonl', 'run.json', 'summary.json']);
  });
});

describe('decoy run stopped by a signal', () => {
  // One worker: with more, the episodes under way when the signal comes may be the last ones, and the run then just finishes.
  const ARGS = ['run', '--suite', 'demo', '--pattern', PATTERN, '--seed', '7', '--no-check', '--workers', '1', '--out'];
  const decoy = (out: string): Promise<{ code: number | null; out: string; err: string }> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, ...ARGS, out], { cwd: dir });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('exit', (code) => resolve({ code, out: stdout, err: withoutProgress(stderr) }));
    });

  /** Starts the command and sends `signal` once `lines` episodes are written; resolves with its exit. */
  function interrupt(
    out: string,
    signal: NodeJS.Signals,
    lines: number,
  ): Promise<{ code: number | null; signal: string | null; err: string; early: boolean }> {
    const file = join(dir, out, 'episodes.jsonl');
    const child = spawn(process.execPath, [BIN, ...ARGS, out], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    let early = false;
    const poll = setInterval(() => {
      const n = existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0;
      if (n >= lines) {
        clearInterval(poll);
        early = existsSync(join(dir, out, 'summary.json'));
        child.kill(signal);
      }
    }, 5);
    return new Promise((resolve) =>
      child.on('exit', (code, sig) => {
        clearInterval(poll);
        resolve({ code, signal: sig, err: withoutProgress(err), early });
      }),
    );
  }

  it('Ctrl-C, and SIGTERM as a scheduler sends it, stop after an episode with one line saying how to resume, leaving no lock; SIGKILL mid-run; each time the same command plays only the missing episodes, and the folder ends as an uninterrupted run', async () => {
    const out = 'cli-run';
    const stopped = await interrupt(out, 'SIGINT', 1);
    expect(stopped.early, 'the run finished before it could be stopped').toBe(false);
    expect(stopped.code, stopped.err).toBe(130);
    expect(stopped.err.trim().split('\n')).toHaveLength(1);
    expect(stopped.err).toMatch(
      new RegExp(
        `^decoy run: stopped after (\\d+) of ${bundles.length} episodes; to finish, run the same command again: decoy run --suite demo --pattern ${PATTERN} --seed 7 --no-check --workers 1 --out cli-run$`,
        'm',
      ),
    );
    const first = readFileSync(join(dir, out, 'episodes.jsonl'), 'utf8');
    expect(first.endsWith('\n')).toBe(true);
    expect(existsSync(join(dir, out, 'summary.json'))).toBe(false);
    // SIGTERM, as Kubernetes and Slurm end a job they evict or time out, stops it the same way, and takes its lock with it.
    const termed = await interrupt('cli-term', 'SIGTERM', 1);
    expect(termed.early, 'the run finished before it could be stopped').toBe(false);
    expect(termed.code, termed.err).toBe(130);
    expect(termed.err).toMatch(
      /^decoy run: stopped after \d+ of \d+ episodes; to finish, run the same command again: .* --out cli-term$/m,
    );
    expect(readdirSync(join(dir, 'cli-term')).sort()).toEqual(['episodes.jsonl', 'run.json']);

    const lines = first.split('\n').length - 1;
    const killed = await interrupt(out, 'SIGKILL', lines + 1);
    expect(killed.signal).toBe('SIGKILL');
    expect(killed.early, 'the run finished before it could be killed').toBe(false);
    expect(readFileSync(join(dir, out, 'episodes.jsonl'), 'utf8').startsWith(first)).toBe(true);

    const resumed = await decoy(out);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toMatch(/more kept from the interrupted run/);
    // The uninterrupted run, in this process, with the config the command gives.
    expect(files(join(dir, out))).toEqual(await uninterrupted());
  });
});

const chromium = chromiumOrSkip();

describe.skipIf(!chromium.ok)(`dataset and shoot resume ${chromium.why}`, () => {
  const tree = (d: string): Record<string, string> =>
    Object.fromEntries(
      readdirSync(d, { recursive: true, encoding: 'utf8' })
        .filter((f) => !statSync(join(d, f)).isDirectory())
        .sort()
        .map((f) => [
          f,
          createHash('sha256')
            .update(readFileSync(join(d, f)))
            .digest('hex'),
        ]),
    );

  it('a dataset stopped after a screenshot keeps it in <out>.partial, renders only the rest when run again, and ends as an uninterrupted one, in one browser or several', async () => {
    const suite = suites.get('ruc');
    const config = (out: string): DatasetConfig => ({
      suite,
      spec: resize(suite.clicks!, 2, 1),
      seed: 7,
      out: join(dir, out),
      scale: 1,
      overlay: true,
      marks: false,
      executable: findChromium(),
    });
    const whole = await writeDataset(config('ds-whole'));
    expect(whole.resumed).toBe(0);
    const stop = new AbortController();
    const stopAt = (label: string, done: number) => label === 'screenshots' && done === 1 && stop.abort();
    await expect(writeDataset(config('ds-cut'), stopAt, stop.signal)).rejects.toThrow(Stopped);
    expect(existsSync(join(dir, 'ds-cut'))).toBe(false);
    expect(readdirSync(join(dir, 'ds-cut.partial', 'images'))).toEqual(['00000.png']);
    const shots: number[] = [];
    const resumed = await writeDataset(config('ds-cut'), (label, done) => label === 'screenshots' && shots.push(done));
    expect(resumed.resumed).toBe(1);
    expect(shots).toEqual([1, 2, 3]);
    expect(existsSync(join(dir, 'ds-cut.partial'))).toBe(false);
    expect(tree(join(dir, 'ds-cut'))).toEqual(tree(join(dir, 'ds-whole')));

    // In several browsers at once, stopped, and finished at another number of them: the same files.
    const several = new AbortController();
    const severalAt = (label: string, done: number) => label === 'screenshots' && done === 1 && several.abort();
    await expect(writeDataset({ ...config('ds-w'), workers: 2 }, severalAt, several.signal)).rejects.toThrow(
      'stopped after 2 of 3 screenshots',
    );
    // Each browser takes its sample at the start, and one in flight when the stop comes is finished: two kept.
    const kept = readdirSync(join(dir, 'ds-w.partial', 'images'));
    expect(kept).toEqual(['00000.png', '00001.png']);
    const finished = await writeDataset({ ...config('ds-w'), workers: 3 });
    expect(finished.resumed).toBe(kept.length);
    expect(tree(join(dir, 'ds-w'))).toEqual(tree(join(dir, 'ds-whole')));
  }, 120_000);

  it('a shoot stopped after a configuration shoots only the rest when run again, and leaves what it shot before as it was; in two browsers, the same shots', async () => {
    const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['warranty-addon'] });
    const out = join(dir, 'shoot');
    const stop = new AbortController();
    const opts = { executable: findChromium(), scale: 1 };
    await expect(
      shootBundles(bundles, out, { ...opts, signal: stop.signal, progress: () => stop.abort() }),
    ).rejects.toThrow(Stopped);
    expect(readFileSync(join(out, SHOOT_PROGRESS), 'utf8')).toBe(`{"scale":1}\n${bundles[0]!.manifest.id}\n`);
    const first = tree(join(out, bundles[0]!.manifest.id));
    expect(Object.keys(first)).toEqual(['shots/start-boxes.png', 'shots/start.json', 'shots/start.png']);
    expect(existsSync(join(out, bundles[1]!.manifest.id))).toBe(false);
    const r = await shootBundles(bundles, out, opts);
    expect(r.resumed).toBe(1);
    expect(existsSync(join(out, SHOOT_PROGRESS))).toBe(false);
    expect(tree(join(out, bundles[1]!.manifest.id))).toHaveProperty(['shots/start.png']);
    expect(tree(join(out, bundles[0]!.manifest.id))).toEqual(first);

    // In two browsers, each takes one of the two configurations at the start: a stop after the first finds nothing left to stop, and the shots are those of one browser.
    expect(bundles).toHaveLength(2);
    const two = join(dir, 'shoot-two');
    const both = new AbortController();
    const r2 = await shootBundles(bundles, two, {
      ...opts,
      workers: 2,
      signal: both.signal,
      progress: () => both.abort(),
    });
    expect(r2.resumed).toBe(0);
    for (const b of bundles.slice(0, 2)) expect(tree(join(two, b.manifest.id))).toEqual(tree(join(out, b.manifest.id)));
  }, 120_000);
});
