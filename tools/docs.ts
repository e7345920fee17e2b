/**
 * npm run docs: writes the generated pages (and the generated part of docs/outputs.md) from the
 * code they describe. test/cli/readme.test.ts fails while a page differs from what this makes,
 * so a change to a command's flags, a registry, the bundle schema or the episode record's is
 * followed by `npm run docs`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundlePage } from './docs/bundle.ts';
import { cataloguePage } from './docs/catalogue.ts';
import { cliPage } from './docs/cli.ts';
import { outputsPage } from './docs/outputs.ts';

/** Each generated page, by its path from the repository's root; outputs.md is written by hand around the part made here. */
export const GENERATED: Readonly<Record<string, () => string | Promise<string>>> = {
  'docs/cli.md': cliPage,
  'docs/catalogue.md': cataloguePage,
  'docs/bundle.md': bundlePage,
  'docs/outputs.md': () => outputsPage(),
};

/** The repository's root, where the paths above start. */
export const ROOT = new URL('../', import.meta.url);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, make] of Object.entries(GENERATED)) {
    writeFileSync(new URL(path, ROOT), await make());
    console.log(`wrote ${path}`);
  }
}
