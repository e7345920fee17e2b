import type { AgentOptions } from '../../simulator/loop/agent.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import type { DefenseDef } from '../../simulator/loop/defense.ts';
import { asksModel } from '../../simulator/loop/party.ts';
import { envFor, partiesOf, playEpisode, type Engine, type Parties } from '../../simulator/loop/batch.ts';
import type { EpisodeLimits } from '../../simulator/page/engine/limits.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { checkOptions, pageInjection } from '../../simulator/loop/resolve.ts';
import {
  FAILURE_KINDS,
  failuresOf,
  needsBaseline,
  type CaseEpisodes,
  type Failure,
  type FailureKind,
} from './judge.ts';
import { caseBundle, type FuzzCase } from './space.ts';
import { UserError } from '../../lib/errors.ts';
import { Pool } from './pool.ts';

/** Who is tested: an agent behind a defense, each a registry id or a user's module. */
export interface FuzzParties {
  agent: string;
  /** A registry id, a module's path, or a defense itself (an author's own, imported in their test). */
  defense: string | DefenseDef;
  agentOptions?: AgentOptions;
  defenseOptions?: AgentOptions;
}

export interface PlayerOptions {
  /** Engine processes episodes play in at once (default 1). */
  workers?: number;
  /** jsdom in the engine sandbox (the default), or Chromium. */
  engine?: Engine;
  limits?: Partial<EpisodeLimits>;
  callSeconds?: number;
  /** Play in this process's jsdom instead of engine processes (decoy's own bundles need no sandbox): for a test suite. */
  inProcess?: boolean;
}

/** The name a defense goes by in a record and a command line. */
export const defenseName = (d: FuzzParties['defense']): string => (typeof d === 'string' ? d : d.id);

/** A case judged: its failures and the episodes they come from. */
export interface Judged {
  case: FuzzCase;
  failures: Failure[];
  episodes: CaseEpisodes;
}

/**
 * Plays cases on a pool of open engines, as many episodes at once as there are engines. An
 * episode's record depends only on its case, so the judgements are the same at any number of
 * workers and in any order.
 */
export class CasePlayer {
  private engines = new Pool<DecoyEnv>([]);
  /** Episodes played so far. */
  episodes = 0;

  private constructor(
    private readonly defended: Parties,
    private readonly alone: Parties,
    private readonly oracle: Parties,
  ) {}

  static async open(parties: FuzzParties, opts: PlayerOptions = {}): Promise<CasePlayer> {
    // Its script would go into every page an engine plays, the undefended episodes' too.
    const d = parties.defense as unknown;
    if (
      typeof d !== 'string' &&
      (typeof d !== 'object' ||
        d === null ||
        typeof (d as { id?: unknown }).id !== 'string' ||
        typeof (d as { create?: unknown }).create !== 'function')
    )
      throw new UserError('a defense given as an object needs an id (a string) and a create function');
    const named = defenseName(parties.defense);
    if (pageInjection(named))
      throw new UserError(`a page-side defense (${named}) cannot be fuzzed yet: give a defense module or id`);
    const common = {
      seed: 0,
      ...(opts.limits ? { limits: opts.limits } : {}),
      ...(opts.callSeconds !== undefined ? { callSeconds: opts.callSeconds } : {}),
    };
    const agent = { agent: parties.agent, agentOptions: parties.agentOptions ?? {} };
    const defended = await partiesOf({
      ...common,
      ...agent,
      defense: typeof parties.defense === 'string' ? parties.defense : 'none',
      defenseOptions: typeof parties.defense === 'string' ? (parties.defenseOptions ?? {}) : {},
    });
    if (parties.agent === 'replay')
      throw new UserError(
        'the replay agent plays a recording of known sites; fuzzing makes new ones: give another --agent',
      );
    checkOptions('agent', parties.agent, defended.agentDef, parties.agentOptions ?? {});
    checkOptions(
      'defense',
      defenseName(parties.defense),
      typeof parties.defense === 'string' ? defended.defenseDef : parties.defense,
      parties.defenseOptions ?? {},
    );
    // Made once up front, as decoy run does: an option out of range stops here, not as an error in every episode.
    defended.agentDef.create({ seed: 0, options: parties.agentOptions ?? {}, scenario: 'fuzz' });
    (typeof parties.defense === 'string' ? defended.defenseDef : parties.defense).create({
      seed: 0,
      options: parties.defenseOptions ?? {},
    });
    const given = parties.defense;
    const player = new CasePlayer(
      typeof given === 'string'
        ? defended
        : {
            ...defended,
            defenseDef: given,
            config: { ...defended.config, defense: given.id, defenseOptions: parties.defenseOptions ?? {} },
            modelBacked: defended.modelBacked || asksModel(given),
          },
      await partiesOf({ ...common, ...agent, defense: 'none' }),
      await partiesOf({ ...common, agent: 'oracle', defense: 'none' }),
    );
    const workers = Math.max(1, Math.floor(opts.workers ?? 1));
    const envs: DecoyEnv[] = [];
    for (let i = 0; i < workers; i++)
      envs.push(opts.inProcess ? new DecoyEnv() : await envFor(opts.engine ?? { kind: 'jsdom' }, opts.limits, null, i));
    player.engines = new Pool(envs);
    return player;
  }

  private play(bundle: LoadedBundle, c: FuzzCase, parties: Parties, caseOptions = true): Promise<EpisodeRecord> {
    const config = {
      ...parties.config,
      seed: c.seed,
      agentOptions: { ...parties.config.agentOptions, ...(caseOptions ? c.agentOptions : {}) },
    };
    return this.engines.use(async (env) => {
      this.episodes++;
      const record = await playEpisode(env, bundle, { ...parties, config });
      // jsdom frees a closed window only after a macrotask: let the event loop turn.
      await new Promise((r) => setImmediate(r));
      return record;
    });
  }

  /**
   * The case's failures: the defended episode, and the agent alone and the oracle where they
   * decide (only when `kinds` holds blocked-safe, the one kind they decide).
   */
  async judge(c: FuzzCase, kinds: readonly FailureKind[] = FAILURE_KINDS): Promise<Judged> {
    checkOptions('agent', this.defended.config.agent, this.defended.agentDef, c.agentOptions);
    const bundle = caseBundle(c);
    const defended = await this.play(bundle, c, this.defended);
    const episodes: CaseEpisodes = { defended };
    if (kinds.includes('blocked-safe') && needsBaseline(c, defended)) {
      const [undefended, oracle] = await Promise.all([
        this.play(bundle, c, this.alone),
        this.play(bundle, c, this.oracle, false),
      ]);
      episodes.undefended = undefended;
      episodes.oracle = oracle;
    }
    return { case: c, failures: failuresOf(c, episodes).filter((f) => kinds.includes(f.kind)), episodes };
  }

  async close(): Promise<void> {
    await Promise.all(this.engines.all.map((e) => e.close()));
  }
}
