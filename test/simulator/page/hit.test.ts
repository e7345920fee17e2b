import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { hitTest, lands } from '../../../simulator/page/hit.ts';
import { centre, contains, ownBox } from '../../../simulator/page/dom/geometry.ts';
import { clearOfCorners, cornerBound, insideRounded, radii } from '../../../simulator/page/dom/radius.ts';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { bundleFor, PROPERTY_RUNS, seedArb, specArb } from '../../helpers.ts';

const doc = (body: string) =>
  new JSDOM(`<!doctype html><body style="position:relative">${body}</body>`).window.document;
const at = (d: Document, x: number, y: number, scrollY = 0) => hitTest(d, x, y, { x: 0, y: scrollY })?.id ?? null;
const abs = (x: number, y: number, w: number, h: number, extra = '') =>
  `position:absolute;left:${x}px;top:${y}px;width:${w}px;height:${h}px;${extra}`;

describe('hit testing on authored boxes', () => {
  it('later siblings paint over earlier ones; a higher z-index wins over tree order', () => {
    const d = doc(
      `<div id=a style="${abs(0, 0, 100, 100)}"></div><div id=b style="${abs(50, 50, 100, 100)}"></div><div id=c style="${abs(0, 0, 60, 60, 'z-index:5')}"></div>`,
    );
    expect(at(d, 70, 70)).toBe('b');
    expect(at(d, 10, 10)).toBe('c');
    expect(at(d, 55, 55)).toBe('c');
    expect(at(d, 200, 200)).toBe(null);
  });

  it('keys by stacking context: a child cannot rise above its context’s siblings', () => {
    const d = doc(
      `<div id=low style="${abs(0, 0, 100, 100, 'z-index:1')}"><div id=child style="${abs(0, 0, 100, 100, 'z-index:999')}"></div></div>` +
        `<div id=high style="${abs(50, 0, 100, 100, 'z-index:2')}"></div>`,
    );
    expect(at(d, 75, 10)).toBe('high');
    expect(at(d, 10, 10)).toBe('child');
  });

  it('children with z-index auto of a z-indexed container are hit, not the container', () => {
    const d = doc(
      `<div id=box style="${abs(0, 0, 200, 200, 'z-index:3')}"><button id=btn style="${abs(10, 10, 50, 20)}">x</button></div>`,
    );
    expect(at(d, 20, 15)).toBe('btn');
    expect(at(d, 150, 150)).toBe('box');
  });

  it('skips hidden, display:none, visibility:hidden and pointer-events:none, and clips by overflow:hidden', () => {
    const d = doc(
      `<div id=base style="${abs(0, 0, 400, 400)}"></div>` +
        `<div id=h hidden style="${abs(0, 0, 50, 50)}"></div>` +
        `<div id=n style="${abs(50, 0, 50, 50, 'display:none')}"></div>` +
        `<div style="visibility:hidden"><div id=v style="${abs(100, 0, 50, 50)}"></div></div>` +
        `<div id=p style="${abs(150, 0, 50, 50, 'pointer-events:none')}"></div>` +
        `<div id=clip style="${abs(200, 0, 50, 50, 'overflow:hidden')}"><div id=inner style="${abs(0, 0, 150, 150)}"></div></div>`,
    );
    for (const x of [10, 60, 110, 160]) expect(at(d, x, 10)).toBe('base');
    expect(at(d, 210, 10)).toBe('inner');
    expect(at(d, 210, 100)).toBe('base');
  });

  it('fixed boxes ignore the page scroll; absolute ones move with it', () => {
    const d = doc(
      `<div id=page style="${abs(0, 0, 100, 2000)}"><div id=deep style="${abs(0, 1000, 100, 50)}"></div></div><div id=bar style="${abs(0, 700, 100, 100, 'position:fixed')}"></div>`,
    );
    expect(at(d, 10, 1010)).toBe('deep');
    expect(at(d, 10, 310, 700)).toBe('deep');
    expect(at(d, 10, 750, 700)).toBe('bar');
  });
});

const sheet = (css: string, body: string) =>
  new JSDOM(`<!doctype html><style>${css}</style><body style="position:relative">${body}</body>`).window.document;

describe('rounded corners', () => {
  const under = `<div id=under style="${abs(0, 0, 400, 400)}"></div>`;

  it('a point in the cut-off corner of a box rounded by its stylesheet hits what is under it; inside the curve, the box', () => {
    const d = sheet(
      '.round{border-radius:12px}',
      `${under}<div id=box class=round style="${abs(100, 100, 200, 100)}"></div>`,
    );
    // The 1 px square at (101, 101) lies outside the 12 px circle centred at (112, 112); (104, 104) inside it.
    expect(at(d, 101, 101)).toBe('under');
    expect(at(d, 104, 104)).toBe('box');
    expect(at(d, 298, 198)).toBe('under');
    expect(at(d, 150, 100)).toBe('box');
    expect(at(d, 100, 150)).toBe('box');
  });

  it('the cascade decides the radius: inline over the sheet, a more specific selector over a later one, !important over inline', () => {
    const css = '.card.flat{border-radius:0} .card{border-radius:20px} .pill{border-radius:4px !important}';
    const d = sheet(
      css,
      `${under}<div id=flat class="card flat" style="${abs(0, 0, 100, 100)}"></div>` +
        `<div id=inl class=card style="${abs(150, 0, 100, 100, 'border-radius:0')}"></div>` +
        `<div id=imp class=pill style="${abs(0, 150, 100, 100, 'border-radius:40px')}"></div>` +
        `<div id=corner class=card style="${abs(150, 150, 100, 100, 'border-top-left-radius:0')}"></div>`,
    );
    expect(at(d, 1, 1)).toBe('flat');
    expect(at(d, 151, 1)).toBe('inl');
    expect(at(d, 4, 154)).toBe('imp');
    expect(at(d, 151, 151)).toBe('corner');
    expect(at(d, 248, 151)).toBe('under');
  });

  it('percentages, elliptical radii and radii too large for the box are resolved as CSS says', () => {
    const d = sheet(
      '',
      `${under}<div id=pct style="${abs(0, 0, 100, 50, 'border-radius:50%')}"></div>` +
        `<div id=pill style="${abs(150, 0, 100, 40, 'border-radius:999px')}"></div>`,
    );
    // 50% of 100×50 is an ellipse of radii 50 and 25: its top-left corner point is outside, its left middle inside.
    expect(at(d, 2, 2)).toBe('under');
    expect(at(d, 1, 25)).toBe('pct');
    // 999 px scales down to half the height: a stadium of radius 20.
    expect(at(d, 152, 2)).toBe('under');
    expect(at(d, 151, 20)).toBe('pill');
    expect(at(d, 170, 1)).toBe('pill');
  });
});

describe("a page's own DOM methods", () => {
  it('a page that answers getElementsByTagName itself changes no painting order (elements under a hidden one are counted on the tree)', async () => {
    const layer = (name: string) =>
      `<div style="${abs(0, 0, 100, 100, 'z-index:1')}"><button style="${abs(0, 0, 50, 50)}">${name}</button></div>`;
    const page =
      `<!doctype html><body style="position:relative"><div hidden><i></i><i></i></div>${layer('Under')}${layer('Over')}` +
      `<script>Element.prototype.getElementsByTagName = function () { return { length: NaN }; };</script></body>`;
    const b = new JsdomBrowser();
    await b.open({ files: { 'index.html': page } }, { seed: 1 });
    const buttons = (await b.observe()).elements.filter((e) => e.role === 'button');
    expect(buttons.map((e) => [e.name, e.covered, e.coveredBy ?? ''])).toEqual([
      ['Under', true, 'button "Over"'],
      ['Over', false, ''],
    ]);
    await b.close();
  });
});

describe("a page's own matches", () => {
  it("never runs while the page is read: the cascade for radii asks jsdom's own selector engine, and gets the same answer", async () => {
    // A 10 px button whose centre lies within its 8 px corners: the hit test asks the cascade, which asks whether `.card button` matches.
    const page = (script: string) =>
      `<!doctype html><head><title>quiet</title><style>.card button{border-radius:8px}</style></head><body style="position:relative"><div class="card"><button style="${abs(0, 0, 10, 10)}">Go</button></div>${script}</body>`;
    const observed = async (script: string) => {
      const b = new JsdomBrowser();
      await b.open({ files: { 'index.html': page(script) } }, { seed: 1 });
      const obs = await b.observe();
      await b.close();
      return obs;
    };
    const plain = await observed('');
    const lying = await observed(
      `<script>Element.prototype.matches = function () { document.title = 'matches ran'; document.body.appendChild(document.createElement('p')); return false; };</script>`,
    );
    expect(lying.title).toBe('quiet');
    expect(JSON.stringify(lying.elements)).toBe(JSON.stringify(plain.elements));
  });
});

describe('the corner bound a hit test uses before the cascade', () => {
  const len = fc.oneof(
    fc.integer({ min: 0, max: 60 }).map((n) => `${n}px`),
    fc.integer({ min: 0, max: 100 }).map((n) => `${n}%`),
    fc.constantFrom('0', '-3px', '1em', 'x'),
  );
  const value = fc.oneof(
    fc.array(len, { minLength: 1, maxLength: 5 }).map((ls) => ls.join(' ')),
    fc
      .tuple(fc.array(len, { minLength: 1, maxLength: 4 }), fc.array(len, { minLength: 1, maxLength: 4 }))
      .map(([a, b]) => `${a.join(' ')} / ${b.join(' ')}`),
  );
  const prop = fc.constantFrom(
    'border-radius',
    'border-top-left-radius',
    'border-top-right-radius',
    'border-bottom-right-radius',
    'border-bottom-left-radius',
  );
  const decl = fc.tuple(prop, value, fc.boolean()).map(([p, v, imp]) => `${p}:${v}${imp ? ' !important' : ''}`);

  it('no used radius is deeper than the bound, and a point clear of the bound is inside the rounded box whatever the radii', () => {
    fc.assert(
      fc.property(
        fc.array(decl, { maxLength: 3 }),
        fc.array(decl, { maxLength: 2 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: -5, max: 305 }),
        fc.integer({ min: -5, max: 305 }),
        (rules, inline, w, h, x, y) => {
          const d = sheet(
            `.r{${rules.join(';')}}`,
            `<div id=box class=r style="${abs(0, 0, w, h, inline.join(';'))}"></div>`,
          );
          const el = d.getElementById('box') as Element;
          const rect = { x: 0, y: 0, w, h };
          const depth = cornerBound(el, d);
          const r = radii(el, rect);
          for (const [rx, ry] of r ?? []) expect(Math.max(rx, ry)).toBeLessThanOrEqual(depth);
          if (r && clearOfCorners(rect, depth, x, y) && contains(rect, x, y))
            expect(insideRounded(rect, r, x, y)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('hit testing on generated sites', () => {
  it('the centre of every interactive element hits it unless a panel painted later covers it; under a backdrop nothing but the dialogs is hit', async () => {
    const browser = new JsdomBrowser();
    await fc.assert(
      fc.asyncProperty(specArb, seedArb, fc.integer({ min: 0, max: 6000 }), async (spec, seed, wait) => {
        const bundle = bundleFor(spec, seed);
        await browser.open(bundle.site, { seed });
        await browser.advance(wait);
        const obs = await browser.observe();
        const d = browser.window.document;
        const overlays = Array.from(d.querySelectorAll('[data-overlay]')).filter((o) => !o.hasAttribute('hidden'));
        const backdrop = overlays.some((o) => o.querySelector('.backdrop'));
        const panels = overlays.map((o) => o.querySelector('[role]')).filter((x): x is Element => x !== null);
        let checked = 0;
        for (const e of obs.elements) {
          if (!e.ref || !e.box || !e.inViewport) continue;
          const el = browser.elementFor(e.ref);
          if (!el) throw new Error(`ref ${e.ref} has no element`);
          // Only elements wholly in view: an observation scrolls any other into view before it looks (as a click would), and what covers it there is another matter.
          if (e.box.y < 0 || e.box.y + e.box.h > obs.viewport.height) continue;
          const p = centre(e.box);
          // Every panel paints above every backdrop (z-index 101 over 100), and panels among themselves in document order.
          const own = panels.findIndex((panel) => panel.contains(el));
          const over = panels.filter((panel, i) => {
            const box = ownBox(panel);
            return i > own && box !== null && contains(box, p.x, p.y);
          });
          const hit = hitTest(d, p.x, p.y, obs.scroll);
          checked++;
          if (own >= 0 ? over.length === 0 : !backdrop && over.length === 0) {
            expect(
              lands(hit, el),
              `${bundle.manifest.id}: ${e.role} "${e.name}" at ${p.x},${p.y} hit ${hit?.outerHTML.slice(0, 80)}`,
            ).toBe(true);
            expect(e.covered).toBe(false);
          } else {
            expect(lands(hit, el), `${bundle.manifest.id}: ${e.role} "${e.name}" should be covered`).toBe(false);
            expect(e.covered).toBe(true);
          }
        }
        expect(checked, `${bundle.manifest.id}: no interactive element in view`).toBeGreaterThan(0);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    await browser.close();
  });
});
