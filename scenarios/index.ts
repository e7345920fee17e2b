import { z } from 'zod';
import type { SuiteDef } from './model.ts';
import { suiteVersion } from './bundle.ts';
import { loadFolder } from './registry.ts';

export { families, tasks, familyTasks, hostPart, checkSpec, compatible } from './catalogue.ts';

/**
 * What a suite file must give before anything is generated from it: its version and digest
 * go into every id and into run.json, so a missing or mistyped one would be written there.
 */
export const suiteDefSchema = z
  .object({
    id: z.string(),
    version: suiteVersion,
    digest: z.string().optional(),
    released: z.array(z.string()),
    title: z.string(),
    description: z.string(),
    budget: z.number().int().positive(),
    scenarios: z.custom<SuiteDef['scenarios']>((v) => typeof v === 'function', 'must be a function'),
  })
  .loose();

export const suites = await loadFolder<SuiteDef>('suite', new URL('./suites/', import.meta.url), suiteDefSchema);
