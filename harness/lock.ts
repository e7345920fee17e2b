/**
 * One writer per output folder: two runs into the same folder at once would each play
 * every episode and append it (a run's file twice as long as it should be); two shoots or
 * datasets would each write every image.
 */
import {
  constants,
  copyFileSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
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

/**
 * This process among all that may share a folder: its pid, its host, and a token of its own.
 * A pid alone is not enough: a pod retried in a fresh PID namespace, or a job requeued on
 * another node of a shared file system, may have the pid a dead holder had, or another host's.
 */
const TOKEN = randomUUID();
const HOST = hostname();
const identity = () => `${process.pid}\n${HOST}\n${TOKEN}\n`;

/**
 * A holder on another host cannot be asked whether it lives: its lock is a lease it renews
 * (the file's time) every RENEW_MS, and one not renewed for LEASE_MS is stale.
 */
const RENEW_MS = 15_000;
const LEASE_MS = 90_000;

/** What a lock file says of its holder: pid (NaN for none), host and token (absent in a lock of a decoy before them). */
function lockOf(file: string): { pid: number; host?: string; token?: string } {
  try {
    return lockIn(readFileSync(file, 'utf8'));
  } catch {
    return { pid: Number.NaN };
  }
}

/** What a lock file's text says of its holder. */
function lockIn(text: string): { pid: number; host?: string; token?: string } {
  const [pid, host, token] = text.split('\n');
  return { pid: Number.parseInt(pid ?? '', 10), ...(host ? { host } : {}), ...(token ? { token } : {}) };
}

type Lock = ReturnType<typeof lockOf>;

/** Whether `lock`, read from `file`, is held: by a live process of this host, or a lease of another's renewed in time. */
function held(file: string, lock: Lock): boolean {
  const { pid, host, token } = lock;
  if (host !== undefined && host !== HOST) {
    try {
      return Date.now() - statSync(file).mtimeMs < LEASE_MS;
    } catch {
      return false;
    }
  }
  // This pid, another token: a process of an earlier life of this pid (a fresh PID namespace), gone.
  if (pid === process.pid && token !== undefined && token !== TOKEN) return false;
  return live(pid);
}

/** Whether the lock in `file` is this very process's. */
const ours = (file: string): boolean => {
  const { pid, token } = lockOf(file);
  return pid === process.pid && (token === undefined || token === TOKEN);
};

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
const inUse = (dir: string, pid: number | null, file: string, host?: string) =>
  new UserError(
    `${clip(dir)} is in use by another decoy process (${pid === null ? 'one taking it now' : `pid ${pid}${host !== undefined && host !== HOST ? ` on ${clip(host, 60)}` : ''}`}, ${basename(file)}); wait for it to end, or choose another --out`,
  );

/** A lock file without a pid in it that is this young may still be being written (the copy in `place`). */
const WRITING_MS = 10_000;

/** The pid `lock` (read from `file`) holds; NaN when it says none and is old enough not to be in the writing, null while it may be. */
function judged(file: string, lock: Lock): number | null {
  if (!Number.isNaN(lock.pid)) return lock.pid;
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
 * Removes the lock in `file` if it is still stale, holding a guard beside it
 * (`.<lock>-takeover.0.tmp`, made only if absent) while it judges and removes: two processes
 * that each judged it stale could otherwise each remove what the other had put in place since,
 * and both hold the folder. A process that finds the guard taken is refused, as one that finds
 * the folder being taken; a guard whose holder died while holding it is removed, and tried again.
 */
function removeStale(file: string, dir: string): void {
  // A temporary name (isTempName's), so that a guard left by a process killed holding it is cleared with the rest.
  const guard = join(dirname(file), `.${basename(file)}-takeover.0.tmp`);
  const mark = ownName(file, '-takeover');
  writeFileSync(mark, identity());
  try {
    try {
      place(mark, guard);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const taker = lockOf(guard);
      const pid = judged(guard, taker);
      if (pid === null || held(guard, taker)) throw inUse(dir, null, file);
      rmSync(guard, { force: true });
      return;
    }
    try {
      // Judged again under the guard. A stale lock read there stays until a guard's holder removes it (no one puts
      // one in its place), so what is removed is what is judged; where none is read, a taker may be putting its
      // own in place this moment, and nothing is removed.
      let now: Lock | null = null;
      try {
        now = lockIn(readFileSync(file, 'utf8'));
      } catch {
        // none there
      }
      if (now && judged(file, now) !== null && !held(file, now)) rmSync(file, { force: true });
    } finally {
      rmSync(guard, { force: true });
    }
  } finally {
    rmSync(mark, { force: true });
  }
}

/**
 * The lock appears whole, holding this pid (a hard link to a file of this process's own): a
 * lock file that exists always says who holds it. A stale one is removed by one process at a
 * time (removeStale), and every process then tries again to put its own in place.
 */
function takeLock(file: string, dir: string): () => void {
  const mine = ownName(file, '');
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        // Made again on each attempt: a run clearing its folder's temporary files may have removed it.
        writeFileSync(mine, identity());
        place(mine, file);
        break;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if ((code !== 'EEXIST' && code !== 'ENOENT') || attempt > 4) throw e;
        if (code === 'ENOENT') continue;
      }
      // Read once: what is judged is what the refusal names.
      const lock = lockOf(file);
      const pid = judged(file, lock);
      // A lock still being written is held as much as one with a live pid.
      if (pid === null || held(file, lock)) throw inUse(dir, pid, file, lock.host);
      removeStale(file, dir);
    }
  } finally {
    rmSync(mine, { force: true });
  }
  let released = false;
  // The lease another host judges it by; a timer that never keeps the process alive.
  const renew = setInterval(() => {
    try {
      if (ours(file)) utimesSync(file, new Date(), new Date());
    } catch {
      // gone: released or taken over
    }
  }, RENEW_MS);
  renew.unref();
  return () => {
    if (released) return;
    released = true;
    clearInterval(renew);
    // A lock taken over after this process was thought gone is no longer this one's to remove.
    if (ours(file)) rmSync(file, { force: true });
  };
}
