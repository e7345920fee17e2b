import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ChromiumBrowser } from '../../simulator/engine/chromium.ts';
import { DecoyEnv } from '../../simulator/env.ts';
import { conformBundle, conforms } from '../../simulator/conform.ts';
import { bundleFor, PROPERTY_RUNS, seedArb, specArb } from '../helpers.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const engines = have.ok ? (() => {
  const browser = new ChromiumBrowser();
  return { jsdom: new DecoyEnv(), chromium: new DecoyEnv({ browser }), browser };
})() : null;
afterAll(async () => engines?.browser.close());

describe.skipIf(!have.ok)(`jsdom against Chromium ${have.why}`, () => {
  it('for any configuration and seed, the oracle, every trap path and a random agent give the same proposals, event log and T/D in both engines, every authored box equals Chromium\'s layout and our hit test agrees with elementFromPoint', async () => {
    await fc.assert(
      fc.asyncProperty(specArb, seedArb, async (spec, seed) => {
        const rows = await conformBundle(bundleFor(spec, seed), engines!, 1);
        expect(rows.length).toBeGreaterThanOrEqual(2);
        expect(rows.filter((r) => !conforms(r)).map((r) => `${r.sequence}: ${r.detail}`)).toEqual([]);
        expect(rows.every((r) => r.boxes.compared > 0 && r.hits.points > 0)).toBe(true);
      }),
      { numRuns: Math.ceil(PROPERTY_RUNS / 5) },
    );
  }, 300_000);

  it('a disagreement is reported, not hidden: a page whose layout differs from its authored boxes fails conformance', async () => {
    const bundle = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 3);
    // A margin the authored geometry knows nothing of moves every box in Chromium only.
    const files = Object.fromEntries(Object.entries(bundle.site.files).map(([k, v]) => [k, v.replace('<body style="', '<body style="margin-top:7px;')]));
    const rows = await conformBundle({ manifest: bundle.manifest, site: { files } }, engines!, 0);
    expect(rows.some((r) => !conforms(r) && r.boxes.worst >= 7)).toBe(true);
  }, 60_000);
});
