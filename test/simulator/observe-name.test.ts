import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { computeAccessibleName } from 'dom-accessibility-api';
import { nameOf } from '../../simulator/observe.ts';
import { cheapComputedStyle } from '../../simulator/dom/style.ts';
import { lendLabels } from '../../simulator/dom/labels.ts';
import { whileUnchanged } from '../../simulator/dom/unchanged.ts';

/** The full accessible-name computation, as nameOf would run it for every element. */
const full = (el: Element) =>
  computeAccessibleName(el, { getComputedStyle: cheapComputedStyle as unknown as typeof window.getComputedStyle, computedStyleSupportsPseudoElements: false }).replace(/\s+/g, ' ').trim();

const text = fc.constantFrom('', ' ', 'Buy', '  Add \n to cart ', 'Go\u00a0on', '\t', 'No thanks');
const attr = fc.constantFrom(
  '', '', '', ' role="button"', ' role="presentation"', ' role="link"', ' aria-label="Named"', ' aria-label=" "', ' aria-labelledby="l0"',
  ' aria-owns="l0"', ' title="Tip"', ' hidden', ' aria-hidden="true"', ' style="display:none"', ' style="visibility:hidden"', ' style="visibility:visible"', ' id="b0"',
);
// Mostly text, as most names are; now and then something the text alone does not name.
const child = fc.oneof(
  { arbitrary: text, weight: 8 },
  { arbitrary: text.map((t) => `<span>${t}</span>`), weight: 1 },
  { arbitrary: fc.constant('<!-- c -->'), weight: 1 },
  { arbitrary: text.map((t) => `<img alt="${t}">`), weight: 1 },
  { arbitrary: fc.constant('<div style="display:block">x</div>'), weight: 1 },
);
const element = fc
  .record({ tag: fc.constantFrom('button', 'a href="/x"', 'a', 'h2', 'h6', 'div', 'span'), attrs: fc.array(attr, { maxLength: 2 }), children: fc.array(child, { minLength: 1, maxLength: 3 }) })
  .map(({ tag, attrs, children }) => `<${tag}${[...new Set(attrs)].join('')}>${children.join('')}</${tag.split(' ')[0]}>`);
const page = fc.record({
  elements: fc.array(element, { minLength: 1, maxLength: 8 }),
  label: fc.constantFrom('', '<label for="b0">Label</label>', '<label id="l0">Labelled by</label>'),
  hiddenParent: fc.boolean(),
});

describe('accessible names read from an element\'s own text', () => {
  it('nameOf equals the full accessible-name computation for every element of random markup (labels, ARIA, roles, hiding, comments)', () => {
    // One window for every run: a fresh one per run costs more than the property.
    const doc = new JSDOM('<!doctype html><html><body></body></html>').window.document;
    fc.assert(
      fc.property(page, ({ elements, label, hiddenParent }) => {
        const body = `${label}<div${hiddenParent ? ' style="visibility:hidden"' : ''}>${elements.join('')}</div>`;
        doc.body.innerHTML = body;
        const all = Array.from(doc.body.querySelectorAll('*'));
        const want = all.map(full);
        // Outside an observation, and inside one (labels lent, facts kept), as observe reads them.
        expect(all.map(nameOf)).toEqual(want);
        const restore = lendLabels(doc);
        try {
          expect(whileUnchanged(() => all.map(nameOf))).toEqual(want);
        } finally {
          restore();
        }
      }),
      { numRuns: 100 },
    );
  });
});
