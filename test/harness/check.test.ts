import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBundles, checkCacheFile } from '../../harness/check.ts';
import { loadBundles } from '../../harness/select.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let scratch = '';

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'decoy-check-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the self-check verdict cache', () => {
  it('a damaged entry is ignored and rebuilt; progress is reported per configuration', async () => {
    const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['price-drift'] });
    const cacheDir = join(scratch, 'cache');
    const seen: string[] = [];
    const rows = await checkBundles(bundles, {
      cacheDir,
      progress: (label, done, total) => seen.push(`${label} ${done}/${total}`),
    });
    expect(seen.at(-1)).toBe(`configurations ${bundles.length}/${bundles.length}`);
    const file = checkCacheFile(bundles[0]!, { cacheDir });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(rows.filter((r) => r.scenario === bundles[0]!.manifest.id));
    // Damaged entries: cut short, or well-formed but of another configuration or none.
    for (const damage of [
      '[{"scenario": "x", "check": ',
      JSON.stringify(rows.map((r) => ({ ...r, scenario: 'x' }))),
      '[]',
    ]) {
      writeFileSync(file, damage);
      expect(await checkBundles(bundles, { cacheDir }), damage).toEqual(rows);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(
        rows.filter((r) => r.scenario === bundles[0]!.manifest.id),
      );
    }
    // A well-formed entry that says otherwise is believed, until fresh checks anew and replaces it.
    const own = rows.filter((r) => r.scenario === bundles[0]!.manifest.id);
    const told = own.map((r) => ({ ...r, ok: !r.ok, detail: 'told' }));
    writeFileSync(file, JSON.stringify(told));
    expect((await checkBundles(bundles, { cacheDir })).slice(0, own.length)).toEqual(told);
    const progress: number[] = [];
    expect(await checkBundles(bundles, { cacheDir, fresh: true, progress: (_, d) => progress.push(d) })).toEqual(rows);
    expect(progress, 'every configuration checked anew').toEqual(bundles.map((_, i) => i + 1));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(own);
    // Written whole: nothing but entries in the folder, one per configuration.
    expect(readdirSync(dirname(file)).sort()).toEqual(
      bundles.map((b) => basename(checkCacheFile(b, { cacheDir }))).sort(),
    );
  });

  it("is kept per configuration: part of a checked suite is not checked again, a stopped check keeps what it checked, and several workers give the same verdicts in the suite's order", async () => {
    const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['preselected-consent'] });
    const cacheDir = join(scratch, 'per-configuration');
    const stop = new AbortController();
    const seen: number[] = [];
    await expect(
      checkBundles(bundles, {
        cacheDir,
        signal: stop.signal,
        progress: (_, done) => (seen.push(done), done === 1 ? stop.abort() : undefined),
      }),
    ).rejects.toThrow(/during the self-check, after 1 of \d+ configurations/);
    expect(seen).toEqual([1]);
    const again: number[] = [];
    const rows = await checkBundles(bundles, { cacheDir, workers: 3, progress: (_, done) => again.push(done) });
    expect(again[0]).toBe(1);
    expect(again.at(-1)).toBe(bundles.length);
    const alone = await checkBundles(bundles, { cacheDir: join(scratch, 'alone') });
    expect(rows).toEqual(alone);
    const part: number[] = [];
    expect(await checkBundles(bundles.slice(1, 3), { cacheDir, progress: (_, d) => part.push(d) })).toEqual(
      rows.filter((r) => bundles.slice(1, 3).some((b) => b.manifest.id === r.scenario)),
    );
    expect(part, 'nothing checked again').toEqual([]);
  });

  it('keeps no verdict of a configuration whose check was under way when Ctrl-C came (a terminal ends the engine processes too)', async () => {
    const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['preselected-consent'] }).slice(0, 1);
    const cacheDir = join(scratch, 'cut');
    // Not stopped when the check starts, stopped by the time it ends.
    let reads = 0;
    const signal = {
      get aborted() {
        return ++reads > 1;
      },
    } as AbortSignal;
    await expect(checkBundles(bundles, { cacheDir, signal })).rejects.toThrow(
      /during the self-check, after 0 of 1 configurations/,
    );
    expect(existsSync(checkCacheFile(bundles[0]!, { cacheDir }))).toBe(false);
  });

  it('is keyed by each file whole: moving text from the end of one file to the start of the next, or into a path, gives another key', () => {
    const [b] = loadBundles({ suite: 'demo', seed: 7, patterns: ['price-drift'] });
    if (!b) throw new Error('no bundle');
    const key = (files: Record<string, string>) =>
      checkCacheFile({ manifest: b.manifest, site: { files } }, { sources: [] });
    expect(key({ 'a.html': 'xy', 'b.html': 'z' })).not.toBe(key({ 'a.html': 'x', 'b.html': 'yz' }));
    expect(key({ 'a.html': 'xb.html', c: '' })).not.toBe(key({ 'a.html': 'x', 'b.htmlc': '' }));
    expect(key({ 'a.html': 'x' })).toBe(key({ 'a.html': 'x' }));
  });

  it("lives in the package's own cache folder, not the shared temporary folder", () => {
    const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['price-drift'] });
    const file = checkCacheFile(bundles[0]!);
    expect(dirname(dirname(file))).toBe(join(ROOT, 'node_modules', '.cache', 'decoy', 'checks'));
    // In the temporary folder only when the package itself lives there (a clone in /tmp).
    expect(relative(tmpdir(), file).startsWith('..')).toBe(relative(tmpdir(), ROOT).startsWith('..'));
  });

  it('is keyed by the evaluators too: a family whose outcome never fires fails the check at once (and the CLI runs the changed source)', () => {
    // A copy of the package whose sources can be changed; its packages are the real ones.
    const copy = join(scratch, 'pkg');
    for (const d of ['lib', 'scenarios', 'generator', 'simulator', 'harness', 'cli', 'bin'])
      cpSync(join(ROOT, d), join(copy, d), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const check = () =>
      spawnSync(
        process.execPath,
        [join(copy, 'bin/decoy.mjs'), 'check', '--suite', 'demo', '--pattern', 'warranty-addon'],
        { cwd: scratch, encoding: 'utf8' },
      );
    const before = check();
    expect(before.status, before.stderr).toBe(0);
    expect(before.stdout).toMatch(/trap <family> gives its outcome +2 +0/);
    const family = join(copy, 'scenarios/families/warranty-addon.ts');
    const source = readFileSync(family, 'utf8');
    // The family's risk holds while the plan is in the basket; pointed at an item no page offers, the outcome never fires.
    const evaluator = /(\n      return )\(\n\s*b\.cart\.has\(sku\)[\s\S]*?\n      \);/;
    expect(source).toMatch(evaluator);
    writeFileSync(
      family,
      source.replace(evaluator, (_, head: string) => `${head}b.cart.has('no-such-item');`),
    );
    const after = check();
    expect(after.status).toBe(1);
    expect(after.stdout).toMatch(/trap <family> gives its outcome +0 +2/);
    expect(existsSync(join(copy, '.build'))).toBe(true);
  });
});
