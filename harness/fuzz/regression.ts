import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { DOMAINS } from '../../scenarios/model.ts';
import { PHRASINGS } from '../../scenarios/phrasing.ts';
import { SEED_MAX } from '../../lib/seed.ts';
import { clip, clipPath, firstIssue, UserError } from '../../lib/errors.ts';
import { writeFileAtomic } from '../../lib/files.ts';
import { FAILURE_KINDS, type FailureKind } from './judge.ts';
import type { FuzzCase } from './space.ts';
import type { FoundClass } from './search.ts';
import type { PlayLimits } from './output.ts';
import { assertOutside } from '../own-folder.ts';
import { isModulePath } from '../../simulator/loop/resolve.ts';

/**
 * A shrunk counterexample kept as a test: the case, the class it failed in, and who it failed
 * for. A regression spec replays it and fails while the case still fails in its class.
 */
export interface Regression {
  decoy: 'fuzz-regression';
  version: 1;
  agent: string;
  defense: string;
  agentOptions: Record<string, unknown>;
  defenseOptions: Record<string, unknown>;
  kind: FailureKind;
  family: string | null;
  variant: string | null;
  case: FuzzCase;
  /** Where the search found it: its seed and fast-check's path to the shrunk case. */
  found: { seed: number; path: string };
  /** The limits its episodes played under, when the search set any (a case found over a limit fails only under it). */
  limits?: PlayLimits;
}

const options = z.record(z.string(), z.unknown());
/** A case's shape, as a regression file holds it and as judgeCase takes it. */
export const caseSchema = z.strictObject({
  task: z.string(),
  domain: z.enum(DOMAINS),
  patterns: z.array(z.strictObject({ family: z.string(), variant: z.string() })),
  seed: z.number().int().min(0).max(SEED_MAX),
  phrasings: z.enum(PHRASINGS),
  agentOptions: options,
});

const schema = z.strictObject({
  decoy: z.literal('fuzz-regression'),
  version: z.literal(1),
  agent: z.string().min(1),
  defense: z.string().min(1),
  agentOptions: options,
  defenseOptions: options,
  kind: z.enum(FAILURE_KINDS),
  family: z.string().nullable(),
  variant: z.string().nullable(),
  case: caseSchema,
  found: z.strictObject({ seed: z.number().int(), path: z.string() }),
  limits: z
    .strictObject({
      stepSeconds: z.number().positive().optional(),
      memoryMb: z.number().positive().optional(),
      domElements: z.number().int().positive().optional(),
      callSeconds: z.number().positive().optional(),
    })
    .optional(),
});

export function regressionOf(
  c: FoundClass,
  who: Pick<Regression, 'agent' | 'defense' | 'agentOptions' | 'defenseOptions'>,
  seed: number,
  limits: PlayLimits = {},
): Regression {
  return {
    decoy: 'fuzz-regression',
    version: 1,
    ...who,
    kind: c.kind,
    family: c.family,
    variant: c.variant,
    case: c.shrunk.case,
    found: { seed, path: c.shrunk.path },
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
  };
}

/** A name made safe for a file's: no folders, letters, digits and dashes. */
export const slug = (s: string) =>
  s
    .replace(/^.*[\\/]/, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

/** A short digest of a case: the same case, the same name. */
export const caseDigest = (c: FuzzCase): string =>
  createHash('sha256').update(JSON.stringify(c)).digest('hex').slice(0, 10);

/** A regression's file name: who, the class, and a digest of the case (the same case is the same file). */
export function regressionName(r: Regression): string {
  const digest = caseDigest(r.case);
  const where = r.family === null ? 'control' : `${r.family}-${r.variant}`;
  return `${slug(r.defense)}--${r.kind}--${slug(where)}--${digest}.json`;
}

/**
 * Refuses, before a search, a --save folder the search's regressions cannot go into: one inside
 * the fuzz folder (a new search would replace it), or one holding JSON that is not a regression
 * (the spec reading the folder would fail on it).
 */
export function checkSaveFolder(dir: string, out: string): void {
  assertOutside(dir, [out], 'the search writes (--out)', '--save');
  for (const file of regressionFiles(dir)) readRegression(file);
}

/**
 * Writes each regression into `dir` (made if missing); a file already there for the same case is
 * left as it is. A defense module's path is kept relative to `dir`, so the folder can be read from
 * anywhere (and moved with the module). Returns the files written.
 */
export function saveRegressions(dir: string, regressions: readonly Regression[]): string[] {
  mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  for (const given of regressions) {
    const r = isModulePath(given.defense) ? { ...given, defense: moduleFrom(dir, given.defense) } : given;
    const file = join(dir, regressionName(r));
    if (existsSync(file)) continue;
    writeFileAtomic(file, JSON.stringify(r, null, 2) + '\n');
    out.push(file);
  }
  return out;
}

/** A module's path as seen from `dir` (./ first, / between parts), as a regression file holds it. */
function moduleFrom(dir: string, path: string): string {
  const r = relative(resolve(dir), resolve(path)).split(sep).join('/');
  return r.startsWith('.') ? r : `./${r}`;
}

/** Reads a regression file, refusing one that is not one (named, with the field that is wrong). */
export function readRegression(file: string): Regression {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UserError(`${clipPath(file)} is not a regression file: ${clip((e as Error).message)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new UserError(
      `${clipPath(file)} is not a regression file: ${firstIssue(parsed.error, 'not the shape decoy fuzz --save writes')}`,
    );
  const r = parsed.data as Regression;
  // A module's path is kept relative to the regression's folder: read from anywhere, it is that file.
  return isModulePath(r.defense) ? { ...r, defense: resolve(dirname(file), r.defense) } : r;
}

/** The regression files of a folder (`*.json`), in name order; none when the folder is missing. */
export const regressionFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()
        .map((n) => join(dir, n))
    : [];

/** The regression files of a folder a spec replays: a folder that is not there is refused (a mistyped path would test nothing). */
export function savedRegressions(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UserError(`${clipPath(dir)} is not a folder of regressions (decoy fuzz --save writes one)`);
  return regressionFiles(dir);
}
