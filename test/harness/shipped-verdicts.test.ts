import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleHash, checkBundles, nodeCode, requireSelfCheck, sourcesCode } from '../../harness/check.ts';
import { loadBundles } from '../../harness/select.ts';
import { readShipped, shippedPassed, type ShippedVerdicts } from '../../harness/shipped-verdicts.ts';
import { checkedSuites } from '../../tools/verdicts.ts';
import { SEED_DEFAULT } from '../../cli/command.ts';
import { decoyIn } from '../helpers.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'decoy-shipped-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The configurations a self-check with its own empty cache checked (it keeps each one it checks), taking `shippedFile`'s verdicts. */
async function checkedAny(bundles: readonly LoadedBundle[], name: string, shippedFile: string): Promise<string[]> {
  const cacheDir = join(scratch, name);
  await requireSelfCheck(bundles, { cacheDir, shippedFile });
  return existsSync(cacheDir)
    ? readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))
    : [];
}

/** A file of verdicts as `npm run verdicts` writes it, made by this code under this Node unless told otherwise. */
function shippedOf(bundles: readonly LoadedBundle[], name: string, over: Partial<ShippedVerdicts> = {}): string {
  const path = join(scratch, `${name}.json`);
  const file: ShippedVerdicts = {
    code: sourcesCode(),
    node: nodeCode(),
    seed: SEED_DEFAULT,
    suites: ['demo'],
    passed: bundles.map(bundleHash).sort(),
    ...over,
  };
  writeFileSync(path, JSON.stringify(file));
  return path;
}

describe("the version's own verdicts (self-check.json)", () => {
  it('are of the code as it is, and hold every configuration of the checked suites at the default seed: after a change to the checked sources, run npm run verdicts', () => {
    const file = readShipped();
    expect(file, 'self-check.json is missing or malformed: run npm run verdicts').not.toBeNull();
    expect(file!.code, 'self-check.json is of other code: run npm run verdicts and commit it').toBe(sourcesCode());
    expect(file!.suites).toEqual(checkedSuites());
    expect(file!.seed).toBe(SEED_DEFAULT);
    const passed = new Set(file!.passed);
    const catalogue = new Set<string>();
    for (const suite of checkedSuites()) {
      const bundles = loadBundles({ suite, seed: file!.seed, patterns: [] });
      bundles.forEach((b) => catalogue.add(bundleHash(b)));
      expect(
        bundles.filter((b) => !passed.has(bundleHash(b))).map((b) => b.manifest.id),
        suite,
      ).toEqual([]);
    }
    // Nothing beside the catalogue: a hash added by hand would spare any bundle its check.
    expect(file!.passed).toEqual([...catalogue].sort());
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

  it('spare a run the self-check of a listed configuration, and of nothing else: another seed, a page changed by one character, or another Node is checked', async () => {
    const demo = loadBundles({ suite: 'demo', seed: SEED_DEFAULT, patterns: [] });
    const file = shippedOf(demo, 'demo');
    expect(await checkedAny(demo, 'shipped', file)).toEqual([]);
    // Written to a folder and read back (its files, and its manifests' keys, in another order): the same bundles, spared too.
    const folder = join(scratch, 'generated');
    const made = await decoyIn(scratch, 'generate', '--suite', 'demo', '--out', folder);
    expect(made.code, made.err).toBe(0);
    expect(await checkedAny(loadBundles({ bundles: folder }), 'from-disk', file)).toEqual([]);
    const other = loadBundles({ suite: 'demo', seed: 4243, patterns: ['price-drift'] });
    expect(await checkedAny(other, 'other-seed', file)).toHaveLength(other.length);
    const shipped = demo.filter((b) => b.manifest.patterns.some((p) => p.family === 'price-drift'));
    expect(shipped.length).toBeGreaterThan(0);
    const first = shipped[0]!;
    const [page, text] = Object.entries(first.site.files).find(([p]) => p.endsWith('.html'))!;
    const changed: LoadedBundle = {
      ...first,
      site: { ...first.site, files: { ...first.site.files, [page]: text.replace('<body', '<body ') } },
    };
    expect(await checkedAny([changed], 'changed', file)).toHaveLength(1);
    const elsewhere = shippedOf(shipped, 'other-node', { node: 'v0.0.0 icu -' });
    expect(await checkedAny(shipped, 'other-node', elsewhere)).toHaveLength(shipped.length);
  });

  it('of other code, another Node, or damaged, are not read', () => {
    const shipped = loadBundles({ suite: 'demo', seed: SEED_DEFAULT, patterns: ['price-drift'] });
    const [code, node] = [sourcesCode(), nodeCode()];
    const path = shippedOf(shipped, 'read');
    expect(shippedPassed(code, node, path).size).toBe(shipped.length);
    const file = readShipped(path)!;
    for (const damaged of [
      JSON.stringify({ ...file, code: code.replace(/^./, (c) => (c === '0' ? '1' : '0')) }),
      JSON.stringify({ ...file, node: 'v0.0.0 icu -' }),
      '{',
      JSON.stringify({ ...file, passed: ['not a hash'] }),
      JSON.stringify({ ...file, extra: 1 }),
    ]) {
      writeFileSync(path, damaged);
      expect(shippedPassed(code, node, path).size, damaged.slice(0, 60)).toBe(0);
    }
  });
});
