/**
 * The precompiled CLI: every module of the package's TypeScript folders transpiled one to
 * one (imports between them kept, `.ts` rewritten to `.js`), in .build/ under a
 * fingerprint of the sources' names and contents. `npm ci` builds it (prepare);
 * bin/decoy.mjs rebuilds it when a source changed, so it never runs stale code.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SOURCES = ['lib', 'scenarios', 'generator', 'simulator', 'harness', 'cli'];
const CACHE = join(ROOT, '.build');

/** The package's files whose names end in one of `endings`, under its source folders. */
function filesEnding(endings) {
  const files = [];
  for (const dir of SOURCES) {
    if (!existsSync(join(ROOT, dir))) continue;
    for (const f of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (endings.some((e) => f.endsWith(e)) && !f.endsWith('.d.ts')) files.push(join(dir, f));
    }
  }
  return files.sort();
}
const sources = () => filesEnding(['.ts']);
/** Files a module reads beside itself (an LLM party's prompts): copied into the build as they are. */
const assets = () => filesEnding(['.md', '.txt']);

/** Where the build of the current sources lives (it may not exist yet). */
export function buildDir() {
  const h = createHash('sha256');
  // By content, not by size and time: a copy that keeps times (cp -p, rsync -a, tar) must not run old code.
  for (const f of [...sources(), ...assets(), 'bin/build.mjs'])
    h.update(`${f}\u0000`)
      .update(readFileSync(join(ROOT, f)))
      .update('\u0000');
  return join(CACHE, h.digest('hex').slice(0, 16));
}

/** The build's entry module for the current sources, built first if missing. */
export async function ensureBuild() {
  const dir = buildDir();
  const main = join(dir, 'cli', 'main.js');
  if (existsSync(main)) return main;
  const { build } = await import('esbuild');
  // Built beside its final place and renamed in, so a reader never sees half a build.
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await build({
    entryPoints: sources().map((f) => join(ROOT, f)),
    outdir: tmp,
    outbase: ROOT,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    plugins: [
      {
        name: 'own-modules-stay-modules',
        setup(b) {
          b.onResolve({ filter: /^\.\.?\// }, (a) => ({ path: a.path.replace(/\.ts$/, '.js'), external: true }));
        },
      },
    ],
  });
  for (const f of assets()) {
    mkdirSync(dirname(join(tmp, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(tmp, f));
  }
  try {
    renameSync(tmp, dir);
  } catch (e) {
    // Another process built the same sources first.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(main)) throw e;
  }
  prune(dir);
  return main;
}

/** Builds of older sources, once no process can still be starting from them. */
function prune(keep) {
  const hour = Date.now() - 3600_000;
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (path !== keep && statSync(path).mtimeMs < hour) rmSync(path, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const main = await ensureBuild();
  console.log(`decoy: CLI built in ${dirname(dirname(main))}`);
}
