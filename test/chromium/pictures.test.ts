/**
 * The pictures a site shows are files of its own that Chromium loads (jsdom loads none): a
 * screenshot shows them, the same bytes every time, and a picture keeps the box it was given.
 */
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ChromiumBrowser } from '../../simulator/page/engine/chromium.ts';
import { bundleFor } from '../helpers.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const browser = have.ok ? new ChromiumBrowser() : null;
afterAll(async () => browser?.close());

const shop = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);

async function shot(site: typeof shop.site): Promise<Buffer> {
  await browser!.open(site, { seed: 3 });
  return browser!.screenshot();
}

describe.skipIf(!have.ok)(`Chromium shows a site's pictures ${have.why}`, () => {
  it('a screenshot shows the painted pictures (it differs from the page without them, with more colour in it), and is the same bytes when taken again', async () => {
    expect(Object.keys(shop.site.data ?? {}).length).toBeGreaterThan(0);
    const withPictures = await shot(shop.site);
    const without = await shot({ files: shop.site.files });
    expect(withPictures.equals(without)).toBe(false);
    const spread = async (png: Buffer) =>
      (await sharp(png).stats()).channels.slice(0, 3).reduce((s, c) => s + c.stdev, 0);
    expect(await spread(withPictures)).toBeGreaterThan(await spread(without));
    expect((await shot(shop.site)).equals(withPictures)).toBe(true);
  }, 120_000);

  it('with its pictures loaded, every element keeps its authored box in Chromium (a picture is a background: it sizes nothing)', async () => {
    await shot(shop.site);
    const { compared, worst, where } = await browser!.measureBoxes();
    expect(compared).toBeGreaterThan(20);
    expect(worst, where).toBe(0);
  }, 120_000);
});
