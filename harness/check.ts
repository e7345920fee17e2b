import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { clip, UserError } from '../lib/errors.ts';
import { writeFileAtomic } from '../lib/files.ts';
import { packagePath } from '../lib/root.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { checkBundle, type CheckRow } from '../simulator/measure/check.ts';
import { DecoyEnv } from '../simulator/loop/env.ts';
import { engineBuild } from '../simulator/page/sandbox/process.ts';
import { silent, type Progress } from './progress.ts';
import { stopIfAsked, stoppedAfter } from './stop.ts';
import { inLanes } from '../lib/lanes.ts';
import { shippedPassed } from './shipped-verdicts.ts';
import { canonicalJson } from '../lib/canonical-json.ts';

/**
 * The code a verdict depends on: the ground floor (lib/), the evaluators and families (scenarios/), the generator,
 * the simulator, this harness and bin/ (whose build.mjs makes the engine's build). Any change to them makes a new
 * cache key, and leaves the version's own verdicts (self-check.json) unread until `npm run verdicts`.
 */
export const VERDICT_SOURCES = ['lib', 'scenarios', 'generator', 'simulator', 'harness', 'bin'] as const;

export interface CheckOptions {
  /** Folders (from the package root) whose files key the cache; VERDICT_SOURCES unless given. */
  sources?: readonly string[];
  /** Where verdicts are kept; the package's node_modules/.cache/decoy/checks unless given. */
  cacheDir?: string;
  progress?: Progress;
  /** Stops between two configurations (the verdicts made so far are kept); see Stopped. */
  signal?: AbortSignal;
  /** Engine processes the configurations not yet checked are spread over (default 1). */
  workers?: number;
  /** Checks every configuration anew, kept verdicts or not, and keeps the new ones. */
  fresh?: boolean;
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

/**
 * The hash of the code a verdict depends on: the files of `folders`, each with its path, and
 * the package root's `files` (by default the lockfile: the packages' versions, jsdom's among them).
 */
function sourcesKey(folders: readonly string[], files: readonly string[] = ['package-lock.json']): string {
  const h = createHash('sha256');
  const texts = [
    ...sourceTexts(folders),
    ...files.map((f) => {
      const path = packagePath(f);
      return existsSync(path) ? `${f}\u0000${readFileSync(path, 'utf8')}` : '';
    }),
  ];
  // Each piece with its length first: pieces run together could be cut differently (a file's end taken for the next one's path) and give another set's key.
  for (const text of texts) h.update(`${Buffer.byteLength(text)}:`).update(text);
  return h.digest('hex').slice(0, 16);
}

/**
 * The state of the code an engine's answers depend on: the build this process's engine processes
 * run (a fingerprint of the sources and of the build), the packages (the lockfile), the
 * compiler's settings, and Node with its ICU. A comparison's kept pages (engine/memo.ts) made by
 * other code are not read.
 */
export async function pageCode(): Promise<string> {
  const packages = sourcesKey([], ['package-lock.json', 'tsconfig.json']);
  return `${await engineBuild()} ${packages} ${process.version} icu ${process.versions.icu ?? '-'}`;
}

/**
 * Where the verdict of `bundle` under the current code is kept: a folder per state of the
 * code, a file per bundle, so that a run of part of a suite (a shard, a family) reuses the
 * verdicts of the whole suite's, and a self-check stopped half-way keeps what it checked.
 */
export function checkCacheFile(bundle: LoadedBundle, opts: CheckOptions = {}, code?: string): string {
  return join(
    opts.cacheDir ?? packagePath('node_modules', '.cache', 'decoy', 'checks'),
    code ?? verdictCode(opts),
    `${bundleHash(bundle)}.json`,
  );
}

/**
 * A bundle's manifest and text files, hashed: what its verdict is of, beside the code. The files
 * in the order of their paths, so a bundle read from disk is the bundle generated. (Its other
 * files, pictures and fonts, no engine loads.)
 */
export function bundleHash(bundle: LoadedBundle): string {
  const h = createHash('sha256');
  const piece = (text: string) => h.update(`${Buffer.byteLength(text)}:`).update(text);
  // Canonical: a manifest read back from bundle.json may hold its keys in another order than the one generated.
  piece(canonicalJson(bundle.manifest));
  const files = Object.entries(bundle.site.files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  h.update(`${files.length}:`);
  for (const [path, text] of files) (piece(path), piece(text));
  return h.digest('hex').slice(0, 32);
}

/** The sources a verdict depends on, hashed: VERDICT_SOURCES (or `opts.sources`), the lockfile, and the compiler's settings the engine's build is made with. */
export const sourcesCode = (opts: Pick<CheckOptions, 'sources'> = {}): string =>
  sourcesKey(opts.sources ?? VERDICT_SOURCES, ['package-lock.json', 'tsconfig.json']);

/** The Node a verdict was made under, with its ICU, which reads prices and dates. */
export const nodeCode = (): string => `${process.version} icu ${process.versions.icu ?? '-'}`;

/** The key of everything a verdict depends on but its bundle: the sources and the Node. */
export const verdictCode = (opts: Pick<CheckOptions, 'sources'> = {}): string =>
  createHash('sha256')
    .update(`${sourcesCode(opts)} ${nodeCode()}`)
    .digest('hex')
    .slice(0, 16);

/** A kept verdict, if whole: rows of the right shape, all of `bundle`. */
function readCached(file: string, bundle: LoadedBundle): CheckRow[] | null {
  if (!existsSync(file)) return null;
  let rows: CheckRow[];
  try {
    rows = ROWS.parse(JSON.parse(readFileSync(file, 'utf8'))) as CheckRow[];
  } catch {
    return null; // a damaged entry is rebuilt
  }
  return rows.length > 0 && rows.every((r) => r.scenario === bundle.manifest.id) ? rows : null;
}

/**
 * The self-check of every bundle (simulator/measure/check.ts), in the bundles' order. Verdicts
 * are deterministic in a bundle and the code, so each bundle's is kept by a hash of both; an
 * entry is written whole (to a temporary file, then renamed) and a damaged one is ignored and
 * rebuilt. The bundles not yet checked are spread over `workers` engine processes.
 */
export async function checkBundles(bundles: readonly LoadedBundle[], opts: CheckOptions = {}): Promise<CheckRow[]> {
  const code = verdictCode(opts);
  const files = bundles.map((b) => checkCacheFile(b, opts, code));
  const rows = bundles.map((b, i) => (opts.fresh ? null : readCached(files[i]!, b)));
  const todo = rows.flatMap((r, i) => (r ? [] : [i]));
  if (todo.length === 0) return rows.flatMap((r) => r!);
  const progress = opts.progress ?? silent;
  let done = bundles.length - todo.length;
  if (done > 0) progress('configurations', done, bundles.length);
  mkdirSync(dirname(files[0]!), { recursive: true });
  // How far the job got: read again once every lane has stopped.
  const far = () => `during the self-check, after ${done} of ${bundles.length} configurations`;
  // The bundles may come from anyone: their pages run in the engine sandbox.
  await stoppedAfter(
    inLanes(
      todo.length,
      opts.workers ?? 1,
      { open: (worker) => DecoyEnv.sandboxed({}, null, worker), close: (env) => env.close() },
      async (env, k) => {
        stopIfAsked(opts.signal, far());
        const i = todo[k]!;
        const checked = await checkBundle(bundles[i]!, env);
        // A terminal's Ctrl-C reaches the engine processes too: a verdict made while it came may be of an engine it ended, and is not kept.
        stopIfAsked(opts.signal, far());
        writeFileAtomic(files[i]!, JSON.stringify(checked));
        rows[i] = checked;
        progress('configurations', ++done, bundles.length);
        await new Promise((r) => setImmediate(r));
      },
    ),
    far,
  );
  return rows.flatMap((r) => r!);
}

/**
 * Refuses to go on when any bundle fails its self-check, naming the first failure. A bundle the
 * version's own verdicts (shipped-verdicts.ts) passed under this same code is not checked again.
 */
export async function requireSelfCheck(
  bundles: readonly LoadedBundle[],
  opts: Pick<CheckOptions, 'signal' | 'progress' | 'workers' | 'cacheDir'> & {
    /** The version's verdicts to take (self-check.json at the package root unless given). */
    shippedFile?: string;
  } = {},
): Promise<void> {
  const passed = shippedPassed(sourcesCode(), nodeCode(), opts.shippedFile);
  const left = passed.size === 0 ? bundles : bundles.filter((b) => !passed.has(bundleHash(b)));
  const failed = (await checkBundles(left, opts)).filter((r) => !r.ok);
  if (failed.length > 0)
    throw new UserError(
      `the suite fails its self-check (${failed.length} failed, first: ${clip(failed[0]?.scenario ?? '')}: ${failed[0]?.check}); see decoy check, or pass --no-check`,
    );
}
