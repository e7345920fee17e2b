import { episodeSeed } from '../../scenarios/rng.ts';
import type { Agent, AgentDef, AgentOptions } from './agent.ts';
import type { Defense, DefenseDef } from './defense.ts';
import type { LoadedBundle } from './bundle.ts';
import { DecoyEnv, type EnvObservation } from './env.ts';
import { agentDef as resolveAgent, defenseDef as resolveDefense, pageInjection } from './resolve.ts';
import type { PageInjection } from '../page/engine/inject.ts';
import type { PageMemo } from '../page/engine/memo.ts';
import { runEpisode, type EpisodeRecord } from './runner.ts';
import { DEFAULT_LIMITS, type EpisodeLimits } from '../page/engine/limits.ts';
import { LlmSession } from '../llm/session.ts';
import { UserError } from '../../lib/errors.ts';
import { inOrder } from '../../lib/lanes.ts';
import { asksModel } from './party.ts';
import { MODEL_PARTY_SECONDS } from './call-limits.ts';

export interface BatchConfig {
  /** A registry id or a user's module (simulator/loop/resolve.ts). */
  agent: string;
  /** A registry id, a user's module, or `inject:<file.js>` (simulator/loop/resolve.ts). */
  defense: string;
  seed: number;
  agentOptions?: AgentOptions;
  defenseOptions?: AgentOptions;
  defenseBudget?: number;
  /** Per-episode limits (engine/limits.ts defaults for the rest), in whichever engine plays. */
  limits?: Partial<EpisodeLimits>;
  /** How long one call into the agent or the defense may stay unanswered; by default PARTY_SECONDS, MODEL_PARTY_SECONDS for a party that asks a model. */
  callSeconds?: number;
  /** The engine the episodes play in: jsdom in the engine sandbox (the default), or Chromium. */
  engine?: Engine;
  /** The run's LLM (endpoint, cassette, usage); a live one without a cassette when not given. */
  llm?: LlmSession;
  /** Episodes played at once (an LLM party waits on the network); records come in the bundles' order. */
  concurrency?: number;
  /** Engines the episodes are spread over, each a process of its own (jsdom's engine process, or a Chromium): the run's cores. At least this many episodes play at once. */
  workers?: number;
  /** Pages played by earlier runs of the same comparison (jsdom only): their calls are answered without a page (engine/memo.ts). */
  memo?: PageMemo;
  /** Draws set-of-marks over a screenshot, for an agent that sees 'marks'. */
  drawMarks?: (png: Buffer, obs: EnvObservation) => Promise<Buffer>;
}

/** Where episodes play: jsdom behind the sandbox, or a real Chromium (the executable already found). */
export type Engine = { kind: 'jsdom' } | { kind: 'chromium'; executable: string };

/** An env for the engine, under the limits, with the page-side defense if any. Chromium is loaded only when asked for. */
export async function envFor(
  engine: Engine,
  limits: Partial<EpisodeLimits> = {},
  inject: PageInjection | null = null,
  worker = 0,
  memo: PageMemo | null = null,
): Promise<DecoyEnv> {
  if (engine.kind === 'jsdom') return DecoyEnv.sandboxed(limits, inject, worker, memo);
  const { ChromiumBrowser, chromiumLimits } = await import('../page/engine/chromium.ts');
  return new DecoyEnv({
    browser: new ChromiumBrowser({
      executable: engine.executable,
      ...chromiumLimits({ ...DEFAULT_LIMITS, ...limits }),
    }),
    inject,
  });
}

/**
 * An agent or defense made for one episode; if making it threw, one whose first call throws
 * the same error, so that this episode ends in an error (the runner names who) and the batch goes on.
 */
function madeOrFailing<T>(make: () => T, failing: (fail: () => never) => T): T {
  try {
    return make();
  } catch (e) {
    return failing(() => {
      throw e;
    });
  }
}

/** The agent and defense of a batch, resolved once, and what each episode of it is played with. */
export interface Parties {
  agentDef: AgentDef;
  defenseDef: DefenseDef;
  config: BatchConfig;
  llm: LlmSession;
  /** Whether either party asks a model (its calls get MODEL_PARTY_SECONDS unless the config says otherwise). */
  modelBacked: boolean;
}

/** The parties of a batch config, resolved (a registry id or a user's module each). */
export async function partiesOf(config: BatchConfig, llm = config.llm ?? new LlmSession()): Promise<Parties> {
  const agentDef = await resolveAgent(config.agent);
  const defenseDef = await resolveDefense(config.defense);
  return { agentDef, defenseDef, config, llm, modelBacked: asksModel(agentDef) || asksModel(defenseDef) };
}

/** One episode of a batch on an engine already open: the agent and defense made for it under its seed. */
export async function playEpisode(env: DecoyEnv, bundle: LoadedBundle, parties: Parties): Promise<EpisodeRecord> {
  const id = bundle.manifest.id;
  const seed = episodeSeed(parties.config.seed, id);
  const calls = parties.llm.episode(id, `${parties.config.agent} + ${parties.config.defense}`);
  const agent: Agent = madeOrFailing(
    () =>
      parties.agentDef.create({
        seed,
        options: parties.config.agentOptions ?? {},
        scenario: id,
        llm: calls.agent,
        ...(parties.agentDef.privileged
          ? {
              privileged: {
                safePath: bundle.manifest.groundTruth.safePath,
                trapPath: bundle.manifest.groundTruth.trapPath,
              },
            }
          : {}),
      }),
    (fail) => ({ act: fail }),
  );
  const defense: Defense = madeOrFailing(
    () => parties.defenseDef.create({ seed, options: parties.config.defenseOptions ?? {}, llm: calls.defense }),
    (fail) => ({ review: fail }),
  );
  const record = await runEpisode({
    env,
    bundle,
    seed,
    agent,
    agentId: parties.config.agent,
    defense,
    defenseId: parties.config.defense,
    defenseBudget: parties.config.defenseBudget,
    ...(parties.config.callSeconds !== undefined
      ? { partySeconds: parties.config.callSeconds }
      : parties.modelBacked
        ? { partySeconds: MODEL_PARTY_SECONDS }
        : {}),
    ...(parties.config.drawMarks ? { drawMarks: parties.config.drawMarks } : {}),
  });
  const usage = calls.usage();
  return usage ? { ...record, llm: usage } : record;
}

/**
 * Runs every bundle once (in the engine sandbox unless another engine is given), `concurrency`
 * at a time over `workers` engines; hands each record to `onEpisode` in the bundles' order as soon as it and every
 * one before it are scored, so the records are the same bytes at any concurrency and any
 * number of workers. An episode
 * that fails is recorded as an error and the batch goes on; a failure of the run's LLM (an
 * endpoint that cannot be used, a replay without the call) stops it, keeping what came before.
 */
export async function runBatch(
  bundles: readonly LoadedBundle[],
  config: BatchConfig,
  onEpisode: (record: EpisodeRecord) => void = () => {},
): Promise<{ records: EpisodeRecord[] }> {
  const parties = await partiesOf(config);
  const { llm } = parties;
  const workers = Math.max(1, Math.min(Math.floor(config.workers ?? 1), bundles.length));
  const lanes = Math.max(workers, Math.min(Math.floor(config.concurrency ?? 1), bundles.length));
  // Read once for the whole run: every episode's pages get these same bytes.
  const inject = pageInjection(config.defense);
  const envs: DecoyEnv[] = [];
  const records: EpisodeRecord[] = [];
  const done = inOrder<EpisodeRecord>(bundles.length, (r) => {
    records.push(r);
    onEpisode(r);
  });
  let next = 0;
  let failure = null as { error: unknown } | null;

  const play = (env: DecoyEnv, bundle: LoadedBundle) => playEpisode(env, bundle, parties);

  const lane = async (env: DecoyEnv) => {
    try {
      await playLane(env);
    } catch (e) {
      failure ??= { error: e };
    }
  };
  const playLane = async (env: DecoyEnv) => {
    while (!failure && next < bundles.length) {
      const i = next++;
      const record = await play(env, bundles[i]!);
      // An episode that ended after the LLM failed may have ended of that failure: it is played again on resume.
      if (llm.fatal) failure ??= { error: new UserError(llm.fatal.message) };
      if (failure) return;
      try {
        done.put(i, record);
      } catch (e) {
        failure ??= { error: e };
        return;
      }
      // jsdom frees a closed window only after a macrotask: let the event loop turn.
      await new Promise((r) => setImmediate(r));
    }
  };

  try {
    for (let i = 0; i < lanes; i++)
      envs.push(await envFor(config.engine ?? { kind: 'jsdom' }, config.limits, inject, i % workers, config.memo));
    await Promise.all(envs.map(lane));
  } finally {
    await Promise.all(envs.map((e) => e.close()));
  }
  if (failure) throw failure.error;
  return { records };
}
