import { Stopped } from '../lib/errors.ts';

/** Throws Stopped if `signal` has fired; `what` says how far the job got ("after 5 of 16 episodes"). */
export function stopIfAsked(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new Stopped(`stopped ${what}`);
}
