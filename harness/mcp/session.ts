/**
 * An MCP server's state: the configurations it serves, the one episode under way, the
 * engine it plays in and the run folder it writes. Each episode is the runner's (episode.ts);
 * this only opens, feeds and records them.
 */
import { clip, quote, UserError } from '../../lib/errors.ts';
import { clearTemps } from '../../lib/files.ts';
import { byScenario } from '../subset.ts';
import { episodeSeed } from '../../scenarios/rng.ts';
import { ActionParseError, formatAction, type Action } from '../../simulator/loop/actions.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import type { Defense, DefenseDef } from '../../simulator/loop/defense.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { checkOptions, defenseDef as resolveDefense, pageInjection } from '../../simulator/loop/resolve.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { LlmSession } from '../../simulator/llm/session.ts';
import { summarize, type Summary } from '../../simulator/measure/metrics.ts';
import type { EpisodeLimits } from '../../simulator/page/engine/limits.ts';
import { checkBundles } from '../check.ts';
import { newKeySecret } from '../live-copy.ts';
import { lockFolder } from '../lock.ts';
import type { RunConfig } from '../run-folder.ts';
import { stampRun } from '../run.ts';
import { McpEpisode, MCP_AGENT, type Moment } from './episode.ts';
import { claimMcpFolder, recordEpisode } from './folder.ts';
import { configurations, type Configuration, type Listed } from './handles.ts';

export interface McpOptions {
  /** What decoy run would record, but the agent: the client, recorded as MCP_AGENT. */
  config: Omit<RunConfig, 'agent' | 'agentOptions' | 'replay'>;
  out: string;
  bundles: readonly LoadedBundle[];
  /** Serve only these configurations (their ids). */
  scenarios?: readonly string[];
  /** The secret handles are keyed under (handles.ts); new random bytes when not given. */
  keySecret?: string;
  limits?: Partial<EpisodeLimits>;
  /** Play a configuration even if it fails its self-check. */
  noCheck?: boolean;
  /** Where the server tells its operator what happens (stderr: stdout is the MCP channel). */
  log?: (line: string) => void;
}

/** What a call asks of the session that it cannot do; the message is the client's to read. */
export class Refusal extends Error {
  override name = 'Refusal';
}

interface Playing {
  conf: Configuration;
  episode: McpEpisode;
  /** The episode's LLM calls (a defense of the user's own may make some). */
  usage: () => EpisodeRecord['llm'] | null;
  /** Its record, once it has ended. */
  ended: EpisodeRecord | null;
}

export class McpSession {
  private playing: Playing | null = null;
  private readonly checked = new Set<string>();
  private closed = false;

  private constructor(
    readonly config: RunConfig,
    private readonly out: string,
    private readonly confs: readonly Configuration[],
    private readonly records: EpisodeRecord[],
    private readonly defenseDef: DefenseDef,
    private readonly env: DecoyEnv,
    private llm: LlmSession,
    private readonly opts: McpOptions,
    private readonly unlock: () => void,
  ) {}

  /**
   * Checks the defense and its options, takes the run folder (keeping the episodes an earlier
   * server of the same run left there) and starts the engine; nothing is played yet.
   */
  static async open(opts: McpOptions): Promise<McpSession> {
    const config = stampRun({ ...opts.config, agent: MCP_AGENT, agentOptions: {}, replay: null }, opts.limits);
    const confs = configurations(byScenario(opts.bundles, opts.scenarios, 'served'), opts.keySecret ?? newKeySecret());
    if (confs.length === 0) throw new UserError('no configuration to serve');
    const defenseDef = await resolveDefense(config.defense);
    checkOptions('defense', config.defense, defenseDef, config.defenseOptions);
    // Made once up front, so that bad options stop the server before anything is written.
    defenseDef.create({ seed: config.seed, options: config.defenseOptions });
    const inject = pageInjection(config.defense);
    const unlock = lockFolder(opts.out);
    try {
      const records = claimMcpFolder(opts.out, config);
      clearTemps(opts.out);
      const env = DecoyEnv.sandboxed(opts.limits, inject);
      return new McpSession(config, opts.out, confs, records, defenseDef, env, new LlmSession(), opts, unlock);
    } catch (e) {
      unlock();
      throw e;
    }
  }

  private log(line: string): void {
    this.opts.log?.(line);
  }

  private recorded(id: string): EpisodeRecord | undefined {
    return this.records.find((r) => r.scenario === id);
  }

  list(): (Listed & { played: boolean })[] {
    return this.confs.map(({ handle, domain, instruction, bundle }) => ({
      handle,
      domain,
      instruction,
      played: this.recorded(bundle.manifest.id) !== undefined,
    }));
  }

  /** The run's figures over the episodes recorded so far. */
  summary(): Summary {
    return summarize(this.records);
  }

  private conf(handle: string): Configuration {
    const c = this.confs.find((x) => x.handle === handle);
    if (!c) throw new Refusal(`no configuration ${quote(handle)}: decoy_list lists the handles`);
    return c;
  }

  /**
   * Opens a configuration (the first not played yet, in the list's order, when none is named):
   * a new episode of it starts, and the first moment of it is returned. An episode under way
   * of another configuration ends first, as its agent stopping (agent-stopped), and is recorded.
   */
  async reset(handle?: string): Promise<{ conf: Configuration; moment: Moment; left: Playing | null }> {
    const underWay = this.playing && !this.playing.ended ? this.playing.conf : null;
    const conf =
      handle === undefined
        ? this.confs.find((c) => c !== underWay && !this.recorded(c.bundle.manifest.id))
        : this.conf(handle);
    if (!conf) throw new Refusal('every configuration has been played in this run folder');
    const id = conf.bundle.manifest.id;
    if (this.recorded(id))
      throw new Refusal(
        `configuration ${conf.handle} was played already in this run folder, and its record stands (decoy_score gives it); a server with another --out plays it anew`,
      );
    if (conf === underWay)
      throw new Refusal(
        `configuration ${conf.handle} is under way: go on with it, or end it with decoy_answer or decoy_infeasible`,
      );
    await this.selfCheck(conf);
    const left = underWay ? await this.leave() : null;
    const bundle = conf.bundle;
    const seed = episodeSeed(this.config.seed, id);
    const calls = this.llm.episode(id, `mcp + ${this.config.defense}`);
    let defense: Defense;
    try {
      defense = this.defenseDef.create({ seed, options: this.config.defenseOptions, llm: calls.defense });
    } catch (e) {
      // As runBatch has it: a defense that cannot be made fails its episode, named as the defense's.
      defense = {
        review: () => {
          throw e;
        },
      };
    }
    const episode = new McpEpisode({ env: this.env, bundle, seed, defense, defenseId: this.config.defense });
    this.log(`${conf.handle} is ${id}: opened`);
    this.playing = { conf, episode, usage: () => calls.usage(), ended: null };
    return { conf, moment: await this.settle(await episode.moment()), left };
  }

  /** The self-check of a configuration before its first episode, as decoy run checks a suite before its run. */
  private async selfCheck(conf: Configuration): Promise<void> {
    const id = conf.bundle.manifest.id;
    if (this.opts.noCheck || this.checked.has(id)) return;
    const failed = (await checkBundles([conf.bundle])).filter((r) => !r.ok);
    if (failed.length > 0) {
      // The failed checks name pattern families: the operator's to read, not the client's.
      this.log(`${id} fails its self-check: ${failed.map((r) => `${r.check}: ${clip(r.detail)}`).join('; ')}`);
      throw new Refusal(
        `configuration ${conf.handle} fails decoy's self-check, so its score would mean nothing; the server's log says why (decoy check, or --no-check to play it anyway)`,
      );
    }
    this.checked.add(id);
  }

  /** The moment as it stands, recording the episode once it has ended. */
  private async settle(m: Moment): Promise<Moment> {
    const p = this.playing;
    if (m.kind !== 'end' || !p || p.ended) return m;
    // The defense's model failed (an endpoint that cannot be used, a replay without the call): the
    // episode ended of that, not of the agent, so it is not recorded and can be played again once
    // the model answers, as decoy run resumes.
    if (this.llm.fatal) {
      const why = this.llm.fatal.message;
      this.llm = new LlmSession();
      this.playing = null;
      this.log(`${m.record.scenario}: not recorded, the defense's model failed: ${why}`);
      throw new Refusal(
        `the defense's model failed, so this episode is not scored (${why}); decoy_reset opens it again`,
      );
    }
    const usage = p.usage();
    const record = usage ? { ...m.record, llm: usage } : m.record;
    p.ended = record;
    this.records.push(record);
    recordEpisode(this.out, this.config, this.records);
    this.log(`${record.scenario}: T=${record.T} D=${record.D} STC=${record.STC} (${record.end.kind})`);
    return { kind: 'end', record };
  }

  /** Ends the episode under way as its agent stopping; its record is written. */
  private async leave(): Promise<Playing | null> {
    const p = this.playing;
    if (!p || p.ended) return null;
    await this.settle(await p.episode.play(null));
    return p;
  }

  /** The episode under way, or why there is none to act in. */
  private underWay(): Playing {
    const p = this.playing;
    if (!p) throw new Refusal('no configuration is open: decoy_list lists them, decoy_reset opens one');
    if (p.ended)
      throw new Refusal(
        `the episode of configuration ${p.conf.handle} has ended: decoy_score gives its score, decoy_reset opens another configuration`,
      );
    return p;
  }

  /** The page as the runner last showed it, without acting (no step is spent). */
  async look(): Promise<{ conf: Configuration; moment: Moment }> {
    const p = this.underWay();
    return { conf: p.conf, moment: await p.episode.moment() };
  }

  /** Proposes an action in the episode under way: the runner reviews it and carries the verdict out, as in decoy run. */
  async act(action: Action): Promise<{ conf: Configuration; moment: Moment }> {
    const p = this.underWay();
    try {
      formatAction(action);
    } catch (e) {
      // A number no action string can hold would fail the episode in the runner: it is the call's mistake.
      if (e instanceof ActionParseError) throw new Refusal(e.message);
      throw e;
    }
    return { conf: p.conf, moment: await this.settle(await p.episode.play(action)) };
  }

  /** The record of a configuration's episode (the last ended one when none is named). */
  score(handle?: string): { conf: Configuration; record: EpisodeRecord } {
    if (handle === undefined) {
      const p = this.playing;
      if (!p) throw new Refusal('no episode has ended yet in this session: name a configuration played before');
      if (!p.ended)
        throw new Refusal(`the episode of configuration ${p.conf.handle} is under way: its score comes when it ends`);
      return { conf: p.conf, record: p.ended };
    }
    const conf = this.conf(handle);
    const record = this.recorded(conf.bundle.manifest.id);
    if (record) return { conf, record };
    if (this.playing?.conf === conf)
      throw new Refusal(`the episode of configuration ${conf.handle} is under way: its score comes when it ends`);
    throw new Refusal(`configuration ${conf.handle} has not been played in this run folder`);
  }

  /** Ends the episode under way (agent-stopped, recorded), stops the engine and frees the folder. */
  async close(): Promise<{ episodes: number; summary: Summary }> {
    if (!this.closed) {
      this.closed = true;
      try {
        await this.leave();
      } finally {
        await this.env.close();
        this.unlock();
      }
    }
    return { episodes: this.records.length, summary: this.summary() };
  }
}
