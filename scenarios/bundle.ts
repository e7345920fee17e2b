import { z } from 'zod';
import { DOMAINS, type Step } from './model.ts';
import { siteMeaning } from './meaning.ts';
import { PHRASINGS, type Phrasings } from './phrasing.ts';
import { clip, clipPath, firstIssue, quote, UserError } from '../lib/errors.ts';
import type { Same } from '../lib/same.ts';

/** bundle.json: everything about a generated site that the site itself must not show. */
/**
 * 2: path steps are `{ id, verb, target, … }` (was `{ id, act: { op, … } }`).
 * 3: `meaning`: what the page's neutral log means (scenarios/meaning.ts).
 */
export const BUNDLE_SCHEMA = 'decoy.bundle/3';

const locator = z.object({ role: z.string(), name: z.string(), index: z.number().int().nonnegative().optional() });

const textTarget = z.object({ text: z.string(), index: z.number().int().nonnegative().optional() });
const target = z.union([locator, textTarget, z.object({ x: z.number(), y: z.number() })]);
const named = z.union([locator, textTarget]);

export const expectation = z.union([
  z.object({ target: named, checked: z.boolean() }),
  z.object({ target: named, present: z.boolean() }),
  z.object({ target: named, value: z.string() }),
  z.object({ path: z.string() }),
]);

const common = {
  id: z.string(),
  waitMs: z.number().int().nonnegative().optional(),
  expect: z.array(expectation).optional(),
  dependsOn: z.array(z.string()).optional(),
};

/** One step of a path (scenarios/model.ts `Step`); strict, so a misspelled field is an error. */
export const step = z.discriminatedUnion('verb', [
  z.strictObject({ ...common, verb: z.literal('click'), target }),
  z.strictObject({ ...common, verb: z.literal('check'), target }),
  z.strictObject({ ...common, verb: z.literal('uncheck'), target }),
  z.strictObject({ ...common, verb: z.literal('fill'), target, value: z.string() }),
  z.strictObject({ ...common, verb: z.literal('select'), target, value: z.string() }),
  z.strictObject({ ...common, verb: z.literal('goto'), url: z.string() }),
  z.strictObject({ ...common, verb: z.literal('back') }),
  z.strictObject({ ...common, verb: z.literal('scroll'), dx: z.number(), dy: z.number() }),
  z.strictObject({ ...common, verb: z.literal('wait'), ms: z.number().int().nonnegative() }),
  z.strictObject({ ...common, verb: z.literal('answer'), text: z.string() }),
  z.strictObject({ ...common, verb: z.literal('infeasible'), reason: z.string() }),
]);

/** A step of the ground truth: where it goes to or expects to be is a path of this site. */
const pathStep = step.superRefine((s, ctx) => {
  if (s.verb === 'goto' && !isSitePath(s.url))
    ctx.addIssue({ code: 'custom', path: ['url'], message: notAPath(s.url) });
  s.expect?.forEach((x, i) => {
    if ('path' in x && !isSitePath(x.path))
      ctx.addIssue({ code: 'custom', path: ['expect', i, 'path'], message: notAPath(x.path) });
  });
});

/** The schema and the model's `Step` are one definition: each must accept the other (checked when type-checking). */
export const STEP_SCHEMA_IS_THE_MODEL: Same<z.infer<typeof step>, Step> = true;

/**
 * A name that becomes a file or folder name (a scenario id in runs, datasets, the gallery;
 * a suite): letters, digits and `. _ + -`, starting with a letter or digit, so it holds no
 * `/`, `\`, `..` on its own, NUL or leading dot, and is never an absolute path.
 */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;
export const safeName = z.string().superRefine((v, ctx) => {
  if (!SAFE_NAME.test(v))
    ctx.addIssue({
      code: 'custom',
      message: `${quote(v)} is not a safe name (letters, digits and . _ + -, at most 200)`,
    });
});

/** The origin a route is resolved against to test it (the engines' own; any would do). */
const SITE_ORIGIN = 'https://site.test';

/**
 * Whether `v` is a path of the site, read alike by everything that reads one: the engines
 * resolve it against the site's origin, the runtime matches it against `location.pathname`,
 * a static server decodes it into a file name. So it must resolve to the site's origin and
 * to itself (`//evil.example/` is another origin; `/a/../b`, `/%2e%2e/`, a space or a
 * non-ASCII letter come back rewritten), with no empty segment, and none of what one reader
 * decodes or drops and another keeps: `\`, `%`, `?`, `#`, control characters. The generator's
 * routes are letters, digits and `/ - _ .`.
 */
export function isSitePath(v: string): boolean {
  if (!v.startsWith('/') || v.includes('//') || /[\\%?#\u0000-\u001f\u007f]/.test(v)) return false;
  try {
    const url = new URL(v, SITE_ORIGIN);
    return url.origin === SITE_ORIGIN && url.pathname === v;
  } catch {
    return false;
  }
}

const notAPath = (v: string) => `${quote(v)} is not a path of the site`;

/** A route of the site (isSitePath). */
const route = z.string().superRefine((v, ctx) => {
  if (!isSitePath(v)) ctx.addIssue({ code: 'custom', message: notAPath(v) });
});

/** Each task defines its goal's fields; the schema only fixes the kind. */
const goal = z.object({ kind: z.string() }).loose();

export const bundleManifest = z.object({
  schema: z.literal(BUNDLE_SCHEMA),
  id: safeName,
  suite: safeName,
  seed: z.number().int(),
  /** The half of the phrasing pools the texts were drawn from (scenarios/phrasing.ts); absent: standard. */
  phrasings: z.enum(PHRASINGS).optional(),
  task: z.object({ id: z.string(), domain: z.enum(DOMAINS), instruction: z.string(), goal }),
  budget: z.number().int().positive(),
  feasible: z.boolean(),
  viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  entry: route,
  routes: z.array(route),
  patterns: z.array(z.object({ family: z.string(), variant: z.string() })),
  /** The suite's label for the configuration's condition, when it has one. */
  condition: z.string().optional(),
  groundTruth: z.object({
    elements: z.array(
      z.object({
        family: z.string(),
        kind: z.enum(['correct', 'deceptive']),
        route,
        overlay: z.string().optional(),
        target: locator,
      }),
    ),
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
  /** What the page's records mean: the controls' events, the forms' events, the fields' names. */
  meaning: siteMeaning,
});

export type BundleManifest = z.infer<typeof bundleManifest>;

/** The index a generated suite's folder holds beside its bundles (generator/bundle.ts writeBundles). */
export const SUITE_INDEX = 'suite.json';

/**
 * suite.json: the suite, its version, the seed and phrasings it was generated at, and its
 * bundles' ids in order. Only the ids are required: one written before suites were versioned
 * has no version, and one written by hand around bundles of its own may say nothing else.
 */
export interface SuiteIndex {
  readonly suite?: string;
  readonly version?: number;
  readonly seed?: number;
  /** Absent: the standard half (writeBundles writes only the held-out one). */
  readonly phrasings?: Phrasings;
  readonly scenarios: readonly string[];
}

/** A suite's version (scenarios/model.ts SuiteDef), as its file and suite.json give it. */
export const suiteVersion = z.custom<number>((v) => Number.isSafeInteger(v) && (v as number) > 0, {
  error: (issue) =>
    `${clip(JSON.stringify(issue.input) ?? String(issue.input))} is not a version (a whole number from 1)`,
});

export const suiteIndexSchema = z.strictObject({
  suite: safeName.optional(),
  version: suiteVersion.optional(),
  seed: z.number().int().nonnegative().optional(),
  phrasings: z.enum(PHRASINGS).optional(),
  scenarios: z
    .array(safeName)
    .readonly()
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: `${quote(id)} is listed twice` });
        seen.add(id);
      });
    }),
});

/** Fail type checking when suite.json's schema and its type describe different files. */
export const SUITE_INDEX_SCHEMA_IS_THE_TYPE: Same<z.infer<typeof suiteIndexSchema>, SuiteIndex> = true;

/**
 * The text of a suite.json (`file`, named in errors) as the index it holds: the one reader of
 * its contents, for the generator (which writes it) and the simulator (which loads the bundles
 * it lists). Anything else is a one-line UserError naming the file and the field.
 */
export function parseSuiteIndex(text: string, file: string): SuiteIndex {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UserError(`${clipPath(file)}: not valid JSON (it begins ${quote(text, 40)})`);
  }
  const r = suiteIndexSchema.safeParse(json);
  if (!r.success) throw new UserError(`${clipPath(file)}: ${firstIssue(r.error, 'not a suite index')}`);
  return r.data;
}
