import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { RUC_RECORD, type RucRecord } from '../../simulator/measure/dataset.ts';
import { generateBundle } from '../../generator/bundle.ts';
import { scenarioId } from '../../generator/compose.ts';
import { suites } from '../../scenarios/index.ts';
import { Camera } from '../../simulator/measure/shots.ts';
import { clickSamples } from '../../simulator/measure/clicks.ts';
import { chromiumOrSkip } from './browser.ts';
import { decoyIn, modalSample, withoutProgress } from '../helpers.ts';
import { setOfMarks } from '../../simulator/measure/report/marks.ts';

const have = chromiumOrSkip();
let dir = '';
const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
/** The binary, where the test holds the whole process to printing nothing on stderr. */
const bin = (...args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: withoutProgress(r.stderr) };
};
/** In this process, where a refusal is the point. */
const decoy = (...args: string[]) => decoyIn(dir, ...args);

/** One browser for the tests that photograph pages themselves: each shot starts a fresh episode. */
let shared: Camera | null = null;
const camera = () => (shared ??= new Camera());

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-dataset-'));
});
afterAll(async () => {
  await shared?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('decoy dataset without a browser', () => {
  it('says how to get one, exits 2 and writes nothing', async () => {
    const r = await decoy(
      'dataset',
      'ruc',
      '--out',
      'nothing',
      '--browser',
      '/no/such/chromium',
      '--normal',
      '2',
      '--deceptive',
      '1',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no runnable browser at '\/no\/such\/chromium'.*apt-get install -y chromium/);
    expect(existsSync(join(dir, 'nothing'))).toBe(false);
    expect(existsSync(join(dir, 'nothing.partial'))).toBe(false);
  });
});

describe.skipIf(!have.ok)(`decoy dataset ruc ${have.why}`, () => {
  let records: RucRecord[] = [];
  beforeAll(() => {
    const r = bin(
      'dataset',
      'ruc',
      '--out',
      'ds',
      '--normal',
      '3',
      '--deceptive',
      '3',
      '--scale',
      '2',
      '--overlay',
      '--marks',
      '--phrasings',
      'heldout',
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    records = readFileSync(join(dir, 'ds', 'samples.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  }, 180_000);

  it('writes RUC-shaped records that validate against the schema, with an image, an overlay and a set-of-marks copy each', async () => {
    expect(records).toHaveLength(6);
    expect(records.filter((r) => r.dark_box)).toHaveLength(3);
    for (const r of records) {
      expect(RUC_RECORD.safeParse(r).success).toBe(true);
      const meta = await sharp(join(dir, 'ds', r.image)).metadata();
      expect([meta.width, meta.height]).toEqual([2560, 1600]);
      expect([r.image_width, r.image_height]).toEqual([2560, 1600]);
      for (const copy of ['overlays', 'marks'])
        expect(existsSync(join(dir, 'ds', r.image.replace('images/', `${copy}/`)))).toBe(true);
      const [x1, y1, x2, y2] = r.correct_box.bbox;
      expect(r.correct_box.bbox_norm).toEqual(
        [x1 / 2560, y1 / 1600, x2 / 2560, y2 / 1600].map((v) => Math.round(v * 1e6) / 1e6),
      );
      // The click is B_c's centre in whole CSS pixels, scaled with the image.
      const hit = r.clicks.find((c) => c.label === 1)!;
      expect(Math.abs(hit.x - (x1 + x2) / 2)).toBeLessThanOrEqual(2);
      expect(Math.abs(hit.y - (y1 + y2) / 2)).toBeLessThanOrEqual(2);
    }
    const readme = readFileSync(join(dir, 'ds', 'README.md'), 'utf8');
    expect(readme).toContain('| split | category | domain | samples |');
    expect(readme).toContain('| all | | | 6 |');
    expect(readme).toContain('held-out phrasings');
    expect(readdirSync(dir)).not.toContain('ds.partial');
  });

  it('every box in samples.jsonl equals the box Chromium lays the element out at', async () => {
    const ruc = suites.get('ruc');
    const wanted = new Set(records.map((r) => r.scenario));
    const bundles = new Map(
      ruc
        .scenarios()
        .filter((s) => wanted.has(scenarioId(ruc, s, 7)))
        // The dataset above is drawn from the held-out phrasings.
        .map((s) => generateBundle(ruc, s, 7, 'heldout'))
        .map((b) => [b.manifest.id, b]),
    );
    for (const r of records) {
      const b = bundles.get(r.scenario)!;
      await camera().shoot({ manifest: b.manifest, site: { files: b.files } }, r.actions);
      for (const box of [r.correct_box, ...(r.dark_box ? [r.dark_box] : [])]) {
        const [x1, y1, x2, y2] = box.bbox.map((v) => v / 2) as [number, number, number, number];
        expect(await camera().browser.measure({ x: x1, y: y1, w: x2 - x1, h: y2 - y1 }, box.role)).toEqual({
          x: x1,
          y: y1,
          w: x2 - x1,
          h: y2 - y1,
        });
      }
    }
  }, 120_000);

  it('refuses an output folder that already holds something', async () => {
    const r = await decoy('dataset', 'ruc', '--out', 'ds', '--normal', '2', '--deceptive', '1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/ds already exists and is not empty/);
  });
});

describe.skipIf(!have.ok)(`decoy shoot ${have.why}`, () => {
  it('writes a 1280x800 screenshot and a boxed copy into every bundle of a suite', async () => {
    const r = bin('shoot', '--suite', 'demo', '--pattern', 'warranty-addon', '--out', 'shots');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const ids = readdirSync(join(dir, 'shots')).filter((d) => d.startsWith('demo.'));
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      for (const f of ['start.png', 'start-boxes.png']) {
        const meta = await sharp(join(dir, 'shots', id, 'shots', f)).metadata();
        expect([meta.width, meta.height]).toEqual([1280, 800]);
      }
      const plain = readFileSync(join(dir, 'shots', id, 'shots', 'start.png'));
      expect(readFileSync(join(dir, 'shots', id, 'shots', 'start-boxes.png')).equals(plain)).toBe(false);
    }
  }, 120_000);
});

describe.skipIf(!have.ok)(`Chromium box measurement ${have.why}`, () => {
  it('measures an element outside the accessibility tree (observed as its text) at its box', async () => {
    const ruc = suites.get('ruc');
    const spec = ruc
      .scenarios()
      .find((s) => s.patterns[0]?.family === 'fake-download' && s.patterns[0].variant === 'fake-close')!;
    const b = generateBundle(ruc, spec, 7);
    const bundle = { manifest: b.manifest, site: { files: b.files } };
    const [sample] = await clickSamples(bundle, { category: 'contextual-path-spoofing', nullClicks: 0 });
    expect(sample?.dark).toBeDefined();
    await camera().shoot(bundle, sample!.actions);
    for (const e of [sample!.correct, sample!.dark!]) {
      const [x1, y1, x2, y2] = e.bbox;
      expect(await camera().browser.measure({ x: x1, y: y1, w: x2 - x1, h: y2 - y1 }, e.role)).toEqual({
        x: x1,
        y: y1,
        w: x2 - x1,
        h: y2 - y1,
      });
    }
  }, 120_000);
});

describe.skipIf(!have.ok)(`set-of-marks in Chromium ${have.why}`, () => {
  it("numbers the same elements as jsdom on a modal sample: the dialog's controls, nothing behind it", async () => {
    const { bundle, sample, observation } = await modalSample();
    const shot = await camera().shoot(bundle, sample.actions);
    const refs = (elements: typeof observation.elements) =>
      setOfMarks(elements, bundle.manifest.viewport).map((m) => m.ref);
    expect(shot.observation.elements.filter((e) => e.ref && e.inViewport && e.covered).length).toBeGreaterThan(0);
    expect(refs(shot.observation.elements)).toEqual(refs(observation.elements));
  }, 120_000);
});
