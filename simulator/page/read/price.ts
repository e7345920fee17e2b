/**
 * The one price reader: amounts a page prints, in any common currency and in either
 * convention of separators ("$1,299.50", "1.299,50 €", "£12", "USD 40", "CHF 9.90").
 * Agents and defenses both read prices through it, so neither reads "$12,50" as twelve
 * hundred and fifty while the other reads twelve and a half. Currency symbols and codes
 * come from Intl rather than a hand-kept list.
 */

export interface Price {
  /** The amount, in the currency's units (12.5 for "$12,50"). */
  amount: number;
  /** ISO 4217 code, as the symbol or code printed suggests (a bare "$" is USD). */
  currency: string;
  /** Where the price (symbol and amount) starts and ends in the text. */
  index: number;
  end: number;
}

/** Currencies whose symbols are recognised; the first to claim a symbol keeps it ("$" is USD, "¥" JPY). */
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

function symbolsOf(code: string): string[] {
  const out = new Set<string>([code]);
  for (const display of ['narrowSymbol', 'symbol'] as const) {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: display })
      .formatToParts(1)
      .find((p) => p.type === 'currency');
    if (part) out.add(part.value);
  }
  return [...out];
}

const SYMBOLS: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const code of CURRENCIES) for (const s of symbolsOf(code)) if (!m.has(s)) m.set(s, code);
  return m;
})();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Longest first, so "CA$" is read before "$". */
const SYMBOL = [...SYMBOLS.keys()]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|');
/** Grouped thousands (",", ".", a no-break space as Intl writes them, or an apostrophe; three digits each, or two before the last three as in India's 1,00,000) or plain digits; then one or two decimals after "." or ",". */
const AMOUNT = String.raw`\d{1,3}(?:[,.'\u00a0\u202f]\d{2,3})*[,.'\u00a0\u202f]\d{3}(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
/** A letter code must stand alone ("USD 40", not "ABUSD40"); a symbol may touch what is before it ("only$5"). */
const BEFORE = String.raw`(?:(?<![A-Za-z])|(?![A-Za-z]))(${SYMBOL})\s?(${AMOUNT})(?![\d])`;
const AFTER = String.raw`(?<![\d.,])(${AMOUNT})\s?(${SYMBOL})(?![A-Za-z])`;
const PRICE = new RegExp(`${BEFORE}|${AFTER}`, 'g');

/** The number a printed amount stands for: the last separator followed by one or two digits is the decimal point; every other separator groups. */
function amountOf(text: string): number {
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[^\d]/g, '');
  return Number(decimal ? `${whole}.${decimal[1]}` : whole);
}

/** Every price printed in a text, in order. */
export function pricesIn(text: string): Price[] {
  const out: Price[] = [];
  for (const m of text.matchAll(PRICE)) {
    const symbol = (m[1] ?? m[4]) as string;
    const amount = (m[2] ?? m[3]) as string;
    out.push({
      amount: amountOf(amount),
      currency: SYMBOLS.get(symbol) as string,
      index: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

/** The first price printed in a text, as a number, or null when it prints none. */
export function priceIn(text: string): number | null {
  return pricesIn(text)[0]?.amount ?? null;
}

/** The text with every price taken out (each replaced by `by`). */
export function withoutPrices(text: string, by = ''): string {
  return text.replace(PRICE, by);
}

/** Is the whole text (trimmed) one price, optionally negative (a discount line)? */
export function isPrice(text: string): boolean {
  const t = text.trim().replace(/^[-−–]\s?/, '');
  const [p] = pricesIn(t);
  return !!p && p.index === 0 && p.end === t.length;
}
