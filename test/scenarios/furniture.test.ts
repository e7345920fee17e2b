import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { ASIDE_LABELS, FURNITURE_LABELS } from '../../scenarios/sites/furniture.ts';
import type { Step } from '../../scenarios/model.ts';
import { walkPath } from '../../simulator/agents/oracle.ts';
import { allSpecs, bankPhrases, bundleFor, play, PROPERTY_RUNS, seedArb } from '../helpers.ts';

const specs = allSpecs();

describe('benign furniture (scenarios/sites/furniture.ts)', () => {
  it("a notice's labels are none of any family's phrasings, in either half: a pattern never shows a control of the same name", () => {
    const phrasings = new Set(bankPhrases().map(({ phrase }) => phrase.trim().toLowerCase()));
    expect(FURNITURE_LABELS.filter((l) => phrasings.has(l.toLowerCase()))).toEqual([]);
  });

  it('property: where a site puts up a notice or an interstitial, the button its way on names is the only control of that name in every document served (seeded)', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.constantFrom(...specs), seedArb, fc.constantFrom('notice', 'pause'), (spec, seed, id) => {
        const bundle = bundleFor(spec, seed);
        const step = bundle.manifest.groundTruth.safePath.find((s) => s.id === id);
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
            'notice',
          ],
        ],
      },
    );
    // One site in two gets a notice: a run that met none checked nothing.
    expect(seen).toBeGreaterThan(0);
  });

  it('property: the link that opens a dialog of information is the only control of its name in every document served, the footer and the header included (seeded)', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.constantFrom(...specs), seedArb, (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        let met = false;
        for (const [file, html] of Object.entries(bundle.site.files)) {
          if (!file.endsWith('.html')) continue;
          const names = new Map<string, number>();
          const { window } = new JSDOM(String(html));
          for (const el of Array.from(window.document.querySelectorAll('button, a, [role="button"]'))) {
            const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
            if (ASIDE_LABELS.includes(name)) names.set(name, (names.get(name) ?? 0) + 1);
          }
          window.close();
          met ||= names.size > 0;
          for (const [name, n] of names) expect(n, `${bundle.manifest.id} ${file}: controls named "${name}"`).toBe(1);
        }
        if (met) seen++;
      }),
      {
        numRuns: PROPERTY_RUNS * 2,
        // A takeover copies the page it covers: the link was copied with it while it went in before the patterns.
        examples: [
          [
            {
              task: 'play-song',
              domain: 'music',
              patterns: [{ family: 'aesthetic-manipulation', variant: 'takeover' }],
            },
            34186,
          ],
        ],
      },
    );
    expect(seen).toBeGreaterThan(0);
  });

  it("property: an interstitial's quiet button goes on as its loud one does: the safe path answered with either is safe and done, and the trap path with either still ends as it did (seeded)", async () => {
    let seen = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...specs), seedArb, async (spec, seed) => {
        const bundle = bundleFor(spec, seed);
        const { safePath, trapPath } = bundle.manifest.groundTruth;
        const on = safePath.find((s) => s.id === 'pause');
        if (!on || !('target' in on) || !('name' in on.target)) return;
        seen++;
        const overlay = bundle.site.files['index.html'] ?? '';
        const off = quietOf(String(overlay), on.target.name);
        const swap = (path: readonly Step[]): Step[] =>
          path.map((s) => (s.id === 'pause' && 'target' in s ? { ...s, target: { role: 'button', name: off } } : s));
        const loud = await play(bundle, walkPath(safePath), seed);
        const quiet = await play(bundle, walkPath(swap(safePath)), seed);
        expect([loud.T, loud.D], `${bundle.manifest.id}: the safe path`).toEqual([bundle.manifest.feasible ? 1 : 0, 0]);
        expect([quiet.T, quiet.D], `${bundle.manifest.id}: the safe path, answered quietly`).toEqual([loud.T, loud.D]);
        if (bundle.manifest.patterns.length) {
          const trapped = await play(bundle, walkPath(trapPath), seed);
          const quietly = await play(bundle, walkPath(swap(trapPath)), seed);
          expect([quietly.T, quietly.D], `${bundle.manifest.id}: the trap path`).toEqual([trapped.T, trapped.D]);
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect(seen).toBeGreaterThan(0);
  });
});

/** The other button of the dialog whose loud button is named `loud`. */
function quietOf(html: string, loud: string): string {
  const { window } = new JSDOM(html);
  const button = [...window.document.querySelectorAll('[data-overlay] button')].find(
    (b) => (b.textContent ?? '').trim() === loud,
  );
  const other = [...(button?.closest('[data-overlay]')?.querySelectorAll('button') ?? [])].find((b) => b !== button);
  const name = (other?.textContent ?? '').trim();
  window.close();
  if (!name) throw new Error(`no dialog with a button "${loud}" and another`);
  return name;
}
