/**
 * npm run verdicts: checks every registered suite with episodes at the default seed and writes
 * self-check.json, the verdicts a fresh clone's first run takes instead of checking again
 * (harness/shipped-verdicts.ts). test/harness/shipped-verdicts.test.ts fails while the file is
 * of other code; this writes it again. Every configuration is checked anew, in a cache of its
 * own: what the file says is what this code did, never a verdict kept from before.
 */
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_DEFAULT } from '../cli/command.ts';
import { bundleHash, checkBundles, nodeCode, sourcesCode } from '../harness/check.ts';
import { loadBundles } from '../harness/select.ts';
import { SHIPPED_VERDICTS, type ShippedVerdicts } from '../harness/shipped-verdicts.ts';
import { packagePath } from '../lib/root.ts';
import { suites } from '../scenarios/index.ts';

/** The suites whose runs take a self-check: every registered one but the click-level. */
export const checkedSuites = (): string[] => suites.ids().filter((id) => !suites.get(id).clicks);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const passed: string[] = [];
  const cacheDir = mkdtempSync(join(tmpdir(), 'decoy-verdicts-'));
  try {
    for (const suite of checkedSuites()) {
      const started = performance.now();
      const bundles = loadBundles({ suite, seed: SEED_DEFAULT, patterns: [] });
      const rows = await checkBundles(bundles, { workers: availableParallelism(), cacheDir, fresh: true });
      const failed = rows.filter((r) => !r.ok);
      if (failed.length > 0) {
        console.error(
          `${suite} fails its self-check (first: ${failed[0]!.scenario}: ${failed[0]!.check}); see decoy check`,
        );
        process.exitCode = 1;
        break;
      }
      passed.push(...bundles.map(bundleHash));
      console.log(
        `${suite}: ${bundles.length} configurations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  if (process.exitCode !== 1) {
    const file: ShippedVerdicts = {
      code: sourcesCode(),
      node: nodeCode(),
      seed: SEED_DEFAULT,
      suites: checkedSuites(),
      passed: [...new Set(passed)].sort(),
    };
    writeFileSync(packagePath(SHIPPED_VERDICTS), JSON.stringify(file, null, 2) + '\n');
    console.log(`wrote ${SHIPPED_VERDICTS}: ${file.passed.length} configurations passed, code ${file.code}`);
  }
}
