/**
 * Astro's build of the gallery, in a process of its own: Astro puts intermediate output in
 * its working folder, so the harness starts this with the scratch folder as working folder
 * (and Astro's telemetry off) instead of changing its own. Argument: a JSON file
 * {root, outDir, cacheDir, data}, where data is the gallery's data file; the pages import
 * it as the module `virtual:decoy-gallery`.
 */
import { readFileSync } from 'node:fs';
import { build } from 'astro';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const id = 'virtual:decoy-gallery';
const gallery = {
  name: 'decoy-gallery',
  resolveId: (source) => (source === id ? `\0${id}` : null),
  load: (module) => (module === `\0${id}` ? `export default ${readFileSync(job.data, 'utf8')};` : null),
};
await build({
  root: job.root,
  outDir: job.outDir,
  cacheDir: job.cacheDir,
  logLevel: 'error',
  vite: { cacheDir: job.viteCacheDir, plugins: [gallery] },
});
