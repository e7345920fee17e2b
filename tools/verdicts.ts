/**
 * npm run verdicts: checks every registered suite with episodes at the default seed and writes
 * self-check.json, the verdicts a fresh clone's first run takes instead of checking again
 * (harness/shipped-verdicts.ts). test/harness/shipped-verdicts.test.ts fails while the file is
 * of other code; this writes it again. Verdicts already in the local cache under the same code
 * are reused, so a run after `decoy check` of a suite is quick.
 */
import { availableParallelism } from 'node:os';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SEED_DEFAULT } from '../cli/command.ts';
import { bundleHash, checkBundles, verdictCode } from '../harness/check.ts';
import { loadBundles } from '../harness/select.ts';
import { SHIPPED_VERDICTS, type ShippedVerdicts } from '../harness/shipped-verdicts.ts';
import { packagePath } from '../lib/root.ts';
import { suites } from '../scenarios/index.ts';

/** The suites whose runs take a self-check: every registered one but the click-level. */
export const checkedSuites = (): string[] => suites.ids().filter((id) => !suites.get(id).clicks);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const passed: string[] = [];
  for (const suite of checkedSuites()) {
    const started = performance.now();
    const bundles = loadBundles({ suite, seed: SEED_DEFAULT, patterns: [] });
    const rows = await checkBundles(bundles, { workers: availableParallelism() });
    const failed = rows.filter((r) => !r.ok);
    if (failed.length > 0) {
      console.error(
        `${suite} fails its self-check (first: ${failed[0]!.scenario}: ${failed[0]!.check}); see decoy check`,
      );
      process.exit(1);
    }
    passed.push(...bundles.map(bundleHash));
    console.log(`${suite}: ${bundles.length} configurations in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const file: ShippedVerdicts = {
    code: verdictCode(),
    seed: SEED_DEFAULT,
    suites: checkedSuites(),
    passed: [...new Set(passed)].sort(),
  };
  writeFileSync(packagePath(SHIPPED_VERDICTS), JSON.stringify(file, null, 2) + '\n');
  console.log(`wrote ${SHIPPED_VERDICTS}: ${file.passed.length} configurations passed, code ${file.code}`);
}
