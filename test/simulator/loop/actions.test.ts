import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTIONS,
  ActionParseError,
  executeAction,
  formatAction,
  isAimed,
  NUMBER_LIMIT,
  parseAction,
  scopeOf,
  toolSchemas,
  type Action,
  type ExecContext,
} from '../../../simulator/loop/actions.ts';
import { targetOf } from '../../../simulator/loop/target.ts';
import type { ObservedElement } from '../../../simulator/page/observe.ts';

const text = fc.string({ unit: 'binary', maxLength: 30 });
const bid = fc.stringMatching(/^e[0-9]{1,4}$/);
const int = fc.integer({ min: -5000, max: 5000 });

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  bid.map((b) => ({ name: 'click' as const, bid: b })),
  fc.record({ name: fc.constant('fill' as const), bid, value: text }),
  fc.record({
    name: fc.constant('select_option' as const),
    bid,
    options: fc.array(text, { minLength: 1, maxLength: 3 }),
  }),
  bid.map((b) => ({ name: 'check' as const, bid: b })),
  bid.map((b) => ({ name: 'uncheck' as const, bid: b })),
  fc.record({ name: fc.constant('mouse_click' as const), x: int, y: int }),
  fc.record({ name: fc.constant('goto' as const), url: text }),
  fc.constant({ name: 'go_back' as const }),
  fc.record({ name: fc.constant('scroll' as const), delta_x: int, delta_y: int }),
  fc.record({ name: fc.constant('send_msg_to_user' as const), text }),
  fc.record({ name: fc.constant('report_infeasible' as const), reason: text }),
  fc.record({ name: fc.constant('noop' as const), wait_ms: fc.integer({ min: 0, max: 60000 }) }),
);

describe('action codec', () => {
  it('parse ∘ format is the identity on every valid action', () => {
    fc.assert(
      fc.property(actionArb, (a) => {
        expect(parseAction(formatAction(a))).toEqual(a);
      }),
    );
  });

  // Any accepted spelling (double quotes, escapes, keywords, spaces, defaults written out, a
  // trailing comma) parses to the action it spells, and formats back to the one canonical string.
  it('every accepted spelling of an action parses to that action and formats to its canonical string', () => {
    const dquote = (v: string) =>
      `"${[...v].map((c) => (c === '"' || c === '\\' ? `\\${c}` : c.charCodeAt(0) < 0x20 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('')}"`;
    fc.assert(
      fc.property(actionArb, fc.gen(), (a, g) => {
        const def = ACTIONS.find((d) => d.name === a.name) as (typeof ACTIONS)[number];
        const values = a as unknown as Record<string, unknown>;
        const sp = () => g(fc.constantFrom, '', ' ', '  ');
        let keywords = false;
        const args = def.params.map((p) => {
          const v = values[p.name];
          const lit =
            p.kind === 'number'
              ? String(v)
              : p.kind === 'string'
                ? dquote(v as string)
                : `[${(v as string[]).map(dquote).join(`,${sp()}`)}]`;
          keywords ||= g(fc.boolean);
          return `${sp()}${keywords ? `${p.name}${sp()}=${sp()}` : ''}${lit}${sp()}`;
        });
        const s = `${a.name}(${args.join(',')}${args.length && g(fc.boolean) ? ',' : ''})`;
        expect(parseAction(s), s).toEqual(a);
        expect(formatAction(parseAction(s))).toBe(formatAction(a));
      }),
    );
  });

  it('accepts the BrowserGym spellings: double quotes, keywords, spaces, a trailing comma', () => {
    expect(parseAction(`fill( "e3" , value="Maya \\"M\\" L" , )`)).toEqual({
      name: 'fill',
      bid: 'e3',
      value: 'Maya "M" L',
    });
    expect(parseAction('noop()')).toEqual({ name: 'noop', wait_ms: 1000 });
    expect(parseAction('noop(wait_ms=250)')).toEqual({ name: 'noop', wait_ms: 250 });
    expect(parseAction("select_option('e4', ['a', 'b'])")).toEqual({
      name: 'select_option',
      bid: 'e4',
      options: ['a', 'b'],
    });
  });

  it.each([
    ['', /expected a name/],
    ["clik('e1')", /unknown action 'clik'/],
    ["click('e1'", /expected ',' or '\)'/],
    ["click('e1') extra", /unexpected text/],
    ['click(e1)', /expected a value|expected a string/],
    ["click('e1', 'e2')", /takes 1 argument/],
    ["fill('e1')", /missing argument 'value'/],
    ["click(bid='e1', bid='e2')", /given twice/],
    ["click(target='e1')", /unknown argument 'target'|missing argument/],
    ["mouse_click('a', 2)", /'x' must be a number/],
    ["fill('e1', 'unterminated)", /unterminated string/],
    ["fill('e1', 'bad \\q')", /unknown escape/],
  ])('rejects %j with a message that names the problem', (s, message) => {
    expect(() => parseAction(s)).toThrow(ActionParseError);
    expect(() => parseAction(s)).toThrow(message);
  });

  // Any finite double in range, fractions and exponents included, is written so that it reads back exactly.
  it('parse ∘ format is the identity on every action whose numbers are any doubles within the limit', () => {
    const num = fc.double({ min: -NUMBER_LIMIT, max: NUMBER_LIMIT, noNaN: true }).map((n) => (n === 0 ? 0 : n));
    fc.assert(
      fc.property(actionArb, fc.gen(), (a, g) => {
        const def = ACTIONS.find((d) => d.name === a.name) as (typeof ACTIONS)[number];
        const b = { ...a } as Record<string, unknown>;
        for (const p of def.params) if (p.kind === 'number') b[p.name] = g(() => num);
        expect(parseAction(formatAction(b as Action))).toEqual(b);
      }),
    );
  });

  // scroll(0, 1e309) reads as Infinity: refused with the range, never carried into the page; format refuses what parse would.
  it('a number outside the limit (1e309, Infinity, NaN, 400 digits) is an ActionParseError naming the range, in parse and in format alike', () => {
    const out = fc.oneof(
      fc.constantFrom(Infinity, -Infinity, NaN, 1e309, -1e10),
      fc.double({ min: NUMBER_LIMIT, noDefaultInfinity: true, noNaN: true }).filter((n) => n > NUMBER_LIMIT),
    );
    const literal = fc.constantFrom('1e309', '-1e309', '1e10', '-1000000001', '9'.repeat(400), '1.5e9');
    const withNumbers = ACTIONS.filter((d) => d.params.some((p) => p.kind === 'number'));
    fc.assert(
      fc.property(fc.constantFrom(...withNumbers), out, literal, (def, n, lit) => {
        const args: string[] = def.params.map((p) =>
          p.kind === 'number' ? '1' : p.kind === 'string' ? "'e1'" : "['a']",
        );
        const at = def.params.findIndex((p) => p.kind === 'number');
        args[at] = lit;
        const s = `${def.name}(${args.join(', ')})`;
        expect(() => parseAction(s)).toThrow(ActionParseError);
        expect(() => parseAction(s)).toThrow(/a number from -1000000000 to 1000000000 was expected/);
        const message = (() => {
          try {
            parseAction(s);
          } catch (e) {
            return (e as Error).message;
          }
          return '';
        })();
        expect(message.length).toBeLessThan(200);
        const a = parseAction(s.replace(lit, '1')) as unknown as Record<string, unknown>;
        a[def.params[at]?.name as string] = n;
        expect(() => formatAction(a as unknown as Action)).toThrow(ActionParseError);
      }),
    );
    expect(() => parseAction('scroll(0, 1e309)')).toThrow(
      /a number from -1000000000 to 1000000000 was expected, got '1e309' at column 11/,
    );
    expect(formatAction(parseAction('scroll(-0, 1e9)'))).toBe('scroll(0, 1000000000)');
  });

  it('a parse error quotes only a short prefix of a 1 MB action string, on one line', () => {
    const huge = `fill('e1', 'x', ${'y'.repeat(1 << 20)})`;
    const message = (() => {
      try {
        parseAction(huge);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/^expected a value at column 17 in 'fill\(\\'e1\\', \\'x\\', y+…' \(1048593 characters\)$/);
    expect(message.length).toBeLessThan(200);
    expect(() => parseAction(`${'a'.repeat(1 << 20)}()`)).toThrow(
      /^unknown action 'a{60}…' \(1048576 characters\) \(known: /,
    );
  });

  it('generates one OpenAI tool schema per action from the same table', () => {
    const schemas = toolSchemas();
    expect(schemas.map((s) => s.function.name)).toEqual(ACTIONS.map((a) => a.name));
    const fill = schemas.find((s) => s.function.name === 'fill');
    expect(fill?.function.parameters.required).toEqual(['bid', 'value']);
  });

  // BrowserGym's subsets: what an action acts on is its table entry's, and what executing it does agrees.
  it("each action's scope is what its parameters and its executor say: a ref for an element, a point for a point, the episode's end for an end, none of them for the page", async () => {
    const calls: string[] = [];
    const browser = new Proxy({ viewport: { width: 1280, height: 800 } } as Record<string, unknown>, {
      get: (t, k) =>
        k in t
          ? t[k as string]
          : async () => (
              calls.push(String(k)),
              k === 'selectOption' ? [] : k === 'observe' ? { scroll: { x: 0, y: 0 }, elements: [] } : {}
            ),
    });
    const ctx = { browser, observation: { scroll: { x: 0, y: 0 }, elements: [] } } as unknown as ExecContext;
    expect(new Set(ACTIONS.map((a) => a.scope))).toEqual(new Set(['element', 'point', 'page', 'end']));
    for (const def of ACTIONS) {
      const a = parseAction(def.example);
      const names = def.params.map((p) => p.name);
      expect(scopeOf(a), def.name).toBe(def.scope);
      expect(scopeOf(def.name), def.name).toBe(def.scope);
      expect(names.includes('bid'), def.name).toBe(def.scope === 'element');
      expect(names.includes('x') && names.includes('y'), def.name).toBe(def.scope === 'point');
      expect(isAimed(a), def.name).toBe(def.scope === 'element' || def.scope === 'point');
      const done = await executeAction(ctx, a);
      expect(done.end !== undefined, def.name).toBe(def.scope === 'end');
    }
    expect(() => scopeOf('clik' as never)).toThrow(/unknown action clik/);
  });

  it('targetOf finds what an action is aimed at by its scope alone: the ref, the element under the point, nothing for the page or the end', () => {
    const el = {
      ref: 'e12',
      role: 'button',
      name: 'Go',
      box: { x: 600, y: 380, w: 80, h: 40 },
      covered: false,
      depth: 3,
    } as unknown as ObservedElement;
    const obs = { elements: [el] };
    for (const def of ACTIONS) {
      const a = parseAction(def.example);
      const expected =
        def.scope === 'element' ? (def.example.includes("'e12'") ? el : null) : def.scope === 'point' ? el : null;
      expect(targetOf(obs, a), def.name).toBe(expected);
    }
    expect(targetOf(obs, { name: 'goto', url: '/e12' })).toBeNull();
  });
});
