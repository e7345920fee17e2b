import fc from 'fast-check';
import type { SiteSpec } from '../../scenarios/model.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import { makeCase, scenario, type FuzzCase, type SpaceOptions } from './space.ts';

/**
 * A page for the engines to agree on: a site of the scenario space with some of its blocks
 * and overlays left out and its frame kept or not, and the clicks played on it, each at one
 * of the points conformance probes (every interactive box's centre, inner points and corners),
 * taken in turn.
 */
export interface PageCase {
  site: FuzzCase;
  /** Per block of the site's pages, in order: 0 leaves it out; a block past the list's end is left out too. */
  blocks: number[];
  /** Per overlay: 0 leaves it out, as past the end. */
  overlays: number[];
  /** The header's extras, the category bar and the footer (what frames every page of a real site). */
  frame: boolean;
  /** Each click's probe point, by its place among the page's probe points (modulo their number). */
  clicks: number[];
}

/**
 * The arbitrary of pages: drawn whole, and shrunk towards a page of few blocks, no overlay and
 * no frame, and one click at the first probe point, on the plainest site.
 */
export function pageCase(space: SpaceOptions = { maxFamilies: 1 }): fc.Arbitrary<PageCase> {
  // Most of a site is kept when drawn (a 0 in four); shrinking takes values to 0 and lists shorter: less of it.
  const keep = fc.array(fc.nat(3), { maxLength: 80 });
  // fast-check shrinks a record's fields in order: the clicks and what is cut first, the site (which changes every page) last.
  return fc.record({
    clicks: fc.array(fc.nat(9999), { minLength: 1, maxLength: 12 }),
    blocks: keep,
    overlays: fc.array(fc.nat(3), { maxLength: 6 }),
    frame: fc.boolean(),
    site: scenario(space),
  });
}

/** The site with what the page case leaves out taken out. */
export function editSite(site: SiteSpec, p: Pick<PageCase, 'blocks' | 'overlays' | 'frame'>): SiteSpec {
  let n = 0;
  const kept = (mask: readonly number[], i: number) => (mask[i] ?? 0) !== 0;
  const pages = site.pages.map((page) => ({ ...page, blocks: page.blocks.filter(() => kept(p.blocks, n++)) }));
  const overlays = site.overlays.filter((_, i) => kept(p.overlays, i));
  if (p.frame) return { ...site, pages, overlays };
  const { frame: _frame, footer: _footer, subnav: _subnav, ...bare } = site;
  return { ...bare, pages, overlays };
}

/** The page case's site, laid out and rendered by the generator (decoy's own, nothing to check). */
export const pageBundle = (p: PageCase): LoadedBundle => makePage(p).loaded;

/** The page case's site made once, to play or to write (space.ts makeCase). */
export const makePage = (p: PageCase) => makeCase(p.site, (site) => editSite(site, p));
