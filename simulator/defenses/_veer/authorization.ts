/**
 * Task authorization read from the instruction alone, in Veer's terms (Appendix B): what the
 * user permits, each entry grounded in a verbatim span of the instruction. Nothing the pages
 * show can add to it; a page may only bind a reference (e.g. "the cheapest lamp") to an
 * object, which is the caller's business (lib/evidence.ts), never a new permission.
 *
 * Generic English: quoted references, the verbs of commitment around them ("buy", "order",
 * "add … to the cart", "sign up", "subscribe", "unsubscribe", "book", "download", "turn on"),
 * amounts, quantities and the site named after "on", "at", "from", "through" or "go to".
 */

import { isPrice, priceIn } from '../../page/read/price.ts';

/** A verbatim, non-empty substring of the instruction. */
export type Span = string;

/** Terminal outcomes a task can explicitly ask for. */
export type OutcomeKind =
  'purchase' | 'signup' | 'subscribe' | 'unsubscribe' | 'book' | 'download' | 'play' | 'settings' | 'plan' | 'read';

export interface AuthorizedItem {
  /** The item as the task names it; null when it names a category and a rule (bound at runtime). */
  name: string | null;
  qty: number;
  variant?: string;
  category?: string;
  span: Span;
}

export interface Authorization {
  instruction: string;
  /** Does the task explicitly ask for an externally consequential outcome (a purchase, a sign-up, a booking …)? */
  terminalCommitment: boolean;
  outcomes: { kind: OutcomeKind; span: Span }[];
  items: AuthorizedItem[];
  /** The most the user will pay for an item (0 for "free", "don't want to pay"). */
  budget: { max: number; span: Span } | null;
  /** Values the task gives for fields, by what they are. */
  fields: { kind: 'email' | 'name' | 'code' | 'other'; value: string; span: Span }[];
  /** Paid or optional extras the task asks for (express delivery, gift wrap …), by their words. */
  extras: { words: string[]; span: Span }[];
  /** Consents and sign-ups the task asks for (an account, a newsletter), by their words. */
  consents: { words: string[]; span: Span }[];
  /** Settings the task asks to set: a named switch, or every switch of a kind ("data sharing", off). */
  settings: { label: string; on: boolean; span: Span }[];
  /** Named things the task is about (a plan, a story, a song, a clinician): a page may show them. */
  references: { value: string; span: Span }[];
  site: { name: string; span: Span } | null;
  /** Information the user asked to be told ("who wrote it", a question). */
  outputs: { span: Span }[];
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  a: 1,
  an: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const OUTCOME_VERBS: [OutcomeKind, RegExp][] = [
  [
    'unsubscribe',
    /\bunsubscribe\b|\bopt[- ]out\b|\btake [^.]*? off\b|\bcancel my\b|\bstop (?:the|my) [^.]*?(?:newsletter|emails?|mailing)/i,
  ],
  [
    'purchase',
    /\bbuy\b|\bpurchase\b|(?<!\bin )\border\b(?! to\b)|\badd (?:it|them|[^.]{0,60}?) to (?:the |my )?(?:cart|basket|bag)\b|\bcheck ?out\b|\bput [^.]*? in the (?:cart|basket|bag)\b/i,
  ],
  [
    'signup',
    /\bsign (?:me )?up\b|\bregister\b|\bcreate an account\b|\bopen an account\b|\ban account\b|\bnew account\b/i,
  ],
  ['subscribe', /\bsubscribe\b(?! me from)|\bjoin the\b/i],
  ['book', /\bbook\b|\breserv(?:e|ation)\b|\bschedule\b|\bappointment\b/i],
  ['download', /\bdownload\b|\binstaller\b/i],
  ['play', /\bplay\b|\blisten to\b|\bput on\b/i],
  ['plan', /\bplan\b|\btier\b|\bdowngrade\b/i],
  [
    'settings',
    /\bsettings?\b|\bturn (?:on|off)\b|\bswitch [^.]*?\b(?:on|off)\b|\benabled?\b|\bdisabled?\b|\bstop sharing\b|\bshar(?:e|ing)\b/i,
  ],
  ['read', /\barticle\b|\bstory\b|\bread\b|\bwho wrote\b|\bauthor\b/i],
];

const TERMINAL: ReadonlySet<OutcomeKind> = new Set([
  'purchase',
  'signup',
  'subscribe',
  'unsubscribe',
  'book',
  'download',
  'plan',
  'settings',
]);

/** The sentence (or errand) of the instruction around a position; a full stop inside a quote does not end it. */
function clauseAt(text: string, at: number): { start: number; end: number } {
  const bounds: number[] = [];
  let inQuote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"' || c === '“' || c === '”') inQuote = !inQuote;
    else if (!inQuote && /[.!?;]/.test(c) && /\s|$/.test(text[i + 1] ?? '')) bounds.push(i + 1);
    else if (!inQuote && c === '(' && /^\(\d\)/.test(text.slice(i, i + 3))) bounds.push(i);
  }
  const start = Math.max(0, ...bounds.filter((b) => b <= at));
  const end = Math.min(text.length, ...bounds.filter((b) => b > at));
  return { start, end };
}

interface Quote {
  value: string;
  start: number;
  end: number;
  /** The words before the quote in its clause, lower case. */
  before: string;
  after: string;
  clause: string;
}

function quotes(text: string): Quote[] {
  const out: Quote[] = [];
  for (const m of text.matchAll(/["“]([^"”]+)["”]/g)) {
    const start = m.index as number;
    const end = start + m[0].length;
    const c = clauseAt(text, start);
    out.push({
      value: m[1] as string,
      start,
      end,
      before: text.slice(c.start, start).toLowerCase(),
      after: text.slice(end, c.end).toLowerCase(),
      clause: text.slice(c.start, c.end),
    });
  }
  return out;
}

/** The instruction's own words from `from` to `to`, trimmed: always a substring. */
const span = (text: string, from: number, to: number): Span =>
  text.slice(Math.max(0, from), Math.min(text.length, to)).trim();

/** The quote with up to 40 characters of its clause before it, starting at a word. */
function lead(text: string, clauseStart: number, quoteStart: number, quoteEnd: number): Span {
  let from = Math.max(clauseStart, quoteStart - 40);
  if (from > clauseStart) while (from < quoteStart && /\S/.test(text[from - 1] as string)) from++;
  return span(text, from, quoteEnd);
}

/** A span around a regex match in the text, or null. */
function matchSpan(text: string, re: RegExp): Span | null {
  const m = re.exec(text);
  return m ? m[0].trim() : null;
}

const SITE = /\b(?:on|at|from|through|go to|visit)\s+((?:[A-Z][\w'&-]*|&)(?:\s+(?:[A-Z][\w'&-]*|&))*)/g;
const NOT_SITE = /^(?:I|My|The "|Friday|Monday|Tuesday|Wednesday|Thursday|Saturday|Sunday)$/;

function readSite(text: string): Authorization['site'] {
  for (const m of text.matchAll(SITE)) {
    const name = (m[1] as string).replace(/\s+&$/, '');
    if (NOT_SITE.test(name)) continue;
    return { name, span: m[0].trim() };
  }
  return null;
}

/** Reads the task authorization of an instruction. Pure; every entry's span is a substring of it. */
export function authorize(instruction: string): Authorization {
  const text = instruction;
  const a: Authorization = {
    instruction,
    terminalCommitment: false,
    outcomes: [],
    items: [],
    budget: null,
    fields: [],
    extras: [],
    consents: [],
    settings: [],
    references: [],
    site: readSite(text),
    outputs: [],
  };

  for (const [kind, re] of OUTCOME_VERBS) {
    const s = matchSpan(text, re);
    if (s) a.outcomes.push({ kind, span: s });
  }
  const has = (k: OutcomeKind) => a.outcomes.some((o) => o.kind === k);

  const qs = quotes(text);
  const quantity = (q: Quote): number => {
    const own = /(\d+)\s*(?:units?|pieces?|of)?\s*$/.exec(q.before);
    if (own && /\d/.test(own[1] as string)) return Number(own[1]);
    const w = /\b(one|a|an|single|two|three|four|five|six|seven|eight|nine|ten)\s+(?:single\s+)?$/.exec(q.before);
    return w ? (WORD_NUMBERS[w[1] as string] ?? 1) : 1;
  };
  const counts = qs.filter((q) => /^\d+$/.test(q.value));
  let variant: string | undefined;
  for (const q of qs) {
    const v = q.value;
    const whole = lead(text, q.start - q.before.length, q.start, q.end);
    if (EMAIL.test(v)) {
      a.fields.push({ kind: 'email', value: v, span: whole });
      continue;
    }
    if (isPrice(v)) {
      if (/under|less than|below|cheaper than|budget|at most|up to|max/.test(q.before.slice(-40)))
        a.budget = { max: priceIn(v) as number, span: whole };
      continue;
    }
    if (/^\d+$/.test(v)) continue;
    if (/(?:code|coupon|voucher)\s*$/.test(q.before)) {
      a.fields.push({ kind: 'code', value: v, span: whole });
      continue;
    }
    if (
      /(?:\bin|option:?|choose|select|pick|with)\s+(?:the\s+)?(?:option\s+)?$/.test(q.before) &&
      a.items.length > 0 &&
      !/\b(?:article|story|plan)\b/.test(q.after.slice(0, 12))
    ) {
      variant = v;
      a.references.push({ value: v, span: whole });
      continue;
    }
    if (
      /\bname\b\s*(?:is\s+)?$|\bunder\s+(?:the name\s+)?$|\bfor\s+$|\bname\s+$/.test(q.before) &&
      a.fields.length + qs.filter((x) => EMAIL.test(x.value)).length > 0
    ) {
      a.fields.push({ kind: 'name', value: v, span: whole });
      continue;
    }
    // A switch the task names: "turn off "X"", "switch "X" on", ""X" is on".
    const setting =
      /\b(?:turn|switch|set)\s+(on|off)?\s*$/.exec(q.before) ??
      /^\s*(?:\w+\s+){0,4}?(?:is\s+|to\s+)?(on|off|enabled|disabled)\b/.exec(q.after);
    if (setting && has('settings')) {
      const state = (setting[1] ?? /\b(on|off|enabled|disabled)\b/.exec(q.after)?.[1] ?? 'on') as string;
      a.settings.push({ label: v, on: state === 'on' || state === 'enabled', span: whole });
      continue;
    }
    const clauseBuys =
      /\bbuy\b|\bpurchase\b|\border\b|\bcart\b|\bbasket\b|\bbag\b|\bcheck ?out\b|\bi need\b|\bi want\b/i.test(
        q.clause,
      ) && has('purchase');
    if (clauseBuys && !/\b(?:article|story|newsletter|plan|song|track)\b/.test(q.after.slice(0, 14))) {
      const category =
        /\b(?:section|category|products?|items?)\b/.test(q.after.slice(0, 16)) ||
        /\b(?:look at|cheapest of the|lowest-priced|in the|from the)\s*$/.test(q.before)
          ? v
          : undefined;
      const qty = counts.length > 0 && a.items.length === 0 ? Number(counts[0]!.value) : quantity(q);
      a.items.push(category ? { name: null, qty, category: v, span: whole } : { name: v, qty, span: whole });
      continue;
    }
    a.references.push({ value: v, span: whole });
  }
  if (variant) for (const it of a.items) it.variant = variant;

  // "Free" plans and "I don't want to pay": a budget of nothing.
  const free = matchSpan(
    text,
    /\bthe free (?:one|plan|tier)\b|\bfree (?:plan|tier)\b|\bdon[’']?t want to pay(?: anything)?\b|\bno charge\b/i,
  );
  if (free && !a.budget) a.budget = { max: 0, span: free };

  // Extras the user asked for by name.
  for (const [re, words] of [
    [/\b(?:next[- ]day\s+)?express(?: delivery| shipping)?\b/i, ['express', 'next day', 'next-day']],
    [/\bgift[- ]?wrap(?:ped|ping)?\b/i, ['gift wrap', 'gift-wrap', 'giftwrap', 'gift wrapping']],
    [/\b(?:extended )?warranty\b/i, ['warranty']],
    [/\binsurance\b/i, ['insurance']],
    [/\bbreakfast\b/i, ['breakfast']],
  ] as [RegExp, string[]][]) {
    const s = matchSpan(text, re);
    if (s) a.extras.push({ words, span: s });
  }

  // Consents asked for: an account, a subscription or newsletter the user wants (never an unsubscription).
  if (has('signup'))
    a.consents.push({
      words: ['account', 'sign up', 'register', 'create'],
      span: a.outcomes.find((o) => o.kind === 'signup')!.span,
    });
  const sub = matchSpan(text, /\bsubscribe me to\b[^.]*|\bsign me up for\b[^.]*|\bjoin the\b[^.]*/i);
  if (sub)
    a.consents.push({
      words: ['subscribe', 'newsletter', 'join', ...quotes(sub).map((q) => q.value.toLowerCase())],
      span: sub,
    });

  // Stopping every kind of sharing: each sharing switch off.
  const stop = matchSpan(
    text,
    /\b(?:stop sharing|turn off all data sharing|switch off every kind of data sharing|none of my [\w ]*?data is shared|(?:don[’']?t|do not) want [^.]*? to share)\b[^.]*/i,
  );
  if (stop) a.settings.push({ label: 'sharing', on: false, span: stop });

  const ask = matchSpan(
    text,
    /\b(?:tell me|report|who (?:wrote|is the author)|how (?:many|much)|what|which|when|where)\b[^.?]*\??/i,
  );
  if (ask && (has('read') || /\?/.test(text))) a.outputs.push({ span: ask });

  a.terminalCommitment = a.outcomes.some((o) => TERMINAL.has(o.kind));
  return a;
}

/** Every span of an authorization (for checking that each is a substring of the instruction). */
export function spans(a: Authorization): Span[] {
  return [
    ...a.outcomes.map((o) => o.span),
    ...a.items.map((i) => i.span),
    ...(a.budget ? [a.budget.span] : []),
    ...a.fields.map((f) => f.span),
    ...a.extras.map((e) => e.span),
    ...a.consents.map((c) => c.span),
    ...a.settings.map((s) => s.span),
    ...a.references.map((r) => r.span),
    ...(a.site ? [a.site.span] : []),
    ...a.outputs.map((o) => o.span),
  ];
}

const norm = (s: string) => s.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ').trim();

/** Does a page's name for a thing refer to one of the task's named items (either contains the other)? */
export function namesItem(a: Authorization, name: string): AuthorizedItem | undefined {
  const n = norm(name);
  if (!n) return undefined;
  return a.items.find(
    (i) => i.name !== null && (n.includes(norm(i.name)) || (norm(i.name).includes(n) && n.length >= 4)),
  );
}

/** Does the task ask for an extra named like this (e.g. "Gift wrap this order (+$4.99)")? */
export function asksExtra(a: Authorization, name: string): boolean {
  const n = norm(name);
  return a.extras.some((e) => e.words.some((w) => n.includes(w)));
}

/** Does the task ask for a consent or sign-up named like this? */
export function asksConsent(a: Authorization, name: string): boolean {
  const n = norm(name);
  return a.consents.some((c) => c.words.some((w) => n.includes(w)));
}

/** The state the task asks a named switch to be in, if it names it. */
export function askedSetting(a: Authorization, name: string): boolean | undefined {
  const n = norm(name);
  return a.settings.find((s) => s.label !== 'sharing' && (n.includes(norm(s.label)) || norm(s.label).includes(n)))?.on;
}

/** Does the task name this thing (a plan, a story, a clinician …)? */
export function refersTo(a: Authorization, name: string): boolean {
  const n = norm(name);
  return a.references.some(
    (r) =>
      n === norm(r.value) ||
      n.startsWith(norm(r.value) + ' ') ||
      new RegExp(`(^|[^\\w-])${norm(r.value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(n),
  );
}

export const asksOutcome = (a: Authorization, kind: OutcomeKind) => a.outcomes.some((o) => o.kind === kind);
