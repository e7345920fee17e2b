/**
 * One writer per output folder: two runs into the same folder at once would each play
 * every episode and append it (a run's file twice as long as it should be); two shoots or
 * datasets would each write every image.
 */
import {
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { clip, UserError } from '../lib/errors.ts';

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

/** Is `pid` a process that lives (NaN, from no lock or not one of ours, is none)? */
const live = (pid: number) => Number.isInteger(pid) && pid > 0 && alive(pid);

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

/**
 * A name of this process's own beside `file`: a temporary name (isTempName's), so that what
 * a killed process leaves is cleared with the rest and never taken for an output.
 */
const ownName = (file: string, what: string) => join(dirname(file), `.${basename(file)}${what}.${process.pid}.tmp`);

/** `pid` null: a holder that has not written its pid yet, or whose lock was moved away meanwhile. */
const inUse = (dir: string, pid: number | null, file: string) =>
  new UserError(
    `${clip(dir)} is in use by another decoy process (${pid === null ? 'one taking it now' : `pid ${pid}`}, ${basename(file)}); wait for it to end, or choose another --out`,
  );

/** A lock file without a pid in it that is this young may still be being written (the copy in `place`). */
const WRITING_MS = 10_000;

/** The pid a lock file holds; NaN when it says none and is old enough not to be in the writing, null while it may be. */
function judged(file: string): number | null {
  const pid = holder(file);
  if (!Number.isNaN(pid)) return pid;
  try {
    return Date.now() - statSync(file).mtimeMs < WRITING_MS ? null : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Puts `from` in place as `to` unless `to` exists (EEXIST): a hard link, or a copy where the file system has no links (the copy is written after it is made). */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (e) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
}

/**
 * The lock appears whole, holding this pid (a hard link to a file of this process's own):
 * a lock file that exists always says who holds it. A stale one is first moved aside under a
 * name of this process's own, and removed only if what was moved is the lock judged stale;
 * otherwise another process took it over meanwhile, and it is put back.
 */
function takeLock(file: string, dir: string): () => void {
  const mine = ownName(file, '');
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        // Made again on each attempt: a run clearing its folder's temporary files may have removed it.
        writeFileSync(mine, `${process.pid}\n`);
        place(mine, file);
        break;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if ((code !== 'EEXIST' && code !== 'ENOENT') || attempt > 4) throw e;
        if (code === 'ENOENT') continue;
      }
      const pid = judged(file);
      // A lock still being written is held as much as one with a live pid.
      if (pid === null || live(pid)) throw inUse(dir, pid, file);
      const aside = ownName(file, '-stale');
      try {
        renameSync(file, aside);
      } catch (e) {
        // Another process moved it first.
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      // Gone already: a run clearing its folder's temporary files took it, so the lock it was is lost to its holder; leave the folder to it.
      if (!existsSync(aside)) throw inUse(dir, null, file);
      const moved = holder(aside);
      if (Object.is(moved, pid) || !live(moved)) {
        rmSync(aside, { force: true });
        continue;
      }
      try {
        place(aside, file);
      } catch {
        // A third process took the place meanwhile, and holds the lock now (as the one moved also thinks it does: three at once is the one race left).
      } finally {
        rmSync(aside, { force: true });
      }
      throw inUse(dir, moved, file);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // A lock taken over after this process was thought gone is no longer this one's to remove.
    if (holder(file) === process.pid) rmSync(file, { force: true });
  };
}
