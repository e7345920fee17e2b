import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imagePicture, productPicture } from '../../generator/images.ts';
import { paintSync, type PaintJob } from '../../generator/paint.ts';
import { productJob } from '../../generator/pictures/product.ts';
import { placeJob } from '../../generator/pictures/place.ts';
import { advertJob, albumJob, avatarJob, logoJob, newsJob } from '../../generator/pictures/art.ts';
import { writeBundles } from '../../generator/bundle.ts';
import { readBundle } from '../../simulator/loop/bundle.ts';
import { pictureProblem } from '../../simulator/loop/trust.ts';
import { adhocSuite } from '../helpers.ts';
import { generateSuite } from '../../generator/bundle.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const KINDS: Record<string, (name: string, hue: number) => PaintJob> = {
  product: productJob,
  place: placeJob,
  album: albumJob,
  advert: advertJob,
  news: newsJob,
  avatar: (name) => avatarJob(name),
  logo: logoJob,
};

describe('pictures', () => {
  it('a picture is the same bytes in another process: painting is a pure function of the recipe, not of a cache', () => {
    const jobs = Object.values(KINDS).map((make) => make('Harbour View', 205));
    const here = jobs.map((j) => sha(paintSync(j)));
    const paint = fileURLToPath(new URL('../../generator/paint.ts', import.meta.url));
    const script = `import { paintSync } from ${JSON.stringify(paint)}; import { createHash } from 'node:crypto'; const jobs = JSON.parse(process.argv[1]); console.log(JSON.stringify(jobs.map((j) => createHash('sha256').update(paintSync(j)).digest('hex'))));`;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, JSON.stringify(jobs)],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(out.trim())).toEqual(here);
  }, 60_000);

  it('every kind paints a WebP of the size its recipe names, which the bundle check takes for the picture it claims to be', async () => {
    for (const [kind, make] of Object.entries(KINDS)) {
      const job = make('Cedar Desk Lamp', 40);
      const bytes = paintSync(job);
      const meta = await sharp(bytes).metadata();
      expect([kind, meta.format, meta.width, meta.height]).toEqual([kind, 'webp', job.w, job.h]);
      expect(pictureProblem('img/a.webp', bytes), kind).toBeNull();
      // Pictures, not flat fills: the pixels vary.
      const stats = await sharp(bytes).stats();
      expect(Math.max(...stats.channels.map((c) => c.stdev)), kind).toBeGreaterThan(8);
    }
  }, 60_000);

  it('pictures differ between kinds, subjects and hues, and each kind shows more than one style (a drawing of another shape, numbers aside) over a dozen subjects', () => {
    const seen = new Set<string>();
    let count = 0;
    for (const make of Object.values(KINDS))
      for (const [name, hue] of [
        ['Summit Trail Backpack', 20],
        ['Summit Trail Backpack', 200],
        ['Pine Lodge', 20],
      ] as const) {
        seen.add(sha(paintSync(make(name, hue))));
        count++;
      }
    // The avatar is drawn from the name alone, so two of its three are the same person.
    expect(seen.size).toBe(count - 1);
    for (const [kind, make] of Object.entries(KINDS)) {
      if (kind === 'avatar' || kind === 'logo') continue;
      const backdrops = new Set(
        Array.from({ length: 12 }, (_, i) => make(`subject ${i}`, i * 29).layers[0]?.svg.replace(/[\d.-]+/g, '')),
      );
      expect(backdrops.size, kind).toBeGreaterThan(1);
    }
  }, 120_000);

  it("a picture's class and file name are a hash of its recipe: they name neither the product nor the kind, and the same subject gives the same picture", () => {
    const a = productPicture('Aurora Wireless Headphones', 210);
    expect(a).toEqual(productPicture('Aurora Wireless Headphones', 210));
    expect(a.path).toMatch(/^img\/[0-9a-f]{20}\.webp$/);
    expect(a.cls).toMatch(/^i[0-9a-f]{12}$/);
    expect(a.rule).toBe(`.${a.cls}{background:#e5e7eb url("/${a.path}") center/cover no-repeat}`);
    const cover = imagePicture({ kind: 'image', id: 'cover', alt: 'Blue Hours cover', hue: 210, height: 160 }, 'music');
    expect(cover.path).not.toBe(a.path);
    expect(`${cover.path} ${cover.rule}`).not.toMatch(/album|blue|hours|product|headphone|music/i);
  });

  it('written bundles hold their pictures as WebP files, read back as data that passes the check, and a second write gives the same bytes', () => {
    const suite = adhocSuite([
      { task: 'purchase', domain: 'shopping', patterns: [] },
      { task: 'reserve', domain: 'booking', patterns: [] },
    ]);
    const made = generateSuite(suite, 3);
    const dir = mkdtempSync(join(tmpdir(), 'decoy-pictures-'));
    try {
      writeBundles(join(dir, 'a'), suite, 3, made);
      writeBundles(join(dir, 'b'), suite, 3, generateSuite(suite, 3));
      for (const b of made) {
        const pictures = Object.keys(b.pictures);
        expect(pictures.length, b.manifest.id).toBeGreaterThan(0);
        for (const path of pictures) expect(b.files['index.html']).toContain(`url("/${path}")`);
        const read = readBundle(join(dir, 'a', b.manifest.id));
        const again = readBundle(join(dir, 'b', b.manifest.id));
        expect(Object.keys(read.site.data ?? {}).sort()).toEqual(pictures.sort());
        for (const path of pictures)
          expect(sha(read.site.data?.[path] as Uint8Array)).toBe(sha(again.site.data?.[path] as Uint8Array));
        expect(readdirSync(join(dir, 'a', b.manifest.id, 'site', 'img')).sort()).toEqual(
          pictures.map((p) => p.slice('img/'.length)).sort(),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
