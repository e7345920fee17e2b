import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { getRole } from 'dom-accessibility-api';
import { roleOf } from '../../../simulator/page/observe.ts';

/** The role as dom-accessibility-api gives it, with the paragraph it leaves out. */
const full = (el: Element) => getRole(el) ?? (el.localName === 'p' ? 'paragraph' : 'generic');

const tag = fc.constantFrom(
  'div',
  'span',
  'label',
  'p',
  'button',
  'li',
  'ul',
  'ol',
  'h1',
  'h4',
  'h6',
  'nav',
  'main',
  'header',
  'footer',
  'section',
  'form',
  'article',
  'aside',
  'textarea',
  'a',
  'a',
  'img',
  'select',
  'strong',
  'td',
  'x-card',
  'summary',
  'area',
  'link',
);
// Inputs half the time: their role turns on two attributes.
const anyTag = fc.oneof(tag, fc.constant('input'));
const type = fc.constantFrom(
  '',
  'text',
  'email',
  'tel',
  'url',
  'search',
  'number',
  'checkbox',
  'radio',
  'range',
  'submit',
  'reset',
  'image',
  'button',
  'hidden',
  'date',
  'bogus',
  'CHECKBOX',
);
const role = fc.constantFrom(null, null, null, 'button', 'presentation', 'none', ' ', 'link button', '');
const misc = fc.constantFrom(' aria-label="A"', ' alt=""', ' multiple', ' size="3"', ' title="T"');
const element = fc
  .record({
    tag: anyTag,
    type,
    role,
    href: fc.constantFrom(null, '/x', ''),
    list: fc.boolean(),
    misc: fc.array(misc, { maxLength: 2 }),
    svg: fc.constantFrom(false, false, false, true),
  })
  .map(({ tag, type, role, href, list, misc, svg }) => {
    const attrs = [
      type ? ` type="${type}"` : '',
      role === null ? '' : ` role="${role}"`,
      href === null ? '' : ` href="${href}"`,
      list ? ' list="l"' : '',
      ...new Set(misc),
    ].join('');
    const el = `<${tag}${attrs}>${tag === 'input' || tag === 'img' ? '' : `x</${tag}>`}`;
    return svg ? `<svg>${el}</svg>` : el;
  });

describe('roles read from the tag', () => {
  it("roleOf equals dom-accessibility-api's role for every element of random markup (tags, role attributes, links, input types, other namespaces)", () => {
    const doc = new JSDOM('<!doctype html><html><body></body></html>').window.document;
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 8 }), (elements) => {
        doc.body.innerHTML = elements.join('');
        const all = Array.from(doc.body.querySelectorAll('*'));
        expect(all.map(roleOf)).toEqual(all.map(full));
      }),
      { numRuns: 300 },
    );
  });
});
