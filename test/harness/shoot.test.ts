import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../../simulator/page/engine/chromium.ts';
import { shootBundles } from '../../harness/shoot.ts';
import { Camera, shotStateSchema } from '../../simulator/measure/shots.ts';
import { writeDataset } from '../../harness/dataset.ts';
import { resize } from '../../harness/clicks.ts';
import { loadBundles, selectSuite } from '../../harness/select.ts';
import { UserError } from '../../lib/errors.ts';
import { chromiumOrSkip } from '../chromium/browser.ts';

const chromium = chromiumOrSkip();
const dir = mkdtempSync(join(tmpdir(), 'decoy-shoot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const refusal = (e: unknown, folder: string, file: string) => {
  expect(e).toBeInstanceOf(UserError);
  expect((e as Error).message).toBe(
    `${folder} is in use by another decoy process (pid ${process.pid}, ${file}); wait for it to end, or choose another --out`,
  );
};

describe.skipIf(!chromium.ok)(`decoy shoot ${chromium.why}`, () => {
  it('says which configurations it drew without boxes, and why (here: no safe completion); a folder another live process holds is refused with nothing written, and a lock a dead process left is taken over and removed at the end', async () => {
    const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: ['price-drift'] });
    const opts = { executable: findChromium(), scale: 1 };
    // This test's own pid stands for a live second process.
    const held = join(dir, 'held');
    mkdirSync(held);
    writeFileSync(join(held, 'run.lock'), `${process.pid}\n`);
    refusal(
      await shootBundles(bundles, held, opts).then(
        () => null,
        (e: unknown) => e,
      ),
      held,
      'run.lock',
    );
    expect(readdirSync(held)).toEqual(['run.lock']);

    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir, 'run.lock'), `${gone}\n`);
    const seen: number[] = [];
    const r = await shootBundles(bundles, dir, { ...opts, progress: (_l, done) => seen.push(done) });
    expect(r.count).toBe(1);
    expect(r.unboxed).toEqual([
      { scenario: bundles[0]!.manifest.id, reason: expect.stringMatching(/no safe completion/) },
    ]);
    expect(seen).toEqual([1]);
    expect(existsSync(join(dir, bundles[0]!.manifest.id, 'shots/start-boxes.png'))).toBe(true);
    // The state the picture shows, for a report to mark the steps taken in it.
    const state = shotStateSchema.parse(
      JSON.parse(readFileSync(join(dir, bundles[0]!.manifest.id, 'shots/start.json'), 'utf8')),
    );
    expect(state.viewport).toEqual({ width: 1280, height: 800 });
    expect(Object.keys(state.points).length).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'run.lock'))).toBe(false);
  });
});

describe('decoy dataset', () => {
  it("a page that hangs past a call's time cannot be photographed: a one-line UserError naming the configuration, not a crash", async () => {
    const [b] = loadBundles({ suite: 'demo', seed: 7, patterns: ['warranty-addon'] });
    const files = {
      ...b!.site.files,
      'index.html': b!.site.files['index.html']!.replace('<head>', '<head><script>for (;;) {}</script>'),
    };
    const camera = new Camera({ executable: findChromium(), callMs: 1500 });
    try {
      const e = await camera.shoot({ manifest: b!.manifest, site: { files } }, []).then(
        () => null,
        (e: unknown) => e,
      );
      expect(e).toBeInstanceOf(UserError);
      expect((e as Error).message).toBe(
        `${b!.manifest.id}: cannot be photographed in Chromium: a step took more than 1.5 s`,
      );
    } finally {
      await camera.close();
    }
  });

  it('a dataset folder another live process is writing (its lock beside it) is refused before any work, with nothing written', async () => {
    const out = join(dir, 'ds');
    writeFileSync(`${out}.lock`, `${process.pid}\n`);
    const suite = selectSuite('ruc');
    const config = {
      suite,
      spec: resize(suite.clicks!, 10, 6),
      seed: 7,
      out,
      scale: 1,
      overlay: false,
      marks: false,
      executable: '/nonexistent',
    };
    refusal(
      await writeDataset(config).then(
        () => null,
        (e: unknown) => e,
      ),
      out,
      'ds.lock',
    );
    expect(existsSync(out) || existsSync(`${out}.partial`)).toBe(false);
    rmSync(`${out}.lock`);
  });
});
