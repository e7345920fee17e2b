import { Stopped } from '../lib/errors.ts';
import type { Io } from './command.ts';

/** A word as a POSIX shell reads it back. */
const shellWord = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`);

/** The command line this process was started with (or `words`), as the user would type it again. */
export const sameCommand = (words: readonly string[] = process.argv.slice(2)): string =>
  ['decoy', ...words].map(shellWord).join(' ');

/**
 * The words of this process's command line with `--shard auto` as the shard it stood for: the
 * command to resume with must play the same shard in a shell where the scheduler's variables are not set.
 */
export function withShard(shard: { index: number; count: number } | null): string[] {
  const words = process.argv.slice(2);
  if (!shard) return words;
  const given = `${shard.index}/${shard.count}`;
  return words.flatMap((w, i) =>
    w === '--shard=auto' ? [`--shard=${given}`] : w === 'auto' && words[i - 1] === '--shard' ? [given] : [w],
  );
}

/**
 * Runs a long job that stops cleanly on the first Ctrl-C or SIGTERM (after its current item: a
 * scheduler ends a job with SIGTERM when it evicts, pre-empts or times it out) and says how to
 * resume (`words`: the command line to give again). A second signal ends the process at once
 * (`io.halt`, main.ts's), which loses nothing written; it exits rather than dies, so that exit
 * handlers (Playwright's, which closes the browser) still run.
 */
export async function stoppable<T>(
  io: Pick<Io, 'halt'>,
  work: (signal: AbortSignal) => Promise<T>,
  words?: readonly string[],
): Promise<T> {
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) return io.halt();
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(stop.signal);
  } catch (e) {
    if (e instanceof Stopped)
      throw new Stopped(`${e.message}; to finish, run the same command again: ${sameCommand(words)}`);
    throw e;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
