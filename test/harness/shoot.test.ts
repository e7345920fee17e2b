import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../../simulator/engine/chromium.ts';
import { shootBundles } from '../../harness/shoot.ts';
import { loadBundles } from '../../harness/select.ts';
import { chromiumOrSkip } from '../chromium/browser.ts';

const chromium = chromiumOrSkip();
const dir = mkdtempSync(join(tmpdir(), 'decoy-shoot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!chromium.ok)(`decoy shoot ${chromium.why}`, () => {
  it('says which configurations it drew without boxes, and why (here: no safe completion)', async () => {
    const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['price-drift'] });
    const seen: number[] = [];
    const r = await shootBundles(bundles, dir, { executable: findChromium(), scale: 1, progress: (_l, done) => seen.push(done) });
    expect(r.count).toBe(1);
    expect(r.unboxed).toEqual([{ scenario: bundles[0]!.manifest.id, reason: expect.stringMatching(/no safe completion/) }]);
    expect(seen).toEqual([1]);
    expect(existsSync(join(dir, bundles[0]!.manifest.id, 'shots/start-boxes.png'))).toBe(true);
  });
});
