import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import type { ScenarioSpec } from '../../scenarios/model.ts';
import { ATTR } from '../../scenarios/contract.ts';
import { pageCounts } from '../../bench/density.ts';
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
  it("every page of every domain carries the header's links and a footer of links: at least 12 interactive elements, none of them a control with an action", () => {
    bundles.forEach((b, i) => {
      const { document } = new JSDOM(html(i)).window;
      const pages = [...document.querySelectorAll(`main[${ATTR.route}]`)].filter(
        (m) => m.getAttribute(ATTR.route) !== '*',
      );
      for (const main of pages) {
        const footer = main.querySelector('footer');
        expect(footer, `${b.manifest.id} ${main.getAttribute(ATTR.route)}`).not.toBeNull();
        expect(footer?.querySelectorAll('a[href]').length).toBeGreaterThanOrEqual(6);
        expect(footer?.querySelectorAll(`[${ATTR.do}], [${ATTR.control}]`).length).toBe(0);
      }
      expect(Math.min(...pageCounts(html(i)))).toBeGreaterThanOrEqual(12);
    });
  });

  it('the bench reads the served tags as jsdom does: the same count of interactive elements on every page', () => {
    bundles.forEach((b, i) => {
      const { document } = new JSDOM(html(i)).window;
      const selector = `a[href], button, input, select, textarea, [role=button], [${ATTR.do}]`;
      const header = document.querySelector('header')?.querySelectorAll(selector).length ?? 0;
      const counts = [...document.querySelectorAll(`main[${ATTR.route}]`)]
        .filter((m) => m.getAttribute(ATTR.route) !== '*')
        .map((m) => header + m.querySelectorAll(selector).length);
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
