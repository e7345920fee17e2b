/** The shop's blocks: the catalogue, a product's page, the cart's lines and the totals. */
import type { Block, SiteAction, SiteSpec } from '../../scenarios/model.ts';
import { money } from '../../scenarios/content/products.ts';
import { ANSWERS, ANY_PRODUCT, PAGE_PARAM, type CartData, type CheckoutData } from '../../scenarios/contract.ts';
import { productRoute } from '../../scenarios/sites/shop.ts';
import { productPicture } from '../images.ts';
import { MUTED, textPart, textWidth, type Box, type Part, type Styled } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';

export interface ProductCard {
  href: string;
  /** On a later page of a paged grid: at the place it takes on its page, shown by the site's script. */
  hidden: boolean;
  label: Part | null;
  picture: string;
  box: Box;
  image: { box: Box; alt: string };
  name: Part;
  price: Part;
  blurb: Part;
}

/** Under a paged grid: a link to each page, the first current, and to the next page. */
export interface LaidPager {
  label: string;
  box: Box;
  pages: (Part & { href: string; current: boolean })[];
  next: Part & { href: string };
}

export interface LaidProductGrid extends Laid<'productGrid'> {
  cards: ProductCard[];
  pager: LaidPager | null;
}

export interface LaidProductDetail extends Laid<'productDetail'> {
  /** The page products without one of their own share: empty, filled by the site's script for the product of its address. */
  shared: boolean;
  picture: string;
  image: { box: Box; alt: string };
  title: Part;
  price: Part;
  blurb: Part;
}

/** Filled by the runtime from the cart: a template row, whose Remove takes out the line of its row. */
export interface LaidCartLines extends Laid<'cartLines'> {
  rowH: number;
  remove: SiteAction;
  emptyText: string;
  row: { name: Styled; qty: Styled; price: Styled; remove: Styled };
}

/** Filled by the runtime from the cart; at checkout with what the shop's data says it charges there (`ANSWERS`). */
export interface LaidSummary extends Laid<'summary'> {
  stage: 'cart' | 'checkout';
  rowH: number;
  row: { label: Styled; value: Styled };
}

/**
 * Products the site's script knows from the start: all but those an element brings into the
 * cart (a ticked add-on, what the shop adds with the first item), which travel with that
 * element, so the page's data says no more before it is shown than the page does.
 */
export function listed(site: SiteSpec): SiteSpec['products'] {
  const brought = new Set([...site.cartExtras, ...addons(site)]);
  return site.products.filter((p) => !brought.has(p.sku));
}

/** Every block of a site's pages and overlays, nested ones included. */
function blocksOf(site: SiteSpec): Block[] {
  const out: Block[] = [];
  const walk = (blocks: readonly Block[]): void => {
    for (const b of blocks) {
      out.push(b);
      if (b.kind === 'group' || b.kind === 'form') walk(b.blocks);
    }
  };
  for (const p of site.pages) walk(p.blocks);
  for (const o of site.overlays) walk(o.blocks);
  return out;
}

function addons(site: SiteSpec): string[] {
  return blocksOf(site).flatMap((b) => (b.kind === 'option' && b.addon !== undefined ? [b.addon] : []));
}

/**
 * The files a site with a cart answers its script from (`ANSWERS`): what the shop adds
 * with the first item, and what its checkout charges and puts back. None for a site without one.
 */
export function shopData(site: SiteSpec): Record<string, string> {
  if (!blocksOf(site).some((b) => b.kind === 'cartLines' || b.kind === 'summary')) return {};
  const cart: CartData = { includes: site.cartExtras.map((sku) => ({ sku, ...carried(site, sku) })) };
  const checkout: CheckoutData = {
    fees: site.pricing.checkoutFees,
    prices: Object.fromEntries(listed(site).map((p) => [p.sku, site.pricing.checkoutPrices[p.sku] ?? p.price])),
    restores: site.cartRestores ?? [],
    coupons: site.pricing.coupons,
  };
  return { [ANSWERS.cart]: JSON.stringify(cart), [ANSWERS.checkout]: JSON.stringify(checkout) };
}

/** A product as the element that brings it into the cart carries it. */
export function carried(site: SiteSpec, sku: string): { name: string; price: number } {
  const p = site.products.find((q) => q.sku === sku);
  if (!p) throw new Error(`unknown product ${sku}`);
  return { name: p.name, price: p.price };
}

/** The class of a product's picture, noted for the stylesheet. */
function productImage(ctx: Ctx, p: { name: string; hue: number }): string {
  const pic = productPicture(p.name, p.hue);
  ctx.pictures.push(pic);
  return pic.cls;
}

const CARD_H = 330;
const CARD_GAP = 24;
const PAGER_H = 36;

export function productGrid(block: BlockOf<'productGrid'>, ctx: Ctx, width: number): LaidProductGrid {
  const { site, theme } = ctx;
  const cols = width >= 900 ? 3 : 2;
  const cardW = Math.floor((width - CARD_GAP * (cols - 1)) / cols);
  const shown = [...(block.promoted ?? []), ...block.skus.map((sku) => ({ sku, label: undefined }))];
  const perPage = block.pager && shown.length > block.pager.perPage ? block.pager.perPage : shown.length;
  const cards = shown.map(({ sku, label }, i): ProductCard => {
    const p = site.products.find((q) => q.sku === sku);
    if (!p) throw new Error(`unknown product ${sku}`);
    const labelW = label ? textWidth(label, 12) + 8 : 0;
    const at = i % perPage;
    return {
      href: productRoute(p.sku),
      hidden: i >= perPage,
      // After the image in document order, so it reads as part of the card's text.
      label: label
        ? {
            text: label,
            look: { size: 12, weight: 400, color: MUTED },
            box: { x: cardW - 16 - labelW, y: 230, w: labelW, h: 20 },
          }
        : null,
      picture: productImage(ctx, p),
      box: { x: (at % cols) * (cardW + CARD_GAP), y: Math.floor(at / cols) * (CARD_H + CARD_GAP), w: cardW, h: CARD_H },
      image: { box: { x: 16, y: 16, w: cardW - 32, h: 170 }, alt: p.name },
      name: {
        text: p.name,
        look: { size: 17, weight: 600, color: theme.ink },
        box: { x: 16, y: 198, w: cardW - 32, h: 24 },
      },
      price: {
        text: money(p.price),
        look: { size: 16, weight: 700, color: theme.ink },
        box: { x: 16, y: 228, w: 140, h: 24 },
      },
      blurb: textPart(p.blurb, { size: 13, weight: 400, color: MUTED, line: 19 }, 16, 258, cardW - 32),
    };
  });
  const rows = Math.ceil(Math.min(cards.length, perPage) / cols);
  const cardsH = rows * CARD_H + (rows - 1) * CARD_GAP;
  const pager =
    block.pager && perPage < cards.length
      ? layPager(block.pager, Math.ceil(cards.length / perPage), ctx, width, cardsH + CARD_GAP)
      : null;
  return { ...base(block, ctx), box: span(width, pager ? pager.box.y + pager.box.h : cardsH), cards, pager };
}

/** The pager's links, in a row under the cards: each page's number (the first current), then the next page's. */
function layPager(
  spec: NonNullable<BlockOf<'productGrid'>['pager']>,
  count: number,
  ctx: Ctx,
  width: number,
  y: number,
): LaidPager {
  const route = ctx.place[0] ?? '/';
  const href = (n: number) => `${route}?${PAGE_PARAM}=${n}`;
  const look = { size: 15, weight: 400, color: ctx.theme.accent, line: PAGER_H, align: 'center' as const };
  const pages = Array.from({ length: count }, (_, i) => ({
    text: String(i + 1),
    href: href(i + 1),
    current: i === 0,
    look: i === 0 ? { ...look, weight: 700 } : look,
    box: { x: i * (PAGER_H + 8), y: 0, w: PAGER_H, h: PAGER_H },
  }));
  const nextW = textWidth(spec.next, 15) + 24;
  return {
    label: spec.label,
    box: { x: 0, y, w: width, h: PAGER_H },
    pages,
    next: { text: spec.next, href: href(2), look, box: { x: count * (PAGER_H + 8) + 8, y: 0, w: nextW, h: PAGER_H } },
  };
}

export function productDetail(block: BlockOf<'productDetail'>, ctx: Ctx, width: number): LaidProductDetail {
  const { site, theme } = ctx;
  const shared = block.sku === ANY_PRODUCT;
  // The shared page is laid for the longest of the products it shows, and served empty.
  const shows = shared ? site.products.filter((q) => q.more) : site.products.filter((q) => q.sku === block.sku);
  if (!shows.length)
    throw new Error(shared ? 'a shared product page, but no product shares it' : `unknown product ${block.sku}`);
  const colX = 290;
  const colW = width - colX;
  const tallest = (part: (q: (typeof shows)[number]) => Part): Part => {
    const parts = shows.map(part);
    const h = Math.max(...parts.map((x) => x.box.h));
    const one = parts[0] as Part;
    return shared ? { ...one, text: '', box: { ...one.box, h } } : one;
  };
  const p = shows[0] as (typeof shows)[number];
  const title = tallest((q) => textPart(q.name, { size: 28, weight: 700, color: theme.ink, line: 36 }, colX, 0, colW));
  const price = {
    text: shared ? '' : money(p.price),
    look: { size: 24, weight: 700, color: theme.ink },
    box: { x: colX, y: title.box.h + 12, w: 200, h: 32 },
  };
  const blurb = tallest((q) =>
    textPart(q.blurb, { size: 16, weight: 400, color: MUTED, line: 24 }, colX, price.box.y + 48, colW),
  );
  return {
    ...base(block, ctx),
    box: span(width, 260),
    shared,
    picture: shared ? '' : productImage(ctx, p),
    image: { box: { x: 0, y: 0, w: 260, h: 260 }, alt: shared ? '' : p.name },
    title,
    price,
    blurb,
  };
}

export function cartLines(block: BlockOf<'cartLines'>, ctx: Ctx, width: number): LaidCartLines {
  const { theme } = ctx;
  const rowH = 72;
  return {
    ...base(block, ctx),
    box: span(width, 24),
    rowH,
    // One control id for every row's Remove: the site's script keeps which line each one removes.
    remove: { do: 'cart.remove', sku: '', control: ctx.ids.ref('control', 'cart-lines\u0000remove') },
    emptyText: 'Your cart is empty.',
    row: {
      name: { look: { size: 16, weight: 600, color: theme.ink }, box: { x: 0, y: 12, w: width - 280, h: 24 } },
      qty: { look: { size: 13, weight: 400, color: MUTED }, box: { x: 0, y: 40, w: 200, h: 20 } },
      price: {
        look: { size: 16, weight: 600, color: theme.ink, align: 'right' },
        box: { x: width - 260, y: 12, w: 120, h: 24 },
      },
      remove: {
        look: { size: 14, weight: 400, color: MUTED, bg: '#ffffff', align: 'center' },
        box: { x: width - 116, y: 10, w: 116, h: 36 },
      },
    },
  };
}

export function summary(block: BlockOf<'summary'>, ctx: Ctx, width: number): LaidSummary {
  const { theme } = ctx;
  const w = Math.min(width, 460);
  return {
    ...base(block, ctx),
    box: { x: 0, y: 0, w, h: 32 },
    stage: block.stage,
    rowH: 32,
    row: {
      label: { look: { size: 15, weight: 400, color: theme.ink }, box: { x: 0, y: 4, w: w - 150, h: 24 } },
      value: {
        look: { size: 15, weight: 400, color: theme.ink, align: 'right' },
        box: { x: w - 140, y: 4, w: 140, h: 24 },
      },
    },
  };
}
