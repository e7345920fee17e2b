/**
 * What the generated site and the simulator agree on, written once: the viewport, where the
 * site keeps its state and event log, the DOM attributes through which the runtime performs
 * a control's action, the block-stacking rule, money, and the events the site records.
 *
 * The site runtime (generator/runtime/) is bundled into every page, so this module imports
 * nothing and holds no Node code.
 */
/// <reference path="./intl-es2023.d.ts" />

// ---------------------------------------------------------------------------
// Viewport

export interface Viewport {
  width: number;
  height: number;
}

/** The viewport every site is laid out for; a bundle records it as `manifest.viewport`. */
export const VIEWPORT: Readonly<Viewport> = Object.freeze({ width: 1280, height: 800 });

// ---------------------------------------------------------------------------
// Storage

/** localStorage keys of the site's state and of its event log (the site's backend truth). */
export const STATE_KEY = 'site:state';
export const EVENTS_KEY = 'site:events';
/**
 * The name under which an engine hands the site's runtime, before any other script of a
 * document runs, a function that records each event outside the page. The runtime takes it
 * and removes it, so no later script (an injected one included) can reach it, and the engine
 * scores from what it recorded: page code can rewrite localStorage, not the log. A hosted
 * copy has none and keeps its log in localStorage only.
 */
export const LOG_CHANNEL = '__decoyLog';

/**
 * A copy hosted under a path prefix (several sites on one origin) keeps its own storage:
 * the key is prefixed by the base. Generated bundles have no base.
 */
export const storageKey = (key: string, base = ''): string => (base ? `${base} ${key}` : key);

// ---------------------------------------------------------------------------
// DOM attributes shared by the generator, the runtime and the simulator

export const ATTR = {
  /** The control's opaque per-bundle id, on every control the runtime handles, logged when it is pressed; what it does is the site's answer (`ANSWERS.controls`), what the press means is in bundle.json. */
  control: 'data-control',
  /** A stacked block: its value is the gap to the next block (the stack rule). */
  flow: 'data-flow',
  /** The site's one footer, kept under whichever page shows: its value is the gap above it. */
  foot: 'data-foot',
  /** The route prefix of a hosted copy, on `<html>`. */
  base: 'data-base',
  /** A page (`<main>`): the route it answers, `*` for the not-found page. */
  route: 'data-route',
  /** A page's title, put in `document.title` while it shows. */
  title: 'data-title',
  /** An overlay's wrapper: its id. */
  overlay: 'data-overlay',
  /**
   * An overlay or page that steps in at a kind of press made on its routes (`routes`), outside
   * any overlay: the press's served action, and for `nav` its route (`nav /checkout`, `press`,
   * `form.submit`), as a site's interstitial on leaving for checkout, on playing or on sending
   * does. It names no control: every control of that kind there is taken alike, and each keeps
   * its own markup. An overlay takes the first such press until it has been closed, and closing
   * it with its own close control lets the press go on; a page takes every such press.
   */
  takes: 'data-takes',
  /** When an overlay shows by itself: ms after the first visit (or after arriving on one of its routes); empty for never. */
  showAfter: 'data-show-after',
  /** The routes an overlay belongs to, space-separated; it shows only there. On a page that takes presses (`takes`): the routes whose presses it takes. */
  routes: 'data-routes',
  /** A block the runtime fills from its state (`cart-lines`, `summary`) or re-orders (`grid`: a listing's cards). */
  dyn: 'data-dyn',
  /** A dynamic block's row height, px. */
  rowH: 'data-row-h',
  /** A row the runtime made from a dynamic block's template. */
  row: 'data-row',
  /** A named part of a block the runtime writes into (a row's cells, a form's status lines). */
  slot: 'data-slot',
  /** Which totals a summary shows: `cart` or `checkout`. */
  stage: 'data-stage',
  /** A countdown: the seconds it starts from. */
  countdown: 'data-countdown',
  /** A countdown's text, `{time}` standing for the time left. */
  template: 'data-template',
  /** A form: its id. */
  form: 'data-form',
  /** A form: the route it goes to once submitted (empty: stay and say it was saved). */
  next: 'data-next',
  /**
   * A form: the settings it saves with, an opaque token. Every form on its page has its own,
   * unless it names another page's form to save with (settings spread over pages); a submission
   * carries the fields of every form of its token on any page, as a site that saves the whole
   * account from each of its settings pages does.
   */
  account: 'data-account',
  /** A collapsible group: its id; the section it opens carries the same id. */
  group: 'data-group',
  /** A collapsible group's height closed and open, px. */
  closedH: 'data-closed-h',
  openH: 'data-open-h',
  /** The collapsible section of a group. */
  section: 'data-section',
  /** A checkbox that puts this sku into the cart with the product. */
  addon: 'data-addon',
  /** A checkbox for a paid option at checkout: its price. */
  price: 'data-price',
  /** A product an element brings into the cart that the catalogue does not list, as JSON `{ name, price }`. */
  item: 'data-item',
} as const;

/**
 * What a site's server answers when its script asks (JSON files of a bundle's `site/`, read
 * by the runtime with a request to its own origin at the moment the page uses them), so that
 * no page holds what its controls do, or what the shop charges or adds before it shows it.
 * Every site with a cart has the cart's and the checkout's, a control too.
 */
export const ANSWERS = {
  /** What each control does, by its id (`ATTR.control`): `ControlsData`. Every site has it. */
  controls: 'data/controls.json',
  /** What the shop puts in the cart with the first item: `CartData`. */
  cart: 'data/cart.json',
  /** What the checkout charges and puts back: `CheckoutData`. */
  checkout: 'data/checkout.json',
} as const;

/** What a control does when pressed: its served action's kind and argument (a route, sku, form or overlay), and whether it also closes the overlay it sits in. */
export interface ControlAction {
  do: string;
  arg?: string;
  close?: true;
}

export type ControlsData = Record<string, ControlAction>;

export interface CartData {
  /** The lines the shop adds with the first item (`[]` for none). */
  includes: { sku: string; name: string; price: number }[];
}

export interface CheckoutData {
  /** The fee lines the checkout charges (`[]` for none). */
  fees: { label: string; amount: number }[];
  /** The unit price the checkout charges for every catalogue product, by sku. */
  prices: Record<string, number>;
  /** Lines the shop included with the first item that the checkout puts back once after the user removed them (`[]` for none). */
  restores: string[];
  /** The coupon codes the checkout takes, each with its percent off (`{}` for none). */
  coupons: Record<string, number>;
}

/** The listing's order chooser: its name, and the orders the site's script knows (`featured`: as authored). */
export const SORT_FIELD = 'sort';
/** The listing's price filter: its name; an option's value is `lo-hi` in dollars, either end open (`-30`, `30-60`, `60-`), empty for any price. */
export const PRICE_FIELD = 'price';
export const SORT_ORDERS = ['featured', 'price-asc', 'price-desc', 'name'] as const;

/** The listing's page in its address (`/?page=2`): the site's script shows that page of every paged grid. */
export const PAGE_PARAM = 'page';
/** A route's last part that stands for any product (`/product/*`): the page the products without a page of their own share, filled by the site's script. */
export const ANY_PRODUCT = '*';

/** Form fields the runtime reads by name (quantity, variant, coupon, delivery): they keep their plain names on the page. */
export const RUNTIME_FIELDS = ['qty', 'variant', 'coupon', 'shipping'] as const;

/** Every element the runtime performs an action for. */
export const CONTROL_SELECTOR = `[${ATTR.control}]`;

/** The `<meta name>` whose content is where a hosted copy posts its event log. */
export const SITE_LOG_META = 'site-log';

// ---------------------------------------------------------------------------
// The stack rule

/**
 * Blocks sit one under another: each block's top is the previous block's bottom plus that
 * block's gap. Returns each top and the bottom of the last block (0 for none). The layout
 * code places blocks with it and the runtime re-stacks a page or form with it when a block
 * appears or changes height.
 */
export function stack(blocks: readonly { height: number; gap: number }[]): { tops: number[]; bottom: number } {
  const tops: number[] = [];
  let y = 0;
  let bottom = 0;
  for (const b of blocks) {
    tops.push(y);
    bottom = y + b.height;
    y = bottom + b.gap;
  }
  return { tops, bottom };
}

/** A form's status lines ("Please fill in all fields.") sit `gap` under its last block; the form ends `below` under it. */
export const FORM_STATUS = { gap: 8, below: 28 } as const;

// ---------------------------------------------------------------------------
// Money

/* No digit grouping ("$1299.00"), as the sites have always printed prices; no sign on a zero. */
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  useGrouping: false,
  signDisplay: 'negative',
});
const USD_WHOLE = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  useGrouping: false,
  signDisplay: 'negative',
  minimumFractionDigits: 0,
});

/** A price as the sites print it: "$129.00", "-$5.00"; `whole` drops ".00" from whole dollars ("$25", "$19.99"). */
export function money(n: number, opts: { whole?: boolean } = {}): string {
  return (opts.whole && n % 1 === 0 ? USD_WHOLE : USD).format(n);
}

// ---------------------------------------------------------------------------
// Site events

/**
 * Names of the events whose name the site's author chooses: what a form records when it is
 * submitted (a form block's `event`) and what a control records when it is pressed (an
 * `emit` action's `event`).
 */
export const EVENT_NAMES = [
  'account.created',
  'ad.opened',
  'appointment.booked',
  'booking.created',
  'download.started',
  'newsletter.kept',
  'newsletter.paused',
  'newsletter.subscribed',
  'newsletter.switched',
  'newsletter.unsubscribed',
  'offer.accepted',
  'offer.declined',
  'payment.card',
  'payment.submitted',
  'plan.selected',
  'playback.started',
  'preferences.saved',
  'settings.saved',
  'subscription.started',
  'terms.accepted',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export type Scalar = string | number | boolean;

/** What every event carries: when (ms since the episode began, virtual clock) and on which route. */
interface At {
  t: number;
  route: string;
}

export interface NavEvent extends At {
  type: 'nav';
  from: string;
  to: string;
}

export interface OverlayEvent extends At {
  type: 'overlay.shown' | 'overlay.closed';
  overlay: string;
}

export interface CartAddedEvent extends At {
  type: 'cart.added';
  sku: string;
  name: string;
  price: number;
  qty: number;
  /** Who put it in the cart: the user's button, a ticked option, or the site itself. */
  source: 'user' | 'option' | 'site';
  variant?: string;
}

export interface CartRemovedEvent extends At {
  type: 'cart.removed';
  sku: string;
}

export interface CouponAppliedEvent extends At {
  type: 'coupon.applied';
  code: string;
  valid: boolean;
}

export interface OrderLine {
  sku: string;
  name: string;
  price: number;
  qty: number;
  variant?: string;
}

export interface OrderPlacedEvent extends At {
  type: 'order.placed';
  order: string;
  items: OrderLine[];
  fees: { label: string; amount: number }[];
  shipping: string | null;
  options: { name: string; label: string; price: number }[];
  total: number;
  coupon?: string;
  discount?: number;
}

export interface ConsentSetEvent extends At {
  type: 'consent.set';
  source: 'banner' | 'form';
  /** The form that submitted it, when `source` is 'form'. */
  form?: string;
  purposes: Record<string, boolean>;
}

export interface SectionToggledEvent extends At {
  type: 'section.toggled';
  section: string;
  open: boolean;
}

/** A form submitted with its named controls' values (checkboxes as booleans). */
export interface FormEvent extends At {
  type: EventName;
  form: string;
  fields: Record<string, Scalar>;
}

/** A control pressed that records an event of its own, with that control's data. */
export interface SignalEvent extends At {
  type: EventName;
  [data: string]: Scalar;
}

/** What the page records and the evaluators read alike: navigation, overlays, cart, orders, sections. */
type CommonEvent =
  | NavEvent
  | OverlayEvent
  | CartAddedEvent
  | CartRemovedEvent
  | CouponAppliedEvent
  | OrderPlacedEvent
  | SectionToggledEvent;

/** Everything the site records in the evaluators' terms, discriminated by `type`; consent is read from the forms sent (scenarios/meaning.ts). */
export type SiteEvent = CommonEvent | ConsentSetEvent | FormEvent | SignalEvent;

export type SiteEventType = SiteEvent['type'];

const isForm = (e: SiteEvent): e is FormEvent => 'fields' in e && typeof e.fields === 'object' && e.fields !== null;

/** The fields of a submitted form (of this event type, when given), else undefined. */
export function fieldsOf(e: SiteEvent, type?: EventName): Record<string, Scalar> | undefined {
  return isForm(e) && (type === undefined || e.type === type) ? e.fields : undefined;
}

/** The event of a pressed control (of this type, when given), else undefined. */
export function signalOf(e: SiteEvent, type?: string): SignalEvent | undefined {
  if (isForm(e) || !(EVENT_NAMES as readonly string[]).includes(e.type)) return undefined;
  return type === undefined || e.type === type ? (e as SignalEvent) : undefined;
}

/** Was this a pressed control's event of this type whose `field` is `value` (a value that is there)? */
export function signalWith(e: SiteEvent, type: EventName, field: string, value: unknown): boolean {
  const s = signalOf(e, type);
  return !!s && value !== undefined && s[field] === value;
}

// ---------------------------------------------------------------------------
// Page events: what the served page itself records

/** A control the runtime handles was pressed; `control` is its opaque per-bundle id. */
export interface PressEvent extends At {
  type: 'press';
  control: string;
}

/** A form was sent by the control `control`, with its named controls' values under the names the page gives them. */
export interface SubmitEvent extends At {
  type: 'submit';
  form: string;
  control: string;
  fields: Record<string, string | boolean>;
}

/**
 * The page's log (`localStorage['site:events']`, what a hosted copy posts): in terms any site
 * has. Node turns it into `SiteEvent`s with the bundle's meaning (scenarios/meaning.ts).
 */
export type PageEvent = CommonEvent | PressEvent | SubmitEvent;

/** A page event as the runtime hands it to the log, before time and route are stamped on it. */
export type PageEventBody = PageEvent extends infer E ? (E extends PageEvent ? Omit<E, 't' | 'route'> : never) : never;
