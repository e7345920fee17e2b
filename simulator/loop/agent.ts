import type { BundleManifest } from '../../scenarios/bundle.ts';
import type { Action } from './actions.ts';
import type { EnvObservation } from './env.ts';
import type { Llm } from '../llm/chat.ts';

/** One earlier turn, as an agent may remember it. */
export interface Turn {
  /** The proposal as the agent gave it (an action string). */
  proposal: string;
  /** What became of it: the defense's verdict, or `invalid` when it was no action the table knows. */
  verdict: 'allow' | 'block' | 'intervene' | 'terminate' | 'invalid';
  /** What the agent was told went wrong (the action's failure, a block's feedback, the parse error); null when nothing did. */
  error: string | null;
  /** The page it was proposed on. */
  url: string;
}

/** An agent's or defense's options, as given with --opt / --defense-opt (checked against its declared `options`). */
export type AgentOptions = Readonly<Record<string, unknown>>;

/** What an agent is made with for one episode: its seed, its options, the scenario id (and, for privileged agents only, the ground-truth paths). */
export interface AgentContext {
  /** The episode's seed: an agent that draws anything draws it from this, so a run replays. */
  seed: number;
  /** Its options as given (--opt), checked against the `options` it declares. */
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
  /** The option's name, as given with --opt name=value or --defense-opt name=value. */
  name: string;
  /** What it does, in a line. */
  description: string;
  /** The value it has when not given, as `decoy list` shows it; absent when it has none. */
  default?: string | number | boolean;
  /** The file or folder a value names, whose content the option reads (null for a value that names none): run.json keeps a hash of it, so a run with it changed is another run. */
  reads?: (value: unknown) => string | null;
}

/** OptionDoc.reads of an option whose every value but '' names a file or folder. */
export const namedPath = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A registered agent: the file's default export in simulator/agents/ or a user's module. */
export interface AgentDef {
  /** Its name for --agent; a registered agent's file is named by it (`<id>.ts`). */
  id: string;
  /** What it does, in a line (`decoy list`). */
  description: string;
  /** Receives the scenario's safe path; proves solvability, never a benchmark subject. */
  privileged?: boolean;
  /** The options it takes; an option given that is not declared here is refused. */
  options?: readonly OptionDoc[];
  /** A new agent for one episode, made before the episode's first observation. */
  create(ctx: AgentContext): Agent;
}
