import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, MAX_TEXTS, TextCache } from '../../../simulator/page/dom/style.ts';
import { cascade, sharedIndexes, sheetDeclarations } from '../../../simulator/page/dom/sheet.ts';

describe('the style caches', () => {
  it('never hold more than their bound of entries or of key characters, whatever strings a page writes (a page of ever longer styles left hundreds of MB to the next episode)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(200), fc.integer({ min: 1, max: MAX_TEXT_CHARS })), { minLength: 1, maxLength: 40 }),
        (writes) => {
          const cache = new TextCache<number>();
          for (const [i, length] of writes) {
            cache.set(`${i}:`.padEnd(length, 'x'), i);
            expect(cache.held.chars).toBeLessThanOrEqual(MAX_TEXT_CHARS);
            expect(cache.held.entries).toBeLessThanOrEqual(MAX_TEXTS);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("documents with the same stylesheet (a site's first document, its cart's, its checkout's) share one reading of it; another text, or a rule added through the CSSOM, is read for itself, and the shared readings stay bounded", () => {
    const page = (css: string) =>
      new JSDOM(`<!doctype html><style>${css}</style><body><p class="x">a</p></body>`).window.document;
    const radius = (name: string) => name === 'border-radius';
    // A worker runs other files first: readings they left could fill the cache mid-test and clear it.
    sharedIndexes.clear();
    const css = '.x{border-radius:7px} p{color:red}';
    const [a, b] = [page(css), page(css)];
    const shared = sheetDeclarations(a, radius);
    expect(shared).toEqual([{ name: 'border-radius', value: '7px', important: false }]);
    expect(sheetDeclarations(b, radius)).toBe(shared);
    expect(cascade(b.querySelector('p') as Element, radius)).toEqual([{ name: 'border-radius', value: '7px' }]);
    const other = page('.x{border-radius:9px} p{color:red}');
    expect(sheetDeclarations(other, radius).map((d) => d.value)).toEqual(['9px']);
    const grown = page(css);
    (grown.styleSheets[0] as CSSStyleSheet).insertRule('p{border-radius:3px}', 2);
    expect(sheetDeclarations(grown, radius).map((d) => d.value)).toEqual(['7px', '3px']);
    expect(sheetDeclarations(page(css), radius)).toBe(shared);
    for (let i = 0; i < 40; i++) sheetDeclarations(page(`.x{border-radius:${i}px}${' '.repeat(20_000)}`), radius);
    expect(sharedIndexes.held.entries).toBeLessThanOrEqual(16);
    expect(sharedIndexes.held.chars).toBeLessThanOrEqual(1_000_000);
  });
});
