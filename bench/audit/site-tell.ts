/**
 * Whether a site has a pattern at all, read from its overlays' markup alone: an overlay that
 * takes a press (`data-takes`), one that waits to be opened (an empty `data-show-after`), or a
 * second overlay. Only patterns' overlays have those shapes so far, so the rule flags patterned
 * sites and no control: a defense careful only where it fires would pay less on controls than it
 * should. Printed per suite, for the work that counterbalances it (benign overlays of each shape).
 */
import { JSDOM } from 'jsdom';
import { suites } from '../../scenarios/index.ts';
import { ATTR } from '../../scenarios/contract.ts';
import { generateBundle } from '../../generator/bundle.ts';

/** Does the served page's overlays' markup say the site has a pattern? */
export function overlaysTell(html: string): boolean {
  const { document } = new JSDOM(html).window;
  const overlays = [...document.querySelectorAll(`[${ATTR.overlay}]`)];
  return (
    overlays.length > 1 ||
    overlays.some((o) => o.hasAttribute(ATTR.takes) || o.getAttribute(ATTR.showAfter) === '') ||
    document.querySelector(`main[${ATTR.takes}]`) !== null
  );
}

export function printSiteTell(suiteIds: readonly string[], seed: number): void {
  for (const id of suiteIds) {
    const suite = suites.get(id);
    const told = { controls: [0, 0], patterned: [0, 0] };
    for (const spec of suite.scenarios()) {
      const b = generateBundle(suite, spec, seed);
      const c = b.manifest.patterns.length ? told.patterned : told.controls;
      c[0]! += overlaysTell(b.files['index.html'] ?? '') ? 1 : 0;
      c[1]!++;
    }
    console.log(
      `site tell  ${id.padEnd(19)} a pattern's overlay markup flags ${told.patterned[0]}/${told.patterned[1]} patterned sites and ${told.controls[0]}/${told.controls[1]} controls`,
    );
  }
}
