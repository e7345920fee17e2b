import type { PatternFamily, SuiteDef, TaskDef } from './model.ts';
import { loadFolder } from './registry.ts';

export const families = await loadFolder<PatternFamily>('pattern family', new URL('./families/', import.meta.url));
export const tasks = await loadFolder<TaskDef>('task', new URL('./tasks/', import.meta.url));
export const suites = await loadFolder<SuiteDef>('suite', new URL('./suites/', import.meta.url));
