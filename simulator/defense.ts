import type { Locator } from '../scenarios/model.ts';
import type { Action } from './actions.ts';
import type { Turn, AgentOptions, OptionDoc } from './agent.ts';
import type { EnvObservation } from './env.ts';

/** A target the runner re-grounds in the live page before each transition. */
export type Target = { ref: string } | Locator;

/** A machine-checkable expected state, checked against the observation after a transition. */
export type Expectation =
  | { target: Locator; checked: boolean }
  | { target: Locator; present: boolean }
  | { target: Locator; value: string }
  | { path: string };

export interface Transition {
  id: string;
  action: 'click' | 'check' | 'uncheck' | 'fill' | 'select_option' | 'go_back' | 'goto' | 'noop';
  target?: Target;
  value?: string;
  expect: Expectation[];
  dependsOn?: string[];
}

export type Verdict =
  | { kind: 'allow' }
  | { kind: 'block'; feedback: string }
  | { kind: 'intervene'; objective: unknown; trajectory: Transition[] }
  | { kind: 'terminate'; reason: string };

export interface ReviewContext {
  goal: string;
  observation: EnvObservation;
  proposal: Action;
  proposalText: string;
  history: readonly Turn[];
  /** Internal actions the defense may still spend this episode. */
  defenseBudgetLeft: number;
}

export interface ReplanContext extends ReviewContext {
  objective: unknown;
  failed: { transition: string; reason: string };
}

export interface Defense {
  review(ctx: ReviewContext): Promise<Verdict> | Verdict;
  /** After a transition's expected state did not hold; absent means give up the intervention. */
  replan?(ctx: ReplanContext): Promise<Verdict> | Verdict;
}

export interface DefenseDef {
  id: string;
  description: string;
  options?: readonly OptionDoc[];
  create(ctx: { seed: number; options: AgentOptions }): Defense;
}
