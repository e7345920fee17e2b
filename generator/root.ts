import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/**
 * The package's root folder (where its package.json is), found by walking up from this
 * module: sources read at run time (templates, the site runtime) resolve from here, so the
 * code works the same run from source or compiled into another folder of the package.
 */
export function projectRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'decoy') return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json of decoy above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}
