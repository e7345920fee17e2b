/**
 * The site's persistent state and its event log, both in localStorage so that they survive
 * route changes and full page loads alike.
 */
import {
  ATTR,
  EVENTS_KEY,
  LOG_CHANNEL,
  SITE_LOG_META,
  STATE_KEY,
  storageKey,
  type PageEvent,
  type PageEventBody,
} from '../../scenarios/contract.ts';

export interface CartLine {
  sku: string;
  qty: number;
  variant?: string;
}

export interface SiteState {
  cart: CartLine[];
  /** Overlays the user has closed, by id. */
  closed: Record<string, boolean>;
  orders: number;
  extrasAdded: boolean;
  /** Lines the user took out of the cart since the last order, and those the shop put back, by sku. */
  removed: Record<string, boolean>;
  restored: Record<string, boolean>;
  /** Products the catalogue does not list that an element brought into the cart, by sku. */
  items: Record<string, { name: string; price: number }>;
  coupon: string | null;
  firstSeen: number;
  /** Settings as last saved, by the account token of the forms that save them (ATTR.account), field by field. */
  saved: Record<string, Record<string, string | boolean>>;
}

/* A copy hosted under a path prefix (many sites on one server) names it here: routes stay
   the site's own, the prefix is only added to what the address bar shows. Its storage is
   its own too, since every site on that server shares one origin. Generated bundles carry
   no prefix. */
export const base = document.documentElement.getAttribute(ATTR.base) || '';
const STATE = storageKey(STATE_KEY, base);
const EVENTS = storageKey(EVENTS_KEY, base);
/* The engine's own record of the log (contract.ts LOG_CHANNEL), taken before any other script can. */
const channel = (window as unknown as Record<string, unknown>)[LOG_CHANNEL];
const recordOutside = typeof channel === 'function' ? (channel as (event: string) => void) : null;
delete (window as unknown as Record<string, unknown>)[LOG_CHANNEL];
/* Where a hosted copy sends its event log, so that it can be scored outside the browser. */
const sink = document.querySelector(`meta[name="${SITE_LOG_META}"]`);

export function load<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch (e) {
    return fallback;
  }
}

export function save(key: string, value: unknown): void {
  window.localStorage.setItem(key, JSON.stringify(value));
}

export const state: SiteState = load<SiteState | null>(STATE, null) || {
  cart: [],
  closed: {},
  orders: 0,
  extrasAdded: false,
  removed: {},
  restored: {},
  items: {},
  coupon: null,
  firstSeen: Date.now(),
  saved: {},
};
/* A state saved before products could travel with the elements that bring them. */
state.items = state.items || {};
state.removed = state.removed || {};
state.restored = state.restored || {};
state.saved = state.saved || {};
save(STATE, state);

export function commit(): void {
  save(STATE, state);
}

/** Appends an event, stamped with the time and the route it happened on. */
export function log(body: PageEventBody, route: string): void {
  const events = load<PageEvent[]>(EVENTS, []);
  const { type, ...data } = body;
  const event = { type, t: Date.now(), route, ...data } as PageEvent;
  events.push(event);
  save(EVENTS, events);
  if (recordOutside) recordOutside(JSON.stringify(event));
  if (sink) post(sink.getAttribute('content') || '', events);
}

/* Browsers refuse a keepalive request whose body passes 64 KiB (20,000 characters are at most 60,000 bytes of UTF-8): a longer log goes as a plain request. */
const KEEPALIVE_CHARS = 20000;

/* The whole log every time, to the site's own origin as JSON (the only posts the server
   takes): the receiver keeps the longest log of each session, and a lost request costs
   nothing. */
function post(url: string, events: PageEvent[]): void {
  const body = JSON.stringify({ session: String(state.firstSeen), events: events });
  try {
    window
      .fetch(url, {
        method: 'POST',
        keepalive: body.length < KEEPALIVE_CHARS,
        headers: { 'content-type': 'application/json' },
        body: body,
      })
      .catch(function () {});
  } catch (e) {
    /* no network: the log stays in the page */
  }
}
