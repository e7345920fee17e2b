import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ACTIONS, ActionParseError, formatAction, parseAction, toolSchemas, type Action } from '../../simulator/actions.ts';

const text = fc.string({ unit: 'binary', maxLength: 30 });
const bid = fc.stringMatching(/^e[0-9]{1,4}$/);
const int = fc.integer({ min: -5000, max: 5000 });

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  bid.map((b) => ({ name: 'click' as const, bid: b })),
  fc.record({ name: fc.constant('fill' as const), bid, value: text }),
  fc.record({ name: fc.constant('select_option' as const), bid, options: fc.array(text, { minLength: 1, maxLength: 3 }) }),
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
    fc.assert(fc.property(actionArb, (a) => {
      expect(parseAction(formatAction(a))).toEqual(a);
    }));
  });

  // Any accepted spelling (double quotes, escapes, keywords, spaces, defaults written out, a
  // trailing comma) parses to the action it spells, and formats back to the one canonical string.
  it('every accepted spelling of an action parses to that action and formats to its canonical string', () => {
    const dquote = (v: string) => `"${[...v].map((c) => (c === '"' || c === '\\' ? `\\${c}` : c.charCodeAt(0) < 0x20 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('')}"`;
    fc.assert(fc.property(actionArb, fc.gen(), (a, g) => {
      const def = ACTIONS.find((d) => d.name === a.name) as (typeof ACTIONS)[number];
      const values = a as unknown as Record<string, unknown>;
      const sp = () => g(fc.constantFrom, '', ' ', '  ');
      let keywords = false;
      const args = def.params.map((p) => {
        const v = values[p.name];
        const lit = p.kind === 'number' ? String(v) : p.kind === 'string' ? dquote(v as string) : `[${(v as string[]).map(dquote).join(`,${sp()}`)}]`;
        keywords ||= g(fc.boolean);
        return `${sp()}${keywords ? `${p.name}${sp()}=${sp()}` : ''}${lit}${sp()}`;
      });
      const s = `${a.name}(${args.join(',')}${args.length && g(fc.boolean) ? ',' : ''})`;
      expect(parseAction(s), s).toEqual(a);
      expect(formatAction(parseAction(s))).toBe(formatAction(a));
    }));
  });

  it('accepts the BrowserGym spellings: double quotes, keywords, spaces, a trailing comma', () => {
    expect(parseAction(`fill( "e3" , value="Maya \\"M\\" L" , )`)).toEqual({ name: 'fill', bid: 'e3', value: 'Maya "M" L' });
    expect(parseAction('noop()')).toEqual({ name: 'noop', wait_ms: 1000 });
    expect(parseAction('noop(wait_ms=250)')).toEqual({ name: 'noop', wait_ms: 250 });
    expect(parseAction("select_option('e4', ['a', 'b'])")).toEqual({ name: 'select_option', bid: 'e4', options: ['a', 'b'] });
  });

  it.each([
    ['', /expected a name/],
    ['clik(\'e1\')', /unknown action 'clik'/],
    ["click('e1'", /expected ',' or '\)'/],
    ["click('e1') extra", /unexpected text/],
    ['click(e1)', /expected a value|expected a string/],
    ["click('e1', 'e2')", /takes 1 argument/],
    ['fill(\'e1\')', /missing argument 'value'/],
    ["click(bid='e1', bid='e2')", /given twice/],
    ["click(target='e1')", /unknown argument 'target'|missing argument/],
    ['mouse_click(\'a\', 2)', /'x' must be a number/],
    ["fill('e1', 'unterminated)", /unterminated string/],
    ["fill('e1', 'bad \\q')", /unknown escape/],
  ])('rejects %j with a message that names the problem', (s, message) => {
    expect(() => parseAction(s)).toThrow(ActionParseError);
    expect(() => parseAction(s)).toThrow(message);
  });

  it('generates one OpenAI tool schema per action from the same table', () => {
    const schemas = toolSchemas();
    expect(schemas.map((s) => s.function.name)).toEqual(ACTIONS.map((a) => a.name));
    const fill = schemas.find((s) => s.function.name === 'fill');
    expect(fill?.function.parameters.required).toEqual(['bid', 'value']);
  });
});
