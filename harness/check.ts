import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { clip, UserError } from '../lib/errors.ts';
import { writeFileAtomic } from '../lib/files.ts';
import { packagePath } from '../lib/root.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { checkBundle, type CheckRow } from '../simulator/measure/check.ts';
import { DecoyEnv } from '../simulator/loop/env.ts';
import { silent, type Progress } from './progress.ts';
import { stopIfAsked } from './stop.ts';

/**
 * The code a verdict depends on: the ground floor (lib/), the evaluators and families (scenarios/), the generator,
 * the simulator and this harness. Any change to them makes a new cache key.
 */
export const VERDICT_SOURCES = ['lib', 'scenarios', 'generator', 'simulator', 'harness'] as const;

export interface CheckOptions {
  /** Folders (from the package root) whose files key the cache; VERDICT_SOURCES unless given. */
  sources?: readonly string[];
  /** Where verdicts are kept; the package's node_modules/.cache/decoy/checks unless given. */
  cacheDir?: string;
  progress?: Progress;
  /** Stops between two configurations (nothing is cached then); see Stopped. */
  signal?: AbortSignal;
}

const ROWS = z.array(
  z.object({ scenario: z.string(), check: z.string(), ok: z.boolean(), detail: z.string() }).loose(),
);

function sourceTexts(folders: readonly string[]): string[] {
  return folders.flatMap((folder) => {
    const root = packagePath(folder);
    if (!existsSync(root)) return [];
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|js|mjs|hbs|css|json)$/.test(f))
      .sort()
      .map((f) => `${folder}/${f}\u0000${readFileSync(join(root, f), 'utf8')}`);
  });
}

/** Where the verdict of these bundles under the current code is kept. */
export function checkCacheFile(bundles: readonly LoadedBundle[], opts: CheckOptions = {}): string {
  const h = createHash('sha256');
  // Each piece with its length first: pieces run together could be cut differently (a file's end taken for the next one's path) and give another set's key.
  const piece = (text: string) => h.update(`${Buffer.byteLength(text)}:`).update(text);
  for (const text of sourceTexts(opts.sources ?? VERDICT_SOURCES)) piece(text);
  for (const b of bundles) {
    piece(JSON.stringify(b.manifest));
    h.update(`${Object.keys(b.site.files).length}:`);
    for (const [path, text] of Object.entries(b.site.files)) (piece(path), piece(text));
  }
  return join(
    opts.cacheDir ?? packagePath('node_modules', '.cache', 'decoy', 'checks'),
    `${h.digest('hex').slice(0, 32)}.json`,
  );
}

/** A kept verdict, if whole: rows of the right shape that cover every one of the bundles. */
function readCached(file: string, bundles: readonly LoadedBundle[]): CheckRow[] | null {
  if (!existsSync(file)) return null;
  let rows: CheckRow[];
  try {
    rows = ROWS.parse(JSON.parse(readFileSync(file, 'utf8'))) as CheckRow[];
  } catch {
    return null; // a damaged entry is rebuilt
  }
  const covered = new Set(rows.map((r) => r.scenario));
  return bundles.every((b) => covered.has(b.manifest.id)) ? rows : null;
}

/**
 * The self-check of every bundle (simulator/measure/check.ts). Verdicts are deterministic in the
 * bundles and the code, so they are kept by a hash of both; an entry is written whole
 * (to a temporary file, then renamed) and a damaged one is ignored and rebuilt.
 */
export async function checkBundles(bundles: readonly LoadedBundle[], opts: CheckOptions = {}): Promise<CheckRow[]> {
  const file = checkCacheFile(bundles, opts);
  const cached = readCached(file, bundles);
  if (cached) return cached;
  const progress = opts.progress ?? silent;
  // The bundles may come from anyone: their pages run in the engine sandbox.
  const env = DecoyEnv.sandboxed();
  const rows: CheckRow[] = [];
  try {
    for (const [i, b] of bundles.entries()) {
      stopIfAsked(opts.signal, `during the self-check, after ${i} of ${bundles.length} configurations`);
      rows.push(...(await checkBundle(b, env)));
      progress('configurations', i + 1, bundles.length);
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await env.close();
  }
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileAtomic(file, JSON.stringify(rows));
  return rows;
}

/** Refuses to go on when any bundle fails its self-check, naming the first failure. */
export async function requireSelfCheck(bundles: readonly LoadedBundle[], signal?: AbortSignal): Promise<void> {
  const failed = (await checkBundles(bundles, { signal })).filter((r) => !r.ok);
  if (failed.length > 0)
    throw new UserError(
      `the suite fails its self-check (${failed.length} failed, first: ${clip(failed[0]?.scenario ?? '')}: ${failed[0]?.check}); see decoy check, or pass --no-check`,
    );
}
