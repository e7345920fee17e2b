import type { BundleManifest } from '../../scenarios/bundle.ts';
import type { Action } from './actions.ts';
import type { EnvObservation } from './env.ts';

/** One earlier turn, as an agent may remember it. */
export interface Turn {
  proposal: string;
  verdict: 'allow' | 'block' | 'intervene' | 'terminate' | 'invalid';
  error: string | null;
  url: string;
}

export type AgentOptions = Readonly<Record<string, unknown>>;

export interface AgentContext {
  seed: number;
  options: AgentOptions;
  /** The harness's scenario id; only recorded-action agents look at it, to pick their lines. */
  scenario: string;
  /** Ground truth, handed only to agents registered as privileged (the oracle). */
  privileged?: Pick<BundleManifest['groundTruth'], 'safePath' | 'trapPath'>;
}

export interface Agent {
  /** The next proposal; null stops the episode (nothing left to do). */
  act(observation: EnvObservation, history: readonly Turn[]): Promise<Action | string | null> | Action | string | null;
}

export interface OptionDoc {
  name: string;
  description: string;
  default?: string | number | boolean;
}

export interface AgentDef {
  id: string;
  description: string;
  /** Receives the scenario's safe path; proves solvability, never a benchmark subject. */
  privileged?: boolean;
  options?: readonly OptionDoc[];
  create(ctx: AgentContext): Agent;
}
