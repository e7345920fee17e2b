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
      (attrs ?? '').includes(`${ATTR.control}=`)
    )
      n++;
  }
  return n;
}

/**
 * Words of text in served markup: what the tags hold, entities read as one character. Hidden
 * slots a page shows on demand (a form's error line) count too; they are a few words a page.
 */
export function words(html: string): number {
  const text = html
    .replace(/<(style|script|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, 'x');
  let n = 0;
  for (const w of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(w)) n++;
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

/**
 * What frames every page (the header and the site's one footer) and each page of a bundle's
 * single-page HTML (overlays, the not-found page and the cards of a listing's later pages apart).
 */
function parts(html: string): { header: string; pages: string[] } {
  // A listing's later pages are not in view until turned to: their cards (a picture, then text, in one div) count as the page they are on is not shown.
  const served = html
    .replace(/<template>[\s\S]*?<\/template>/g, '')
    .replace(/<div class="card" hidden[^>]*>\n<div[^>]*><\/div>[\s\S]*?<\/div>/g, '');
  const footer = served.includes('<footer') ? served.slice(served.indexOf('<footer'), served.indexOf('</footer>')) : '';
  const header = served.slice(served.indexOf('<header'), served.indexOf('</header>')) + footer;
  const pages = [...served.matchAll(new RegExp(`<main ${ATTR.route}="([^"]*)"[\\s\\S]*?</main>`, 'g'))];
  return { header, pages: pages.filter((m) => m[1] !== '*').map((m) => m[0]) };
}

/** Interactive elements on each page of a bundle's single-page HTML: the header's, the footer's and the page's own (overlays apart). */
export function pageCounts(html: string): number[] {
  const { header, pages } = parts(html);
  const top = interactive(header);
  return pages.map((p) => top + interactive(p));
}

/** Words of visible text on each page: the header's, the footer's and the page's own (overlays apart). */
export function pageWords(html: string): number[] {
  const { header, pages } = parts(html);
  const top = words(header);
  return pages.map((p) => top + words(p));
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
export function suiteCounts(suiteId: string, seed: number): { elements: number[]; words: number[] } {
  const suite = suites.get(suiteId);
  const out = { elements: [] as number[], words: [] as number[] };
  for (const spec of suite.scenarios()) {
    const html = generateBundle(suite, spec, seed).files['index.html'] ?? '';
    out.elements.push(...pageCounts(html));
    out.words.push(...pageWords(html));
  }
  return out;
}

const line = (name: string, d: Density, w: Density) =>
  `density   ${name.padEnd(19)} ${String(d.pages).padStart(6)} pages: interactive elements per page median ${d.median}, p10 ${d.p10}, p90 ${d.p90}, max ${d.max}; words per page median ${w.median}, p10 ${w.p10}, p90 ${w.p90}`;

/** Prints the density of every suite and of all of them together. */
export function printDensity(seed: number): void {
  const all = { elements: [] as number[], words: [] as number[] };
  for (const id of suites.ids()) {
    const counts = suiteCounts(id, seed);
    all.elements.push(...counts.elements);
    all.words.push(...counts.words);
    console.log(line(id, density(counts.elements), density(counts.words)));
  }
  console.log(line('every suite', density(all.elements), density(all.words)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printDensity(Number(process.env.BENCH_SEED ?? 7));
