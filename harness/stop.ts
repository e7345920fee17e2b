import { Stopped } from '../lib/errors.ts';

/** Throws Stopped if `signal` has fired; `what` says how far the job got ("after 5 of 16 episodes"). */
export function stopIfAsked(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new Stopped(`stopped ${what}`);
}

/**
 * `work` (lanes that stop at Ctrl-C), its Stopped saying how far the job got once every lane has
 * stopped: a lane's own count, taken when it stopped, leaves out what the others were finishing.
 */
export async function stoppedAfter<T>(work: Promise<T>, what: () => string): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof Stopped) throw new Stopped(`stopped ${what()}`);
    throw e;
  }
}
