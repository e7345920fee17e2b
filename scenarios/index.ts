import type { SuiteDef } from './model.ts';
import { loadFolder } from './registry.ts';

export { families, tasks, familyTasks, hostPart, checkSpec, compatible } from './catalogue.ts';

export const suites = await loadFolder<SuiteDef>('suite', new URL('./suites/', import.meta.url));
