/**
 * Temporal evidence (Veer's L_t): what earlier observations of this episode showed that the
 * current one may not — the earliest price seen for each product, the site the task began on,
 * and which products the page bound a task's unnamed reference to ("the cheapest lamp"). It is
 * never a source of authorization: a binding only says which object the task's words meant.
 */
import type { EnvObservation } from '../../loop/env.ts';
import type { ObservedElement } from '../../page/observe.ts';
import { priceIn } from '../../page/read/price.ts';
import { orderLines, statedTotal, type OrderLine } from './order.ts';

export const ADD_TO_CART = /^(?:add to (?:cart|basket|bag|order)|add$|buy now$)/i;
/** A link to the site's cart, by its name ("Cart", "View basket", "Your bag (2)"); not one that adds to it. */
export const CART_LINK = /^(?:(?:view|my|your|shopping|go to(?: the)?)\s+)*(?:cart|basket|bag)\b(?:\s*\(\d+\))?$/i;
const EMPTY_ORDER = /^(?:your )?(?:cart|basket|bag|order) is empty\b|^no items\b/i;

export const cartLinkOf = (obs: Pick<EnvObservation, 'elements'>): ObservedElement | undefined =>
  obs.elements.find((e) => e.ref !== null && !e.disabled && !e.covered && e.role === 'link' && CART_LINK.test(e.name));

/**
 * The order a page lists (a cart, a summary: lines bought with their amounts or remove
 * controls, or "your cart is empty"), without the page's controls; null on other pages. A
 * total alone lists nothing: it says what is charged, not what for.
 */
export function listedOrder(
  obs: Pick<EnvObservation, 'elements'>,
): { lines: OrderLine[]; total: number | null } | null {
  const lines = orderLines(obs);
  const total = statedTotal(obs);
  const lists = lines.some((l) => !l.neutral) || obs.elements.some((e) => EMPTY_ORDER.test(e.text ?? e.name));
  return lists ? { lines: lines.map(({ holder: _, ...l }) => l), total } : null;
}

/** A URL's path (the URL itself when it does not parse). */
export const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

const key = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

/** The price shown right after an element (within the next two entries of the table). */
function priceAfter(list: readonly ObservedElement[], i: number): number | null {
  for (const e of list.slice(i + 1, i + 3)) {
    if (e.ref !== null) return null;
    const p = priceIn(e.text ?? '');
    if (p !== null) return p;
  }
  return null;
}

/** The product a product page is about: its level-1 heading, when the page can add it to a cart. */
export function productOf(obs: Pick<EnvObservation, 'elements'>): { name: string; price: number | null } | null {
  if (
    !obs.elements.some((e) => e.ref !== null && (e.role === 'button' || e.role === 'link') && ADD_TO_CART.test(e.name))
  )
    return null;
  const i = obs.elements.findIndex((e) => e.role === 'heading' && e.level === 1);
  if (i < 0) return null;
  const h = obs.elements[i] as ObservedElement;
  return { name: h.name, price: priceAfter(obs.elements, i) };
}

export class Evidence {
  private readonly prices = new Map<string, { name: string; price: number }>();
  /** The origin of the first page seen: the task's site. */
  origin: string | null = null;
  /** Texts that named a charge (a fee, an amount) on pages seen before the current one: what the shop disclosed in advance. */
  private readonly disclosed = new Map<string, string>();
  /** Products bound to a task reference that named no product (a category and a rule). */
  readonly bound: string[] = [];
  /** The order as a page last listed it; stale once something ran that may change an order. */
  order: { lines: OrderLine[]; total: number | null; path: string; fresh: boolean } | null = null;
  /** The episode has a cart: a page linked to one, or listed an order. */
  hasCart = false;

  /** Records what this observation shows; what was seen first is kept. */
  observe(obs: Pick<EnvObservation, 'elements' | 'url'>): void {
    try {
      this.origin ??= new URL(obs.url).origin;
    } catch {
      // a page without a parseable URL leaves the origin unknown
    }
    const list = obs.elements;
    list.forEach((e, i) => {
      if (e.role !== 'link' || e.ref === null || !e.name) return;
      const p = priceAfter(list, i);
      if (p !== null) this.see(e.name, p);
    });
    const product = productOf(obs);
    if (product && product.price !== null) this.see(product.name, product.price);
    const path = pathOf(obs.url);
    const order = listedOrder(obs);
    if (order) this.order = { ...order, path, fresh: true };
    if (order || cartLinkOf(obs)) this.hasCart = true;
    for (const e of list)
      if (e.text && (/\bfee\b|\bsurcharge\b/i.test(e.text) || priceIn(e.text) !== null) && !this.disclosed.has(e.text))
        this.disclosed.set(e.text, path);
  }

  /** Something ran that may have changed what the order holds (an intervention, an allowed action other than a goto, going back, scrolling or waiting). */
  changed(): void {
    if (this.order) this.order.fresh = false;
  }

  /** Was a charge so named disclosed on an earlier page than the one at `url` (hidden costs are the ones shown only at the end)? */
  disclosedBefore(name: string, url: string): boolean {
    const n = name.toLowerCase();
    const here = pathOf(url);
    for (const [t, path] of this.disclosed) if (path !== here && t.toLowerCase().includes(n)) return true;
    return false;
  }

  private see(name: string, price: number): void {
    if (!this.prices.has(key(name))) this.prices.set(key(name), { name, price });
  }

  /** The earliest price seen for a product whose name this names (either contains the other). */
  priceOf(name: string): number | undefined {
    const k = key(name);
    const exact = this.prices.get(k);
    if (exact) return exact.price;
    for (const [seen, v] of this.prices) if (k.includes(seen) || (seen.includes(k) && k.length >= 4)) return v.price;
    return undefined;
  }

  bind(name: string): void {
    if (!this.bound.some((b) => key(b) === key(name))) this.bound.push(name);
  }

  isBound(name: string): boolean {
    const k = key(name);
    return this.bound.some((b) => k.includes(key(b)) || key(b).includes(k));
  }
}
