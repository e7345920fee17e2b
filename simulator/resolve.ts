/**
 * The one place a run's `--agent` / `--defense` value becomes its definition: a registry id.
 */
import type { AgentDef } from './agent.ts';
import type { DefenseDef } from './defense.ts';
import { agents, defenses } from './registries.ts';

export async function agentDef(idOrPath: string): Promise<AgentDef> {
  return agents.get(idOrPath);
}

export async function defenseDef(idOrPath: string): Promise<DefenseDef> {
  return defenses.get(idOrPath);
}
