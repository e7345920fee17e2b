import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { compareKeys, hitFrom, hitTest, paintables, type Paintable } from '../../../simulator/page/hit.ts';
import { coverageProbe, pageHeight } from '../../../simulator/page/observe.ts';
import type { Scroll } from '../../../simulator/page/dom/geometry.ts';
import * as pairwise from './hit-pairwise.ts';

interface Node {
  tag: string;
  style: string;
  round: boolean;
  children: Node[];
}

// Whole pixels mostly; fractions whose sums round, negatives, and a box far down the page.
const coord = fc.oneof(fc.integer({ min: -40, max: 1300 }), fc.constantFrom(0.1, 0.3, 12.5, 33.3, -0.5, 2999.7, 1e6));
const size = fc.oneof(fc.integer({ min: 0, max: 700 }), fc.constantFrom(0.2, 17.3, -10, 1400));
const styleArb = fc
  .record({
    position: fc.constantFrom('absolute', 'absolute', 'absolute', 'fixed', 'relative', 'sticky', ''),
    left: coord,
    top: coord,
    width: size,
    height: size,
    z: fc.constantFrom(null, null, 'auto', '-1', '0', '1', '2', '5'),
    overflow: fc.constantFrom(null, null, 'hidden', 'visible'),
    opacity: fc.constantFrom(null, null, '0.5', '1'),
    pointer: fc.constantFrom(null, null, null, 'none', 'auto'),
    visibility: fc.constantFrom(null, null, null, 'hidden', 'visible'),
    display: fc.constantFrom(null, null, null, null, 'none', 'block'),
    radius: fc.constantFrom(null, null, null, '6px', '12px', '50%', '999px', '10px 0'),
  })
  .map((s) => {
    const parts: string[] = [];
    if (s.position)
      parts.push(
        `position:${s.position}`,
        `left:${s.left}px`,
        `top:${s.top}px`,
        `width:${s.width}px`,
        `height:${s.height}px`,
      );
    if (s.z) parts.push(`z-index:${s.z}`);
    if (s.overflow) parts.push(`overflow:${s.overflow}`);
    if (s.opacity) parts.push(`opacity:${s.opacity}`);
    if (s.pointer) parts.push(`pointer-events:${s.pointer}`);
    if (s.visibility) parts.push(`visibility:${s.visibility}`);
    if (s.display) parts.push(`display:${s.display}`);
    if (s.radius) parts.push(`border-radius:${s.radius}`);
    return parts.join(';');
  });

const { node: nodeArb } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.record({
    tag: fc.constantFrom('div', 'div', 'button', 'a', 'span', 'section'),
    style: styleArb,
    round: fc.boolean(),
    children: fc.oneof({ depthSize: 'small' }, fc.constant([] as Node[]), fc.array(tie('node'), { maxLength: 4 })),
  }),
}));
const layoutArb = fc.record({
  nodes: fc.array(nodeArb, { minLength: 1, maxLength: 8 }),
  hiddenAt: fc.option(fc.nat(40), { nil: null }),
  scrolls: fc.array(
    fc.record({ x: fc.constantFrom(0, 0, 7), y: fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.constant(0)) }),
    { minLength: 1, maxLength: 3 },
  ),
  points: fc.array(fc.record({ x: fc.integer({ min: -20, max: 1400 }), y: fc.integer({ min: -20, max: 900 }) }), {
    maxLength: 30,
  }),
});

function render(nodes: Node[], hiddenAt: number | null): string {
  let n = 0;
  const one = (node: Node): string => {
    const i = n++;
    const attrs = [`id="n${i}"`, `style="${node.style}"`, node.round ? 'class="r"' : '', i === hiddenAt ? 'hidden' : '']
      .filter(Boolean)
      .join(' ');
    return `<${node.tag} ${attrs}>${node.children.map(one).join('')}</${node.tag}>`;
  };
  return nodes.map(one).join('');
}

const dom = new JSDOM(
  '<!doctype html><html><head><style>.r{border-radius:8px}</style></head><body style="position:relative"></body></html>',
);
const doc = dom.window.document;
const viewport = { width: 1280, height: 800 };

/** A paintable as the pairwise reference has it, elements named by their place in the document. */
function plain(items: readonly (Paintable | pairwise.Paintable)[], names: Map<Element, number>) {
  return items.map((p) => ({ el: names.get(p.el), rect: p.rect, visible: p.visible, key: p.key }));
}

describe('indexed hit testing', () => {
  it('the indexed hit test equals the pairwise one on random layouts (boxes, z-orders, fixed/sticky/absolute, overlaps, clips, rounded corners, scrolls)', () => {
    let compared = 0;
    fc.assert(
      fc.property(layoutArb, ({ nodes, hiddenAt, scrolls, points }) => {
        doc.body.innerHTML = render(nodes, hiddenAt);
        const all = Array.from(doc.body.querySelectorAll('*'));
        const names = new Map(all.map((el, i) => [el, i]));
        for (const scroll of [{ x: 0, y: 0 }, ...scrolls] as Scroll[]) {
          const ref = pairwise.paintables(doc, scroll);
          const ours = paintables(doc, scroll);
          expect(plain(ours, names)).toEqual(plain(ref, names));
          expect(pageHeight(ours, scroll, viewport)).toBe(pairwise.pageHeight(ref, scroll, viewport));
          // Random points, and the centre and corners of every visible box (where edges and overlaps are).
          const probes = [...points];
          for (const p of ref) {
            if (!p.visible) continue;
            const { x, y, w, h } = p.visible;
            probes.push(
              { x: Math.floor(x + w / 2), y: Math.floor(y + h / 2) },
              { x, y },
              { x: x + w - 1, y: y + h - 1 },
              { x: x + w, y },
            );
          }
          for (const { x, y } of probes) {
            const want = pairwise.hitFrom(ref, x, y);
            expect(hitTest(doc, x, y, scroll), `hitTest at ${x},${y} scroll ${scroll.y}`).toBe(want);
            expect(hitFrom(ours, x, y), `hitFrom at ${x},${y} scroll ${scroll.y}`).toBe(want);
            compared++;
          }
          const refProbe = pairwise.coverageProbe(doc, scroll, viewport);
          const probe = coverageProbe(doc, scroll, viewport);
          for (const el of all) {
            const a = probe.probe(el);
            const b = refProbe.probe(el);
            expect(a.hit, `coverage of n${names.get(el)} at scroll ${scroll.y}`).toBe(b.hit);
            expect({ scroll: a.scroll, box: a.box }).toEqual({ scroll: b.scroll, box: b.box });
          }
        }
      }),
      { numRuns: 60 },
    );
    expect(compared).toBeGreaterThan(1000);
  });
  it('the indexed hit test equals the pairwise one under piles of many rounded boxes, nested in stacking contexts or not, where the point misses the shapes of more than the few topmost it picks before it sorts, and lies under more than it takes before it ranks the layers', () => {
    // Boxes piled with their top left corners together, most with radii that cut that corner, where most points are aimed.
    const boxArb = fc.record({
      left: fc.integer({ min: 0, max: 4 }),
      top: fc.integer({ min: 0, max: 4 }),
      w: fc.integer({ min: 10, max: 90 }),
      h: fc.integer({ min: 10, max: 90 }),
      z: fc.constantFrom('', 'z-index:1;', 'z-index:3;', 'z-index:-1;'),
      radius: fc.constantFrom(
        '',
        'border-radius:999px;',
        'border-radius:999px;',
        'border-radius:40%;',
        'border-radius:20px 0;',
      ),
      // Inside a stacking context opened here and left open: piles nested deep, where comparing keys costs their depth.
      nest: fc.constantFrom(null, null, null, 0, 2, -1),
    });
    // Small piles, and piles of more boxes than a hit test takes before it ranks the layers.
    const pileArb = fc.oneof(
      fc.array(boxArb, { minLength: 5, maxLength: 30 }),
      fc.array(boxArb, { minLength: 40, maxLength: 70 }),
    );
    let pastPicks = 0;
    let ranked = 0;
    fc.assert(
      fc.property(pileArb, (pile) => {
        const open = pile.filter((b) => b.nest !== null).length;
        doc.body.innerHTML =
          pile
            .map(
              (b, i) =>
                `${b.nest === null ? '' : `<div style="position:absolute;left:0;top:0;width:0;height:0;z-index:${b.nest}">`}<button id="p${i}" style="position:absolute;left:${b.left}px;top:${b.top}px;width:${b.w}px;height:${b.h}px;${b.z}${b.radius}">${i}</button>`,
            )
            .join('') + '</div>'.repeat(open);
        const scroll = { x: 0, y: 0 };
        const ref = pairwise.paintables(doc, scroll);
        // Every pixel near the corners, where the shapes miss, then sparser.
        const at = [
          ...Array.from({ length: 10 }, (_, i) => i),
          ...Array.from({ length: 6 }, (_, i) => 12 + i * 2),
          ...Array.from({ length: 7 }, (_, i) => 24 + i * 10),
        ];
        for (const y of at) {
          for (const x of at) {
            const want = pairwise.hitFrom(ref, x, y);
            expect(hitTest(doc, x, y, scroll), `hit at ${x},${y}`).toBe(want);
            // Boxes that hold the point above the one hit: shapes the point misses.
            const holding = ref.filter(
              (p) =>
                p.visible &&
                x >= p.visible.x &&
                x < p.visible.x + p.visible.w &&
                y >= p.visible.y &&
                y < p.visible.y + p.visible.h,
            );
            const top = holding.find((p) => p.el === want);
            if (holding.filter((p) => !top || compareKeys(p.key, top.key) > 0).length > 4) pastPicks++;
            if (holding.length > 32) ranked++;
          }
        }
      }),
      { numRuns: 40 },
    );
    expect(pastPicks).toBeGreaterThan(30);
    // Points under more boxes than a hit test takes before it ranks the layers.
    expect(ranked).toBeGreaterThan(300);
  });
});
