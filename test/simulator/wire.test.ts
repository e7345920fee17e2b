/**
 * The observation's columns between the engine process and the run: what goes in comes
 * out, key for key and in order, through Node's own serializer; a table that does not hold
 * together (a column short or long, a value of the wrong kind, an index out of range) is
 * refused as a malformed answer, never half read.
 */
import { serialize, deserialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsdomBrowser } from '../../simulator/engine/jsdom.ts';
import type { Observation, ObservedElement } from '../../simulator/observe.ts';
import { RESULTS } from '../../simulator/sandbox/protocol.ts';
import { encode } from '../../simulator/sandbox/wire.ts';
import { generateBundle } from '../../generator/bundle.ts';
import { suites } from '../../scenarios/index.ts';
import { crowd } from '../../bench/crowd.ts';

/** Through the pipe as the engine sends it, and checked as the run checks it. */
const across = (wire: unknown) => RESULTS.observe.safeParse(deserialize(serialize(wire)));

const num = fc.double({ noNaN: true, noDefaultInfinity: true });
const rect = fc.record({ x: num, y: num, w: num, h: num });
const style = fc.record({
  fontSize: fc.integer({ min: 8, max: 40 }),
  fontWeight: fc.constantFrom(400, 700),
  color: fc.constantFrom('#000000', '#ffffff', '#767676'),
  background: fc.constantFrom('#ffffff', '#0a58ca'),
  contrast: fc.constantFrom(21, 4.54, 1),
  underline: fc.boolean(),
  filled: fc.boolean(),
});
/** An element with the keys every one has, then optional ones in any order (the engine's branches order them differently). */
const element: fc.Arbitrary<ObservedElement> = fc
  .tuple(
    fc.record({ ref: fc.option(fc.string(), { nil: null }), role: fc.string(), name: fc.string(), depth: fc.nat(9) }),
    fc.record({ box: fc.option(rect, { nil: null }), inViewport: fc.boolean(), covered: fc.boolean() }),
    fc.shuffledSubarray(['text', 'level', 'checked', 'disabled', 'value', 'coveredBy', 'style'] as const),
    fc.string(),
    style,
    fc.boolean(),
  )
  .map(([head, rest, optional, s, st, flag]) => {
    const e: Record<string, unknown> = { ...head };
    const extras: Record<string, unknown> = { text: s, level: 2, checked: flag, disabled: true, value: s, coveredBy: `button "${s}"`, style: st };
    // Some optional keys before the box, as a heading's level or a text's text come.
    for (const k of optional.slice(0, 1)) e[k] = extras[k];
    Object.assign(e, rest);
    for (const k of optional.slice(1)) e[k] = extras[k];
    return e as unknown as ObservedElement;
  });
const observation: fc.Arbitrary<Observation> = fc.record({
  url: fc.string(),
  title: fc.string(),
  scroll: fc.record({ x: fc.nat(), y: fc.nat() }),
  viewport: fc.record({ width: fc.nat(), height: fc.nat() }),
  elements: fc.array(element, { maxLength: 40 }),
});

/** Byte for byte as JSON, -0 told apart as it would not be in JSON. */
const exact = (o: unknown) => JSON.stringify(o, (_k, v) => (typeof v === 'number' && Object.is(v, -0) ? '#-0' : v));

describe('the observation between engine process and run', () => {
  it('every observation comes out as it went in, key for key and in the same order', () => {
    fc.assert(
      fc.property(observation, (obs) => {
        const out = across(encode(obs));
        expect(out.success).toBe(true);
        expect(exact(out.data)).toBe(exact(obs));
      }),
      { numRuns: 200 },
    );
  });

  it("a generated page's observation, crowded to 2,000 elements, crosses byte-identical and a third of the size or less", async () => {
    const suite = suites.get('demo');
    const [spec] = suite.scenarios();
    const files = generateBundle(suite, spec!, 7).files;
    const browser = new JsdomBrowser();
    await browser.open({ files: { ...files, 'index.html': crowd(files['index.html'] ?? '', 2_000) } }, { seed: 7 });
    const obs = await browser.observe();
    await browser.close();
    const out = across(encode(obs));
    expect(out.success).toBe(true);
    expect(JSON.stringify(out.data)).toBe(JSON.stringify(obs));
    expect(serialize(encode(obs)).length * 3).toBeLessThan(serialize(obs).length);
  });

  it('elements that shared a style record on the way do not share it after: changing one changes no other', () => {
    const st = { fontSize: 16, fontWeight: 400, color: '#000000', background: '#ffffff', contrast: 21, underline: false, filled: false };
    const el = (ref: string): ObservedElement => ({ ref, role: 'button', name: ref, depth: 0, box: null, inViewport: false, covered: false, style: { ...st } });
    const out = across(encode({ url: 'u', title: '', scroll: { x: 0, y: 0 }, viewport: { width: 1, height: 1 }, elements: [el('a'), el('b')] }));
    const [a, b] = out.data?.elements ?? [];
    a!.style!.fontSize = 99;
    expect(b!.style!.fontSize).toBe(16);
  });

  describe('a table that does not hold together is refused', () => {
    const base = () =>
      encode({
        url: 'http://site/',
        title: 't',
        scroll: { x: 0, y: 0 },
        viewport: { width: 1280, height: 800 },
        elements: [
          { ref: 'e1', role: 'button', name: 'Buy', depth: 1, box: { x: 1, y: 2, w: 3, h: 4 }, inViewport: true, covered: false, style: { fontSize: 16, fontWeight: 400, color: '#000000', background: '#ffffff', contrast: 21, underline: false, filled: false } },
          { ref: null, role: 'heading', name: 'Cart', level: 2, depth: 0, box: null, inViewport: false, covered: false },
          { ref: 'e2', role: 'checkbox', name: 'Terms', depth: 1, box: { x: 1, y: 9, w: 3, h: 4 }, inViewport: true, covered: true, coveredBy: 'button "Buy"', checked: false, disabled: true },
          { ref: 'e3', role: 'textbox', name: 'Qty', depth: 1, box: null, inViewport: false, covered: false, value: '2' },
          { ref: null, role: 'text', name: '', text: 'Total', depth: 0, box: null, inViewport: false, covered: false },
        ],
      }) as unknown as Record<string, any>;
    const cases: [string, (w: Record<string, any>) => void][] = [
      ['a column one short', (w) => w.columns.name.pop()],
      ['a column one long', (w) => w.columns.role.push('extra')],
      ['a role that is not a string', (w) => (w.columns.role[0] = 7)],
      ['a ref that is neither a string nor null', (w) => (w.columns.ref[1] = {})],
      ['a covered that is not a boolean', (w) => (w.columns.covered[0] = 'no')],
      ['a shape without a role', (w) => (w.shapes[0] = w.shapes[0].filter((k: string) => k !== 'role'))],
      ['a shape with a key twice', (w) => w.shapes[0].push('name')],
      ['a key no element has', (w) => w.shapes[0].push('onclick')],
      ['an element with no shape', (w) => (w.shape[0] = 9)],
      ['a style out of range', (w) => (w.style[0] = 5)],
      ['a style that is not a record', (w) => (w.styles[0] = 'red')],
      ['a null box past the last box', (w) => w.noBox.push(7)],
      ['boxes that are not numbers', (w) => (w.boxes = [1, 2, 3, 4])],
      ['a box short', (w) => (w.boxes = w.boxes.subarray(0, 3))],
      ['a negative index', (w) => (w.shape[1] = -1)],
      ['a head without a url', (w) => delete w.head.url],
      ['a hole in the role column', (w) => delete w.columns.role[0]],
      ['a hole in the covered column', (w) => delete w.columns.covered[1]],
      ['a depth that is not a number', (w) => (w.columns.depth[0] = NaN)],
      ['an infinite depth', (w) => (w.columns.depth[1] = Infinity)],
      ['a box edge that is not a number', (w) => (w.boxes[0] = NaN)],
      ['an infinite box', (w) => (w.boxes[2] = Infinity)],
      ['a text that is not a string', (w) => (w.columns.text[0] = 5)],
      ['a level that is not a number', (w) => (w.columns.level[0] = '2')],
      ['a checked that is not a boolean', (w) => (w.columns.checked[0] = 'yes')],
      ['a disabled that is not a boolean', (w) => (w.columns.disabled[0] = 1)],
      ['a value that is not a string', (w) => (w.columns.value[0] = ['2'])],
      ['a coveredBy that is not a string', (w) => (w.columns.coveredBy[0] = null)],
    ];
    it.each(cases)('%s', (_what, spoil) => {
      const wire = base();
      expect(across(wire).success).toBe(true);
      spoil(wire);
      expect(across(wire).success).toBe(false);
    });
  });
});
