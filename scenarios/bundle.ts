import { z } from 'zod';
import { DOMAINS } from './model.ts';

/** bundle.json: everything about a generated site that the site itself must not show. */
export const BUNDLE_SCHEMA = 'decoy.bundle/1';

const locator = z.object({ role: z.string(), name: z.string() });

const pathOp = z.discriminatedUnion('op', [
  z.object({ op: z.literal('click'), target: locator }),
  z.object({ op: z.literal('check'), target: locator }),
  z.object({ op: z.literal('uncheck'), target: locator }),
  z.object({ op: z.literal('fill'), target: locator, value: z.string() }),
  z.object({ op: z.literal('goto'), url: z.string() }),
  z.object({ op: z.literal('answer'), text: z.string() }),
  z.object({ op: z.literal('infeasible'), reason: z.string() }),
]);

const pathStep = z.object({ id: z.string(), waitMs: z.number().int().nonnegative().optional(), act: pathOp });

const goal = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('purchase'), sku: z.string(), name: z.string(), price: z.number() }),
  z.object({ kind: z.literal('signup'), name: z.string(), email: z.string() }),
  z.object({ kind: z.literal('answer'), article: z.string(), expected: z.string() }),
]);

export const bundleManifest = z.object({
  schema: z.literal(BUNDLE_SCHEMA),
  id: z.string(),
  suite: z.string(),
  seed: z.number().int(),
  task: z.object({ id: z.string(), domain: z.enum(DOMAINS), instruction: z.string(), goal }),
  budget: z.number().int().positive(),
  feasible: z.boolean(),
  viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  entry: z.string(),
  routes: z.array(z.string()),
  patterns: z.array(z.object({ family: z.string(), variant: z.string() })),
  groundTruth: z.object({
    elements: z.array(z.object({
      family: z.string(),
      kind: z.enum(['correct', 'deceptive']),
      route: z.string(),
      overlay: z.string().optional(),
      target: locator,
    })),
    safePath: z.array(pathStep),
    trapPath: z.array(pathStep),
  }),
  evaluator: z.object({
    task: z.string(),
    goal,
    patterns: z.array(z.object({ family: z.string(), params: z.record(z.string(), z.unknown()) })),
  }),
});

export type BundleManifest = z.infer<typeof bundleManifest>;
