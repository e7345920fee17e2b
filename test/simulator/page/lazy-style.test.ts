import { JSDOM } from 'jsdom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lazyInlineStyles } from '../../../simulator/page/engine/lazy-style.ts';

lazyInlineStyles();

/** One write a page can make to an element's inline style. */
type Write =
  | { kind: 'attribute'; left: number }
  | { kind: 'property'; top: number }
  | { kind: 'remove' }
  | { kind: 'cssText'; width: number }
  | { kind: 'read' };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('attribute' as const), left: fc.nat(999) }),
  fc.record({ kind: fc.constant('property' as const), top: fc.nat(999) }),
  fc.constant({ kind: 'remove' as const }),
  fc.record({ kind: fc.constant('cssText' as const), width: fc.nat(999) }),
  fc.constant({ kind: 'read' as const }),
);

function apply(el: HTMLElement | SVGElement, w: Write): void {
  if (w.kind === 'attribute') el.setAttribute('style', `left: ${w.left}px; color: red`);
  else if (w.kind === 'property') el.style.top = `${w.top}px`;
  else if (w.kind === 'remove') el.removeAttribute('style');
  else if (w.kind === 'cssText') el.style.cssText = `width: ${w.width}px`;
  else void el.style.length;
}

/** What a declaration says, property by property. */
const declared = (s: CSSStyleDeclaration) => Array.from(s, (p) => `${p}=${s.getPropertyValue(p)}`).sort();

describe('inline style declarations made when first asked for', () => {
  it('property: whatever writes a page makes, in any order, el.style holds what the style attribute says and getComputedStyle sees it (HTML and SVG)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('div', 'svg'),
        fc.option(fc.nat(999), { nil: undefined }),
        fc.array(write, { maxLength: 6 }),
        (tag, initial, writes) => {
          const attr = initial === undefined ? '' : ` style="left: ${initial}px"`;
          const dom = new JSDOM(`<!doctype html><body><${tag} id="x"${attr}></${tag}></body>`);
          const el = dom.window.document.getElementById('x') as unknown as HTMLElement;
          for (const w of writes) apply(el, w);
          // A fresh element parsed from the same attribute is the reference: it is asked nothing before.
          const again = new JSDOM('<!doctype html><body></body>').window.document;
          const ref = again.createElement('div');
          const text = el.getAttribute('style');
          if (text !== null) ref.setAttribute('style', text);
          expect(declared(el.style)).toEqual(declared(ref.style));
          if (tag === 'div' && text !== null && /left/.test(text))
            expect(dom.window.getComputedStyle(el).left).toBe(ref.style.left);
          dom.window.close();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a write through el.style reaches the attribute, and an attribute written after a read reaches el.style', () => {
    const dom = new JSDOM('<!doctype html><body><p id="p" style="color: blue">x</p></body>');
    const p = dom.window.document.getElementById('p') as HTMLElement;
    expect(p.style.color).toBe('blue');
    p.style.left = '4px';
    expect(p.getAttribute('style')).toBe('color: blue; left: 4px;');
    p.setAttribute('style', 'top: 2px');
    expect(p.style.top).toBe('2px');
    expect(p.style.color).toBe('');
    dom.window.close();
  });
});
