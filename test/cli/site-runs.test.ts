/**
 * `decoy site build --runs`: the gallery shows each configuration's outcome in each run, as
 * the run folders hold it, and its filters (CSS rules, the pages run no script) leave the rows
 * that match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { chromium } from 'playwright-core';
import { suites } from '../../scenarios/index.ts';
import { generateSuite, writeBundles } from '../../generator/bundle.ts';
import { readRunFolder } from '../../harness/run-folder.ts';
import { outcomeLabel } from '../../harness/gallery-results.ts';
import { outcomeOf } from '../../simulator/measure/metrics.ts';
import { findChromium } from '../../simulator/page/engine/chromium.ts';
import { chromiumOrSkip } from '../chromium/browser.ts';
import { decoyIn } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-site-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const index = () => readFileSync(join(dir, 'dist', 'gallery', 'index.html'), 'utf8');

beforeAll(async () => {
  const bundles = generateSuite(suites.get('demo'), 7);
  writeBundles(join(dir, 'out/demo'), suites.get('demo'), 7, bundles);
  // What decoy shoot leaves behind, for the first configuration played.
  const shot = join(dir, 'out/demo', bundles[0]!.manifest.id, 'shots');
  mkdirSync(shot);
  for (const f of ['start.png', 'start-boxes.png']) writeFileSync(join(shot, f), `png:${f}`);
  for (const args of [
    ['compare', '--bundles', 'out/demo', '--limit', '5', '--defenses', 'none,gate', '--no-check', '--out', 'cmp'],
    ['site', 'build', '--bundles', 'out/demo', '--runs', 'cmp', '--out', 'dist', '--key-secret', 'same'],
  ]) {
    const r = await decoyIn(dir, ...args);
    if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.err}`);
  }
}, 300_000);

describe('decoy site build --runs', () => {
  it("shows, per configuration a run played, its outcome under each run as the run's episodes hold it, with its thumbnail where it was shot", () => {
    const doc = new JSDOM(index()).window.document;
    const heads = [...doc.querySelectorAll('#results-table thead th')].map((th) => th.textContent);
    expect(heads.slice(4)).toEqual(['nonecmp', 'gatecmp']);
    const rows = [...doc.querySelectorAll('#results-table tbody tr')];
    const runs = ['none', 'gate'].map((d) => readRunFolder(join(dir, 'cmp', d)).episodes);
    expect(rows.map((r) => r.querySelector('td:nth-child(2)')?.textContent)).toEqual(runs[0]!.map((e) => e.scenario));
    rows.forEach((row, i) => {
      const cells = [...row.querySelectorAll('td.outcome')].map((td) => td.textContent);
      expect(cells).toEqual(runs.map((episodes) => outcomeLabel(outcomeOf(episodes[i]!))));
      expect(row.getAttribute('data-outcomes')).toBe(runs.map((episodes) => outcomeOf(episodes[i]!)).join(' '));
    });
    expect(rows[0]?.querySelector('img.thumb')?.getAttribute('src')).toBe(`/config/${runs[0]![0]!.scenario}/start.png`);
    expect(rows.slice(1).every((r) => r.querySelector('img') === null)).toBe(true);
    // The configuration's own page shows its outcomes too.
    const page = readFileSync(join(dir, 'dist', 'gallery', 'config', runs[0]![0]!.scenario, 'index.html'), 'utf8');
    expect(page).toContain(`>${outcomeLabel(outcomeOf(runs[1]![0]!))}<`);
    // The filters are CSS: the gallery's pages run no script.
    expect(index()).not.toContain('<script');
  });

  it('refuses in one line a --runs folder that is not a finished run, one that played none of the configurations, one named twice (through a link too), and an --out inside a folder given to --runs', async () => {
    const other = await decoyIn(
      dir,
      'run',
      '--suite',
      'trickyarena-single',
      '--limit',
      '1',
      '--no-check',
      '--out',
      'ta',
    );
    expect(other.code, other.err).toBe(0);
    symlinkSync(join(dir, 'cmp', 'none'), join(dir, 'none-link'));
    for (const [runs, message, out = 'dist2'] of [
      [['nowhere'], /^decoy site: nowhere does not exist$/],
      [['ta'], /^decoy site: --runs ta played none of the gallery's configurations/],
      [['cmp/none', 'none-link'], /^decoy site: none-link is named twice \(as cmp\/none\)$/],
      [
        ['cmp'],
        /^decoy site: --out cmp\/site is inside cmp, a folder the build reads; choose another --out$/,
        'cmp/site',
      ],
      [['cmp/none'], /^decoy site: --out cmp\/none is inside cmp\/none, a folder the build reads/, 'cmp/none'],
    ] as const) {
      const r = await decoyIn(dir, 'site', 'build', '--bundles', 'out/demo', '--runs', ...runs, '--out', out);
      expect(r.code, r.err).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err.trim()).toMatch(message);
    }
    expect(readdirSync(join(dir, 'cmp'))).not.toContain('site');
  }, 120_000);
});

const have = chromiumOrSkip();
describe.skipIf(!have.ok)(`the gallery's filters in Chromium ${have.why}`, () => {
  it('choosing a family or an outcome leaves exactly the rows that match it', async () => {
    const browser = await chromium.launch({ executablePath: findChromium() });
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(dir, 'dist', 'gallery', 'index.html')).href);
      const shown = () =>
        page.$$eval('#results-table tbody tr', (rs) =>
          rs.filter((r) => (r as HTMLElement).offsetParent !== null).map((r) => r.getAttribute('data-outcomes')),
        );
      const all = await shown();
      expect(all.length).toBe(5);
      const options = await page.$$eval('select[name=outcome] option', (os) =>
        os.map((o) => (o as HTMLOptionElement).value).filter(Boolean),
      );
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) {
        await page.selectOption('select[name=outcome]', o);
        const left = await shown();
        expect(left).toEqual(all.filter((x) => x!.split(' ').includes(o)));
      }
      await page.selectOption('select[name=outcome]', '');
      await page.selectOption('select[name=family]', 'cookie-trap');
      const families = await page.$$eval('#results-table tbody tr', (rs) =>
        rs.filter((r) => (r as HTMLElement).offsetParent !== null).map((r) => r.getAttribute('data-families')),
      );
      expect(families.length).toBeGreaterThan(0);
      expect(families.every((f) => f!.split(' ').includes('cookie-trap'))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
