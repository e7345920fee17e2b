/**
 * The agent of an episode played over MCP. The runner asks it for a proposal as it asks any
 * agent (act); the answer is the client's next tool call. So the runner, not this server,
 * decides everything an episode is: the defense's review, the budgets, grounding, the record.
 */
import type { Action } from '../../simulator/loop/actions.ts';
import type { Agent, Turn } from '../../simulator/loop/agent.ts';
import type { EnvObservation } from '../../simulator/loop/env.ts';

/** What the runner shows the agent when it asks for the next proposal. */
export interface Asked {
  observation: EnvObservation;
  history: readonly Turn[];
}

export class RemoteAgent implements Agent {
  private asking: { asked: Asked; answer: (a: Action | null) => void } | null = null;
  private waiting: ((a: Asked) => void)[] = [];

  act(observation: EnvObservation, history: readonly Turn[]): Promise<Action | null> {
    return new Promise((answer) => {
      const asked = { observation, history };
      this.asking = { asked, answer };
      for (const w of this.waiting.splice(0)) w(asked);
    });
  }

  /** The runner's question, as soon as it asks (at once if it is asking). */
  asked(): Promise<Asked> {
    if (this.asking) return Promise.resolve(this.asking.asked);
    return new Promise((r) => this.waiting.push(r));
  }

  /** Answers the runner's question: a proposal, or null to stop (the episode ends as agent-stopped). */
  answer(a: Action | null): void {
    const asking = this.asking;
    if (!asking) throw new Error('the runner is not asking for a proposal');
    this.asking = null;
    asking.answer(a);
  }

  get isAsked(): boolean {
    return this.asking !== null;
  }
}
