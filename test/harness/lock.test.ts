/**
 * The output folder's lock under processes that race for it: a stale lock (its holder gone)
 * that several runs find at the same moment is taken over by exactly one of them, and a lock
 * file is never seen without its holder's pid.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../lib/root.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process that takes the folder's lock at `at` (ms since the epoch), says whether it got it, and holds it until its input ends. */
const TAKER = `
const [lockModule, folder, at] = process.argv.slice(1);
const { lockFolder } = await import(lockModule);
while (Date.now() < Number(at));
let release = null;
try { release = lockFolder(folder); } catch (e) { process.stdout.write(e.constructor.name === 'UserError' ? 'refused' : 'error ' + e.message); }
if (release) {
  process.stdout.write('got');
  process.stdin.resume();
  process.stdin.on('end', () => { release(); process.exit(0); });
}
`;

/** Starts `takers` processes that race for the folder's lock; once every one has said how it went, the holder lets go. */
async function race(folder: string, takers: number, lockModule: string): Promise<string[]> {
  const at = Date.now() + 500;
  const children = Array.from({ length: takers }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', TAKER, lockModule, folder, String(at)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    }),
  );
  const said = await Promise.all(
    children.map(
      (child) =>
        new Promise<string>((resolve) => {
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stdout.once('data', () => setImmediate(() => resolve(out)));
          child.on('exit', () => resolve(out));
        }),
    ),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          child.on('exit', resolve);
          if (child.exitCode !== null) resolve(null);
          child.stdin.end();
        }),
    ),
  );
  return said;
}

describe('the output lock', () => {
  it('a stale lock found by four runs at the same moment is taken over by exactly one; the others are refused; nothing is left behind', async () => {
    const { ensureBuild } = (await import(pathToFileURL(packagePath('bin', 'build.mjs')).href)) as {
      ensureBuild: () => Promise<string>;
    };
    const lockModule = pathToFileURL(join(dirname(dirname(await ensureBuild())), 'harness', 'lock.js')).href;
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (let trial = 0; trial < 4; trial++) {
      const folder = join(dir, `t${trial}`);
      const fresh = trial % 2 === 1;
      if (!fresh) {
        // A run killed while it held the folder left its lock.
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, 'run.lock'), `${gone}\n`);
      }
      const said = await race(folder, 4, lockModule);
      expect(
        said.filter((s) => s === 'got'),
        `trial ${trial}: ${said.join(', ')}`,
      ).toHaveLength(1);
      expect(said.filter((s) => s === 'refused')).toHaveLength(3);
      expect(readdirSync(folder)).toEqual([]);
    }
  });

  it("a stale lock is taken over by one process at a time: while a live process holds the takeover's guard the folder is refused, and a guard its holder left in dying is cleared", async () => {
    const { lockFolder } = await import('../../harness/lock.ts');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const folder = join(dir, 'guarded');
    mkdirSync(folder, { recursive: true });
    const guard = join(folder, '.run.lock-takeover.0.tmp');
    writeFileSync(join(folder, 'run.lock'), `${gone}\n`);
    // The parent of this process lives: a takeover under way.
    writeFileSync(guard, `${process.ppid}\n${hostname()}\n22222222-2222-2222-2222-222222222222\n`);
    expect(() => lockFolder(folder)).toThrow(/is in use by another decoy process \(one taking it now, run.lock\)/);
    expect(readFileSync(join(folder, 'run.lock'), 'utf8')).toBe(`${gone}\n`);
    writeFileSync(guard, `${gone}\n${hostname()}\n22222222-2222-2222-2222-222222222222\n`);
    const release = lockFolder(folder);
    expect(readFileSync(join(folder, 'run.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('a lock with no pid in it is held while it may still be in the writing, and taken over once old', async () => {
    const { lockFolder } = await import('../../harness/lock.ts');
    const folder = join(dir, 'empty');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'run.lock'), '');
    expect(() => lockFolder(folder)).toThrow(/is in use by another decoy process \(one taking it now, run.lock\)/);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(join(folder, 'run.lock'), minuteAgo, minuteAgo);
    const release = lockFolder(folder);
    expect(readFileSync(join(folder, 'run.lock'), 'utf8')).toMatch(
      new RegExp(`^${process.pid}\n${hostname()}\n[0-9a-f-]{36}\n$`),
    );
    release();
    expect(readdirSync(folder)).toEqual([]);
  });

  it("a lock with this process's pid but another's token (a pod retried in a fresh PID namespace) is taken over; this process's own is held", async () => {
    const { lockFolder } = await import('../../harness/lock.ts');
    const folder = join(dir, 'namespace');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'run.lock'), `${process.pid}\n${hostname()}\n00000000-0000-0000-0000-000000000000\n`);
    const release = lockFolder(folder);
    expect(() => lockFolder(folder)).toThrow(
      new RegExp(`in use by another decoy process \\(pid ${process.pid}, run.lock\\)`),
    );
    release();
    expect(readdirSync(folder)).toEqual([]);
  });

  it("another host's lock is a lease: held while renewed, naming the host; taken over once not renewed for the lease's time", async () => {
    const { lockFolder } = await import('../../harness/lock.ts');
    const folder = join(dir, 'lease');
    mkdirSync(folder, { recursive: true });
    const lock = join(folder, 'run.lock');
    // Its pid is this process's, which a check of pids alone would take for a live holder or for itself.
    writeFileSync(lock, `${process.pid}\nnode-17\n11111111-1111-1111-1111-111111111111\n`);
    expect(() => lockFolder(folder)).toThrow(
      new RegExp(`in use by another decoy process \\(pid ${process.pid} on node-17, run.lock\\)`),
    );
    const longAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(lock, longAgo, longAgo);
    const release = lockFolder(folder);
    expect(readFileSync(lock, 'utf8').split('\n')[1]).toBe(hostname());
    release();
    expect(readdirSync(folder)).toEqual([]);
  });
});
