/**
 * How dense the served pages are: interactive elements per page (header, the page's own
 * content and footer; overlays apart), over every bundle of every suite. A real small shop
 * has a few dozen; a page with a handful looks generated.
 */
import { pathToFileURL } from 'node:url';
import { suites } from '../scenarios/index.ts';
import { generateBundle } from '../generator/bundle.ts';
import { ATTR } from '../scenarios/contract.ts';

/**
 * What an agent can act on: links, buttons, form controls, anything with a role of button or
 * an action. The pages are decoy's own templates, so their opening tags are read directly;
 * template rows (cart lines) are not counted, as they are not in the page until shown.
 */
function interactive(html: string): number {
  let n = 0;
  for (const [, tag, attrs] of html.matchAll(/<([a-z]+)\b([^>]*)>/g)) {
    if (
      (tag === 'a' && /\bhref=/.test(attrs ?? '')) ||
      tag === 'button' ||
      tag === 'input' ||
      tag === 'select' ||
      tag === 'textarea' ||
      /\brole="button"/.test(attrs ?? '') ||
      (attrs ?? '').includes(`${ATTR.do}=`)
    )
      n++;
  }
  return n;
}

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

/** Interactive elements on each page of a bundle's single-page HTML: the header's and the page's own (overlays apart). */
export function pageCounts(html: string): number[] {
  const served = html.replace(/<template>[\s\S]*?<\/template>/g, '');
  const header = interactive(served.slice(served.indexOf('<header'), served.indexOf('</header>')));
  const pages = [...served.matchAll(new RegExp(`<main ${ATTR.route}="([^"]*)"[\\s\\S]*?</main>`, 'g'))];
  return pages.filter((m) => m[1] !== '*').map((m) => header + interactive(m[0]));
}

export function density(counts: readonly number[]): Density {
  const sorted = [...counts].sort((a, b) => a - b);
  return {
    pages: sorted.length,
    p10: quantile(sorted, 0.1),
    median: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    max: sorted.at(-1) ?? 0,
  };
}

/** One bundle at a time: a whole suite's pages at once do not fit in memory. */
export function suiteCounts(suiteId: string, seed: number): number[] {
  const suite = suites.get(suiteId);
  return suite.scenarios().flatMap((spec) => pageCounts(generateBundle(suite, spec, seed).files['index.html'] ?? ''));
}

const line = (name: string, d: Density) =>
  `density   ${name.padEnd(19)} ${String(d.pages).padStart(6)} pages: interactive elements per page median ${d.median}, p10 ${d.p10}, p90 ${d.p90}, max ${d.max}`;

/** Prints the density of every suite and of all of them together. */
export function printDensity(seed: number): void {
  const all: number[] = [];
  for (const id of suites.ids()) {
    const counts = suiteCounts(id, seed);
    all.push(...counts);
    console.log(line(id, density(counts)));
  }
  console.log(line('every suite', density(all)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printDensity(Number(process.env.BENCH_SEED ?? 7));
