import { z } from 'zod';
import { DOMAINS } from './model.ts';

/** bundle.json: everything about a generated site that the site itself must not show. */
export const BUNDLE_SCHEMA = 'decoy.bundle/1';

const locator = z.object({ role: z.string(), name: z.string(), index: z.number().int().nonnegative().optional() });

const pathOp = z.discriminatedUnion('op', [
  z.object({ op: z.literal('click'), target: locator }),
  z.object({ op: z.literal('click-text'), text: z.string() }),
  z.object({ op: z.literal('check'), target: locator }),
  z.object({ op: z.literal('uncheck'), target: locator }),
  z.object({ op: z.literal('fill'), target: locator, value: z.string() }),
  z.object({ op: z.literal('select'), target: locator, value: z.string() }),
  z.object({ op: z.literal('goto'), url: z.string() }),
  z.object({ op: z.literal('answer'), text: z.string() }),
  z.object({ op: z.literal('infeasible'), reason: z.string() }),
]);

const pathStep = z.object({ id: z.string(), waitMs: z.number().int().nonnegative().optional(), act: pathOp });

/** Each task defines its goal's fields; the schema only fixes the kind. */
const goal = z.object({ kind: z.string() }).loose();

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
  /** The suite's label for the configuration's condition, when it has one. */
  condition: z.string().optional(),
  groundTruth: z.object({
    elements: z.array(z.object({
      family: z.string(),
      kind: z.enum(['correct', 'deceptive']),
      route: z.string(),
      overlay: z.string().optional(),
      target: locator,
    })),
    safePath: z.array(pathStep),
    /** Every family's trap taken at once: D must be 1 for each. */
    trapPath: z.array(pathStep),
    /** Per family: its trap taken, every other family avoided. */
    trapPaths: z.record(z.string(), z.array(pathStep)),
  }),
  evaluator: z.object({
    task: z.string(),
    goal,
    patterns: z.array(z.object({ family: z.string(), params: z.record(z.string(), z.unknown()) })),
  }),
});

export type BundleManifest = z.infer<typeof bundleManifest>;
