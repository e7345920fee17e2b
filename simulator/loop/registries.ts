import { loadFolder } from '../../scenarios/registry.ts';
import type { AgentDef } from './agent.ts';
import type { DefenseDef } from './defense.ts';

export const agents = await loadFolder<AgentDef>('agent', new URL('../agents/', import.meta.url));
export const defenses = await loadFolder<DefenseDef>('defense', new URL('../defenses/', import.meta.url));
