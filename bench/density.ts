/**
 * How dense the served pages are: interactive elements per page (header, the page's own
 * content and footer; overlays apart), over every bundle of every suite. A real small shop
 * has a few dozen; a page with a handful looks generated.
 */
import { JSDOM } from 'jsdom';
import { suites } from '../scenarios/index.ts';
import { generateSuite } from '../generator/bundle.ts';
import { ATTR } from '../scenarios/contract.ts';

/** What an agent can act on. Template rows (cart lines) are not counted: they are not in the page until shown. */
const INTERACTIVE = `a[href], button, input, select, textarea, [role=button], [${ATTR.do}]`;

export interface Density {
  pages: number;
  p10: number;
  median: number;
  p90: number;
  max: number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Interactive elements on each page of a bundle's single-page HTML (without running its script). */
export function pageCounts(html: string): number[] {
  const { document } = new JSDOM(html).window;
  const header = document.querySelector('header')?.querySelectorAll(INTERACTIVE).length ?? 0;
  return [...document.querySelectorAll(`main[${ATTR.route}]`)]
    .filter((m) => m.getAttribute(ATTR.route) !== '*')
    .map((m) => header + m.querySelectorAll(INTERACTIVE).length);
}

export function density(counts: readonly number[]): Density {
  const sorted = [...counts].sort((a, b) => a - b);
  return { pages: sorted.length, p10: quantile(sorted, 0.1), median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), max: sorted.at(-1) ?? 0 };
}

export function suiteDensity(suiteId: string, seed: number): Density {
  return density(generateSuite(suites.get(suiteId), seed).flatMap((b) => pageCounts(b.files['index.html'] ?? '')));
}

const line = (name: string, d: Density) =>
  `density   ${name.padEnd(19)} ${String(d.pages).padStart(6)} pages: interactive elements per page median ${d.median}, p10 ${d.p10}, p90 ${d.p90}, max ${d.max}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const seed = Number(process.env.BENCH_SEED ?? 7);
  const all: number[] = [];
  for (const id of suites.ids()) {
    const counts = generateSuite(suites.get(id), seed).flatMap((b) => pageCounts(b.files['index.html'] ?? ''));
    all.push(...counts);
    console.log(line(id, density(counts)));
  }
  console.log(line('every suite', density(all)));
}
