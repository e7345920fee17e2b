import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, MAX_TEXTS, TextCache } from '../../../simulator/page/dom/style.ts';

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
});
