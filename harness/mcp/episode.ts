/** One episode played over MCP: the runner's own runEpisode, in the background, its agent the client. */
import type { Action } from '../../simulator/loop/actions.ts';
import type { EnvObservation } from '../../simulator/loop/env.ts';
import { runEpisode, type EpisodeRecord, type EpisodeSetup } from '../../simulator/loop/runner.ts';
import { RemoteAgent } from './remote-agent.ts';

/** The agent id an MCP episode is recorded under (run.json's and every record's). */
export const MCP_AGENT = 'mcp';

/** Where an episode stands between two tool calls: the runner asking for a proposal, or the episode's record. */
export type Moment = { kind: 'turn'; observation: EnvObservation } | { kind: 'end'; record: EpisodeRecord };

export class McpEpisode {
  private readonly agent = new RemoteAgent();
  private readonly record: Promise<EpisodeRecord>;
  private last: Promise<Moment>;

  constructor(setup: Omit<EpisodeSetup, 'agent' | 'agentId' | 'agentSeconds'>) {
    this.record = runEpisode({ ...setup, agent: this.agent, agentId: MCP_AGENT, agentSeconds: null });
    this.last = this.next();
  }

  private next(): Promise<Moment> {
    return Promise.race([
      this.agent.asked().then((a): Moment => ({ kind: 'turn', observation: a.observation })),
      this.record.then((record): Moment => ({ kind: 'end', record })),
    ]);
  }

  /** Where the episode stands now: the first observation once the page is open, or its end. */
  moment(): Promise<Moment> {
    return this.last;
  }

  /** Hands the runner a proposal (null: the agent stops) and gives where that leaves the episode. */
  async play(action: Action | null): Promise<Moment> {
    const now = await this.last;
    if (now.kind === 'end') return now;
    this.agent.answer(action);
    this.last = this.next();
    return this.last;
  }
}
