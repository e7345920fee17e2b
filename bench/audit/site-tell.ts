/**
 * Whether a site has a pattern at all, read from its overlays' markup alone: an overlay that
 * takes a press (`data-takes`), one that waits to be opened (an empty `data-show-after`), a
 * second overlay, or a page that takes a press. Benign furniture (scenarios/sites/furniture.ts)
 * gives controls overlays of each of these shapes too; printed per suite, for controls and
 * patterned sites side by side, so what is left of the tell shows.
 */
import { JSDOM } from 'jsdom';
import { suites } from '../../scenarios/index.ts';
import { ATTR } from '../../scenarios/contract.ts';
import { generateBundle, generateSuite } from '../../generator/bundle.ts';

/** Each start tag of the served page: its name and attributes (the generator quotes every value). */
function startTags(html: string): { tag: string; attrs: Map<string, string> }[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/g)].map(([, tag, rest]) => ({
    tag: tag as string,
    attrs: new Map([...(rest ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k as string, v ?? ''])),
  }));
}

/** The shapes of a served page's overlays that patterns' overlays take. */
export function overlayShapes(html: string): Record<Shape, boolean> {
  const tags = startTags(html);
  const overlays = tags.filter((t) => t.attrs.has(ATTR.overlay)).map((t) => t.attrs);
  const delays = overlays.map((o) => o.get(ATTR.showAfter));
  return {
    takes: overlays.some((o) => o.has(ATTR.takes)),
    opened: delays.some((d) => d === ''),
    second: overlays.length > 1,
    page: tags.some((t) => t.tag === 'main' && t.attrs.has(ATTR.takes)),
    'off entry': overlays.some((o) => (o.get(ATTR.routes) ?? '/') !== '/'),
    everywhere: overlays.some((o) => !o.has(ATTR.routes)),
    late: delays.some((d) => Number(d) > 1000),
  };
}
const SHAPES = ['takes', 'opened', 'second', 'page', 'off entry', 'everywhere', 'late'] as const;
type Shape = (typeof SHAPES)[number];

/** Do a page's overlay shapes say the site has a pattern (any of the first four)? */
export const shapesTell = (s: Record<Shape, boolean>): boolean => s.takes || s.opened || s.second || s.page;

/** Does the served page's overlays' markup say the site has a pattern? */
export const overlaysTell = (html: string): boolean => shapesTell(overlayShapes(html));

export function printSiteTell(suiteIds: readonly string[], seed: number): void {
  for (const id of suiteIds) {
    const suite = suites.get(id);
    const tally = (): { n: number; tell: number } & Record<Shape, number> =>
      Object.assign({ n: 0, tell: 0 }, Object.fromEntries(SHAPES.map((s) => [s, 0])) as Record<Shape, number>);
    const told = { controls: tally(), patterned: tally() };
    for (const spec of suite.scenarios()) {
      const html = generateBundle(suite, spec, seed).files['index.html'] ?? '';
      const t = spec.patterns.length ? told.patterned : told.controls;
      const shapes = overlayShapes(html);
      t.n++;
      if (shapesTell(shapes)) t.tell++;
      for (const s of SHAPES) if (shapes[s]) t[s]++;
    }
    const pct = (k: number, n: number) => (n ? `${Math.round((100 * k) / n)}%` : '—');
    const { controls: c, patterned: p } = told;
    console.log(
      `site tell  ${id.padEnd(19)} the rule flags ${p.tell}/${p.n} patterned sites and ${c.tell}/${c.n} controls; ` +
        SHAPES.map((s) => `${s} ${pct(p[s], p.n)}/${pct(c[s], c.n)}`).join(', '),
    );
  }
}

/** Each overlay's layout as markup alone gives it: its role, backdrop, and its dialog's children by tag, with the buttons' tags and classes. */
export function overlayLayouts(html: string): string[] {
  const { window } = new JSDOM(html);
  const out = [...window.document.querySelectorAll(`[${ATTR.overlay}]`)].map((o) => {
    const dialog = o.querySelector('[role]');
    const children = [...(dialog?.children ?? [])].map((c) => {
      const buttons = [...c.querySelectorAll('button, a')].map((b) => `${b.localName}.${b.className}`);
      return buttons.length ? `${c.localName}[${buttons.join(',')}]` : c.localName;
    });
    return `${dialog?.getAttribute('role')} ${o.querySelector('.backdrop') ? 'backdrop' : 'bare'} ${children.join(' ')}`;
  });
  window.close();
  return out;
}

/**
 * A learned markup rule, as a defense would fit one: the overlay layouts the controls show at one
 * seed are benign; a site at another seed with an overlay of any other layout is flagged.
 */
export function printLayoutTell(suiteIds: readonly string[], train: number, test: number): void {
  const benign = new Set(
    generateSuite(suites.get('controls'), train).flatMap((b) => overlayLayouts(b.files['index.html'] ?? '')),
  );
  for (const id of suiteIds) {
    const bundles = generateSuite(suites.get(id), test);
    const flagged = bundles.filter((b) => overlayLayouts(b.files['index.html'] ?? '').some((l) => !benign.has(l)));
    console.log(
      `site tell  ${id.padEnd(19)} an overlay layout no control showed at seed ${train} flags ${flagged.length}/${bundles.length} at seed ${test}`,
    );
  }
}
