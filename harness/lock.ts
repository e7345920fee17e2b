/**
 * One writer per output folder: two runs into the same folder at once would each play
 * every episode and append it (a run's file twice as long as it should be); two shoots or
 * datasets would each write every image.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { clip, UserError } from '../scenarios/errors.ts';

/** The lock's file in the folder it holds; outputs never take this name. */
export const LOCK_NAME = 'run.lock';

/** Whether a process with this id lives (a lock whose holder is gone, SIGKILL included, is stale). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file holds, or NaN (gone, or not a lock of ours). */
function holder(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return Number.NaN;
  }
}

/**
 * Takes the folder `dir` (made if missing) for this process: a file in it (`run.lock`) made
 * only if absent, holding the pid. A lock left by a process that is gone is taken over; one
 * held by a live process (this one included) is a UserError naming the folder and the pid.
 * Returns the release, which removes the lock if it is still this process's; call it in a
 * `finally`, so an error or a stop frees it too.
 */
export function lockFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  return takeLock(join(dir, LOCK_NAME), dir);
}

/**
 * The same for a folder that is written elsewhere and renamed into place when whole (a
 * dataset): the lock is beside it (`<dir>.lock`), so that the rename does not carry it.
 */
export function lockBeside(dir: string): () => void {
  const file = `${resolve(dir)}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  return takeLock(file, dir);
}

function takeLock(file: string, dir: string): () => void {
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw e;
      const pid = holder(file);
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new UserError(`${clip(dir)} is in use by another decoy process (pid ${pid}, ${basename(file)}); wait for it to end, or choose another --out`);
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // A lock taken over after this process was thought gone is no longer this one's to remove.
      if (holder(file) === process.pid) rmSync(file, { force: true });
    };
  }
}
