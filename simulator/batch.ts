import { hashSeed } from '../scenarios/rng.ts';
import type { AgentOptions } from './agent.ts';
import type { LoadedBundle } from './bundle.ts';
import { DecoyEnv } from './env.ts';
import { summarize, type Summary } from './metrics.ts';
import { agents, defenses } from './registries.ts';
import { runEpisode, type EpisodeRecord } from './runner.ts';
import type { EpisodeLimits } from './sandbox/limits.ts';

export interface BatchConfig {
  agent: string;
  defense: string;
  seed: number;
  agentOptions?: AgentOptions;
  defenseOptions?: AgentOptions;
  defenseBudget?: number;
  /** Per-episode limits of the engine sandbox (sandbox/limits.ts defaults for the rest). */
  limits?: Partial<EpisodeLimits>;
}

/** The seed of one episode: the run's seed and the scenario id, so reordering changes nothing. */
export const episodeSeed = (runSeed: number, scenario: string) => hashSeed(runSeed, scenario);

/**
 * Runs every bundle once in the engine sandbox; hands each record to `onEpisode` as soon
 * as it is scored. An episode that fails is recorded as an error and the batch goes on.
 */
export async function runBatch(
  bundles: readonly LoadedBundle[],
  config: BatchConfig,
  onEpisode: (record: EpisodeRecord) => void = () => {},
): Promise<{ records: EpisodeRecord[]; summary: Summary }> {
  const agentDef = agents.get(config.agent);
  const defenseDef = defenses.get(config.defense);
  const env = DecoyEnv.sandboxed(config.limits);
  const records: EpisodeRecord[] = [];
  try {
    for (const bundle of bundles) {
      const id = bundle.manifest.id;
      const seed = episodeSeed(config.seed, id);
      const agent = agentDef.create({
        seed,
        options: config.agentOptions ?? {},
        scenario: id,
        ...(agentDef.privileged ? { privileged: { safePath: bundle.manifest.groundTruth.safePath, trapPath: bundle.manifest.groundTruth.trapPath } } : {}),
      });
      const defense = defenseDef.create({ seed, options: config.defenseOptions ?? {} });
      const record = await runEpisode({ env, bundle, seed, agent, agentId: config.agent, defense, defenseId: config.defense, defenseBudget: config.defenseBudget });
      records.push(record);
      onEpisode(record);
      // jsdom frees a closed window only after a macrotask: let the event loop turn.
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await env.close();
  }
  return { records, summary: summarize(records) };
}
