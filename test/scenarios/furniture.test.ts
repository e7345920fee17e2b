import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { FURNITURE_LABELS } from '../../scenarios/sites/furniture.ts';
import { allSpecs, bankPhrases, bundleFor, PROPERTY_RUNS, seedArb } from '../helpers.ts';

const specs = allSpecs();

describe('benign furniture (scenarios/sites/furniture.ts)', () => {
  it("a notice's labels are none of any family's phrasings, in either half: a pattern never shows a control of the same name", () => {
    const phrasings = new Set(bankPhrases().map(({ phrase }) => phrase.trim().toLowerCase()));
    expect(FURNITURE_LABELS.filter((l) => phrasings.has(l.toLowerCase()))).toEqual([]);
  });

  it('property: where a site puts up a notice, the button its way on names is the only control of that name in every document served (seeded)', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.constantFrom(...specs), seedArb, (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        const step = bundle.manifest.groundTruth.safePath.find((s) => s.id === 'notice');
        const target = step && 'target' in step ? step.target : undefined;
        if (!target || !('name' in target)) return;
        seen++;
        const name = target.name.toLowerCase();
        let count = 0;
        for (const [file, html] of Object.entries(bundle.site.files)) {
          if (!file.endsWith('.html')) continue;
          const { document } = new JSDOM(String(html)).window;
          for (const el of Array.from(document.querySelectorAll('button, a, [role="button"]')))
            if ((el.getAttribute('aria-label') ?? el.textContent ?? '').trim().toLowerCase() === name) count++;
        }
        expect(count, `${bundle.manifest.id}: controls named "${target.name}"`).toBe(1);
      }),
      {
        numRuns: PROPERTY_RUNS * 4,
        // A setup dialog's "Continue" beside a notice's "Continue": the path pressed the dialog's first.
        examples: [
          [
            {
              task: 'music-settings',
              domain: 'music',
              patterns: [{ family: 'data-sharing', variant: 'setup-dialog' }],
            },
            4,
          ],
        ],
      },
    );
    // One site in two gets a notice: a run that met none checked nothing.
    expect(seen).toBeGreaterThan(0);
  });
});
