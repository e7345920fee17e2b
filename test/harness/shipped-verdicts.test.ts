import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleHash, checkBundles, requireSelfCheck, verdictCode } from '../../harness/check.ts';
import { loadBundles } from '../../harness/select.ts';
import { readShipped, shippedPassed } from '../../harness/shipped-verdicts.ts';
import { checkedSuites } from '../../tools/verdicts.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'decoy-shipped-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Whether a self-check with its own empty cache checked any configuration (it keeps each one it checks). */
async function checkedAny(bundles: readonly LoadedBundle[], name: string): Promise<string[]> {
  const cacheDir = join(scratch, name);
  await requireSelfCheck(bundles, { cacheDir });
  return existsSync(cacheDir)
    ? readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))
    : [];
}

describe("the version's own verdicts (self-check.json)", () => {
  it('are of the code as it is, and hold every configuration of the checked suites at the default seed: after a change to the checked sources, run npm run verdicts', () => {
    const file = readShipped();
    expect(file, 'self-check.json is missing or malformed: run npm run verdicts').not.toBeNull();
    expect(file!.code, 'self-check.json is of other code: run npm run verdicts and commit it').toBe(verdictCode());
    expect(file!.suites).toEqual(checkedSuites());
    const passed = new Set(file!.passed);
    for (const suite of checkedSuites()) {
      const missing = loadBundles({ suite, seed: file!.seed, patterns: [] }).filter((b) => !passed.has(bundleHash(b)));
      expect(
        missing.map((b) => b.manifest.id),
        suite,
      ).toEqual([]);
    }
  });

  it('say only what checking anew says: random shipped configurations pass their self-check here', async () => {
    const file = readShipped()!;
    const all = checkedSuites().flatMap((suite) => loadBundles({ suite, seed: file.seed, patterns: [] }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), async (b) => {
        const rows = await checkBundles([b], { cacheDir: join(scratch, 'anew'), fresh: true });
        expect(rows.filter((r) => !r.ok)).toEqual([]);
      }),
      { numRuns: 3 },
    );
  });

  it('spare a run the self-check of a shipped configuration, and of nothing else: another seed, or a page changed by one character, is checked', async () => {
    const shipped = loadBundles({ suite: 'demo', seed: readShipped()!.seed, patterns: ['price-drift'] });
    expect(await checkedAny(shipped, 'shipped')).toEqual([]);
    const other = loadBundles({ suite: 'demo', seed: 4243, patterns: ['price-drift'] });
    expect(await checkedAny(other, 'other-seed')).toHaveLength(other.length);
    const first = shipped[0]!;
    const [page, text] = Object.entries(first.site.files).find(([p]) => p.endsWith('.html'))!;
    const changed: LoadedBundle = {
      ...first,
      site: { ...first.site, files: { ...first.site.files, [page]: text.replace('<body', '<body ') } },
    };
    expect(await checkedAny([changed], 'changed')).toHaveLength(1);
  });

  it('of other code, or damaged, are not read', () => {
    const code = verdictCode();
    const file = readShipped()!;
    const path = join(scratch, 'self-check.json');
    writeFileSync(path, JSON.stringify({ ...file, code: code.replace(/^./, (c) => (c === '0' ? '1' : '0')) }));
    expect(shippedPassed(code, path).size).toBe(0);
    for (const damaged of [
      '{',
      JSON.stringify({ ...file, passed: ['not a hash'] }),
      JSON.stringify({ ...file, extra: 1 }),
    ]) {
      writeFileSync(path, damaged);
      expect(shippedPassed(code, path).size, damaged.slice(0, 40)).toBe(0);
    }
    writeFileSync(path, JSON.stringify(file));
    expect(shippedPassed(code, path).size).toBe(file.passed.length);
  });
});
