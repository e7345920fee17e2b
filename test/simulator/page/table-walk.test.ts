/**
 * The element table read beside the paint walk, in one pass with it, equals the table read
 * by a walk of its own down the tree (test/simulator/page/table-walk.ts): the same entries in
 * the same order, at the same depths, with the same text, on pages built to try what the
 * one pass must get right (text between elements, comments, aria-hidden, visibility hidden
 * under a visible parent and back, display none, labels that name their control and ones
 * that do not, landmarks, nesting).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { learnJsdom } from '../../../simulator/page/dom/nodes.ts';
import { readLabels } from '../../../simulator/page/dom/labels.ts';
import { whileUnchanged } from '../../../simulator/page/dom/unchanged.ts';
import { coverageProbe, MAX_INDENT, observe, RefRegistry, snapshotText } from '../../../simulator/page/observe.ts';
import { walkTable } from './table-walk.ts';
import { PROPERTY_RUNS } from '../../helpers.ts';

interface Node {
  tag: string;
  attrs: string[];
  box: { x: number; y: number; w: number; h: number } | null;
  children: (Node | string)[];
}

const text = fc.constantFrom('Buy', ' Add  to\ncart ', '  ', '', 'Price 9', '\u00a0x\u00a0', 'No thanks');
const attr = fc.constantFrom(
  ' aria-hidden="true"',
  ' aria-hidden="false"',
  ' style="visibility:hidden"',
  ' style="visibility:visible"',
  ' style="display:none"',
  ' hidden',
  ' role="region" aria-label="Area"',
  ' role="button"',
  ' id="f0"',
  ' id="f1"',
  ' for="f0"',
  ' for="f1"',
  ' aria-label="Named"',
  ' style="pointer-events:none"',
  ' style="z-index:3"',
  ' style="position:fixed;left:0;top:0;width:200px;height:120px"',
);
// Labels and their controls often, by `for` and by nesting, as a label that names its control hides its own text.
const tag = fc.constantFrom(
  'div',
  'div',
  'span',
  'p',
  'label',
  'label',
  'label for="f0"',
  'input',
  'input id="f0"',
  'input type="checkbox"',
  'button',
  'a href="/x"',
  'a',
  'h2',
  'nav',
  'section',
  'img alt="Pic"',
  'ul',
  'li',
  'main',
);
// Boxes crowded together, so that elements cover parts of each other and where a probe aims decides what it hits.
const box = fc.option(
  fc.record({
    x: fc.integer({ min: -20, max: 400 }),
    y: fc.integer({ min: -20, max: 1300 }),
    w: fc.integer({ min: 0, max: 300 }),
    h: fc.integer({ min: 0, max: 300 }),
  }),
  { nil: null },
);
const { node } = fc.letrec<{ node: Node; child: Node | string }>((tie) => ({
  node: fc.record({
    tag,
    attrs: fc.array(attr, { maxLength: 2 }),
    box,
    children: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant([] as (Node | string)[]),
      fc.array(tie('child'), { minLength: 1, maxLength: 5 }),
    ),
  }),
  child: fc.oneof(
    { arbitrary: tie('node'), weight: 3 },
    { arbitrary: text, weight: 2 },
    { arbitrary: fc.constant('<!-- c -->'), weight: 1 },
  ),
}));

const VOID = new Set(['input', 'img']);

function html(n: Node | string): string {
  if (typeof n === 'string') return n;
  const name = n.tag.split(' ')[0] as string;
  // One style attribute: a box where given, with the style an attribute asks for.
  const styles = n.attrs.filter((a) => a.startsWith(' style=')).map((a) => a.slice(8, -1));
  if (n.box) styles.push(`position:absolute;left:${n.box.x}px;top:${n.box.y}px;width:${n.box.w}px;height:${n.box.h}px`);
  const rest = [...new Set(n.attrs.filter((a) => !a.startsWith(' style=')))].join('');
  const open = `<${n.tag}${rest}${styles.length ? ` style="${styles.join(';')}"` : ''}>`;
  return VOID.has(name) ? open : `${open}${n.children.map(html).join('')}</${name}>`;
}

learnJsdom(new JSDOM('').window.document);

describe('the table read in one pass with the paint walk', () => {
  it('equals the table read by a walk of its own, entry for entry, on any page', () => {
    fc.assert(
      fc.property(
        fc.array(node, { minLength: 3, maxLength: 10 }),
        fc.constantFrom(0, 300),
        fc.constantFrom('', ' style="visibility:hidden"', ' aria-hidden="true"', ' role="main"'),
        (nodes, y, bodyAttr) => {
          const dom = new JSDOM(`<!doctype html><html><body${bodyAttr}>${nodes.map(html).join(' ')}</body></html>`);
          const win = dom.window as unknown as Window;
          const scroll = { x: 0, y };
          const viewport = { width: 1280, height: 800 };
          const ours = observe(win, new RefRegistry(), scroll, viewport);
          const restore = readLabels(win.document);
          let walked;
          try {
            walked = whileUnchanged(() =>
              walkTable(win, new RefRegistry(), scroll, viewport, coverageProbe(win.document, scroll, viewport)),
            );
          } finally {
            restore();
          }
          expect(JSON.stringify(ours)).toBe(JSON.stringify(walked));
          dom.window.close();
        },
      ),
      { numRuns: PROPERTY_RUNS * 4 },
    );
  });

  it('reads a page of 1,000 nested regions, each at its depth, and its snapshot indents no further than MAX_INDENT', () => {
    const n = 1000;
    const dom = new JSDOM(
      `<!doctype html><html><body>${'<section aria-label="s">x'.repeat(n)}${'</section>'.repeat(n)}</body></html>`,
    );
    const obs = observe(
      dom.window as unknown as Window,
      new RefRegistry(),
      { x: 0, y: 0 },
      { width: 1280, height: 800 },
    );
    const regions = obs.elements.filter((e) => e.role === 'region');
    expect(regions).toHaveLength(n);
    expect(regions.map((e) => e.depth)).toEqual(Array.from({ length: n }, (_, i) => i));
    const lines = snapshotText(obs).split('\n');
    expect(lines).toHaveLength(2 * n);
    expect(Math.max(...lines.map((l) => l.length - l.trimStart().length))).toBe(2 * MAX_INDENT);
    dom.window.close();
  });
});
