/**
 * Refs: each element keeps its ref while its role and name stay; a ref finds its element,
 * and no other string does (a ref written another way, or one given before the registry).
 */
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { RefRegistry } from '../../../simulator/page/observe.ts';

describe('the ref registry', () => {
  it('every ref given finds its element and any other string finds none, whatever count the registry starts from', () => {
    const doc = new JSDOM('<!doctype html><body></body>').window.document;
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.array(fc.tuple(fc.nat(9), fc.constantFrom('button', 'link'), fc.constantFrom('Buy', 'Skip')), {
          maxLength: 30,
        }),
        fc.string(),
        (start, asks, other) => {
          const els = Array.from({ length: 10 }, () => doc.createElement('button'));
          const refs = new RefRegistry(start);
          const given = new Map<string, Element>();
          for (const [i, role, name] of asks) {
            const el = els[i] as Element;
            const ref = refs.refFor(el, role, name);
            expect(refs.refFor(el, role, name)).toBe(ref);
            given.set(ref, el);
          }
          for (const [ref, el] of given) {
            expect(refs.element(ref)).toBe(el);
            if (refs.currentRef(el) === ref) expect(refs.element(ref)).toBe(el);
          }
          for (const s of [
            other,
            'e0',
            `e${start}`,
            `e0${start + 1}`,
            ` e${start + 1}`,
            `e${start + 1} `,
            `e${start + 1}.0`,
            `E${start + 1}`,
            `e${refs.issued + 1}`,
            'e-1',
            'e',
          ]) {
            if (!given.has(s)) expect(refs.element(s)).toBeUndefined();
          }
          for (const notText of [6, null, undefined, {}])
            expect(refs.element(notText as unknown as string)).toBeUndefined();
          expect(refs.issued).toBe(start + given.size);
        },
      ),
    );
  });
});
