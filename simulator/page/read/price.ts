/**
 * The one price reader: amounts a page prints, in any common currency and in either
 * convention of separators ("$1,299.50", "1.299,50 €", "1 299,50 €", "£12", "USD 40",
 * "CHF 9.90", "-$5.00"). Agents and defenses both read prices through it, so neither reads
 * "$12,50" as twelve hundred and fifty while the other reads twelve and a half. Currency
 * symbols and codes come from Intl rather than a hand-kept list.
 */

/** An amount a page prints, as priceIn and pricesIn read it. */
export interface Price {
  /**
   * The amount, in the currency's units (12.5 for "$12,50"); negative when printed with a minus
   * ("-$5.00", "$-5", "−5,00 €"), as a discount or a credit is.
   */
  amount: number;
  /** ISO 4217 code, as the symbol or code printed suggests (a bare "$" is USD). */
  currency: string;
  /** Where the price (sign, symbol and amount) starts in the text. */
  index: number;
  /** Where it ends: the index just past it. */
  end: number;
}

/** Currencies whose symbols are recognised; the first to claim a symbol keeps it ("$" is USD, "¥" JPY, "kr" SEK). */
const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'INR',
  'CNY',
  'KRW',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'BRL',
  'MXN',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'TRY',
  'ILS',
  'ZAR',
  'SGD',
  'HKD',
  'PHP',
  'THB',
  'VND',
  'NGN',
  'UAH',
  'RUB',
];

/**
 * Every language Intl has a two-letter tag for. A currency's symbols differ by language
 * ("CA$" in English, "C$" in Dutch, "$CA" in French, "US$" in many), and a page may print any.
 * Three-letter languages and regional variants are left out, since trying them all takes a
 * second or more: the few symbols only they print read by the "$" or "£" in them ("$ AU" in
 * fr-CA as dollars, "GB£" in Gibraltar as pounds) or not at all (Taiwan's "￦").
 */
function languages(): string[] {
  const az = [...'abcdefghijklmnopqrstuvwxyz'];
  return Intl.NumberFormat.supportedLocalesOf(az.flatMap((a) => az.map((b) => a + b)));
}

/** Intl separates a symbol's words with a no-break space; a page's text may have made it a plain one. */
const spaced = (s: string) => s.replace(/\s+/g, ' ');

function symbolsOf(code: string, locales: readonly string[]): Set<string> {
  const out = new Set<string>([code]);
  for (const locale of locales)
    for (const display of ['narrowSymbol', 'symbol'] as const) {
      const part = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: display })
        .formatToParts(1)
        .find((p) => p.type === 'currency');
      if (part) out.add(spaced(part.value));
    }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Marks of text direction Intl puts around a sign or a symbol in right-to-left languages. */
const BIDI = '[\\u200e\\u200f\\u061c]*';
/** What may stand between a symbol and its amount: a space (no-break, as Intl writes it, or plain), direction marks. */
const GAP = `${BIDI}\\s?${BIDI}`;
/** A minus: hyphen-minus, the minus sign Intl prints in many languages (U+2212), or the en dash a discount line may use. */
const MINUS = '[-\\u2212\\u2013]';
/** A minus before a symbol or an amount belongs to it only when it follows no letter or digit ("$5-$10" is a range). */
const LEADING = `(?:(?<![\\p{L}\\p{N}])(${MINUS})${BIDI})?`;
/** A minus after an amount ("US$ 5,00-", as Frisian prints it) only when nothing but a space or punctuation follows. */
const TRAILING = `(?:(${MINUS})(?=[\\s.,;:!?)\\]]|$))?`;

const decimals = (point: string) => `(?:${point}\\d{1,2})?`;
const groups = (sep: string, point: string) => `\\d{1,3}(?:${sep}\\d{3})+${decimals(point)}`;
/**
 * A printed amount, grouped or not: thousands grouped by one separator throughout ("," or ".",
 * an apostrophe as in Switzerland, an Arabic comma, a no-break space as Intl writes it in French
 * and many languages), or in India's two-digit groups (1,00,000); then one or two decimals after
 * the other point. A plain space groups too when decimals follow ("1 234,56"), or when the
 * currency follows (`spaceWhole`: "1 234 €"): a whole amount grouped by a plain space after a
 * symbol is read as its first number, since a page's joined text prints "$25 128 reviews".
 * Last, an amount below one unit written without its zero ("$.99").
 */
const amount = (spaceWhole: boolean) =>
  [
    `\\d{1,2}(?:,\\d{2})+,\\d{3}${decimals('\\.')}`,
    groups(',', '\\.'),
    groups('\\.', ','),
    groups("['’]", '[.,]'),
    groups('\\u060c', '\\.'),
    groups('[\\u00a0\\u202f]', '[.,]'),
    `\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+[.,]\\d{1,2}`,
    ...(spaceWhole ? ['\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+'] : []),
    `\\d+${decimals('[.,]')}`,
    '\\.\\d{1,2}',
  ].join('|');

interface Reader {
  symbols: ReadonlyMap<string, string>;
  price: RegExp;
}

/**
 * The symbols and the pattern, made on the first read: asking Intl for every language's
 * symbols takes a fraction of a second that a process reading no price need not spend.
 */
let reader: Reader | undefined;
function build(): Reader {
  const locales = languages();
  const symbols = new Map<string, string>();
  for (const code of CURRENCIES) for (const s of symbolsOf(code, locales)) if (!symbols.has(s)) symbols.set(s, code);
  /** Longest first, so "CA$" is read before "$"; a space in a symbol ("$ AU") matches any space. */
  const symbol = [...symbols.keys()]
    .sort((a, b) => b.length - a.length)
    .map((s) => escape(s).replace(/ /g, '\\s'))
    .join('|');
  /** A symbol that starts with a letter must stand alone ("USD 40", not "ABUSD40"); another may touch what is before it ("only$5"). */
  const before = `${LEADING}(?:(?<!\\p{L})|(?!\\p{L}))(${symbol})${GAP}(?:(${MINUS}))?(${amount(false)})(?!\\d)${TRAILING}`;
  const after = `${LEADING}(?<![\\d.,])(${amount(true)})${GAP}(${symbol})(?!\\p{L})`;
  return { symbols, price: new RegExp(`${before}|${after}`, 'gu') };
}
const read = () => (reader ??= build());

/** The number a printed amount stands for: the last separator followed by one or two digits is the decimal point; every other separator groups. */
function amountOf(text: string): number {
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[^\d]/g, '');
  return Number(decimal ? `${whole}.${decimal[1]}` : whole);
}

/** Every price printed in a text, in order. */
export function pricesIn(text: string): readonly Price[] {
  let found = seen.get(text);
  if (!found) {
    // Readers ask of the same texts at every step: each is read once, up to a bound.
    if (seen.size >= SEEN_MAX) seen.clear();
    found = Object.freeze(readPrices(text).map((p) => Object.freeze(p)));
    seen.set(text, found);
  }
  return found;
}

/** Texts already read, and what they print. */
const seen = new Map<string, readonly Price[]>();
const SEEN_MAX = 20_000;

function readPrices(text: string): Price[] {
  const { symbols, price } = read();
  const out: Price[] = [];
  for (const m of text.matchAll(price)) {
    // Groups 1–5 are a symbol before its amount (sign, symbol, sign, amount, sign); 6–8 an amount before its symbol.
    const before = m[2] !== undefined;
    const symbol = (before ? m[2] : m[8]) as string;
    const n = amountOf((before ? m[4] : m[7]) as string);
    const negative = before ? !!(m[1] ?? m[3] ?? m[5]) : !!m[6];
    out.push({
      // A minus before a zero ("-$0.00") is no credit: 0, not -0.
      amount: negative ? -n || 0 : n,
      currency: symbols.get(spaced(symbol)) as string,
      index: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

/** The first price printed in a text, as a number (negative for a discount or credit), or null when it prints none. */
export function priceIn(text: string): number | null {
  return pricesIn(text)[0]?.amount ?? null;
}

/** The text with every price, its sign included, taken out (each replaced by `by`). */
export function withoutPrices(text: string, by = ''): string {
  return text.replace(read().price, by);
}

/** Is the whole text (trimmed) one price, a negative one (a discount line) included? */
export function isPrice(text: string): boolean {
  const t = text.trim();
  const [p] = pricesIn(t);
  return !!p && p.index === 0 && p.end === t.length;
}
