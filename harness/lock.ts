/**
 * One writer per output folder: two runs into the same folder at once would each play
 * every episode and append it (a run's file twice as long as it should be).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * Takes the folder `dir` (made if missing) for this process: a file made only if absent,
 * holding the pid. A lock left by a process that is gone is taken over; one held by a live
 * process (this one included) is a UserError naming the folder and the pid. Returns the
 * release, which removes the lock; call it in a `finally`, so an error or a stop frees it too.
 */
export function lockFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_NAME);
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw e;
      let pid = NaN;
      try {
        pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      } catch {
        continue; // removed between the two calls: try again
      }
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new UserError(`${clip(dir)} is in use by another decoy process (pid ${pid}, ${LOCK_NAME}); wait for it to end, or choose another --out`);
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
      rmSync(file, { force: true });
    };
  }
}
