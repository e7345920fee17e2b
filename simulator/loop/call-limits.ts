/**
 * How long one call into an agent's or a defense's own code may stay unanswered, apart from
 * the party code (party.ts) so that the command line can show the defaults without loading it.
 */
import type { EpisodeLimits } from '../page/engine/limits.ts';

/** How long one call into an agent or a defense may stay unanswered (an LLM-backed one waits on the network). */
export const PARTY_SECONDS = 120;
/**
 * The same for a party that asks a model (it declares a `model` option): one review may be
 * several calls, each with its own timeout and retries; the endpoint's own failures stop the
 * run, so this bounds only a party that hangs.
 */
export const MODEL_PARTY_SECONDS = 900;

/**
 * The limits a run is played under: the engine's per-episode ones (engine/limits.ts), and how
 * long one call into the agent or the defense may stay unanswered (--call-seconds; by default
 * PARTY_SECONDS, or MODEL_PARTY_SECONDS for a party that asks a model).
 */
export type RunLimits = Partial<EpisodeLimits> & { readonly callSeconds?: number };
