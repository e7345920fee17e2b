/*
 * The client script of every generated site: routes, cart, checkout, forms,
 * overlays, timers and the event log. Bundled to one ES2019 script (generator/runtime-bundle.ts)
 * so that jsdom and Chromium run the same code; all state lives in localStorage so that it
 * persists across pages and documents.
 */
import {
  ANY_PRODUCT,
  ATTR,
  CONTROL_SELECTOR,
  money,
  PAGE_PARAM,
  PRICE_FIELD,
  SORT_FIELD,
  type ControlAction,
  type PageEventBody,
} from '../../scenarios/contract.ts';
import type { SiteAction } from '../../scenarios/model.ts';
import type { RuntimeConfig } from './config.ts';
import { cartData, checkoutData, controlsData } from './ask.ts';
import { all, first } from './lookup.ts';
import { reflow, reflowForm } from './reflow.ts';
import { base, commit, log as record, state } from './store.ts';

const config = JSON.parse(
  (document.getElementById('site-config') as HTMLElement).textContent as string,
) as RuntimeConfig;
const own = Object.prototype.hasOwnProperty;

function routeOf(pathname: string): string {
  if (!base || pathname.indexOf(base) !== 0) return pathname;
  const rest = pathname.slice(base.length);
  if (rest === '') return '/';
  return rest.charAt(0) === '/' ? rest : pathname;
}
function here(): string {
  return routeOf(window.location.pathname);
}

let current = here();
let enteredAt = Date.now();

function log(body: PageEventBody): void {
  record(body, here());
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
function slot(root: ParentNode, name: string): HTMLElement {
  return root.querySelector('[' + ATTR.slot + '="' + name + '"]') as HTMLElement;
}
function item(sku: string): { name: string; price: number } {
  return config.catalog[sku] || state.items[sku] || { name: sku, price: 0 };
}
function json<T>(el: Element | null, attr: string, fallback: T): T {
  const raw = el ? el.getAttribute(attr) : null;
  return raw ? (JSON.parse(raw) as T) : fallback;
}
function each<E extends Element>(list: ArrayLike<E>, fn: (el: E, i: number) => void): void {
  Array.prototype.forEach.call(list, fn);
}
function visiblePage(): HTMLElement | null {
  return pageFor(here());
}

// ---- pages ---------------------------------------------------------------

const SHARED_ROUTE_END = '/' + ANY_PRODUCT;

/** The product a shared page's address names (`/product/<sku>`), if the site lists it; '' otherwise. */
function sharedSku(route: string, path: string): string {
  const prefix = route.slice(0, route.length - ANY_PRODUCT.length);
  const sku = path.slice(prefix.length);
  return path.indexOf(prefix) === 0 && sku.indexOf('/') < 0 && own.call(config.catalog, sku) ? sku : '';
}

/** The page of a route: its own, else the shared page of the product it names, else the not-found page. */
function pageFor(path: string): HTMLElement | null {
  const pages = all<HTMLElement>('main[' + ATTR.route + ']');
  let shared: HTMLElement | null = null;
  let fallback: HTMLElement | null = null;
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i] as HTMLElement;
    const route = page.getAttribute(ATTR.route) as string;
    const isShared = route.slice(-SHARED_ROUTE_END.length) === SHARED_ROUTE_END;
    if (route === '*') fallback = page;
    else if (isShared) shared = shared || (sharedSku(route, path) ? page : null);
    else if (route === path) return page;
  }
  return shared || fallback;
}

/* The product each shared page was last filled for. */
const filledFor = new WeakMap<Element, string>();

/**
 * The shared product page filled for the product of the address, as its card in the listing
 * shows it (picture, name, price, description); the page's title and its breadcrumb are the
 * product's name. Another product's page starts with the quantity the page was served with.
 */
function fillProduct(page: HTMLElement, path: string): void {
  const detail = page.querySelector<HTMLElement>('[' + ATTR.dyn + '="product"]');
  if (!detail) return;
  const sku = sharedSku(page.getAttribute(ATTR.route) as string, path);
  if (filledFor.get(page) !== sku) {
    each(page.querySelectorAll<HTMLInputElement>('input[name=qty]'), (input) => {
      input.value = input.defaultValue;
    });
    filledFor.set(page, sku);
  }
  const crumb = page.querySelector<HTMLElement>('[' + ATTR.slot + '="here"]');
  if (crumb) crumb.textContent = item(sku).name;
  const link = first<HTMLAnchorElement>('[' + ATTR.dyn + '="grid"] a[href="' + path + '"]');
  const card = link ? (link.parentElement as HTMLElement) : null;
  const parts = card ? card.querySelectorAll('p') : [];
  const picture = card ? card.querySelector<HTMLElement>('[role="img"]') : null;
  const image = slot(detail, 'image');
  image.className = picture ? picture.className : 'img';
  image.setAttribute('aria-label', item(sku).name);
  slot(detail, 'name').textContent = item(sku).name;
  slot(detail, 'price').textContent = parts[0] ? (parts[0].textContent as string) : money(item(sku).price);
  slot(detail, 'blurb').textContent = parts[1] ? (parts[1].textContent as string) : '';
  document.title = item(sku).name + ' | ' + config.brand;
}

/** The product a press on the shared page is for: the one its address names. */
function productHere(): string {
  const page = visiblePage();
  return page ? sharedSku(page.getAttribute(ATTR.route) as string, here()) : '';
}

function rows(container: HTMLElement, count: number): HTMLElement[] {
  each(container.querySelectorAll('[' + ATTR.row + ']'), (old) => {
    (old.parentNode as Node).removeChild(old);
  });
  const tpl = container.querySelector('template') as HTMLTemplateElement;
  const rowH = parseFloat(container.getAttribute(ATTR.rowH) as string);
  const out: HTMLElement[] = [];
  for (let j = 0; j < count; j++) {
    const row = document.importNode(tpl.content.firstElementChild as HTMLElement, true);
    row.setAttribute(ATTR.row, '');
    row.style.top = j * rowH + 'px';
    container.appendChild(row);
    out.push(row);
  }
  container.style.height = Math.max(count * rowH, 24) + 'px';
  return out;
}

function lineName(line: { sku: string; variant?: string }): string {
  return item(line.sku).name + (line.variant ? ' (' + line.variant + ')' : '');
}

function unitPrice(sku: string, stage: string | null): number {
  if (stage === 'checkout') {
    const prices = checkoutData().prices;
    if (own.call(prices, sku)) return prices[sku] as number;
  }
  return item(sku).price;
}

interface TotalLine {
  sku: string;
  name: string;
  price: number;
  qty: number;
  variant?: string;
}

/** Everything a checkout would charge: items, fees, delivery, paid options, discount. */
function totals(stage: string | null) {
  const page = visiblePage();
  const lines: TotalLine[] = state.cart.map((l) => {
    const out: TotalLine = { sku: l.sku, name: item(l.sku).name, price: unitPrice(l.sku, stage), qty: l.qty };
    if (l.variant) out.variant = l.variant;
    return out;
  });
  let itemsSum = 0;
  lines.forEach((l) => {
    itemsSum += l.price * l.qty;
  });
  const fees = stage === 'checkout' ? checkoutData().fees : [];
  let shipping: RuntimeConfig['shipping'][number] | null = null;
  const options: { name: string; label: string; price: number }[] = [];
  let discount = 0;
  if (stage === 'checkout') {
    const chosen = page && page.querySelector<HTMLInputElement>('input[type=radio][name=shipping]:checked');
    const id = chosen ? chosen.value : (config.shipping[0] || ({} as { id?: string })).id;
    config.shipping.forEach((o) => {
      if (o.id === id) shipping = o;
    });
    if (page) {
      each(page.querySelectorAll<HTMLInputElement>('input[type=checkbox][' + ATTR.price + ']'), (cb) => {
        if (cb.checked)
          options.push({
            name: cb.name || cb.id,
            label: labelOf(cb),
            price: parseFloat(cb.getAttribute(ATTR.price) as string),
          });
      });
    }
    const coupons = checkoutData().coupons;
    if (state.coupon && own.call(coupons, state.coupon))
      discount = round2((itemsSum * (coupons[state.coupon] as number)) / 100);
  }
  let sum = itemsSum - discount;
  fees.forEach((f) => {
    sum += f.amount;
  });
  options.forEach((o) => {
    sum += o.price;
  });
  const ship = shipping as RuntimeConfig['shipping'][number] | null;
  if (ship) sum += ship.price;
  return {
    lines: lines,
    itemsSum: round2(itemsSum),
    fees: fees,
    shipping: ship,
    options: options,
    discount: discount,
    total: round2(sum),
  };
}

function labelOf(input: HTMLInputElement): string {
  const label = input.id ? document.querySelector('label[for="' + input.id + '"]') : null;
  return label ? (label.textContent as string).trim() : input.name;
}

function renderCartLines(container: HTMLElement): void {
  const made = rows(container, state.cart.length);
  slot(container, 'empty').hidden = state.cart.length > 0;
  state.cart.forEach((line, i) => {
    const row = made[i] as HTMLElement;
    slot(row, 'name').textContent = lineName(line);
    slot(row, 'qty').textContent = 'Qty ' + line.qty;
    slot(row, 'price').textContent = money(item(line.sku).price * line.qty);
    const remove = slot(row, 'remove');
    remove.setAttribute('aria-label', 'Remove ' + item(line.sku).name);
    lineOfRemove.set(remove, line.sku);
  });
}

function renderSummary(container: HTMLElement): void {
  const stage = container.getAttribute(ATTR.stage);
  const t = totals(stage);
  const entries: [string, string][] = [];
  if (stage === 'checkout') {
    t.lines.forEach((l) => {
      entries.push([
        l.name + (l.variant ? ' (' + l.variant + ')' : '') + (l.qty > 1 ? ' × ' + l.qty : ''),
        money(l.price * l.qty),
      ]);
    });
    t.fees.forEach((f) => {
      entries.push([f.label, money(f.amount)]);
    });
    t.options.forEach((o) => {
      entries.push([o.label.replace(/\s*\(\+\$[\d.]+\)$/, ''), money(o.price)]);
    });
    if (t.discount) entries.push(['Discount (' + state.coupon + ')', money(-t.discount)]);
    entries.push([
      t.shipping && t.shipping.price ? (t.shipping.label.split(',')[0] as string) : 'Shipping',
      t.shipping && t.shipping.price ? money(t.shipping.price) : 'Free',
    ]);
  } else {
    entries.push(['Subtotal', money(t.itemsSum)]);
    entries.push(['Shipping', 'Free']);
  }
  entries.push(['Total', money(t.total)]);
  const made = rows(container, entries.length);
  entries.forEach((entry, i) => {
    const row = made[i] as HTMLElement;
    slot(row, 'label').textContent = entry[0];
    slot(row, 'value').textContent = entry[1];
    if (i === entries.length - 1) {
      slot(row, 'label').style.fontWeight = '700';
      slot(row, 'value').style.fontWeight = '700';
    }
  });
}

/* Each card's place among its grid's cards as authored, and each grid's places (a shown card's box) in reading order, and its pager's gap under them, taken at the first arranging. */
const authored = new WeakMap<Element, number>();
const slots = new WeakMap<Element, { places: { left: string; top: string; bottom: number }[]; pagerGap: number }>();

/** The listing's page its address asks for (PAGE_PARAM), from 1. */
const PAGE_QUERY = new RegExp('[?&]' + PAGE_PARAM + '=([0-9]+)');
function listingPage(): number {
  const m = PAGE_QUERY.exec(window.location.search);
  return m ? Math.max(1, parseInt(m[1] as string, 10)) : 1;
}

/**
 * The page's grids as its listing controls and address say: every card whose listed price is in
 * the chosen range (`lo-hi` in dollars, either end open; empty for any), sorted by the chosen
 * order (the price the shop lists, the name shown; ties and `featured` as authored). A paged
 * grid shows the page its address asks for (the last, past it), as many cards as its first page
 * showed; its pager marks that page, hides the pages and the next link there are none of. The
 * cards shown take the grid's places in reading order and its document order; the rest are
 * hidden, the grid ends under its last card shown (and its pager), and what follows moves up.
 */
function arrangeGrids(page: HTMLElement): void {
  const chosen = (name: string) => {
    const el = page.querySelector<HTMLSelectElement>('select[name="' + name + '"]');
    return el ? el.value : '';
  };
  const order = chosen(SORT_FIELD);
  const range = chosen(PRICE_FIELD).split('-');
  const lo = parseFloat(range[0] as string);
  const hi = parseFloat(range[1] as string);
  each(page.querySelectorAll<HTMLElement>('[' + ATTR.dyn + '="grid"]'), (grid) => {
    const children = Array.prototype.slice.call(grid.children) as HTMLElement[];
    const pager = children.find((c) => c.getAttribute(ATTR.dyn) === 'pager') ?? null;
    const cards = children.filter((c) => c !== pager);
    const px = (v: string) => parseFloat(v) || 0;
    if (!slots.has(grid)) {
      cards.forEach((c, i) => authored.set(c, i));
      const places = cards
        .filter((c) => !c.hidden)
        .map((c) => ({ left: c.style.left, top: c.style.top, bottom: px(c.style.top) + px(c.style.height) }))
        .sort((a, b) => px(a.top) - px(b.top) || px(a.left) - px(b.left));
      const last = places.reduce((m, p) => Math.max(m, p.bottom), 0);
      slots.set(grid, { places, pagerGap: pager ? px(pager.style.top) - last : 0 });
    }
    const { places, pagerGap } = slots.get(grid) as {
      places: { left: string; top: string; bottom: number }[];
      pagerGap: number;
    };
    const link = (c: HTMLElement) => c.querySelector('a[href]');
    const price = (c: HTMLElement) => item((link(c)?.getAttribute('href') || '').replace(/^.*\//, '')).price;
    const name = (c: HTMLElement) => (link(c)?.textContent || '').trim();
    const by = (a: HTMLElement, b: HTMLElement): number =>
      order === 'price-asc'
        ? price(a) - price(b)
        : order === 'price-desc'
          ? price(b) - price(a)
          : order === 'name'
            ? name(a) < name(b)
              ? -1
              : name(a) > name(b)
                ? 1
                : 0
            : 0;
    const shows = (c: HTMLElement) => !(price(c) < lo) && !(price(c) >= hi);
    const perPage = pager ? places.length : cards.length;
    const sorted = cards.sort((a, b) => by(a, b) || (authored.get(a) as number) - (authored.get(b) as number));
    const count = Math.max(1, Math.ceil(sorted.filter(shows).length / Math.max(1, perPage)));
    const at = Math.min(listingPage(), count);
    let bottom = 0;
    let n = 0;
    sorted.forEach((c) => {
      const shown = shows(c) ? n++ : -1;
      c.hidden = shown < 0 || Math.floor(shown / perPage) !== at - 1;
      if (!c.hidden) {
        const place = places[shown % perPage] as { left: string; top: string; bottom: number };
        c.style.left = place.left;
        c.style.top = place.top;
        bottom = Math.max(bottom, place.bottom);
      }
      grid.appendChild(c);
    });
    if (pager) {
      const nav = pager;
      grid.appendChild(nav);
      nav.style.top = bottom + pagerGap + 'px';
      bottom += pagerGap + px(nav.style.height);
      const route = here();
      each(nav.querySelectorAll<HTMLElement>('[' + ATTR.slot + '="page"]'), (a, i) => {
        a.hidden = i >= count;
        if (i + 1 === at) a.setAttribute('aria-current', 'page');
        else a.removeAttribute('aria-current');
        a.style.fontWeight = i + 1 === at ? '700' : '400';
      });
      const next = slot(nav, 'next');
      next.hidden = at >= count;
      next.setAttribute('href', route + '?' + PAGE_PARAM + '=' + (at + 1));
    }
    grid.style.height = bottom + 'px';
  });
  reflow(page);
}

function renderDynamic(page: HTMLElement): void {
  each(page.querySelectorAll<HTMLElement>('[' + ATTR.dyn + '="cart-lines"]'), renderCartLines);
  each(page.querySelectorAll<HTMLElement>('[' + ATTR.dyn + '="summary"]'), renderSummary);
  reflow(page);
}

function render(): void {
  const path = here();
  const page = pageFor(path);
  each(all<HTMLElement>('main[' + ATTR.route + ']'), (p) => {
    p.hidden = p !== page;
  });
  if (!page) return;
  const title = page.getAttribute(ATTR.title);
  document.title = path === '/' ? config.brand : title + ' | ' + config.brand;
  fillProduct(page, path);
  if (page.querySelector('[' + ATTR.dyn + '="pager"]')) arrangeGrids(page);
  if (page.querySelector('[' + ATTR.dyn + '="summary"][' + ATTR.stage + '="checkout"]'))
    putBack(checkoutData().restores);
  renderDynamic(page);
  routeOverlays();
}

/* A link's address may ask for a page of the listing (`/?page=2`): turning it is no new route. */
function navigate(href: string): void {
  const from = here();
  if (base + href !== window.location.pathname + window.location.search) {
    window.history.pushState({}, '', base + href);
    current = here();
    if (current !== from) {
      enteredAt = Date.now();
      log({ type: 'nav', from: from, to: current });
    }
  }
  render();
  window.scrollTo(0, 0);
}

/*
 * A shop that puts back, once, at the checkout what it included and the user took out of the
 * cart: the line comes back as the site's own doing, so only a second removal keeps it out.
 */
function putBack(skus: string[]): void {
  let changed = false;
  skus.forEach((sku) => {
    const inCart = state.cart.some((l) => l.sku === sku);
    if (!state.removed[sku] || state.restored[sku] || inCart) return;
    state.restored[sku] = true;
    addToCart(sku, 'site', 1, null);
    changed = true;
  });
  if (changed) commit();
}

// ---- overlays ------------------------------------------------------------

function overlay(id: string): HTMLElement | null {
  return first('[' + ATTR.overlay + '="' + id + '"]');
}
function routesOf(el: Element): string[] | null {
  const r = el.getAttribute(ATTR.routes);
  return r ? r.split(' ') : null;
}
function onItsRoute(el: Element): boolean {
  const r = routesOf(el);
  return !r || r.indexOf(here()) >= 0;
}
function showOverlay(el: HTMLElement): void {
  const id = el.getAttribute(ATTR.overlay) as string;
  if (state.closed[id] || !el.hidden || !onItsRoute(el)) return;
  el.hidden = false;
  log({ type: 'overlay.shown', overlay: id });
}
function closeOverlay(el: HTMLElement): void {
  const id = el.getAttribute(ATTR.overlay) as string;
  state.closed[id] = true;
  commit();
  if (!el.hidden) {
    el.hidden = true;
    log({ type: 'overlay.closed', overlay: id });
  }
}
function schedule(el: HTMLElement, from: number): void {
  const after = el.getAttribute(ATTR.showAfter);
  if (after === '' || state.closed[el.getAttribute(ATTR.overlay) as string]) return;
  const due = from + Number(after) - Date.now();
  if (due <= 0) showOverlay(el);
  else
    window.setTimeout(() => {
      showOverlay(el);
    }, due);
}
/** Overlays bound to routes appear a set time after arriving on one, and leave with it. */
function routeOverlays(): void {
  each(all<HTMLElement>('[' + ATTR.overlay + '][' + ATTR.routes + ']'), (el) => {
    if (!onItsRoute(el)) el.hidden = true;
    else if (el.hidden) schedule(el, enteredAt);
  });
}

// ---- timers --------------------------------------------------------------

function tickCountdowns(): void {
  each(all<HTMLElement>('[' + ATTR.countdown + ']'), (el) => {
    const left = Math.max(
      0,
      Number(el.getAttribute(ATTR.countdown)) - Math.floor((Date.now() - state.firstSeen) / 1000),
    );
    const mm = String(Math.floor(left / 60));
    const ss = String(left % 60);
    el.textContent = (el.getAttribute(ATTR.template) as string).replace(
      '{time}',
      (mm.length < 2 ? '0' : '') + mm + ':' + (ss.length < 2 ? '0' : '') + ss,
    );
  });
}

// ---- actions -------------------------------------------------------------

function addToCart(sku: string, source: 'user' | 'option' | 'site', qty: number, variant: string | null): void {
  let line: (typeof state.cart)[number] | null = null;
  state.cart.forEach((l) => {
    if (l.sku === sku && (l.variant || null) === (variant || null)) line = l;
  });
  const found = line as (typeof state.cart)[number] | null;
  if (found) found.qty += qty;
  else {
    const added: (typeof state.cart)[number] = { sku: sku, qty: qty };
    if (variant) added.variant = variant;
    state.cart.push(added);
  }
  const event: PageEventBody = {
    type: 'cart.added',
    sku: sku,
    name: item(sku).name,
    price: item(sku).price,
    qty: qty,
    source: source,
  };
  if (variant) event.variant = variant;
  log(event);
}

/** The other forms that save together with this one, on every page (none for a form without the attribute). */
function savedWith(form: HTMLElement): HTMLElement[] {
  const account = form.getAttribute(ATTR.account);
  return account === null
    ? []
    : all<HTMLElement>('form[' + ATTR.account + ']').filter(
        (f) => f !== form && f.getAttribute(ATTR.account) === account,
      );
}

/* A page loaded afresh shows the settings as last saved, as a site that keeps them does (a stay-and-save form: no `next`). */
function restoreSaved(): void {
  each(all<HTMLElement>('form[' + ATTR.account + ']'), (form) => {
    const saved = state.saved[form.getAttribute(ATTR.account) as string];
    if (!saved || form.getAttribute(ATTR.next)) return;
    each(form.querySelectorAll<HTMLInputElement>('input[name], select[name]'), (input) => {
      if (!own.call(saved, input.name)) return;
      const v = saved[input.name];
      if (input.type === 'checkbox') input.checked = v === true;
      else if (input.type === 'radio') input.checked = input.value === v;
      else input.value = String(v);
    });
  });
}

/** Every named control of a form and of the forms it saves with, as a user would submit them. */
function collect(form: HTMLElement): { fields: Record<string, string | boolean>; missing: boolean } {
  const fields: Record<string, string | boolean> = {};
  let missing = false;
  // The other pages' settings of its account as they stand there, then this form's own, which alone must be complete.
  each(savedWith(form).concat([form]), (f) => {
    each(f.querySelectorAll<HTMLInputElement>('input[name], select[name]'), (input) => {
      if (input.type === 'checkbox') fields[input.name] = input.checked;
      else if (input.type === 'radio') {
        if (input.checked) fields[input.name] = input.value;
      } else {
        fields[input.name] = input.value.trim();
        if (f === form && input.required && !fields[input.name]) missing = true;
      }
    });
  });
  return { fields: fields, missing: missing };
}

type Run = (arg: string, el: HTMLElement, served: ControlAction) => void;

/** What a control does, by its id: the site's answer (contract.ts ANSWERS.controls), asked at the first press. */
function servedAction(el: Element): ControlAction | null {
  const id = el.getAttribute(ATTR.control);
  const all = id ? controlsData() : null;
  return all && id && own.call(all, id) ? (all[id] as ControlAction) : null;
}

/* The line each drawn Remove takes out, kept in the script, never on the page: a row moved elsewhere still removes its own line. */
const lineOfRemove = new WeakMap<Element, string>();
function lineOf(el: Element): string {
  return lineOfRemove.get(el) || '';
}

/* What the page is served: every action but `emit`, whose meaning stays in bundle.json. */
type Served = Exclude<SiteAction, { do: 'emit' }>;

/** What each served action does when its control is pressed. */
const actions: Record<Served['do'], Run> = {
  /* A link goes where its href points; only a button, or a link that goes elsewhere, names the route. */
  nav: (arg, el, served) => {
    if (served.close) {
      const box = el.closest<HTMLElement>('[' + ATTR.overlay + ']');
      if (box) closeOverlay(box);
    }
    navigate(arg || routeOf(el.getAttribute('href') || '/'));
  },
  'cart.add': (arg, el) => {
    const page: ParentNode = el.closest('main') || document;
    const qtyInput = page.querySelector<HTMLInputElement>('input[name=qty]');
    // A blank box means one; one that holds anything but digits of a number of one or more adds nothing.
    const typed = qtyInput ? qtyInput.value.trim() : '';
    const qty = typed === '' ? 1 : /^[0-9]+$/.test(typed) ? Number(typed) : 0;
    if (!(qty >= 1)) return;
    const variantInput = page.querySelector<HTMLSelectElement>('select[name=variant]');
    // On the page products share, the product is the one its address names.
    const sku = arg || productHere();
    if (!sku) return;
    addToCart(sku, 'user', qty, variantInput ? variantInput.value : null);
    each(page.querySelectorAll<HTMLInputElement>('input[' + ATTR.addon + ']'), (cb) => {
      if (!cb.checked) return;
      const sku = cb.getAttribute(ATTR.addon) as string;
      state.items[sku] = json(cb, ATTR.item, item(sku));
      addToCart(sku, 'option', 1, null);
    });
    if (!state.extrasAdded) {
      cartData().includes.forEach((x) => {
        state.items[x.sku] = { name: x.name, price: x.price };
        addToCart(x.sku, 'site', 1, null);
      });
      state.extrasAdded = true;
    }
    commit();
    navigate('/cart');
  },
  'cart.remove': (given, el) => {
    const arg = given || lineOf(el);
    state.cart = state.cart.filter((l) => l.sku !== arg);
    state.removed[arg] = true;
    commit();
    log({ type: 'cart.removed', sku: arg });
    render();
  },
  'coupon.apply': (_arg, el) => {
    const page: ParentNode = el.closest('main') || document;
    const input = page.querySelector<HTMLInputElement>('input[name=coupon]');
    const code = input ? input.value.trim().toUpperCase() : '';
    const valid = own.call(checkoutData().coupons, code);
    if (valid) state.coupon = code;
    commit();
    log({ type: 'coupon.applied', code: code, valid: valid });
    render();
  },
  'order.place': () => {
    if (state.cart.length === 0) return;
    const t = totals('checkout');
    state.orders += 1;
    const order: PageEventBody = {
      type: 'order.placed',
      order: 'A' + (10400 + state.orders),
      items: t.lines,
      fees: t.fees,
      shipping: t.shipping ? t.shipping.id : null,
      options: t.options,
      total: t.total,
    };
    if (t.discount) {
      order.coupon = state.coupon as string;
      order.discount = t.discount;
    }
    log(order);
    state.cart = [];
    state.extrasAdded = false;
    state.removed = {};
    state.restored = {};
    state.coupon = null;
    commit();
    navigate('/order/complete');
  },
  'form.submit': (arg, el) => {
    const form = el.closest('form') as HTMLFormElement;
    const got = collect(form);
    const error = slot(form, 'error');
    if (got.missing) {
      error.hidden = false;
      slot(form, 'saved').hidden = true;
      return;
    }
    error.hidden = true;
    log({ type: 'submit', form: arg, control: el.getAttribute(ATTR.control) || '', fields: got.fields });
    const account = form.getAttribute(ATTR.account);
    if (account !== null && !form.getAttribute(ATTR.next)) {
      state.saved[account] = got.fields;
      commit();
    }
    const box = form.closest<HTMLElement>('[' + ATTR.overlay + ']');
    if (box) closeOverlay(box);
    const next = form.getAttribute(ATTR.next);
    if (next) navigate(next);
    else slot(form, 'saved').hidden = false;
  },
  'overlay.open': (arg, el) => {
    const from = el.closest<HTMLElement>('[' + ATTR.overlay + ']');
    if (from) closeOverlay(from);
    const target = overlay(arg);
    if (target) {
      state.closed[arg] = false;
      showOverlay(target);
    }
  },
  'overlay.close': (arg, el) => {
    const target = arg ? overlay(arg) : el.closest<HTMLElement>('[' + ATTR.overlay + ']');
    if (!target) return;
    closeOverlay(target);
    resume(target);
  },
  press: () => {},
  'section.toggle': (arg) => {
    const group = document.querySelector<HTMLElement>('[' + ATTR.group + '="' + arg + '"]');
    const section = document.querySelector<HTMLElement>('[' + ATTR.section + '="' + arg + '"]');
    if (!group || !section) return;
    section.hidden = !section.hidden;
    group.style.height = group.getAttribute(section.hidden ? ATTR.closedH : ATTR.openH) + 'px';
    log({ type: 'section.toggled', section: arg, open: !section.hidden });
    const form = group.closest('form');
    if (form) reflowForm(form);
    const page = group.closest('main');
    if (page) reflow(page);
  },
};

function perform(el: HTMLElement): void {
  const control = el.getAttribute(ATTR.control);
  if (control) log({ type: 'press', control: control });
  const served = servedAction(el);
  if (!served) return;
  const run = actions[served.do as Served['do']];
  if (run) run(served.arg || '', el, served);
}

// ---- interruptions: a pattern's overlay or page steps in at a kind of press (ATTR.takes)

/*
 * The press an overlay took, by overlay id, to go on with when the overlay is closed. Kept in
 * memory, never on the page: what is served names a kind of press, not a control.
 */
const taken: Record<string, HTMLElement> = {};

/** Is this press of the kind a hook takes (`nav /route`, `press`, `form.submit`)? */
function ofKind(el: HTMLElement, kind: string): boolean {
  const parts = kind.split(' ');
  const served = servedAction(el);
  if (!served || served.do !== parts[0]) return false;
  return parts.length < 2 || (served.arg || routeOf(el.getAttribute('href') || '')) === parts[1];
}

/**
 * Does an overlay or page take this press? It takes a press of its kind made on one of its
 * routes, outside any overlay, as a site's interstitial on leaving, playing or sending does: an
 * overlay opens instead of the control's action until it has been closed; a page is gone to
 * instead, every time. The press itself is not logged: what the user saw happen (the overlay
 * shown, the route changed) is.
 */
function interrupted(el: HTMLElement): boolean {
  if (el.closest('[' + ATTR.overlay + ']')) return false;
  const hooks = all<HTMLElement>('[' + ATTR.takes + ']');
  for (let i = 0; i < hooks.length; i++) {
    const hook = hooks[i] as HTMLElement;
    if (!ofKind(el, hook.getAttribute(ATTR.takes) as string) || !onItsRoute(hook)) continue;
    if (hook.tagName === 'MAIN') {
      navigate(hook.getAttribute(ATTR.route) as string);
      return true;
    }
    const id = hook.getAttribute(ATTR.overlay) as string;
    if (state.closed[id]) continue;
    taken[id] = el;
    showOverlay(hook);
    return true;
  }
  return false;
}

/** Closing an overlay that took a press lets the press go on. */
function resume(box: HTMLElement): void {
  const id = box.getAttribute(ATTR.overlay) as string;
  const control = taken[id];
  delete taken[id];
  if (control) perform(control);
}

document.addEventListener('click', (ev) => {
  const target = ev.target as Element | null;
  const el = target && target.closest ? target.closest<HTMLElement>(CONTROL_SELECTOR + ', a[href]') : null;
  if (!el) return;
  if (el.tagName === 'A' && !el.hasAttribute(ATTR.control)) {
    const href = el.getAttribute('href');
    if (href && href.charAt(0) === '/' && href.charAt(1) !== '/') {
      ev.preventDefault();
      navigate(routeOf(href));
    }
    return;
  }
  ev.preventDefault();
  if (!interrupted(el)) perform(el);
});

/* Delivery and paid options change the checkout total as they are chosen; the listing's order re-orders its grids. */
document.addEventListener('change', (ev) => {
  const target = ev.target as Element | null;
  const page = target && target.closest ? target.closest('main') : null;
  if (page && target instanceof HTMLSelectElement && (target.name === SORT_FIELD || target.name === PRICE_FIELD)) {
    // A new order or filter starts the listing from its first page.
    if (listingPage() > 1) window.history.replaceState({}, '', base + here());
    arrangeGrids(page);
  }
  if (page && page.querySelector('[' + ATTR.dyn + '="summary"]')) renderDynamic(page);
});

/*
 * The site, not the browser, says where a page opens: at its top, whether it was reached by a
 * link or by going back (browsers restore a scroll by rules of their own, and engines differ).
 */
if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
window.addEventListener('popstate', () => {
  const from = current;
  current = here();
  enteredAt = Date.now();
  if (from !== current) log({ type: 'nav', from: from, to: current });
  render();
  window.scrollTo(0, 0);
});

restoreSaved();
render();
each(document.querySelectorAll<HTMLElement>('[' + ATTR.overlay + ']:not([' + ATTR.routes + '])'), (el) => {
  schedule(el, state.firstSeen);
});
if (document.querySelector('[' + ATTR.countdown + ']')) {
  tickCountdowns();
  window.setInterval(tickCountdowns, 1000);
}
