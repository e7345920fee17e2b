import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DOMAINS } from '../../scenarios/model.ts';
import { PHRASINGS } from '../../scenarios/phrasing.ts';
import { clip, clipPath, firstIssue, UserError } from '../../lib/errors.ts';
import { writeFileAtomic } from '../../lib/files.ts';
import { FAILURE_KINDS, type FailureKind } from './judge.ts';
import type { FuzzCase } from './space.ts';
import type { FoundClass } from './search.ts';

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
}

const options = z.record(z.string(), z.unknown());
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
  case: z.strictObject({
    task: z.string(),
    domain: z.enum(DOMAINS),
    patterns: z.array(z.strictObject({ family: z.string(), variant: z.string() })),
    seed: z.number().int().nonnegative(),
    phrasings: z.enum(PHRASINGS),
    agentOptions: options,
  }),
  found: z.strictObject({ seed: z.number().int(), path: z.string() }),
});

export function regressionOf(
  c: FoundClass,
  who: Pick<Regression, 'agent' | 'defense' | 'agentOptions' | 'defenseOptions'>,
  seed: number,
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
  };
}

const slug = (s: string) =>
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

/** Writes each regression into `dir` (made if missing); a file already there for the same case is left as it is. Returns the files written. */
export function saveRegressions(dir: string, regressions: readonly Regression[]): string[] {
  mkdirSync(dir, { recursive: true });
  const out: string[] = [];
  for (const r of regressions) {
    const file = join(dir, regressionName(r));
    if (existsSync(file)) continue;
    writeFileAtomic(file, JSON.stringify(r, null, 2) + '\n');
    out.push(file);
  }
  return out;
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
  return parsed.data as Regression;
}

/** The regression files of a folder (`*.json`), in name order; none when the folder is missing. */
export const regressionFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()
        .map((n) => join(dir, n))
    : [];
