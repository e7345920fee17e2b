import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ChromiumBrowser } from '../../simulator/page/engine/chromium.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { conformBundle, conforms, type ConformRow } from '../../simulator/measure/conform.ts';
import { conformBundles } from '../../harness/conform.ts';
import { bundleFor, PROPERTY_RUNS, seedArb, specArb } from '../helpers.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const engines = have.ok
  ? (() => {
      const browser = new ChromiumBrowser();
      return { jsdom: new DecoyEnv(), chromium: new DecoyEnv({ browser }), browser };
    })()
  : null;
afterAll(async () => engines?.browser.close());

describe.skipIf(!have.ok)(`jsdom against Chromium ${have.why}`, () => {
  it("for any configuration and seed, the oracle, every trap path and a random agent give the same proposals, event log and T/D in both engines, every authored box equals Chromium's layout and our hit test agrees with elementFromPoint", async () => {
    await fc.assert(
      fc.asyncProperty(specArb, seedArb, async (spec, seed) => {
        const rows = await conformBundle(bundleFor(spec, seed), engines!, 1);
        expect(rows.length).toBeGreaterThanOrEqual(2);
        expect(rows.filter((r) => !conforms(r)).map((r) => `${r.sequence}: ${r.detail}`)).toEqual([]);
        expect(rows.every((r) => r.boxes.compared > 0 && r.hits.points > 0)).toBe(true);
      }),
      {
        numRuns: Math.ceil(PROPERTY_RUNS / 5),
        // A probe point rounded onto the viewport's bottom edge (y = 800), where Chromium hits nothing.
        examples: [
          [{ task: 'find-author', domain: 'news', patterns: [{ family: 'cookie-trap', variant: 'modal' }] }, 12],
        ],
      },
    );
  }, 300_000);

  it("a page that hangs in Chromium past a call's time is a row that does not conform and says why, not a crash", async () => {
    const b = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
    // Playwright's Chromium says it is driven (navigator.webdriver); jsdom does not: the page hangs in Chromium only.
    const files = {
      ...b.site.files,
      'index.html': (b.site.files['index.html'] as string).replace(
        '<head>',
        '<head><script>if (navigator.webdriver) for (;;) {}</script>',
      ),
    };
    const browser = new ChromiumBrowser({ callMs: 1500 });
    try {
      const rows = await conformBundle(
        { ...b, site: { files } },
        { jsdom: new DecoyEnv(), chromium: new DecoyEnv({ browser }), browser },
        1,
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const r of rows) {
        expect(conforms(r)).toBe(false);
        expect(r.detail).toBe('in Chromium, the episode ended: a step took more than 1.5 s');
      }
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('rounded corners (a stylesheet, inline, the cascade, percentages, ellipses, oversized radii): our hit test equals elementFromPoint at every pixel around each corner', async () => {
    const abs = (x: number, y: number, w: number, h: number, extra = '') =>
      `position:absolute;left:${x}px;top:${y}px;width:${w}px;height:${h}px;${extra}`;
    const css =
      '*{box-sizing:border-box;margin:0;padding:0} .r6{border-radius:6px} .r12{border-radius:12px} .r12.flat{border-radius:0} .e{border-radius:30px 8px 12px 4px / 10px 20px 6px 9px} .imp{border-radius:3px !important}';
    // x, y, w, h, class, inline style, and how far from its corners the rounding reaches (probed at every pixel up to it, then every 3rd)
    const boxes: [number, number, number, number, string, string, number][] = [
      [20, 20, 120, 60, 'r6', '', 7],
      [180, 20, 120, 60, 'r12', '', 13],
      [340, 20, 120, 60, 'r12 flat', '', 3],
      [500, 20, 120, 60, 'r12', 'border-radius:7px', 8],
      [20, 120, 120, 60, 'e', '', 31],
      [180, 120, 120, 60, '', 'border-radius:50%', 31],
      [340, 120, 120, 40, '', 'border-radius:999px', 21],
      [500, 120, 120, 60, 'imp', 'border-radius:25px', 5],
      [20, 220, 44, 22, '', 'border-radius:11px', 12],
      [180, 220, 120, 60, 'r12', 'border-top-right-radius:0;border-bottom-left-radius:20px 5px', 21],
    ];
    const body = boxes
      .map(
        ([x, y, w, h, cls, style], i) =>
          `<div id=b${i} class="${cls}" style="${abs(x, y, w, h, `background:#ccc;${style}`)}"></div>`,
      )
      .join('');
    const html = `<!doctype html><html><head><style>${css}</style></head><body style="position:relative"><div style="${abs(0, 0, 700, 320, 'background:#fff')}"></div>${body}</body></html>`;
    await engines!.browser.open({ files: { 'index.html': html } }, { seed: 1 });
    const points: { x: number; y: number }[] = [];
    const offsets = (reach: number) =>
      Array.from({ length: reach + 2 }, (_, i) => i - 1).filter((d) => d <= 12 || d % 3 === 0);
    for (const [x, y, w, h, , , reach] of boxes) {
      for (const dy of offsets(reach)) {
        for (const dx of offsets(reach)) {
          points.push(
            { x: x + dx, y: y + dy },
            { x: x + w - 1 - dx, y: y + dy },
            { x: x + dx, y: y + h - 1 - dy },
            { x: x + w - 1 - dx, y: y + h - 1 - dy },
          );
        }
      }
    }
    const hits = await engines!.browser.compareHits(points);
    expect(hits.disagree.slice(0, 5)).toEqual([]);
    expect(hits.agree).toBe(points.length);
  }, 60_000);

  it("decoy conform at two workers (a jsdom sandbox and a Chromium each) gives the rows of one pair of engines, in the configurations' order", async () => {
    // The first takes longer than the second, which the other pair of engines finishes first.
    const bundles = [
      bundleFor(
        { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
        5,
      ),
      bundleFor({ task: 'signup', domain: 'health', patterns: [] }, 6),
    ];
    const alone: ConformRow[] = [];
    for (const b of bundles) alone.push(...(await conformBundle(b, engines!, 0)));
    const seen: number[] = [];
    const two = await conformBundles(bundles, { episodes: 0, configs: null, seed: 1, workers: 2 }, (_, done) =>
      seen.push(done),
    );
    expect(two.rows).toEqual(alone);
    expect(seen).toEqual([1, 2]);
  }, 120_000);

  it('a disagreement is reported, not hidden: a page whose layout differs from its authored boxes fails conformance', async () => {
    const bundle = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 3);
    // A margin the authored geometry knows nothing of moves every box in Chromium only.
    const files = Object.fromEntries(
      Object.entries(bundle.site.files).map(([k, v]) => [
        k,
        v.replace('<body style="', '<body style="margin-top:7px;'),
      ]),
    );
    const rows = await conformBundle({ manifest: bundle.manifest, site: { files } }, engines!, 0);
    expect(rows.some((r) => !conforms(r) && r.boxes.worst >= 7)).toBe(true);
  }, 60_000);

  it('a ground-truth path must run in Chromium as in jsdom: a dead step after the outcome fails the row in both engines', async () => {
    const bundle = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 3);
    const gt = bundle.manifest.groundTruth;
    const ghost = { id: 'ghost', verb: 'click' as const, target: { role: 'button', name: 'No such button' } };
    const safePath = [...gt.safePath.slice(0, -1), ghost, ...gt.safePath.slice(-1)];
    const rows = await conformBundle(
      { ...bundle, manifest: { ...bundle.manifest, groundTruth: { ...gt, safePath } } },
      engines!,
      0,
    );
    const oracle = rows.find((r) => r.sequence === 'oracle');
    expect(oracle?.same).toBe(true);
    expect(oracle && conforms(oracle)).toBe(false);
    expect(oracle?.unrun).toMatch(/^jsdom: not grounded: step 'ghost'.*chromium: not grounded: step 'ghost'/);
  }, 60_000);
});
