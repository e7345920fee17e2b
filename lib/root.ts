import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | null = null;

/**
 * The package's own folder (where package.json names `decoy`). Files that are not modules
 * (templates, the page scripts' TypeScript sources, the Astro project) are found from here,
 * so that code run from the precompiled build finds the same files as code run from source.
 */
export function projectRoot(): string {
  if (root !== null) return root;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'decoy')
      return (root = dir);
    if (dirname(dir) === dir) throw new Error(`no decoy package.json above ${fileURLToPath(import.meta.url)}`);
  }
}

/** A file or folder of the package, by its path from the package root (e.g. 'generator', 'templates'). */
export const packagePath = (...parts: string[]): string => join(projectRoot(), ...parts);
