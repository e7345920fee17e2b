import { episodeSeed } from '../../scenarios/rng.ts';
import type { Agent, AgentOptions } from './agent.ts';
import type { Defense } from './defense.ts';
import type { LoadedBundle } from './bundle.ts';
import { DecoyEnv } from './env.ts';
import { agentDef as resolveAgent, defenseDef as resolveDefense, pageInjection } from './resolve.ts';
import type { PageInjection } from '../page/engine/inject.ts';
import { runEpisode, type EpisodeRecord } from './runner.ts';
import { DEFAULT_LIMITS, type EpisodeLimits } from '../page/engine/limits.ts';

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
  /** The engine the episodes play in: jsdom in the engine sandbox (the default), or Chromium. */
  engine?: Engine;
}

/** Where episodes play: jsdom behind the sandbox, or a real Chromium (the executable already found). */
export type Engine = { kind: 'jsdom' } | { kind: 'chromium'; executable: string };

/** An env for the engine, under the limits, with the page-side defense if any. Chromium is loaded only when asked for. */
async function envFor(
  engine: Engine,
  limits: Partial<EpisodeLimits> = {},
  inject: PageInjection | null = null,
): Promise<DecoyEnv> {
  if (engine.kind === 'jsdom') return DecoyEnv.sandboxed(limits, inject);
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

/**
 * Runs every bundle once (in the engine sandbox unless another engine is given); hands
 * each record to `onEpisode` as soon as it is scored. An episode that fails is recorded as an error and the batch goes on.
 */
export async function runBatch(
  bundles: readonly LoadedBundle[],
  config: BatchConfig,
  onEpisode: (record: EpisodeRecord) => void = () => {},
): Promise<{ records: EpisodeRecord[] }> {
  const agentDef = await resolveAgent(config.agent);
  const defenseDef = await resolveDefense(config.defense);
  // Read once for the whole run: every episode's pages get these same bytes.
  const env = await envFor(config.engine ?? { kind: 'jsdom' }, config.limits, pageInjection(config.defense));
  const records: EpisodeRecord[] = [];
  try {
    for (const bundle of bundles) {
      const id = bundle.manifest.id;
      const seed = episodeSeed(config.seed, id);
      const agent: Agent = madeOrFailing(
        () =>
          agentDef.create({
            seed,
            options: config.agentOptions ?? {},
            scenario: id,
            ...(agentDef.privileged
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
        () => defenseDef.create({ seed, options: config.defenseOptions ?? {} }),
        (fail) => ({ review: fail }),
      );
      const record = await runEpisode({
        env,
        bundle,
        seed,
        agent,
        agentId: config.agent,
        defense,
        defenseId: config.defense,
        defenseBudget: config.defenseBudget,
      });
      records.push(record);
      onEpisode(record);
      // jsdom frees a closed window only after a macrotask: let the event loop turn.
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await env.close();
  }
  return { records };
}
