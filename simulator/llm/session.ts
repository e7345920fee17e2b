/**
 * The run's LLM: every party's call goes through here, to the endpoint or the cassette as the
 * mode says, and is counted against its episode. `replay` opens no socket; a call it has no
 * take for stops the run, naming the episode, the party, the step and how the request differs
 * from what was recorded there.
 */
import { clip, UserError, quote } from '../../lib/errors.ts';
import {
  notACompletion,
  requestKey,
  replyOf,
  type ChatReply,
  type ChatRequest,
  type Endpoint,
  type Llm,
} from './chat.ts';
import { Cassette, firstDifference, type Take } from './cassette.ts';
import { baseUrlOf, callLive, LlmStop } from './endpoint.ts';
import { dollarsOf, readPrices, type PriceTable } from './prices.ts';
import type { LlmUsage } from './usage.ts';

/** live: the endpoint only; record: the endpoint, every call written down; replay: the cassette only; auto: the cassette where it has the call, else record it. */
export type LlmMode = 'live' | 'record' | 'replay' | 'auto';
export const LLM_MODES: readonly LlmMode[] = ['live', 'record', 'replay', 'auto'];

export interface SessionOptions {
  mode?: LlmMode;
  /** The cassette file; needed by every mode but live. */
  cassette?: string;
  prices?: PriceTable;
  /** A price table file (prices.ts readPrices), read when the session is made. */
  pricesFile?: string;
}

/** One episode's parties' LLMs and what they spent. */
export interface EpisodeLlm {
  agent: Llm;
  defense: Llm;
  /** Null when no call was made (the record then carries no `llm` field). */
  usage(): LlmUsage | null;
}

export class LlmSession {
  readonly mode: LlmMode;
  private readonly cassette: Cassette | null;
  private readonly prices: PriceTable;
  /** The first failure that stops the run; the runner checks it after each episode. */
  fatal: LlmStop | null = null;

  constructor(opts: SessionOptions = {}) {
    this.mode = opts.mode ?? (opts.cassette ? 'auto' : 'live');
    if (this.mode !== 'live' && !opts.cassette)
      throw new UserError(`--llm-mode ${this.mode} needs --cassette <file.jsonl>`);
    if (this.mode === 'live' && opts.cassette)
      throw new UserError('--cassette needs --llm-mode record, replay or auto');
    this.cassette = opts.cassette ? new Cassette(opts.cassette) : null;
    if (this.mode === 'replay' && this.cassette && this.cassette.size === 0)
      throw new UserError(`--llm-mode replay: the cassette ${clip(opts.cassette ?? '')} holds no recorded calls`);
    this.prices = opts.prices ?? (opts.pricesFile ? readPrices(opts.pricesFile) : {});
  }

  /** The LLMs of one episode of the run whose agent and defense `run` names ("openai + gate-llm"). */
  episode(id: string, run: string): EpisodeLlm {
    const calls: { model: string; usage: ChatReply['usage']; latencyMs: number }[] = [];
    const counters = { agent: 0, defense: 0 };
    const party = (who: Take['party']): Llm => ({
      chat: async (request, site) => {
        const call = counters[who]++;
        const { response, latencyMs } = await this.take(
          { run, episode: id, party: who, call },
          site.step,
          request,
          site.endpoint,
        );
        const reply = replyOf(response);
        calls.push({ model: request.model, usage: reply.usage, latencyMs });
        return reply;
      },
    });
    return {
      agent: party('agent'),
      defense: party('defense'),
      usage: () =>
        calls.length === 0
          ? null
          : {
              calls: calls.length,
              promptTokens: calls.reduce((n, c) => n + c.usage.promptTokens, 0),
              completionTokens: calls.reduce((n, c) => n + c.usage.completionTokens, 0),
              latencyMs: calls.reduce((n, c) => n + c.latencyMs, 0),
              costUsd: dollarsOf(this.prices, calls),
            },
    };
  }

  private async take(
    at: Pick<Take, 'run' | 'episode' | 'party' | 'call'>,
    step: number,
    request: ChatRequest,
    endpoint?: Endpoint,
  ): Promise<{ response: unknown; latencyMs: number }> {
    if (this.fatal) throw this.fatal;
    // A copy: what the party does with its request afterwards changes neither the key nor what is recorded.
    request = structuredClone(request);
    const key = requestKey(request);
    const held = this.mode === 'replay' || this.mode === 'auto' ? this.cassette!.find(at, key) : null;
    if (held) {
      const wrong = notACompletion(held.response);
      if (wrong)
        throw this.stop(
          `the cassette ${this.cassette!.file} holds a reply that is not a chat completion (${wrong}) for episode ${quote(at.episode, 120)}`,
        );
      return { response: held.response, latencyMs: held.latencyMs };
    }
    if (this.mode === 'replay') throw this.stop(this.miss(at, step, request));
    try {
      const live = await callLive(request, endpoint);
      const wrong = notACompletion(live.response);
      if (wrong)
        throw new LlmStop(
          `the endpoint ${baseUrlOf(endpoint)} answered, but not with a chat completion: ${wrong}; is OPENAI_BASE_URL (or base_url) an OpenAI-compatible API?`,
        );
      if (this.cassette) this.cassette.add({ key, ...at, step, request, ...live }, this.mode === 'record');
      return live;
    } catch (e) {
      throw e instanceof LlmStop ? this.stop(e.message) : e;
    }
  }

  private stop(message: string): LlmStop {
    this.fatal ??= new LlmStop(message);
    return this.fatal;
  }

  private miss(at: Pick<Take, 'run' | 'episode' | 'party' | 'call'>, step: number, request: ChatRequest): string {
    const was = this.cassette!.at(at);
    const how = was ? `; ${firstDifference(was.request, request)}` : '; nothing was recorded there';
    return `--llm-mode replay: the cassette ${this.cassette!.file} has no reply for the ${at.party}'s call ${at.call + 1} at step ${step} of episode ${quote(at.episode, 120)} (${at.run})${how} (record it with --llm-mode auto)`;
  }

  /** Writes the cassette whole and in order (record and auto), whatever happened to the run. */
  close(about?: string): void {
    if (this.cassette && this.mode !== 'replay') this.cassette.save(about);
  }
}
