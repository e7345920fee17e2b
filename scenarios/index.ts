import type { PatternFamily, SuiteDef, TaskDef } from './model.ts';
import { loadFolder } from './registry.ts';

export const families = await loadFolder<PatternFamily>('pattern family', new URL('./families/', import.meta.url));
export const tasks = await loadFolder<TaskDef>('task', new URL('./tasks/', import.meta.url));
export const suites = await loadFolder<SuiteDef>('suite', new URL('./suites/', import.meta.url));

/** The tasks a family can be composed into: its own list, or every task offering its needs. */
export function familyTasks(family: PatternFamily): string[] {
  return tasks.all()
    .filter((t) => (family.tasks ? family.tasks.includes(t.id) : true) && family.needs.every((n) => t.capabilities.includes(n)))
    .map((t) => t.id);
}
