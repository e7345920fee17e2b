/**
 * `decoy fuzz --engines` finds a difference planted in the jsdom engine: here jsdom's hit test
 * is built with rounded corners ignored (every element square), as an engine bug would have it,
 * so a click in the cut-off corner of a rounded box reaches the box in jsdom and what lies
 * under it in Chromium. The search must find that and shrink it to a page of a few elements.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fuzzEngines } from '../../harness/fuzz/engine-search.ts';
import { editSite } from '../../harness/fuzz/pages.ts';
import { JsdomBrowser } from '../../simulator/page/engine/jsdom.ts';
import { findChromium, releaseChromium } from '../../simulator/page/engine/chromium.ts';
import { compose } from '../../generator/compose.ts';
import { caseSuite, specOf } from '../../harness/fuzz/space.ts';

vi.mock('../../simulator/page/dom/radius.ts', async (original) => ({
  ...(await original<typeof import('../../simulator/page/dom/radius.ts')>()),
  radii: () => null,
}));

afterAll(releaseChromium);

describe('the engines fuzzed against each other', () => {
  it('a jsdom that ignores rounded corners is caught and shrunk to a page of a few blocks and one click, at a point inside a rounded corner', async () => {
    const r = await fuzzEngines({
      executable: findChromium(),
      seed: 1,
      runs: 12,
      shrinkLimit: 12,
      jsdom: () => new JsdomBrowser(),
    });
    const hit = r.classes.find((c) => c.kind === 'hit');
    expect(hit, JSON.stringify(r.classes.map((c) => c.key))).toBeDefined();
    expect(hit?.shrunk.failure.detail).toMatch(/^at \(\d+, \d+\): jsdom .* \/ chromium /);
    const p = hit!.shrunk.case;
    expect(p.clicks).toHaveLength(1);
    const site = compose(caseSuite(specOf(p.site)), specOf(p.site), p.site.seed, p.site.phrasings).site;
    const kept = editSite(site, p);
    const blocks = kept.pages.reduce((n, page) => n + page.blocks.length, 0);
    expect(blocks).toBeLessThanOrEqual(3);
    expect(kept.overlays.length).toBeLessThanOrEqual(1);
  }, 600_000);
});
