import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import type { ScenarioSpec } from '../../scenarios/model.ts';
import { ATTR } from '../../scenarios/contract.ts';
import { density, pageCounts, pageWords } from '../../bench/density.ts';
import { suites } from '../../scenarios/index.ts';
import { generateBundle } from '../../generator/bundle.ts';
import { DESIGNS } from '../../scenarios/content/designs.ts';
import { DOMAINS } from '../../scenarios/model.ts';
import { createRng } from '../../scenarios/rng.ts';
import { emptySite } from '../../scenarios/sites/common.ts';
import { bundleFor } from '../helpers.ts';

/** One base site per domain. */
const SPECS: ScenarioSpec[] = [
  { task: 'purchase', domain: 'shopping', patterns: [] },
  { task: 'find-author', domain: 'news', patterns: [] },
  { task: 'book-appointment', domain: 'health', patterns: [] },
  { task: 'play-song', domain: 'music', patterns: [] },
  { task: 'reserve', domain: 'booking', patterns: [] },
  { task: 'download', domain: 'software', patterns: [] },
];
const bundles = SPECS.map((spec) => bundleFor(spec, 5));
const html = (i: number) => bundles[i]?.site.files['index.html'] ?? '';

describe('page density', () => {
  it("every page of every domain carries the header's links and a footer of links: at least 60 interactive elements, none of the footer's a control with an action", () => {
    bundles.forEach((b, i) => {
      const { document } = new JSDOM(html(i)).window;
      const pages = [...document.querySelectorAll(`main[${ATTR.route}]`)].filter(
        (m) => m.getAttribute(ATTR.route) !== '*',
      );
      expect(pages.length).toBeGreaterThan(3);
      const footers = document.querySelectorAll('footer');
      expect(footers.length, b.manifest.id).toBe(1);
      expect(footers[0]?.closest('main'), b.manifest.id).toBeNull();
      expect(footers[0]?.querySelectorAll('a[href]').length).toBeGreaterThanOrEqual(40);
      expect(footers[0]?.querySelectorAll(`[${ATTR.control}]`).length).toBe(0);
      expect(Math.min(...pageCounts(html(i)))).toBeGreaterThanOrEqual(60);
    });
  });

  it('shop, news and booking pages are as dense as real ones: over the controls at seeds 0 and 1, a median of at least 100 interactive elements and 300 words of text per page', () => {
    const suite = suites.get('controls');
    const specs = suite.scenarios().filter((s) => ['shopping', 'news', 'booking'].includes(s.domain));
    expect(specs.length).toBeGreaterThan(5);
    for (const domain of ['shopping', 'news', 'booking']) {
      for (const seed of [0, 1]) {
        const elements: number[] = [];
        const text: number[] = [];
        for (const spec of specs.filter((s) => s.domain === domain)) {
          const page = generateBundle(suite, spec, seed).files['index.html'] ?? '';
          elements.push(...pageCounts(page));
          text.push(...pageWords(page));
        }
        expect(density(elements).median, `${domain} seed ${seed} elements`).toBeGreaterThanOrEqual(100);
        expect(density(text).median, `${domain} seed ${seed} words`).toBeGreaterThanOrEqual(300);
      }
    }
  });

  it('every domain draws its sites in at least four designs, chosen by seed', () => {
    for (const domain of DOMAINS) {
      const seen = new Set<string>();
      for (let seed = 0; seed < 64; seed++) seen.add(emptySite(domain, createRng(seed)).frame?.design.id ?? 'none');
      expect(seen.size, domain).toBeGreaterThanOrEqual(Math.min(4, DESIGNS.length));
      expect(seen.has('none'), domain).toBe(false);
    }
  });

  it("the bench reads the served tags as jsdom does: the same count of interactive elements on every page, a listing's later pages apart", () => {
    bundles.forEach((b, i) => {
      const { document } = new JSDOM(html(i)).window;
      const selector = `a[href], button, input, select, textarea, [role=button], [${ATTR.control}]`;
      const header =
        (document.querySelector('header')?.querySelectorAll(selector).length ?? 0) +
        (document.querySelector('footer')?.querySelectorAll(selector).length ?? 0);
      const counts = [...document.querySelectorAll(`main[${ATTR.route}]`)]
        .filter((m) => m.getAttribute(ATTR.route) !== '*')
        .map((m) => header + [...m.querySelectorAll(selector)].filter((el) => !el.closest('.card[hidden]')).length);
      expect(pageCounts(html(i)), b.manifest.id).toEqual(counts);
    });
  });

  it('product pictures are drawn, not blank: every product card shows a picture class whose stylesheet rule paints a picture file of the site, the same for the same product', () => {
    const page = html(0);
    const { document } = new JSDOM(page).window;
    const cards = [...document.querySelectorAll('.card .img')];
    expect(cards.length).toBeGreaterThan(0);
    for (const img of cards) {
      const cls = [...img.classList].find((c) => c !== 'img');
      expect(cls).toBeDefined();
      const file = new RegExp(`\\.${cls}\\{background:#e5e7eb url\\("/(img/[0-9a-f]+\\.webp)"\\)`).exec(page)?.[1];
      expect(file, cls).toBeDefined();
      expect(Object.keys(bundles[0]?.site.data ?? {})).toContain(file);
    }
    const again = bundleFor(SPECS[0] as ScenarioSpec, 5).site.files['index.html'];
    expect(again).toBe(page);
  });
});
