import type { BundleManifest } from '../../scenarios/bundle.ts';
import type { Action } from './actions.ts';
import type { EnvObservation } from './env.ts';
import type { Llm } from '../llm/chat.ts';

/** One earlier turn, as an agent may remember it. */
export interface Turn {
  proposal: string;
  verdict: 'allow' | 'block' | 'intervene' | 'terminate' | 'invalid';
  error: string | null;
  url: string;
}

/** An agent's or defense's options, as given with --opt / --defense-opt (checked against its declared `options`). */
export type AgentOptions = Readonly<Record<string, unknown>>;

/** What an agent is made with for one episode: its seed, its options, the scenario id (and, for privileged agents only, the ground-truth paths). */
export interface AgentContext {
  seed: number;
  options: AgentOptions;
  /** The harness's scenario id; only recorded-action agents look at it, to pick their lines. */
  scenario: string;
  /** Ground truth, handed only to agents registered as privileged (the oracle). */
  privileged?: Pick<BundleManifest['groundTruth'], 'safePath' | 'trapPath'>;
  /** The run's LLM for this episode's agent: calls go to the endpoint or the cassette as the run says, and are counted. */
  llm?: Llm;
}

/** An agent under test: one proposal per turn, from what it observes (never from ground truth). */
export interface Agent {
  /**
   * Pixels as well as the snapshot: each observation it is given carries `screenshot`, the
   * viewport as painted ('screenshot'), or with the set-of-marks numbers over what it can act on
   * ('marks'). Needs the Chromium engine.
   */
  readonly sees?: 'screenshot' | 'marks';
  /** The next proposal; null stops the episode (nothing left to do). */
  act(observation: EnvObservation, history: readonly Turn[]): Promise<Action | string | null> | Action | string | null;
}

/** One option an agent or defense declares: its name, what it does, its default (shown by `decoy list`). */
export interface OptionDoc {
  name: string;
  description: string;
  default?: string | number | boolean;
}

/** A registered agent: the file's default export in simulator/agents/ or a user's module. */
export interface AgentDef {
  id: string;
  description: string;
  /** Receives the scenario's safe path; proves solvability, never a benchmark subject. */
  privileged?: boolean;
  options?: readonly OptionDoc[];
  create(ctx: AgentContext): Agent;
}
