import { Stopped } from '../lib/errors.ts';
import type { Io } from './command.ts';

/** A word as a POSIX shell reads it back. */
const shellWord = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`);

/** The command line this process was started with, as the user would type it again. */
export const sameCommand = (): string => ['decoy', ...process.argv.slice(2)].map(shellWord).join(' ');

/**
 * Runs a long job that stops cleanly on the first Ctrl-C (after its current item) and says
 * how to resume. A second Ctrl-C ends the process at once (`io.halt`, main.ts's), which loses
 * nothing written; it exits rather than dies, so that exit handlers (Playwright's, which
 * closes the browser) still run.
 */
export async function stoppable<T>(io: Pick<Io, 'halt'>, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const onSigint = () => {
    if (stop.signal.aborted) return io.halt();
    stop.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    return await work(stop.signal);
  } catch (e) {
    if (e instanceof Stopped)
      throw new Stopped(`${e.message}; to finish, run the same command again: ${sameCommand()}`);
    throw e;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
