/**
 * The observation's columns between the engine process and the run: what goes in comes
 * out, key for key and in order, through Node's own serializer; a table that does not hold
 * together (a column short or long, a value of the wrong kind, an index out of range) is
 * refused as a malformed answer, never half read.
 */
import { serialize, deserialize } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import type { Observation, ObservedElement } from '../../../simulator/page/observe.ts';
import { PART_MESSAGE, RESULTS } from '../../../simulator/page/sandbox/protocol.ts';
import { decode, Decoder, encode, PART_BYTES, PART_ENTRIES } from '../../../simulator/page/sandbox/wire.ts';
import { textChars } from '../../../simulator/page/engine/limits.ts';
import { EngineProcess } from '../../../simulator/page/sandbox/process.ts';
import { generateBundle } from '../../../generator/bundle.ts';
import { suites } from '../../../scenarios/index.ts';
import { crowd } from '../../../bench/crowd.ts';

/** The demo's first page crowded to `elements` elements (bench/crowd.ts), observed in-process. */
async function crowdedObservation(elements: number): Promise<Observation> {
  const suite = suites.get('demo');
  const [spec] = suite.scenarios();
  const files = generateBundle(suite, spec!, 7).files;
  const browser = new JsdomBrowser();
  await browser.open({ files: { ...files, 'index.html': crowd(files['index.html'] ?? '', elements) } }, { seed: 7 });
  const obs = await browser.observe();
  await browser.close();
  return obs;
}

/**
 * The value's size through V8's serializer, in one canonical form. V8 writes a value as it
 * holds it, and how it holds one depends on what else the process has done: a string cut from
 * a two-byte one stays two-byte, and an object's number field that some other object of its
 * shape once held a fraction in is written as 8 bytes even when integral (in a shared test
 * worker the crowded page's table came out 3% smaller one run and its encoding 10% larger).
 * So strings are sized in one-byte form where they can be, integers as small integers, and
 * objects as maps, whose entries have no shared field layout.
 */
function wireSize(value: unknown): number {
  const canonical = (v: unknown): unknown => {
    if (typeof v === 'string') return /[^\u0000-\u00ff]/.test(v) ? v : Buffer.from(v, 'latin1').toString('latin1');
    if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 2 ** 30 ? v | 0 : v;
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object' && !ArrayBuffer.isView(v))
      return new Map(Object.entries(v).map(([k, x]) => [canonical(k), canonical(x)]));
    return v;
  };
  return serialize(canonical(value)).length;
}

/** Through the pipe as the engine sends it, and checked as the run checks it (after the parts sent ahead of it, if any). */
function across(wire: unknown, parts = new Decoder()): { success: boolean; data?: Observation; reason?: string } {
  const checked = RESULTS.observe.safeParse(deserialize(serialize(wire)));
  if (!checked.success) return { success: false, reason: checked.error.message };
  const obs = decode(checked.data, parts);
  return typeof obs === 'string' ? { success: false, reason: obs } : { success: true, data: obs };
}

/** Encoded in parts of `every` entries, each through the pipe and decoded as the run takes parts; then the last. */
function acrossInParts(obs: Observation, every: number, spoil?: (part: Record<string, any>, n: number) => void) {
  const parts = new Decoder();
  let n = 0;
  let refused: string | null = null;
  const last = encode(
    obs,
    (part) => {
      spoil?.(part as unknown as Record<string, any>, n);
      n++;
      const message = PART_MESSAGE.safeParse(deserialize(serialize({ id: 1, part })));
      refused ??= message.success ? parts.add(message.data.part) : message.error.message;
    },
    every,
  );
  return { refused, out: across(last, parts), sent: n };
}

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
    const extras: Record<string, unknown> = {
      text: s,
      level: 2,
      checked: flag,
      disabled: true,
      value: s,
      coveredBy: `button "${s}"`,
      style: st,
    };
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

  it('a table sent in parts of any size comes out as the whole table does: every entry once, in order', () => {
    fc.assert(
      fc.property(observation, fc.integer({ min: 1, max: 12 }), (obs, every) => {
        const { refused, out, sent } = acrossInParts(obs, every);
        expect(refused).toBeNull();
        expect(sent).toBe(Math.floor(obs.elements.length / every));
        expect(out.success && exact(out.data)).toBe(exact(obs));
      }),
      { numRuns: 200 },
    );
  });

  it("a generated page's observation, crowded to 2,000 elements, crosses byte-identical and at most half the size", async () => {
    const obs = await crowdedObservation(2_000);
    const out = across(encode(obs));
    expect(out.success).toBe(true);
    expect(JSON.stringify(out.data)).toBe(JSON.stringify(obs));
    // 3.3× smaller alone, 2.85× in a full run's shared worker (by what, not found): half is the bound both keep.
    expect(wireSize(encode(obs)) * 2).toBeLessThan(wireSize(obs));
  });

  it("each part of a crowded page's table fits in the socket's send buffer, so it leaves the engine while the engine reads on", async () => {
    const obs = await crowdedObservation(8_000);
    const sizes: number[] = [];
    encode(obs, (part) => sizes.push(serialize({ id: 1, part }).length));
    expect(sizes.length).toBe(Math.floor(obs.elements.length / PART_ENTRIES));
    expect(sizes.length).toBeGreaterThan(3);
    for (const size of sizes) expect(size).toBeLessThan(PART_BYTES);
  });

  it('elements that shared a style record on the way do not share it after: changing one changes no other', () => {
    const st = {
      fontSize: 16,
      fontWeight: 400,
      color: '#000000',
      background: '#ffffff',
      contrast: 21,
      underline: false,
      filled: false,
    };
    const el = (ref: string): ObservedElement => ({
      ref,
      role: 'button',
      name: ref,
      depth: 0,
      box: null,
      inViewport: false,
      covered: false,
      style: { ...st },
    });
    const out = across(
      encode({
        url: 'u',
        title: '',
        scroll: { x: 0, y: 0 },
        viewport: { width: 1, height: 1 },
        elements: [el('a'), el('b')],
      }),
    );
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
          {
            ref: 'e1',
            role: 'button',
            name: 'Buy',
            depth: 1,
            box: { x: 1, y: 2, w: 3, h: 4 },
            inViewport: true,
            covered: false,
            style: {
              fontSize: 16,
              fontWeight: 400,
              color: '#000000',
              background: '#ffffff',
              contrast: 21,
              underline: false,
              filled: false,
            },
          },
          {
            ref: null,
            role: 'heading',
            name: 'Cart',
            level: 2,
            depth: 0,
            box: null,
            inViewport: false,
            covered: false,
          },
          {
            ref: 'e2',
            role: 'checkbox',
            name: 'Terms',
            depth: 1,
            box: { x: 1, y: 9, w: 3, h: 4 },
            inViewport: true,
            covered: true,
            coveredBy: 'button "Buy"',
            checked: false,
            disabled: true,
          },
          {
            ref: 'e3',
            role: 'textbox',
            name: 'Qty',
            depth: 1,
            box: null,
            inViewport: false,
            covered: false,
            value: '2',
          },
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
      // Each styled element gets a copy of its record: a record with keys of its own would be copied to every one.
      ['a style record with a key of its own', (w) => (w.styles[0].padding = 'x'.repeat(10))],
      ['a style record without its contrast', (w) => delete w.styles[0].contrast],
      ['a font size that is not a number', (w) => (w.styles[0].fontSize = '16px')],
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

    // The same table in parts of two entries: a part is checked on its own, against the shapes and styles sent so far.
    const partCases: [string, (p: Record<string, any>) => void][] = [
      ['a part with a column one short (its value in the next part)', (p) => p.columns.name.pop()],
      ['a part whose element has a shape no part has sent yet', (p) => (p.shape[0] = p.shapes.length)],
      ['a part whose element has a style no part has sent yet', (p) => (p.style[0] = p.styles.length)],
      ['a part with a role that is not a string', (p) => (p.columns.role[0] = 7)],
      ['a part that is not a table', (p) => (p.shape = 'all')],
    ];
    const elements = () => across(base()).data!;
    it('a table longer than the run takes, however it is cut in parts', () => {
      const obs = elements();
      const taking = (max: number, every: number) => {
        const parts = new Decoder(max);
        let refused: string | null = null;
        const last = encode(obs, (part) => (refused ??= parts.add(part as never)), every);
        return refused ?? decode(last as never, parts);
      };
      expect(typeof taking(5, 2)).not.toBe('string');
      for (const every of [1, 2, 4, 100]) expect(taking(4, every)).toMatch(/more than 4 entries/);
    });
    it('a table with more characters of text than the run takes, however it is cut in parts', () => {
      const obs = elements();
      const chars = obs.elements.reduce((n, e) => n + textChars(e), 0);
      const taking = (maxChars: number, every: number) => {
        const parts = new Decoder(Infinity, maxChars);
        let refused: string | null = null;
        const last = encode(obs, (part) => (refused ??= parts.add(part as never)), every);
        return refused ?? decode(last as never, parts);
      };
      expect(typeof taking(chars, 2)).not.toBe('string');
      for (const every of [1, 2, 4, 100])
        expect(taking(chars - 1, every)).toMatch(new RegExp(`more than ${chars - 1} characters of text`));
    });
    it("parts bring no shape or style beyond their entries' own: the run's tables grow only with entries, which it counts", () => {
      const empty = {
        shapes: [],
        shape: [],
        columns: {},
        boxes: new Float64Array(0),
        noBox: [],
        styles: [],
        style: [],
      };
      const shape = ['ref', 'role', 'name', 'depth', 'box', 'inViewport', 'covered'] as const;
      const record = {
        fontSize: 1,
        fontWeight: 400,
        color: 'a',
        background: 'b',
        contrast: 1,
        underline: false,
        filled: false,
      };
      expect(new Decoder().add(empty)).toBeNull();
      expect(new Decoder().add({ ...empty, shapes: [[...shape]] })).toMatch(/more shapes or styles than entries/);
      expect(new Decoder().add({ ...empty, styles: [record] })).toMatch(/more shapes or styles than entries/);
    });
    it.each(partCases)('%s', (_what, spoil) => {
      expect(acrossInParts(elements(), 2).refused).toBeNull();
      const { refused, out } = acrossInParts(elements(), 2, (p, n) => n === 0 && spoil(p));
      expect(refused).not.toBeNull();
      // A table broken in one part stays broken: the run never gets the observation.
      expect(out.success).toBe(false);
    });
  });

  describe('the run takes parts only for a call that asked for them, and ends the engine process on a wrong one', () => {
    /** An engine process that never started, with one call in flight: what it hears is given to it as if the engine had sent it. */
    function inFlight(onPart?: (part: unknown) => string | null) {
      const proc = new EngineProcess(64);
      const failed: string[] = [];
      const internals = proc as unknown as { pending: Map<number, unknown>; receive(m: unknown): void };
      internals.pending.set(1, {
        resolve: () => undefined,
        reject: (e: Error) => failed.push(e.message),
        timer: setTimeout(() => undefined, 0),
        allowance: { ms: 1000, loadMs: () => 0, maxLoadMs: 0 },
        loadMs: 0,
        ...(onPart ? { onPart } : {}),
      });
      return { hear: (m: unknown) => internals.receive(m), failed, proc };
    }
    const part = () => {
      const parts: unknown[] = [];
      encode(
        {
          url: 'u',
          title: '',
          scroll: { x: 0, y: 0 },
          viewport: { width: 1, height: 1 },
          elements: [
            { ref: 'e1', role: 'button', name: 'Buy', depth: 0, box: null, inViewport: false, covered: false },
          ],
        },
        (p) => parts.push(p),
        1,
      );
      return parts[0] as Record<string, any>;
    };

    it('a part for a call that takes its answer whole', () => {
      const { hear, failed, proc } = inFlight();
      hear({ id: 1, part: part() });
      expect(failed).toEqual([expect.stringMatching(/part of an answer nobody asked for/)]);
      expect(proc.alive).toBe(false);
    });

    it('a part for a call nobody made', () => {
      const { hear, failed, proc } = inFlight(() => null);
      hear({ id: 2, part: part() });
      expect(failed).toHaveLength(1);
      expect(proc.alive).toBe(false);
    });

    it('a part that does not hold together, and one that is not a part at all', () => {
      for (const spoil of [
        (p: Record<string, any>) => (p.shape[0] = 5),
        (p: Record<string, any>) => (p.boxes = 'many'),
      ]) {
        const parts = new Decoder();
        const { hear, failed, proc } = inFlight((p) => parts.add(p as never));
        const bad = part();
        spoil(bad);
        hear({ id: 1, part: bad });
        expect(failed).toHaveLength(1);
        expect(proc.alive).toBe(false);
      }
    });

    it('a good part is taken and the call goes on', () => {
      const parts = new Decoder();
      const { hear, failed, proc } = inFlight((p) => parts.add(p as never));
      hear({ id: 1, part: part() });
      expect(failed).toEqual([]);
      expect(proc.alive).toBe(true);
    });
  });
});
