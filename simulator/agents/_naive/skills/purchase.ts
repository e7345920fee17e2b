import type { Action } from '../../../loop/actions.ts';
import type { EnvObservation } from '../../../loop/env.ts';
import type { ObservedElement } from '../../../page/observe.ts';
import type { Mind, Skill } from '../mind.ts';
import { click, quoted } from '../mind.ts';
import { isPrice, priceIn } from '../../../page/read/price.ts';

const ADD = /^add to (cart|basket|bag)$/i;
const CHECKOUT = /checkout/i;
const PLACE = /^(place order|complete purchase|pay now|confirm order)$/i;
const CHEAPEST = /cheapest|least expensive|lowest[- ]priced|costs least/i;
const VARIANT = /(?:\bin|option:?|choose|select|pick)\s+(?:the\s+)?"([^"]+)"/i;
const COUPON = /(?:code|coupon)\s*"([^"]+)"/i;
const CARD = /card number|security code|cvc|cvv|expiry/i;

interface Want {
  /** Unknown until read off the catalogue when the user named a category and a rule. */
  name?: string;
  qty: number;
  variant?: string;
}

export interface PurchaseIntent {
  items: Want[];
  choose?: { category: string; cheapest: boolean; max?: number };
  express?: boolean;
  gift?: boolean;
  coupon?: string;
}

/** Reads what to buy from the instruction: products, quantity, option, delivery, gift wrap, coupon. */
export function readPurchase(goal: string): PurchaseIntent | null {
  const q = quoted(goal);
  if (!/buy|order|purchase/i.test(goal) || q.length === 0) return null;
  const coupon = COUPON.exec(goal)?.[1];
  const price = q.find((x) => isPrice(x));
  const count = q.find((x) => /^\d+$/.test(x));
  const rest = q.filter((x) => x !== coupon && x !== price && x !== count);
  const intent: PurchaseIntent = { items: [] };
  if (price !== undefined || CHEAPEST.test(goal)) {
    const category = rest[0];
    if (!category) return null;
    intent.choose = {
      category,
      cheapest: price === undefined,
      ...(price !== undefined ? { max: priceIn(price) ?? 0 } : {}),
    };
    intent.items = [{ qty: 1 }];
  } else {
    const variant = VARIANT.exec(goal)?.[1];
    const names = rest.filter((x) => x !== variant);
    if (names.length === 0) return null;
    const qty = count ? Number(count) : 1;
    intent.items = names.map((name) => ({ name, qty, ...(variant ? { variant } : {}) }));
  }
  if (/express/i.test(goal)) intent.express = true;
  if (/gift[- ]?wrap/i.test(goal)) intent.gift = true;
  if (coupon) intent.coupon = coupon;
  return intent;
}

interface Memory {
  prices: Map<string, number>;
  added: Set<string>;
  chosen?: string;
  couponTried?: boolean;
  /** A fee the shop said, before checkout, it adds to every order: part of what the user expects to pay. */
  toldFee?: number;
  /** What the last action was meant to record, undone if it did not happen. */
  undo?: () => void;
}

function memoryOf(mind: Mind): Memory {
  let m = mind.memory.get('purchase') as Memory | undefined;
  if (!m) {
    m = { prices: new Map(), added: new Set() };
    mind.memory.set('purchase', m);
  }
  return m;
}

/** Listings: every product link with the price shown just after it. */
function listings(obs: EnvObservation, from = 0, to = obs.elements.length): { el: ObservedElement; price: number }[] {
  const out: { el: ObservedElement; price: number }[] = [];
  obs.elements.slice(from, to).forEach((e, k) => {
    if (e.role !== 'link' || e.ref === null) return;
    const i = from + k;
    const price = obs.elements
      .slice(i + 1, i + 3)
      .map((n) => priceIn(n.text ?? ''))
      .find((p) => p !== null);
    if (price != null) out.push({ el: e, price });
  });
  return out;
}

/** The product the rule names, read off the catalogue section of the category. */
function choose(obs: EnvObservation, rule: NonNullable<PurchaseIntent['choose']>): string | undefined {
  const start = obs.elements.findIndex(
    (e) => e.role === 'heading' && e.name.toLowerCase() === rule.category.toLowerCase(),
  );
  if (start < 0) return undefined;
  const end = obs.elements.findIndex((e, i) => i > start && e.role === 'heading');
  const fits = listings(obs, start + 1, end < 0 ? undefined : end)
    .filter((l) => rule.max === undefined || l.price < rule.max)
    .sort((a, b) => a.price - b.price);
  return fits[0]?.el.name;
}

/** The order total as the page states it ("Total" then an amount, or "Total: $x"). */
export function statedTotal(texts: string[]): number | null {
  const i = texts.map((t) => /^total\b/i.test(t.trim())).lastIndexOf(true);
  if (i < 0) return null;
  return priceIn(texts[i] as string) ?? priceIn(texts[i + 1] ?? '');
}

/** Whatever checkout controls the user asked for are set; the first still to set, as an action. */
function setCheckout(obs: EnvObservation, mind: Mind, intent: PurchaseIntent, mem: Memory): Action | null {
  const live = mind.interactive(obs).filter((e) => !e.covered);
  if (intent.coupon && !mem.couponTried) {
    const field = live.find((e) => e.role === 'textbox' && /coupon|promo|discount|voucher/i.test(e.name));
    if (field) {
      if (field.value !== intent.coupon) return { name: 'fill', bid: field.ref as string, value: intent.coupon };
      const apply = live.find((e) => e.role === 'button' && /^(apply|redeem)/i.test(e.name));
      if (apply) {
        mem.couponTried = true;
        mem.undo = () => {
          mem.couponTried = false;
        };
        return click(apply);
      }
    }
  }
  const radios = live.filter((e) => e.role === 'radio');
  if (intent.express) {
    const fast = radios.find((e) => /express|next[- ]day/i.test(e.name));
    if (fast && !fast.checked) return click(fast);
  } else {
    // A paid delivery the page chose for the user: take the free one unless it goes along.
    const on = radios.find((e) => e.checked && (priceIn(e.name) ?? 0) > 0);
    const free = radios.find((e) => !e.checked && (/free/i.test(e.name) || priceIn(e.name) === null));
    if (on && free && !mind.fallsFor(`radio:${on.name}`, false)) return click(free);
  }
  if (intent.gift) {
    const wrap = live.find((e) => e.role === 'checkbox' && /gift[- ]?wrap/i.test(e.name));
    if (wrap && !wrap.checked) return { name: 'check', bid: wrap.ref as string };
  }
  return null;
}

/** What the user expects to pay: the prices seen, the delivery and wrap asked for, less the discount. */
function expectedTotal(obs: EnvObservation, mind: Mind, intent: PurchaseIntent, mem: Memory): number | null {
  let sum = 0;
  for (const w of intent.items) {
    const p = w.name ? mem.prices.get(w.name) : undefined;
    if (p === undefined) return null;
    sum += p * w.qty;
  }
  const live = mind.interactive(obs);
  if (intent.express) sum += priceIn(live.find((e) => e.role === 'radio' && e.checked)?.name ?? '') ?? 0;
  if (intent.gift)
    sum +=
      priceIn(live.find((e) => e.role === 'checkbox' && e.checked && /gift[- ]?wrap/i.test(e.name))?.name ?? '') ?? 0;
  sum += mem.toldFee ?? 0;
  sum -= statedDiscount(mind.texts(obs));
  return Math.round(sum * 100) / 100;
}

/** What the page's discount line takes off ("Discount" then an amount), as a sum to subtract; 0 when there is none. */
export function statedDiscount(texts: string[]): number {
  const d = texts.findIndex((t) => /^discount\b/i.test(t));
  // The reader gives a minus when the page prints one; the line takes off its amount either way.
  return d >= 0 ? Math.abs(priceIn(texts[d + 1] ?? '') ?? 0) : 0;
}

/**
 * Buy what the instruction names: pick the product by rule if asked, open each, set its option
 * and quantity, add it, check out with the delivery, gift wrap and coupon asked for, place
 * the order. Goes along with what the page chose (extra lines, ticked boxes, a higher total)
 * only through mind.fallsFor.
 */
const purchase: Skill<PurchaseIntent> = {
  id: 'purchase',
  priority: 50,
  read: readPurchase,
  act(obs, mind, intent) {
    const mem = memoryOf(mind);
    // A refused or failed action (a defense stepped in, a covered button) did not happen.
    if (obs.last_action_error) mem.undo?.();
    mem.undo = undefined;
    for (const l of listings(obs)) if (!mem.prices.has(l.el.name)) mem.prices.set(l.el.name, l.price);
    if (new URL(obs.url).pathname !== '/checkout') {
      const told = mind.texts(obs).find((t) => /is added to every order/i.test(t));
      if (told) mem.toldFee = priceIn(told) ?? mem.toldFee;
    }
    const here = new URL(obs.url).pathname;
    if (intent.choose && !mem.chosen) {
      mem.chosen = choose(obs, intent.choose);
      if (!mem.chosen) return here === '/' ? null : { name: 'goto', url: '/' };
    }
    const items = intent.items.map((w, i) => (i === 0 && mem.chosen ? { ...w, name: mem.chosen } : w));
    const names = items.map((w) => w.name as string);
    const label = names.join(' and ');
    if (/thank you|confirmed/i.test(mind.heading1(obs)))
      return { name: 'send_msg_to_user', text: `I placed the order for the ${label}.` };
    if (mind.interactive(obs).some((e) => e.role === 'textbox' && CARD.test(e.name))) {
      return { name: 'report_infeasible', reason: 'The checkout asks for card details that I was not given.' };
    }
    const pending = items.find((w) => !mem.added.has(w.name as string));

    const place = mind.find(obs, 'button', PLACE);
    if (place) {
      if (!pending) {
        const todo =
          setCheckout(obs, mind, { ...intent, items }, mem) ?? mind.untickExtras(obs, intent.gift ? ['gift wrap'] : []);
        if (todo) return todo;
      }
      // The total is judged against the wanted items this page lists (all of them, normally).
      const texts = mind.texts(obs);
      const listed = items.filter((w) => texts.some((t) => t.startsWith(w.name as string)));
      const total = statedTotal(texts);
      const expected = listed.length > 0 ? expectedTotal(obs, mind, { ...intent, items: listed }, mem) : null;
      const higher = total !== null && expected !== null && total > expected + 0.005;
      if (higher && !mind.fallsFor(`total:${total}`, false)) {
        return {
          name: 'report_infeasible',
          reason: `The total ${(total as number).toFixed(2)} is higher than the expected ${(expected as number).toFixed(2)}.`,
        };
      }
      if (pending && !higher) return { name: 'goto', url: '/' };
      return click(place);
    }

    const checkout = mind.find(obs, 'button', CHECKOUT);
    if (checkout) {
      const extra = mind
        .interactive(obs)
        .find(
          (e) =>
            e.role === 'button' &&
            /^Remove /.test(e.name) &&
            !names.some((n) => e.name === `Remove ${n}`) &&
            !mind.fallsFor(`line:${e.name}`, false),
        );
      if (extra) return click(extra);
      if (pending) {
        const more = mind.find(obs, 'button', /continue shopping/i);
        return more ? click(more) : { name: 'goto', url: '/' };
      }
      return click(checkout);
    }

    const add = mind.find(obs, 'button', ADD);
    const onPage = items.find((w) => w.name === mind.heading1(obs));
    if (add && onPage && pending) {
      if (!mem.prices.has(onPage.name as string)) {
        const p = mind
          .texts(obs)
          .map(priceIn)
          .find((x) => x !== null);
        if (p != null) mem.prices.set(onPage.name as string, p);
      }
      if (mem.added.has(onPage.name as string)) return { name: 'goto', url: '/' };
      const option = onPage.variant
        ? mind.interactive(obs).find((e) => e.role === 'combobox' && !e.covered)
        : undefined;
      if (option && onPage.variant && option.value !== onPage.variant)
        return { name: 'select_option', bid: option.ref as string, options: [onPage.variant] };
      const qty = onPage.qty > 1 ? mind.interactive(obs).find((e) => e.role === 'spinbutton' && !e.covered) : undefined;
      if (qty && qty.value !== String(onPage.qty))
        return { name: 'fill', bid: qty.ref as string, value: String(onPage.qty) };
      const untick = mind.untickExtras(obs);
      if (untick) return untick;
      mem.added.add(onPage.name as string);
      mem.undo = () => mem.added.delete(onPage.name as string);
      return click(add);
    }

    if (!pending) {
      const cart = mind.find(obs, 'link', /^(cart|basket|bag)$/i);
      return cart ? click(cart) : { name: 'goto', url: '/cart' };
    }
    const link = mind.listing(obs, 'link', pending.name as string);
    if (link) return click(link);
    return here === '/' ? null : { name: 'goto', url: '/' };
  },
};

export default purchase;
