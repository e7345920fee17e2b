import { UserError } from '../scenarios/errors.ts';

/**
 * A long job asked to stop (Ctrl-C) that stopped between two items: what it finished is
 * written whole and kept, and running the same command again does only the rest.
 */
export class Stopped extends UserError {
  override name = 'Stopped';
}

/** Throws Stopped if `signal` has fired; `what` says how far the job got ("after 5 of 16 episodes"). */
export function stopIfAsked(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw new Stopped(`stopped ${what}`);
}
