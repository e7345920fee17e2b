import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../lib/root.ts';
import { GALLERY_DIR, galleryData, writeLiveSites, type GalleryBundle } from './gallery.ts';
import { newKeySecret } from './live-copy.ts';
import type { GalleryResults } from './gallery-results.ts';
import { assertGalleryFolder, writeBuiltList } from './gallery-folder.ts';

function runAstro(scratch: string, job: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [packagePath('harness', 'astro-build.mjs'), job], {
      cwd: scratch,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the Astro build of the gallery failed (exit ${code}):\n${err}`)),
    );
  });
}

/**
 * Builds the gallery site (the Astro project in sites/) of these bundles into `out`, then
 * writes what Astro does not build: the live sites and their index, beside the gallery's
 * own files (gallery.ts GALLERY_DIR), never among them. Astro runs in a child
 * process (harness/astro-build.mjs), so this process's environment and working folder
 * stay as they are. Live keys are made under `keySecret`, new for each build by default.
 */
export async function buildGallery(
  bundles: readonly GalleryBundle[],
  out: string,
  keySecret = newKeySecret(),
  opts: { trusted?: boolean; results?: GalleryResults; reads?: readonly string[] } = {},
): Promise<void> {
  const data = galleryData(bundles, keySecret, opts.results);
  // Only an empty folder or an earlier gallery is replaced (whole); nothing else is deleted.
  assertGalleryFolder(out, opts.reads);
  rmSync(out, { recursive: true, force: true });
  const sites = packagePath('sites');
  // Inside the project, so that Astro's intermediate server bundle resolves its packages.
  const scratch = mkdtempSync(join(sites, '.build-'));
  const built = join(scratch, 'dist');
  try {
    writeFileSync(join(scratch, 'gallery.json'), JSON.stringify(data));
    const job = join(scratch, 'job.json');
    writeFileSync(
      job,
      JSON.stringify({
        root: sites,
        outDir: built,
        cacheDir: join(scratch, 'astro'),
        viteCacheDir: join(scratch, 'vite'),
        data: join(scratch, 'gallery.json'),
      }),
    );
    await runAstro(scratch, job);
    cpSync(built, join(out, GALLERY_DIR), { recursive: true });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  writeLiveSites(out, bundles, keySecret, opts);
  writeBuiltList(out);
}
