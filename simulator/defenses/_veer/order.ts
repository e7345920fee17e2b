/**
 * What an order holds as a page lists it (a cart, a checkout summary): its lines with their
 * amounts and remove controls, and the total it states. Read by consequence prediction at an
 * order boundary and kept by the temporal evidence as the order last seen.
 */
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { isPrice, priceIn, pricesIn, withoutPrices } from '../../page/read/price.ts';

const NEUTRAL_LINE =
  /^(?:sub-?total|total|order total|shipping|delivery|standard delivery|tax|taxes|vat|sales tax|discount|savings|you save|estimated (?:tax|shipping))(?:\s*\([^)]*\))?\s*:?$/i;

export interface OrderLine {
  name: string;
  price: number | null;
  qty: number;
  /** A subtotal, shipping, tax or discount line rather than something bought. */
  neutral: boolean;
  holder?: ObservedElement;
}

/** The order's lines as the page lists them: a text followed by an amount (or "Free"), with its remove control when there is one. */
export function orderLines(obs: Pick<EnvObservation, 'elements'>): OrderLine[] {
  const list = obs.elements;
  const out: OrderLine[] = [];
  list.forEach((e, i) => {
    const t = e.text;
    if (
      e.ref !== null ||
      t === undefined ||
      priceIn(t) !== null ||
      /^free$/i.test(t) ||
      t.length > 60 ||
      /^qty\b/i.test(t)
    )
      return;
    let qty = 1;
    for (const n of list.slice(i + 1, i + 3)) {
      if (n.ref !== null || n.text === undefined) break;
      const q = /^(?:qty|quantity):?\s*(\d+)$/i.exec(n.text);
      if (q) {
        qty = Number(q[1]);
        continue;
      }
      const amount = isPrice(n.text) ? priceIn(n.text) : /^free$/i.test(n.text) ? 0 : undefined;
      if (amount === undefined) break;
      const neutral = NEUTRAL_LINE.test(t);
      const times = /\s[×x]\s?(\d+)$/.exec(t);
      if (times) qty = Number(times[1]);
      // The line's own remove control, named for the line or for its product without the variant in brackets.
      const named = [t, t.replace(/\s*\([^)]*\)\s*$/, '')].map((x) => x.toLowerCase()).filter((x) => x.length >= 3);
      const holder = list.find(
        (r) =>
          r.ref !== null &&
          r.role === 'button' &&
          /^remove\b/i.test(r.name) &&
          named.some((x) => r.name.toLowerCase().includes(x)),
      );
      out.push({
        name: t,
        // A discount line is a credit however it is printed; the reader gives the sign of one printed with a minus.
        price: amount === null ? null : amount < 0 || /discount|savings|you save/i.test(t) ? -Math.abs(amount) : amount,
        qty,
        neutral,
        ...(holder ? { holder } : {}),
      });
      break;
    }
  });
  // A cart line with a remove control but no amount next to it still is a line.
  for (const r of list) {
    const m = /^remove\s+(.+)$/i.exec(r.ref !== null && r.role === 'button' ? r.name : '');
    const plain = (name: string) => name.replace(/\s*\([^)]*\)\s*$/, '').toLowerCase();
    if (m && !out.some((l) => plain(l.name) === plain(m[1] as string)))
      out.push({ name: m[1] as string, price: null, qty: 1, neutral: false, holder: r });
  }
  return out;
}

/** The label of a total, once the price beside it is taken out: "Total", "Order total:". */
const TOTAL = /^(?:order )?total\s*:?$/i;

/**
 * The total the page states: the last text that is a total's label with its one price ("Total:
 * €20.00", "Total 20,00 €"), or the label alone with a text that is only a price right after it.
 */
export function statedTotal(obs: Pick<EnvObservation, 'elements'>): number | null {
  const texts = obs.elements.filter((e) => e.text !== undefined).map((e) => (e.text as string).trim());
  const i = texts.map((t) => pricesIn(t).length <= 1 && TOTAL.test(withoutPrices(t).trim())).lastIndexOf(true);
  if (i < 0) return null;
  const next = texts[i + 1] ?? '';
  return priceIn(texts[i] as string) ?? (isPrice(next) ? priceIn(next) : null);
}
