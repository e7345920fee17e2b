/**
 * report.html as a person opens it: from disk in Chromium, with no network. It renders with
 * no console error and no failed request, its pictures load, and the numbers its tables show
 * are compare.json's and each run's summary.json's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../simulator/page/engine/chromium.ts';
import { decoyIn } from '../helpers.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const dir = mkdtempSync(join(tmpdir(), 'decoy-report-chromium-'));
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
/** The numbers in a cell's text, as written (`12.5 [3.5–36.0]` → 12.5, 3.5, 36). */
const numbers = (text: string) => (text.match(/\d+(\.\d+)?/g) ?? []).map(Number);

describe.skipIf(!have.ok)(`report.html in Chromium ${have.why}`, () => {
  beforeAll(async () => {
    // Pictures of two configurations, then a comparison played on those bundles.
    for (const args of [
      ['shoot', '--suite', 'demo', '--pattern', 'warranty-addon', '--out', 'shot'],
      // The oracle walks the safe path the shots replay, so its steps are proposed in the states the pictures show.
      ['compare', '--bundles', 'shot', '--agent', 'oracle', '--defenses', 'none,gate', '--no-check', '--out', 'cmp'],
      ['report', 'cmp', '--out', 'rep'],
    ]) {
      const r = await decoyIn(dir, ...args);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(0);
    }
    browser = await chromium.launch({ executablePath: findChromium() });
  }, 300_000);

  it('opens from file:// with no console error and no failed request; its results table shows compare.json and summary.json figures, its charts are SVG, and each picture loads with the steps it marks', async () => {
    const page = await browser!.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(pathToFileURL(join(dir, 'rep', 'report.html')).href, { waitUntil: 'load' });
    // The viewer's pictures load once opened: open every episode.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));

    const rows = await page.$$eval('table.results tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
    const compare = json('cmp/compare.json');
    expect(rows.map((r) => r[0])).toEqual(['none', 'gate']);
    for (const [id, n, d, t, stc, dpsr, tsr, stcRate] of rows) {
      const s = json(`cmp/${id}/summary.json`);
      const c = compare.defenses.find((x: { id: string }) => x.id === id);
      for (const figures of [s, c])
        expect([n, d, t, stc, dpsr, tsr, stcRate].map((x) => numbers(x!))).toEqual([
          [figures.episodes],
          [figures.counts.d],
          [figures.counts.t],
          [figures.counts.stc],
          [figures.dpsr, ...figures.ci.dpsr],
          [figures.tsr, ...figures.ci.tsr],
          [figures.stc, ...figures.ci.stc],
        ]);
    }
    // DPSR per group: each cell is compare.json's rate with its counts, then the mean and the worst.
    const groups = await page.$$eval('table.groups tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
    for (const [label, ...cells] of groups) {
      cells.forEach((cell, i) => {
        const d = compare.defenses[i];
        const g = d.groups[label!];
        const want = label === 'Avg' ? [d.groupDpsr.avg] : label === 'Worst' ? [d.groupDpsr.worst] : [g.dpsr, g.d, g.n];
        expect(numbers(cell), `${label} ${d.id}`).toEqual(want);
      });
    }
    expect(groups.length).toBe(Object.keys(compare.defenses[0].groups).length + 2);

    const outcomes = await page.$$eval('table.outcomes tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
    for (const [id, n, ...split] of outcomes) {
      const s = json(`cmp/${id}/summary.json`);
      expect([Number(n), ...split.map(Number)]).toEqual([
        s.episodes,
        s.outcomes.safe,
        s.outcomes.taskWithDp,
        s.outcomes.failNoDp,
        s.outcomes.failWithDp,
      ]);
    }

    // Each chart's widest SVG is the plot itself (the legends are SVGs too).
    const charts = await page.$$eval('figure.heatmap, figure.outcomes', (figs) =>
      figs.map((f) => Math.max(0, ...[...f.querySelectorAll('svg')].map((s) => s.getBoundingClientRect().width))),
    );
    expect(charts).toHaveLength(2);
    expect(Math.min(...charts)).toBeGreaterThan(200);

    const pictures = await page.$$eval('.shot img', (imgs) =>
      imgs.map((i) => ({ w: (i as HTMLImageElement).naturalWidth, src: i.getAttribute('src') })),
    );
    // Two configurations under two defenses, one picture file each configuration.
    expect(pictures).toHaveLength(4);
    expect(new Set(pictures.map((p) => p.src)).size).toBe(2);
    expect(pictures.every((p) => p.w === 1280)).toBe(true);
    const marks = await page.$$eval('.shot .mark', (m) => m.length);
    const printed = readFileSync(join(dir, 'rep', 'report.html'), 'utf8').match(/class="mark"/g)?.length ?? 0;
    expect(marks).toBe(printed);
    // The oracle acts on both pages where the pictures were taken.
    expect(marks).toBeGreaterThan(0);
    const inside = await page.$$eval('.shot .mark', (ms) =>
      ms.every((m) => {
        const r = m.getBoundingClientRect();
        const p = m.parentElement!.getBoundingClientRect();
        const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
        return x >= p.left && x <= p.right && y >= p.top && y <= p.bottom;
      }),
    );
    expect(inside).toBe(true);

    expect(requested.every((u) => u.startsWith('file://'))).toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);

  it("refuses a bundle whose shots/start.png is a symbolic link (never copying what it points to), is not a PNG, or whose start.json is not decoy shoot's, naming the file", async () => {
    const shotsDirs = readdirSync(join(dir, 'shot'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('start.png'))
      .map((f) => join(dir, 'shot', f, '..'));
    const shots = shotsDirs[0]!;
    const png = readFileSync(join(shots, 'start.png'));
    const state = readFileSync(join(shots, 'start.json'), 'utf8');
    writeFileSync(join(dir, 'secret.txt'), 'not to be copied\n');
    const cases: [() => void, RegExp][] = [
      [
        () => {
          rmSync(join(shots, 'start.png'));
          symlinkSync(join(dir, 'secret.txt'), join(shots, 'start.png'));
        },
        /^decoy report: .*shots\/start\.png is a symbolic link; .*links are never followed/,
      ],
      [
        () => writeFileSync(join(shots, 'start.png'), 'not a picture'),
        /^decoy report: .*shots\/start\.png: .*not a png picture/,
      ],
      [
        () => writeFileSync(join(shots, 'start.json'), JSON.stringify({ ...JSON.parse(state), viewport: {} })),
        /^decoy report: .*shots\/start\.json: viewport\.width: /,
      ],
    ];
    try {
      for (const [spoil, message] of cases) {
        spoil();
        const r = await decoyIn(dir, 'report', 'cmp', '--out', 'rep-bad');
        expect(r.code, r.err).toBe(2);
        expect(r.err.trim().split('\n')).toHaveLength(1);
        expect(r.err.trim()).toMatch(message);
        expect(r.err).not.toMatch(/characters\)/);
        rmSync(join(shots, 'start.png'), { force: true });
        writeFileSync(join(shots, 'start.png'), png);
        writeFileSync(join(shots, 'start.json'), state);
      }
    } finally {
      rmSync(join(shots, 'start.png'), { force: true });
      writeFileSync(join(shots, 'start.png'), png);
      writeFileSync(join(shots, 'start.json'), state);
    }
    expect(() => readdirSync(join(dir, 'rep-bad'))).toThrow();
  }, 120_000);

  it('never writes or deletes through a link in the report folder: an earlier report whose shots/ is a symbolic link is refused and what it points to is left as it was', async () => {
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', '0123456789abcdef.png'), 'kept');
    cpSync(join(dir, 'rep'), join(dir, 'rep-linked'), { recursive: true });
    rmSync(join(dir, 'rep-linked', 'shots'), { recursive: true });
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'rep-linked', 'shots'));
    const r = await decoyIn(dir, 'report', 'cmp', '--out', 'rep-linked');
    expect(r.code, r.err).toBe(2);
    expect(r.err.trim()).toMatch(/^decoy report: rep-linked\/shots is a symbolic link; .*choose another --out/);
    expect(readdirSync(join(dir, 'elsewhere'))).toEqual(['0123456789abcdef.png']);
    expect(readFileSync(join(dir, 'elsewhere', '0123456789abcdef.png'), 'utf8')).toBe('kept');
  }, 120_000);
});
