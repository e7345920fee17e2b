/**
 * The self-check's verdicts of the registered suites at the default seed, as this version of
 * decoy was checked (self-check.json at the package root, written by `npm run verdicts`). A
 * verdict is a property of the catalogue at a version and seed, not of each user's run, so a
 * fresh clone's first run does not check again what its version was checked on. The file is
 * read only while its code key is the code's own and it was made under this Node: any change
 * to the sources a verdict depends on (check.ts, VERDICT_SOURCES, the lockfile) or another Node
 * leaves it unread, and every bundle is checked (and kept in the local cache) as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { packagePath } from '../lib/root.ts';

export const SHIPPED_VERDICTS = 'self-check.json';

export const ShippedVerdicts = z
  .object({
    /** sourcesCode() of the code that checked them. */
    code: z.string().regex(/^[0-9a-f]{16}$/),
    /** nodeCode() of the Node that ran the checks: verdicts made under another are not taken. */
    node: z.string(),
    seed: z.number().int(),
    suites: z.array(z.string()),
    /** bundleHash() of every configuration that passed, sorted. */
    passed: z.array(z.string().regex(/^[0-9a-f]{32}$/)),
  })
  .strict();
export type ShippedVerdicts = z.infer<typeof ShippedVerdicts>;

/** The file as it is, or null where it is missing or not of this shape. */
export function readShipped(path = packagePath(SHIPPED_VERDICTS)): ShippedVerdicts | null {
  if (!existsSync(path)) return null;
  try {
    return ShippedVerdicts.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return null;
  }
}

/** The bundles the version's verdicts passed, where they were made by the code `code` under the Node `node`; none otherwise. */
export function shippedPassed(code: string, node: string, path?: string): ReadonlySet<string> {
  const file = readShipped(path);
  return file && file.code === code && file.node === node ? new Set(file.passed) : new Set();
}
