/** An episode in play: what the runner's steps share, and what each step leaves in the record. */
import type { Agent, Turn } from './agent.ts';
import type { Budget } from './budget.ts';
import type { Assessment, Defense, Objective, Verdict } from './defense.ts';
import type { DecoyEnv, EnvObservation } from './env.ts';

export interface ExecutedAction {
  by: 'agent' | 'defense';
  action: string;
  error: string | null;
  /** For a defense action: the id of the trajectory step it executed. */
  step?: string;
  /** For a defense step: did it ground, run and leave its expected states? */
  expected?: { ok: boolean; detail: string };
}

/** How an intervention went: whether its objective held when control went back, after how many replans. */
export interface InterventionRecord {
  /** The objective's target and preserved states held on the page control went back to. */
  resolved: boolean;
  replans: number;
  /** What the agent was told was changed (the defense's note), or why the objective was not reached. */
  detail: string;
}

/** One look a defense took before its verdict (an acquire verdict). */
export interface EvidenceRecord {
  claim: string;
  /** The look ran and left the task state as it found it. */
  ok: boolean;
  detail: string;
}

export interface StepRecord {
  i: number;
  proposal: string;
  /** The verdict the proposal ended with (after any looks), and the defense's assessment when it gave one. */
  verdict: {
    kind: Exclude<Verdict['kind'], 'acquire'> | 'invalid';
    feedback?: string;
    reason?: string;
    objective?: Objective;
    assessment?: Assessment;
  };
  executed: ExecutedAction[];
  /** Looks taken before the verdict, in order. */
  evidence?: EvidenceRecord[];
  intervention?: InterventionRecord;
  error: string | null;
  url: string;
}

export type EpisodeEnd =
  | { kind: 'answer'; text: string }
  | { kind: 'infeasible'; text: string }
  | { kind: 'terminated'; text: string }
  | { kind: 'truncated' }
  | { kind: 'agent-stopped' }
  /** The episode failed (a limit passed, the page, engine, agent or defense threw): scored T=D=STC=0 and counted apart. */
  | { kind: 'error'; reason: string };

export interface Episode {
  readonly env: DecoyEnv;
  /** The page as last observed: what the next step grounds in and the next review is shown. */
  obs: EnvObservation;
  /** Called within time, a failure named as theirs (party.ts). */
  readonly agent: Agent;
  readonly defense: Defense;
  readonly history: Turn[];
  readonly steps: StepRecord[];
  readonly budget: Budget;
  /** The agent looks at pixels (Agent.sees): its observations carry a screenshot. */
  readonly sees?: 'screenshot' | 'marks';
  readonly drawMarks?: (png: Buffer, obs: EnvObservation) => Promise<Buffer>;
}

/** A step taken: in the record, in the history the agent and the defense are shown, against the task budget. */
export function noteStep(ep: Episode, step: StepRecord, turn: Turn): void {
  ep.steps.push(step);
  ep.history.push(turn);
  ep.budget.taskUsed++;
}
