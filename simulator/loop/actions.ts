/**
 * The action table: each action's description, parameters, parser, formatter and
 * executor live together; prompts and tool schemas derive from it. The string dialect is
 * BrowserGym's (`click('e12')`, `fill('e3', "x")`, ...).
 */
import { NavigationError, type Browser } from '../page/engine/browser.ts';
import { scrollIntoView, type Observation, type ObservedElement } from '../page/observe.ts';
import { centre, intersect, type Rect } from '../page/dom/geometry.ts';
import { quote } from '../../lib/errors.ts';

/** A proposal as data: one of BrowserGym's action primitives with its arguments (`parseAction` reads the string form). */
export type Action =
  | { name: 'click'; bid: string }
  | { name: 'fill'; bid: string; value: string }
  | { name: 'select_option'; bid: string; options: string[] }
  | { name: 'check'; bid: string }
  | { name: 'uncheck'; bid: string }
  | { name: 'mouse_click'; x: number; y: number }
  | { name: 'goto'; url: string }
  | { name: 'go_back' }
  | { name: 'scroll'; delta_x: number; delta_y: number }
  | { name: 'send_msg_to_user'; text: string }
  | { name: 'report_infeasible'; reason: string }
  | { name: 'noop'; wait_ms: number };

/** The name of an action primitive (`click`, `fill`, `send_msg_to_user` …). */
export type ActionName = Action['name'];

/**
 * What an action acts on, as BrowserGym's action subsets divide them: an element named by its
 * ref (`bid`), a point of the viewport, the page as a whole (moving, scrolling, waiting), or
 * the episode, which it ends. Each entry of the table declares its own; everything that asks
 * what a proposal is aimed at reads it there (scopeOf, isAimed).
 */
export type ActionScope = 'element' | 'point' | 'page' | 'end';

/** The scope an action's parameters allow: one with a ref acts on an element, one with a point on a point; the rest on the page, or end the episode. */
type ScopeOf<N extends ActionName> = N extends ActionName
  ? Extract<Action, { name: N }> extends { bid: string }
    ? 'element'
    : Extract<Action, { name: N }> extends { x: number; y: number }
      ? 'point'
      : 'page' | 'end'
  : never;

/** An action aimed at something the observation shows: an element by its ref, or a point. */
export type AimedAction = Extract<Action, { bid: string }> | Extract<Action, { x: number; y: number }>;

type ParamKind = 'string' | 'number' | 'strings';

interface Param {
  name: string;
  kind: ParamKind;
  description: string;
  default?: number;
}

/** What executing an action did; `error` is the next observation's last_action_error. */
export interface Executed {
  error?: string;
  /** The episode ends: the agent answered or declared the task infeasible. */
  end?: { kind: 'answer' | 'infeasible'; text: string };
  /** Virtual time the action takes; the default step time when absent. */
  waitMs?: number;
}

export interface ExecContext {
  browser: Browser;
  /** The observation the action was chosen from; refs resolve against it. */
  observation: Observation;
}

interface ActionSpec<N extends ActionName = ActionName> {
  name: N;
  /** What it acts on (ActionScope); type checking holds it to the action's parameters. */
  scope: ScopeOf<N>;
  description: string;
  params: Param[];
  example: string;
  execute(ctx: ExecContext, action: Extract<Action, { name: N }>): Promise<Executed>;
}

/** An action string that is not one of the table's actions with its arguments; the message names what is wrong. */
export class ActionParseError extends Error {
  override name = 'ActionParseError';
}

/**
 * The largest magnitude a number in an action may have. Pixels and milliseconds never come
 * near it, and every number within it is written and read back exactly, so `1e309`
 * (Infinity once read) is refused by the parser rather than carried into a scroll.
 */
export const NUMBER_LIMIT = 1e9;

/** Why `n` cannot be an action's number, or null. */
function badNumber(n: number): string | null {
  return Number.isFinite(n) && Math.abs(n) <= NUMBER_LIMIT ? null : `a number from -${NUMBER_LIMIT} to ${NUMBER_LIMIT}`;
}

// ---------------------------------------------------------------------------
// Resolving refs against the observation, the way Playwright's actionability checks do.

function find(ctx: ExecContext, bid: string): ObservedElement | string {
  const el = ctx.observation.elements.find((e) => e.ref === bid);
  if (el) return el;
  return /^e\d+$/.test(bid)
    ? `element '${bid}' is not on the page any more (stale ref); take a new observation`
    : `no element with ref '${bid}'; refs look like e12`;
}

function label(el: ObservedElement): string {
  return el.name ? `${el.role} "${el.name}"` : el.role;
}

/** Scrolls the element into view if needed and clicks the centre of its visible part. */
async function clickElement(ctx: ExecContext, el: ObservedElement): Promise<string | undefined> {
  if (el.disabled) return `${label(el)} is disabled`;
  if (!el.box) return `${label(el)} has no clickable area`;
  if (el.covered)
    return `${label(el)} is covered by ${el.coveredBy ?? 'another element'}; the click would land there instead`;
  const { browser, observation } = ctx;
  const vp = browser.viewport;
  const scroll = observation.scroll;
  let box: Rect = el.box;
  const wanted = scrollIntoView(box, scroll, vp, Infinity);
  if (wanted.y !== scroll.y) {
    await browser.scrollTo(wanted.x, wanted.y);
    const after = (await browser.observe()).scroll;
    box = { ...box, y: box.y - (after.y - scroll.y) };
  }
  const visible = intersect(box, { x: 0, y: 0, w: vp.width, h: vp.height }) ?? box;
  const point = centre(visible);
  const outcome = await browser.clickAt(point.x, point.y);
  if (outcome.disabled) return `${label(el)} is disabled`;
  return undefined;
}

async function setChecked(ctx: ExecContext, bid: string, want: boolean): Promise<Executed> {
  const el = find(ctx, bid);
  if (typeof el === 'string') return { error: el };
  if (el.checked === undefined) return { error: `${label(el)} is not a checkbox, switch or radio` };
  if (el.checked === want) return {};
  const error = await clickElement(ctx, el);
  if (error) return { error };
  const now = (await ctx.browser.observe()).elements.find((e) => e.ref === bid);
  if (now?.checked !== want) return { error: `clicking ${label(el)} did not change its state` };
  return {};
}

// ---------------------------------------------------------------------------
// The table

const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** Types each executor's action by its name; the table holds them as one list. */
const spec = <N extends ActionName>(s: ActionSpec<N>) => s as unknown as ActionSpec;

/** The action table: every primitive, its arguments and what it acts on. */
export const ACTIONS: readonly ActionSpec[] = [
  spec({
    name: 'click',
    scope: 'element',
    description: 'Click an element by its ref. Fails if something else covers it.',
    params: [{ name: 'bid', kind: 'string', description: 'ref of the element, e.g. e12' }],
    example: "click('e12')",
    async execute(ctx, a) {
      const el = find(ctx, a.bid);
      if (typeof el === 'string') return { error: el };
      const error = await clickElement(ctx, el);
      return error ? { error } : {};
    },
  }),
  spec({
    name: 'fill',
    scope: 'element',
    description: 'Replace the text of an input field.',
    params: [
      { name: 'bid', kind: 'string', description: 'ref of the text field' },
      { name: 'value', kind: 'string', description: 'text to type' },
    ],
    example: "fill('e3', 'Maya Lindqvist')",
    async execute(ctx, a) {
      const el = find(ctx, a.bid);
      if (typeof el === 'string') return { error: el };
      if (!TEXT_ROLES.has(el.role)) return { error: `${label(el)} is not a text field` };
      if (el.disabled) return { error: `${label(el)} is disabled` };
      await ctx.browser.fill(a.bid, a.value);
      return {};
    },
  }),
  spec({
    name: 'select_option',
    scope: 'element',
    description: 'Select one or more options of a drop-down by value or label.',
    params: [
      { name: 'bid', kind: 'string', description: 'ref of the select element' },
      { name: 'options', kind: 'strings', description: 'option value or label, or a list of them' },
    ],
    example: "select_option('e8', 'Standard delivery')",
    async execute(ctx, a) {
      const el = find(ctx, a.bid);
      if (typeof el === 'string') return { error: el };
      if (el.role !== 'combobox' && el.role !== 'listbox') return { error: `${label(el)} is not a drop-down` };
      const chosen = await ctx.browser.selectOption(a.bid, a.options);
      return chosen.length === 0
        ? { error: `${label(el)} has no option ${a.options.map((o) => `'${o}'`).join(', ')}` }
        : {};
    },
  }),
  spec({
    name: 'check',
    scope: 'element',
    description: 'Make sure a checkbox or switch is on (clicks it if it is off).',
    params: [{ name: 'bid', kind: 'string', description: 'ref of the checkbox' }],
    example: "check('e7')",
    async execute(ctx, a) {
      return setChecked(ctx, a.bid, true);
    },
  }),
  spec({
    name: 'uncheck',
    scope: 'element',
    description: 'Make sure a checkbox or switch is off (clicks it if it is on).',
    params: [{ name: 'bid', kind: 'string', description: 'ref of the checkbox' }],
    example: "uncheck('e7')",
    async execute(ctx, a) {
      return setChecked(ctx, a.bid, false);
    },
  }),
  spec({
    name: 'mouse_click',
    scope: 'point',
    description: 'Click at a point of the viewport (pixels); whatever is on top there receives it.',
    params: [
      { name: 'x', kind: 'number', description: 'x in px from the left of the viewport' },
      { name: 'y', kind: 'number', description: 'y in px from the top of the viewport' },
    ],
    example: 'mouse_click(640, 400)',
    async execute(ctx, a) {
      const { width, height } = ctx.browser.viewport;
      if (a.x < 0 || a.y < 0 || a.x >= width || a.y >= height)
        return { error: `point (${a.x}, ${a.y}) is outside the ${width}×${height} viewport` };
      await ctx.browser.clickAt(a.x, a.y);
      return {};
    },
  }),
  spec({
    name: 'goto',
    scope: 'page',
    description: 'Open a URL of this site.',
    params: [{ name: 'url', kind: 'string', description: 'a path such as /cart, or a full URL of this site' }],
    example: "goto('/cart')",
    async execute(ctx, a) {
      try {
        await ctx.browser.goto(a.url);
        return {};
      } catch (e) {
        return { error: (e as Error).message };
      }
    },
  }),
  spec({
    name: 'go_back',
    scope: 'page',
    description: 'Go back to the previous page.',
    params: [],
    example: 'go_back()',
    async execute(ctx) {
      try {
        await ctx.browser.back();
        return {};
      } catch (e) {
        if (!(e instanceof NavigationError)) throw e;
        return { error: e.message };
      }
    },
  }),
  spec({
    name: 'scroll',
    scope: 'page',
    description: 'Scroll the page by a number of pixels.',
    params: [
      { name: 'delta_x', kind: 'number', description: 'horizontal pixels' },
      { name: 'delta_y', kind: 'number', description: 'vertical pixels; positive scrolls down' },
    ],
    example: 'scroll(0, 400)',
    async execute(ctx, a) {
      const s = ctx.observation.scroll;
      await ctx.browser.scrollTo(s.x + a.delta_x, s.y + a.delta_y);
      return {};
    },
  }),
  spec({
    name: 'send_msg_to_user',
    scope: 'end',
    description: 'Give the user your final answer or report; this ends the task.',
    params: [{ name: 'text', kind: 'string', description: 'the message' }],
    example: "send_msg_to_user('The author is Maya Lindqvist.')",
    async execute(_ctx, a) {
      return { end: { kind: 'answer', text: a.text } };
    },
  }),
  spec({
    name: 'report_infeasible',
    scope: 'end',
    description: 'Tell the user the task cannot be done as asked; this ends the task.',
    params: [{ name: 'reason', kind: 'string', description: 'why' }],
    example: "report_infeasible('The total at checkout is higher than the advertised price.')",
    async execute(_ctx, a) {
      return { end: { kind: 'infeasible', text: a.reason } };
    },
  }),
  spec({
    name: 'noop',
    scope: 'page',
    description: 'Do nothing and let time pass (default 1000 ms).',
    params: [{ name: 'wait_ms', kind: 'number', description: 'milliseconds to wait', default: 1000 }],
    example: 'noop(2000)',
    async execute(_ctx, a) {
      if (a.wait_ms < 0 || a.wait_ms > 60_000) return { error: 'wait_ms must be between 0 and 60000' };
      return { waitMs: a.wait_ms };
    },
  }),
];

const BY_NAME = new Map(ACTIONS.map((a) => [a.name, a]));

export function actionSpec(name: string): ActionSpec | undefined {
  return BY_NAME.get(name as ActionName);
}

/** What the action (or the action of that name) acts on, as its entry in the table declares. */
export function scopeOf(action: Action | ActionName): ActionScope {
  const name = typeof action === 'string' ? action : action.name;
  const def = BY_NAME.get(name);
  if (!def) throw new Error(`unknown action ${name}`);
  return def.scope;
}

/** Whether the action is aimed at something on the page, an element or a point: what it acts on can be looked for in the observation (simulator/loop/target.ts). */
export const isAimed = (action: Action): action is AimedAction => {
  const scope = scopeOf(action);
  return scope === 'element' || scope === 'point';
};

// ---------------------------------------------------------------------------
// Parsing: a Python-call-like grammar with string, number and list literals.

type Value = string | number | Value[];

class Lexer {
  i = 0;
  constructor(readonly src: string) {}

  fail(msg: string): never {
    throw new ActionParseError(`${msg} at column ${this.i + 1} in ${quote(this.src)}`);
  }

  ws(): void {
    while (this.i < this.src.length && /\s/.test(this.src[this.i] as string)) this.i++;
  }

  peek(): string {
    this.ws();
    return this.src[this.i] ?? '';
  }

  eat(ch: string): boolean {
    if (this.peek() === ch) {
      this.i++;
      return true;
    }
    return false;
  }

  expect(ch: string): void {
    if (!this.eat(ch)) this.fail(`expected '${ch}'`);
  }

  ident(): string {
    this.ws();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.i));
    if (!m) this.fail('expected a name');
    this.i += m[0].length;
    return m[0];
  }

  value(): Value {
    const ch = this.peek();
    if (ch === "'" || ch === '"') return this.string();
    if (ch === '[') {
      this.i++;
      const items: Value[] = [];
      while (!this.eat(']')) {
        items.push(this.value());
        if (!this.eat(',') && this.peek() !== ']') this.fail("expected ',' or ']'");
      }
      return items;
    }
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(this.src.slice(this.i));
    if (!m) this.fail('expected a string, number or list');
    const n = Number(m[0]);
    const bad = badNumber(n);
    if (bad) this.fail(`${bad} was expected, got ${quote(m[0], 24)}`);
    this.i += m[0].length;
    // -0 reads as 0: it is written as 0, and no action means anything else by it.
    return n === 0 ? 0 : n;
  }

  string(): string {
    const delim = this.src[this.i] as string;
    this.i++;
    let out = '';
    for (;;) {
      if (this.i >= this.src.length) this.fail('unterminated string');
      const c = this.src[this.i++] as string;
      if (c === delim) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.src[this.i++];
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'r') out += '\r';
      else if (e === 'u') {
        const hex = this.src.slice(this.i, this.i + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        this.i += 4;
      } else if (e === '\\' || e === "'" || e === '"') out += e;
      else this.fail(`unknown escape \\${e ?? ''}`);
    }
  }
}

function coerce(action: string, p: Param, v: Value): string | number | string[] {
  const bad = (): never => {
    throw new ActionParseError(
      `${action}: '${p.name}' must be ${p.kind === 'strings' ? 'a string or a list of strings' : `a ${p.kind}`}`,
    );
  };
  if (p.kind === 'string') return typeof v === 'string' ? v : bad();
  if (p.kind === 'number') return typeof v === 'number' ? v : bad();
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return bad();
}

/** Parses one action string strictly; throws ActionParseError naming the problem. */
export function parseAction(text: string): Action {
  const lx = new Lexer(text);
  const name = lx.ident();
  const def = BY_NAME.get(name as ActionName);
  if (!def)
    throw new ActionParseError(`unknown action ${quote(name)} (known: ${ACTIONS.map((a) => a.name).join(', ')})`);
  lx.expect('(');
  const positional: Value[] = [];
  const named = new Map<string, Value>();
  while (!lx.eat(')')) {
    const save = lx.i;
    let key: string | null = null;
    if (/[A-Za-z_]/.test(lx.peek())) {
      key = lx.ident();
      if (!lx.eat('=')) {
        lx.i = save;
        lx.fail('expected a value');
      }
    }
    const v = lx.value();
    if (key === null) {
      if (named.size > 0) lx.fail('positional argument after a keyword argument');
      positional.push(v);
    } else {
      if (named.has(key)) lx.fail(`${quote(key)} given twice`);
      named.set(key, v);
    }
    if (!lx.eat(',') && lx.peek() !== ')') lx.fail("expected ',' or ')'");
  }
  lx.ws();
  if (lx.i < text.length) lx.fail('unexpected text after the action');
  if (positional.length > def.params.length) {
    throw new ActionParseError(
      `${name} takes ${def.params.length} argument${def.params.length === 1 ? '' : 's'} (${def.params.map((p) => p.name).join(', ')}), got ${positional.length}`,
    );
  }
  const out: Record<string, unknown> = { name };
  def.params.forEach((p, i) => {
    const given = i < positional.length ? positional[i] : named.get(p.name);
    if (i < positional.length && named.has(p.name)) throw new ActionParseError(`${name}: '${p.name}' given twice`);
    named.delete(p.name);
    if (given === undefined) {
      if (p.default === undefined) throw new ActionParseError(`${name}: missing argument '${p.name}'`);
      out[p.name] = p.default;
    } else out[p.name] = coerce(name, p, given);
  });
  const extra = [...named.keys()];
  if (extra.length > 0) throw new ActionParseError(`${name}: unknown argument ${quote(extra[0] ?? '')}`);
  return out as unknown as Action;
}

function actionLiteral(s: string): string {
  let out = "'";
  for (const c of s) {
    if (c === '\\') out += '\\\\';
    else if (c === "'") out += "\\'";
    else if (c === '\n') out += '\\n';
    else if (c === '\t') out += '\\t';
    else if (c === '\r') out += '\\r';
    else if (c.charCodeAt(0) < 0x20 || c === '\u2028' || c === '\u2029')
      out += `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return out + "'";
}

/** The canonical string: positional arguments, defaults left out. */
export function formatAction(action: Action): string {
  const def = BY_NAME.get(action.name);
  if (!def) throw new Error(`unknown action ${action.name}`);
  const values = action as unknown as Record<string, unknown>;
  const args: string[] = [];
  def.params.forEach((p) => {
    const v = values[p.name];
    if (p.default !== undefined && v === p.default) return;
    if (p.kind === 'string') args.push(actionLiteral(v as string));
    else if (p.kind === 'number') {
      const bad = badNumber(v as number);
      if (bad) throw new ActionParseError(`${action.name}: '${p.name}' must be ${bad}, got ${String(v)}`);
      args.push(String(v));
    } else {
      const list = v as string[];
      args.push(list.length === 1 ? actionLiteral(list[0] as string) : `[${list.map(actionLiteral).join(', ')}]`);
    }
  });
  return `${action.name}(${args.join(', ')})`;
}

export async function executeAction(ctx: ExecContext, action: Action): Promise<Executed> {
  const def = BY_NAME.get(action.name);
  if (!def) return { error: `unknown action ${(action as { name: string }).name}` };
  return def.execute(ctx, action as never);
}

/** The action space as text, for prompts. */
export function describeActions(): string {
  return ACTIONS.map(
    (a) =>
      `${a.name}(${a.params.map((p) => p.name + (p.default !== undefined ? `=${p.default}` : '')).join(', ')}): ${a.description} Example: ${a.example}`,
  ).join('\n');
}

/** OpenAI function-tool schemas generated from the same table. */
export function toolSchemas() {
  return ACTIONS.map((a) => ({
    type: 'function' as const,
    function: {
      name: a.name,
      description: a.description,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(
          a.params.map((p) => [
            p.name,
            p.kind === 'strings'
              ? {
                  description: p.description,
                  anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
                }
              : { type: p.kind, description: p.description },
          ]),
        ),
        required: a.params.filter((p) => p.default === undefined).map((p) => p.name),
        additionalProperties: false,
      },
    },
  }));
}
