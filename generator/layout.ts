/**
 * Authored geometry. Every element an agent can click or a dataset annotates gets an
 * explicit px box relative to its positioned parent, so boxes are known without a
 * layout engine and a real browser draws them exactly there.
 */
import type { Block, ButtonSpec, ButtonStyle, ControlRef, OverlaySpec, PageSpec, SiteAction, SiteSpec, Tone } from '../scenarios/model.ts';
import type { Rng } from '../scenarios/rng.ts';
import { money } from '../scenarios/content/products.ts';
import { FORM_STATUS, stack, VIEWPORT } from '../scenarios/contract.ts';
import type { Ids } from './ids.ts';
import { pictureRules, productPicture, scenePicture, type Picture } from './images.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The style facts deception lives in; written inline so the simulator reads them cheaply. */
export interface Look {
  size: number;
  weight: number;
  color: string;
  bg?: string;
  line?: number;
  align?: 'left' | 'right' | 'center';
  underline?: boolean;
}

export interface Part {
  box: Box;
  look: Look;
  text: string;
}

export const HEADER_HEIGHT = 64;
const MUTED = '#6b7280';
const FINE = '#9ca3af';
const ALERT = '#b42318';

/** Average advance of DejaVu/Liberation sans glyphs, in em; generous so text fits its box. */
export function textWidth(text: string, size: number, weight = 400): number {
  return Math.ceil(text.length * size * (weight >= 600 ? 0.68 : 0.62));
}

function lines(text: string, size: number, width: number, weight = 400): number {
  return Math.max(1, Math.ceil(textWidth(text, size, weight) / Math.max(1, width)));
}

export interface Theme {
  accent: string;
  accentText: string;
  ink: string;
  surface: string;
}

interface Ctx {
  site: SiteSpec;
  theme: Theme;
  width: number;
  gap: number;
  ids: Ids;
  /** Where a block sits: its page's route (or its overlay) and the ids of the blocks around it. */
  place: string[];
  /** Every picture the site shows, gathered for the stylesheet. */
  pictures: Picture[];
}

/** The class of a product's picture, noted for the stylesheet. */
function productImage(ctx: Ctx, p: { name: string; hue: number }): string {
  const pic = productPicture(p.name, p.hue);
  ctx.pictures.push(pic);
  return pic.cls;
}

const toneLook = (tone: Tone | undefined, ink: string): Look => {
  switch (tone) {
    case 'muted':
      return { size: 14, weight: 400, color: MUTED, line: 20 };
    case 'fine':
      return { size: 11, weight: 400, color: FINE, line: 15 };
    case 'alert':
      return { size: 14, weight: 600, color: ALERT, line: 20 };
    default:
      return { size: 16, weight: 400, color: ink, line: 24 };
  }
};

function textPart(text: string, look: Look, x: number, y: number, width: number): Part {
  const line = look.line ?? Math.round(look.size * 1.5);
  return { text, look: { ...look, line }, box: { x, y, w: width, h: lines(text, look.size, width, look.weight) * line } };
}

export interface LaidButton extends Part {
  id: string;
  /** The element's id on the page: opaque, like every id (generator/ids.ts). */
  domId: string;
  action: ButtonSpec['action'];
  style: ButtonStyle;
  render: NonNullable<ButtonSpec['render']>;
  ariaLabel?: string;
  /** For render 'image': the alt text and an SVG data URI drawing the label. */
  alt?: string;
  face?: string;
}

/** An image of a button label: what the 'image' render shows instead of text. */
function labelImage(text: string, look: Look, w: number, h: number): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" rx="8" fill="${look.bg ?? 'none'}"/><text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${look.size}" font-weight="${look.weight}" fill="${look.color}"${look.underline ? ' text-decoration="underline"' : ''}>${esc}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function buttonLook(style: ButtonStyle, theme: Theme, scale: number): Look {
  const size = Math.round((style === 'link' ? 13 : 15) * scale);
  switch (style) {
    case 'primary':
      return { size, weight: 600, color: theme.accentText, bg: theme.accent, align: 'center' };
    case 'secondary':
      return { size, weight: 500, color: theme.ink, bg: '#ffffff', align: 'center' };
    case 'ghost':
      return { size, weight: 400, color: MUTED, bg: '#ffffff', align: 'center' };
    case 'link':
      return { size, weight: 400, color: MUTED, align: 'center', underline: true };
  }
}

function button(b: ButtonSpec & { domId: string }, look: Look, box: Box): LaidButton {
  const render = b.render ?? 'button';
  const part: LaidButton = { id: b.id, domId: b.domId, action: b.action, style: b.style, render, text: b.label, look: { ...look, line: box.h }, box };
  if (b.ariaLabel) part.ariaLabel = b.ariaLabel;
  if (render === 'image' || render === 'plain-image') {
    part.alt = b.alt ?? b.label;
    part.face = labelImage(b.label, look, box.w, box.h);
  }
  return part;
}

/** An action as the page writes it: what it refers to by name (an overlay, a section) by its opaque id (forms have theirs from generator/neutral.ts). */
function refer(action: ButtonSpec['action'], ids: Ids): ButtonSpec['action'] {
  switch (action.do) {
    case 'overlay.open':
      return { ...action, id: ids.ref('overlay', action.id) };
    case 'overlay.close':
      return action.id === undefined ? action : { ...action, id: ids.ref('overlay', action.id) };
    case 'section.toggle':
      return { ...action, id: ids.ref('section', action.id) };
    default:
      return action;
  }
}

function layButtons(buttons: ButtonSpec[], align: 'left' | 'right' | 'split', width: number, theme: Theme, ids: Ids, place: readonly string[]): { parts: LaidButton[]; h: number } {
  const sized = buttons.map((b) => {
    const scale = b.scale ?? 1;
    const look = buttonLook(b.style, theme, scale);
    const h = Math.round((b.style === 'link' ? 32 : 44) * scale);
    const w = Math.max(b.style === 'link' ? 60 : 110, textWidth(b.label, look.size, look.weight) + Math.round(36 * scale));
    return { b: { ...b, action: refer(b.action, ids), domId: ids.element(...place, b.id) }, look, w, h };
  });
  const total = sized.reduce((s, b) => s + b.w, 0) + 12 * (sized.length - 1);
  if (total > width) {
    // Too wide for one row: one button per row, each within the width.
    let y = 0;
    const parts = sized.map((s) => {
      const w = Math.min(s.w, width);
      const part = button(s.b, s.look, { x: 0, y, w, h: s.h });
      y += s.h + 10;
      return part;
    });
    return { parts, h: y - 10 };
  }
  const h = Math.max(...sized.map((s) => s.h));
  let x = align === 'right' ? width - total : 0;
  const parts = sized.map((s, i) => {
    if (align === 'split' && i === 1) x = width - (total - x);
    const part = button(s.b, s.look, { x, y: Math.round((h - s.h) / 2), w: s.w, h: s.h });
    x += s.w + 12;
    return part;
  });
  return { parts, h };
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

function addons(site: SiteSpec): string[] {
  const out: string[] = [];
  const walk = (blocks: readonly Block[]): void => {
    for (const b of blocks) {
      if (b.kind === 'option' && b.addon !== undefined) out.push(b.addon);
      if (b.kind === 'group' || b.kind === 'form') walk(b.blocks);
    }
  };
  for (const p of site.pages) walk(p.blocks);
  for (const o of site.overlays) walk(o.blocks);
  return out;
}

function carried(site: SiteSpec, sku: string): { name: string; price: number } {
  const p = site.products.find((q) => q.sku === sku);
  if (!p) throw new Error(`unknown product ${sku}`);
  return { name: p.name, price: p.price };
}

/** A block as laid out: one of the site spec's, or the footer the layout ends every page with. */
export type LaidBlock = { id: string; kind: Block['kind'] | 'footer'; box: Box; gap: number } & Record<string, unknown>;

function layBlock(block: Block, ctx: Ctx, width: number): LaidBlock {
  const { theme, site } = ctx;
  const base = { id: block.id, kind: block.kind, gap: ctx.gap };
  const at = (h: number) => ({ x: 0, y: 0, w: width, h });
  switch (block.kind) {
    case 'heading': {
      const size = block.level === 1 ? 30 : block.level === 2 ? 22 : 18;
      const part = textPart(block.text, { size, weight: 700, color: theme.ink, line: Math.round(size * 1.3) }, 0, 0, width);
      return { ...base, box: at(part.box.h), level: block.level, part };
    }
    case 'text': {
      const part = textPart(block.text, toneLook(block.tone, theme.ink), 0, 0, width);
      return { ...base, box: at(part.box.h), part };
    }
    case 'productGrid': {
      const cols = width >= 900 ? 3 : 2;
      const cardW = Math.floor((width - 24 * (cols - 1)) / cols);
      const cardH = 330;
      const listed = [...(block.promoted ?? []), ...block.skus.map((sku) => ({ sku, label: undefined }))];
      const cards = listed.map(({ sku, label }, i) => {
        const p = site.products.find((q) => q.sku === sku);
        if (!p) throw new Error(`unknown product ${sku}`);
        const labelW = label ? textWidth(label, 12) + 8 : 0;
        return {
          href: `/product/${p.sku}`,
          // After the image in document order, so it reads as part of the card's text.
          label: label ? { text: label, look: { size: 12, weight: 400, color: MUTED }, box: { x: cardW - 16 - labelW, y: 230, w: labelW, h: 20 } } : null,
          picture: productImage(ctx, p),
          box: { x: (i % cols) * (cardW + 24), y: Math.floor(i / cols) * (cardH + 24), w: cardW, h: cardH },
          image: { box: { x: 16, y: 16, w: cardW - 32, h: 170 }, alt: p.name },
          name: { text: p.name, look: { size: 17, weight: 600, color: theme.ink }, box: { x: 16, y: 198, w: cardW - 32, h: 24 } },
          price: { text: money(p.price), look: { size: 16, weight: 700, color: theme.ink }, box: { x: 16, y: 228, w: 140, h: 24 } },
          blurb: textPart(p.blurb, { size: 13, weight: 400, color: MUTED, line: 19 }, 16, 258, cardW - 32),
        };
      });
      const rows = Math.ceil(cards.length / cols);
      return { ...base, box: at(rows * cardH + (rows - 1) * 24), cards };
    }
    case 'productDetail': {
      const p = site.products.find((q) => q.sku === block.sku);
      if (!p) throw new Error(`unknown product ${block.sku}`);
      const colX = 290;
      const colW = width - colX;
      const title = textPart(p.name, { size: 28, weight: 700, color: theme.ink, line: 36 }, colX, 0, colW);
      const price = { text: money(p.price), look: { size: 24, weight: 700, color: theme.ink }, box: { x: colX, y: title.box.h + 12, w: 200, h: 32 } };
      const blurb = textPart(p.blurb, { size: 16, weight: 400, color: MUTED, line: 24 }, colX, price.box.y + 48, colW);
      return { ...base, box: at(260), picture: productImage(ctx, p), image: { box: { x: 0, y: 0, w: 260, h: 260 }, alt: p.name }, title, price, blurb };
    }
    case 'option': {
      const look = toneLook(block.tone, theme.ink);
      const isSwitch = block.control === 'switch';
      const control = isSwitch ? { x: 0, y: 0, w: 40, h: 22 } : { x: 0, y: 0, w: 18, h: 18 };
      const labelX = control.w + 12;
      const label = textPart(block.label, look, labelX, 0, Math.min(width - labelX, textWidth(block.label, look.size) + 8));
      const h = Math.max(control.h, label.box.h);
      control.y = Math.round((h - control.h) / 2);
      label.box.y = Math.round((h - label.box.h) / 2);
      return {
        ...base,
        box: at(h),
        inputId: ctx.ids.element(...ctx.place, block.id),
        control,
        isSwitch,
        checked: block.checked,
        disabled: block.disabled ?? false,
        addon: block.addon,
        item: block.addon === undefined ? undefined : JSON.stringify(carried(site, block.addon)),
        name: block.name,
        price: block.price,
        label,
      };
    }
    case 'field': {
      const w = Math.min(width, 480);
      return {
        ...base,
        box: at(68),
        inputId: ctx.ids.element(...ctx.place, block.id),
        name: block.name,
        type: block.type,
        value: block.value ?? '',
        required: !block.optional,
        label: { text: block.label, look: { size: 14, weight: 600, color: theme.ink }, box: { x: 0, y: 0, w, h: 20 } },
        input: { look: { size: 16, weight: 400, color: theme.ink, bg: '#ffffff' }, box: { x: 0, y: 26, w, h: 42 } },
      };
    }
    case 'actions': {
      const { parts, h } = layButtons(block.buttons, block.align, width, theme, ctx.ids, [...ctx.place, block.id]);
      return { ...base, box: at(h), buttons: parts };
    }
    case 'links': {
      const links = block.links.map((l, i) => ({
        href: l.href,
        text: l.label,
        look: { size: 15, weight: 500, color: theme.accent, underline: true },
        box: { x: 0, y: i * 30, w: textWidth(l.label, 15, 500) + 6, h: 24 },
      }));
      return { ...base, box: at(block.links.length * 30 - 6), links };
    }
    case 'cartLines': {
      const rowH = 72;
      return {
        ...base,
        box: at(24),
        rowH,
        // One control id for every row's Remove: the row's sku says which line it removes.
        removeControl: ctx.ids.ref('control', 'cart-lines\u0000remove'),
        includes: JSON.stringify(site.cartExtras.map((sku) => ({ sku, ...carried(site, sku) }))),
        emptyText: 'Your cart is empty.',
        row: {
          name: { look: { size: 16, weight: 600, color: theme.ink }, box: { x: 0, y: 12, w: width - 280, h: 24 } },
          qty: { look: { size: 13, weight: 400, color: MUTED }, box: { x: 0, y: 40, w: 200, h: 20 } },
          price: { look: { size: 16, weight: 600, color: theme.ink, align: 'right' }, box: { x: width - 260, y: 12, w: 120, h: 24 } },
          remove: { look: { size: 14, weight: 400, color: MUTED, bg: '#ffffff', align: 'center' }, box: { x: width - 116, y: 10, w: 116, h: 36 } },
        },
      };
    }
    case 'summary': {
      const w = Math.min(width, 460);
      return {
        ...base,
        box: { x: 0, y: 0, w, h: 32 },
        stage: block.stage,
        charges: block.stage === 'checkout' ? {
          fees: JSON.stringify(site.pricing.checkoutFees),
          prices: JSON.stringify(Object.fromEntries(listed(site).map((p) => [p.sku, site.pricing.checkoutPrices[p.sku] ?? p.price]))),
        } : null,
        rowH: 32,
        row: {
          label: { look: { size: 15, weight: 400, color: theme.ink }, box: { x: 0, y: 4, w: w - 150, h: 24 } },
          value: { look: { size: 15, weight: 400, color: theme.ink, align: 'right' }, box: { x: w - 140, y: 4, w: 140, h: 24 } },
        },
      };
    }
    case 'articleList': {
      let y = 0;
      const items = block.slugs.map((slug) => {
        const a = site.articles.find((q) => q.slug === slug);
        if (!a) throw new Error(`unknown article ${slug}`);
        const extra = block.entries?.[slug];
        let kicker: Part | undefined;
        if (extra?.kicker) {
          const look = toneLook(extra.tone ?? 'muted', theme.ink);
          kicker = { text: extra.kicker, look, box: { x: 0, y, w: Math.min(width, textWidth(extra.kicker, look.size) + 8), h: look.line ?? 20 } };
          y += kicker.box.h + 4;
        }
        const item = {
          href: `/article/${a.slug}`,
          action: extra?.action && refer(extra.action, ctx.ids),
          kicker,
          title: { text: a.title, look: { size: 20, weight: 700, color: theme.ink }, box: { x: 0, y, w: Math.min(width, textWidth(a.title, 20, 700) + 8), h: 28 } },
          meta: { text: `${a.section} · ${a.date}`, look: { size: 13, weight: 400, color: MUTED }, box: { x: 0, y: y + 34, w: width, h: 20 } },
        };
        y += 84;
        return item;
      });
      return { ...base, box: at(y - 24), items };
    }
    case 'article': {
      const a = site.articles.find((q) => q.slug === block.slug);
      if (!a) throw new Error(`unknown article ${block.slug}`);
      const section = { text: a.section.toUpperCase(), look: { size: 13, weight: 700, color: theme.accent }, box: { x: 0, y: 0, w: width, h: 20 } };
      const title = textPart(a.title, { size: 32, weight: 700, color: theme.ink, line: 40 }, 0, 28, width);
      const byline = block.teaser ? undefined : { text: `By ${a.author} · ${a.date}`, look: { size: 14, weight: 400, color: MUTED }, box: { x: 0, y: title.box.y + title.box.h + 10, w: width, h: 20 } };
      let y = byline ? byline.box.y + 40 : title.box.y + title.box.h + 16;
      const body = a.body.slice(0, block.teaser ? 1 : a.body.length).map((t) => {
        const part = textPart(t, { size: 17, weight: 400, color: theme.ink, line: 28 }, 0, y, width);
        y += part.box.h + 16;
        return part;
      });
      return { ...base, box: at(y - 16), section, title, byline, body };
    }
    case 'radios': {
      const legend = { text: block.legend, look: { size: 14, weight: 600, color: theme.ink }, box: { x: 0, y: 0, w: width, h: 20 } };
      const options = block.options.map((o, i) => {
        const look = toneLook(o.tone, theme.ink);
        const y = 28 + i * 30;
        return {
          inputId: ctx.ids.element(...ctx.place, block.id, o.value),
          value: o.value,
          checked: o.checked ?? false,
          control: { x: 0, y: y + 3, w: 18, h: 18 },
          label: { text: o.label, look: { ...look, line: 24 }, box: { x: 28, y, w: Math.min(width - 28, textWidth(o.label, look.size) + 8), h: 24 } },
        };
      });
      return { ...base, box: at(28 + block.options.length * 30 - 6), name: block.name, legend, options };
    }
    case 'select': {
      const w = Math.min(width, 320);
      return {
        ...base,
        box: at(68),
        inputId: ctx.ids.element(...ctx.place, block.id),
        name: block.name,
        options: block.options.map((o) => ({ ...o, selected: o.value === (block.value ?? block.options[0]?.value) })),
        label: { text: block.label, look: { size: 14, weight: 600, color: theme.ink }, box: { x: 0, y: 0, w, h: 20 } },
        input: { look: { size: 16, weight: 400, color: theme.ink, bg: '#ffffff' }, box: { x: 0, y: 26, w, h: 42 } },
      };
    }
    case 'image': {
      const pic = scenePicture(block.hue);
      ctx.pictures.push(pic);
      return { ...base, box: at(block.height), alt: block.alt, picture: pic.cls };
    }
    case 'countdown': {
      const mm = String(Math.floor(block.seconds / 60)).padStart(2, '0');
      const ss = String(block.seconds % 60).padStart(2, '0');
      const part = textPart(block.text.replace('{time}', `${mm}:${ss}`), toneLook(block.tone ?? 'alert', theme.ink), 0, 0, width);
      return { ...base, box: at(part.box.h), part, template: block.text, seconds: block.seconds };
    }
    case 'group': {
      const pad = block.look === 'plain' ? 0 : 16;
      const inner = width - 2 * pad;
      const cols = Math.max(1, block.columns ?? 1);
      const colGap = 20;
      const colW = Math.floor((inner - colGap * (cols - 1)) / cols);
      const children: LaidBlock[] = [];
      let y = 0;
      for (let i = 0; i < block.blocks.length; i += cols) {
        const row = block.blocks.slice(i, i + cols).map((b, j) => {
          const laid = layBlock(b, { ...ctx, gap: 14, place: [...ctx.place, block.id] }, colW);
          laid.box.x = pad + j * (colW + colGap);
          return laid;
        });
        const rowH = Math.max(...row.map((r) => r.box.h));
        // Side by side, children share a baseline: a button lines up with the input beside it.
        for (const laid of row) laid.box.y = y + (cols > 1 && block.look === 'plain' ? rowH - laid.box.h : 0);
        y += rowH + 14;
        children.push(...row);
      }
      const contentH = Math.max(0, y - 14);
      if (block.collapsed) {
        // Every control the runtime handles carries a control id, the toggle a site draws for its section too.
        const control = ctx.ids.ref('control', `${block.id}\u0000toggle`);
        const { parts, h } = layButtons([{ id: `${block.id}-toggle`, label: block.collapsed.toggle, action: { do: 'section.toggle', id: block.id, control }, style: 'link' }], 'left', inner, theme, ctx.ids, ctx.place);
        for (const p of parts) {
          p.box.x += pad;
          p.box.y += pad;
        }
        const top = pad + h + 12;
        return {
          ...base,
          box: at(pad + h + pad),
          look: block.look,
          label: block.label,
          toggle: parts,
          section: { id: ctx.ids.ref('section', block.id), box: { x: 0, y: top, w: width, h: contentH }, blocks: children },
          closedH: pad + h + pad,
          openH: top + contentH + pad,
        };
      }
      for (const c of children) c.box.y += pad;
      return { ...base, box: at(contentH + 2 * pad), look: block.look, label: block.label, blocks: children };
    }
    case 'form': {
      const w = Math.min(width, 520);
      const inner = flow(block.blocks, { ...ctx, gap: 18, place: [...ctx.place, block.id] }, w);
      return {
        ...base,
        box: { x: 0, y: 0, w, h: inner.height + FORM_STATUS.below },
        form: block.id,
        next: block.next,
        blocks: inner.blocks,
        error: { text: 'Please fill in all fields.', look: toneLook('alert', theme.ink), box: { x: 0, y: inner.height + FORM_STATUS.gap, w, h: 20 } },
        saved: { text: 'Your changes have been saved.', look: { ...toneLook('muted', theme.ink), color: '#0e7a5f' }, box: { x: 0, y: inner.height + FORM_STATUS.gap, w, h: 20 } },
      };
    }
  }
}

/** Blocks placed by the stack rule the runtime also applies when a block opens or closes. */
function flow(blocks: Block[], ctx: Ctx, width: number, top = 0): { blocks: LaidBlock[]; height: number } {
  const out = blocks.map((b) => layBlock(b, ctx, width));
  const { tops, bottom } = stack(out.map((l) => ({ height: l.box.h, gap: l.gap })));
  out.forEach((l, i) => {
    l.box.y = top + (tops[i] as number);
  });
  return { blocks: out, height: bottom };
}

export interface LaidPage {
  route: string;
  title: string;
  index: number;
  left: number;
  top: number;
  height: number;
  blocks: LaidBlock[];
  /** The kind of press this page takes (ATTR.takes), and the routes it takes it on. */
  takes?: string;
  routes?: string[];
}

export interface LaidOverlay {
  id: string;
  label: string;
  role: OverlaySpec['role'];
  placement: OverlaySpec['placement'];
  showAfterMs: number | null;
  routes: string[] | null;
  backdrop: Box | null;
  box: Box;
  pad: number;
  blocks: LaidBlock[];
  takes?: string;
}

export interface LaidSite {
  viewport: { width: number; height: number };
  theme: Theme;
  header: { box: Box; brand: Part & { href: string }; nav: (Part & { href: string })[]; subnav: (Part & { href: string })[] };
  pages: LaidPage[];
  overlays: LaidOverlay[];
  /** The stylesheet rules that paint the site's pictures. */
  pictures: string;
}

function layOverlay(o: OverlaySpec, ctx: Ctx): LaidOverlay {
  const { width: vw, height: vh } = VIEWPORT;
  const pad = o.placement === 'corner' ? 20 : 28;
  const bar = o.placement === 'bottom-bar' || o.placement === 'top-bar';
  const outerW = o.placement === 'modal' ? 560 : o.placement === 'corner' ? 420 : vw;
  const innerX = bar ? Math.max(pad, Math.round((vw - 1040) / 2)) : pad;
  const inner = flow(o.blocks, { ...ctx, gap: 16 }, outerW - 2 * innerX, pad);
  for (const b of inner.blocks) b.box.x = innerX;
  const h = inner.height + 2 * pad;
  const box =
    o.placement === 'modal'
      ? { x: Math.round((vw - outerW) / 2), y: Math.max(40, Math.round((vh - h) / 2)), w: outerW, h }
      : o.placement === 'corner'
        ? { x: vw - outerW - 24, y: vh - h - 24, w: outerW, h }
        : o.placement === 'top-bar'
          ? { x: 0, y: 0, w: vw, h }
          : { x: 0, y: vh - h, w: vw, h };
  return {
    id: ctx.ids.ref('overlay', o.id),
    label: o.label,
    role: o.role,
    placement: o.placement,
    showAfterMs: o.showAfterMs,
    routes: o.routes ?? null,
    backdrop: o.backdrop ? { x: 0, y: 0, w: vw, h: vh } : null,
    box,
    pad,
    blocks: inner.blocks,
  };
}

/**
 * The site's footer: one row of links and the small print, as a small shop has it (columns of
 * links cost an observation more than they add). The last block of every page, placed by the
 * stack rule like the rest, so the runtime keeps it under the content when a block opens above it.
 */
function layFooter(site: SiteSpec, width: number, gap: number): LaidBlock | null {
  if (!site.footer) return null;
  const pad = 24;
  let x = 0;
  let y = pad;
  const links = site.footer.columns.flatMap((c) => c.links).map((l) => {
    const w = textWidth(l.label, 14) + 6;
    if (x > 0 && x + w > width) {
      x = 0;
      y += 28;
    }
    const part = { href: l.href, text: l.label, box: { x, y, w, h: 20 } };
    x += w + 24;
    return part;
  });
  const legal: Part = { text: site.footer.legal, look: { size: 12, weight: 400, color: FINE }, box: { x: 0, y: y + 34, w: width, h: 18 } };
  const look: Look = { size: 14, weight: 400, color: MUTED, line: 20 };
  return { id: 'footer', kind: 'footer', gap, box: { x: 0, y: 0, w: width, h: legal.box.y + legal.box.h + pad }, look, links, legal };
}

function layPage(p: PageSpec, index: number, ctx: Omit<Ctx, 'place'>, left: number): LaidPage {
  const top = HEADER_HEIGHT + 40;
  const inner = flow(p.blocks, { ...ctx, place: [p.route] }, ctx.width, 0);
  for (const b of inner.blocks) b.box.x = 0;
  const footer = layFooter(ctx.site, ctx.width, ctx.gap);
  if (!footer) return { route: p.route, title: p.title, index, left, top, height: inner.height, blocks: inner.blocks };
  const blocks = [...inner.blocks, footer];
  const { tops, bottom } = stack(blocks.map((l) => ({ height: l.box.h, gap: l.gap })));
  footer.box.y = tops[tops.length - 1] as number;
  return { route: p.route, title: p.title, index, left, top, height: bottom, blocks };
}

/** Secondary links beside the brand, as many as fit before the main navigation. */
function laySubnav(site: SiteSpec, from: number, until: number): (Part & { href: string })[] {
  const out: (Part & { href: string })[] = [];
  let x = from;
  for (const l of site.subnav ?? []) {
    const w = textWidth(l.label, 14, 500) + 8;
    if (x + w > until) break;
    out.push({ href: l.href, text: l.label, look: { size: 14, weight: 500, color: MUTED }, box: { x, y: 22, w, h: 20 } });
    x += w + 20;
  }
  return out;
}

/**
 * What a hook takes, as served: the hooked control's served action, and its route for a link.
 * Every control of that kind on that route is taken alike, so nothing served points at this one.
 */
function pressKind(site: SiteSpec, ref: ControlRef): string {
  const found: SiteAction[] = [];
  const walk = (blocks: Block[]): void => {
    for (const b of blocks) {
      if (b.kind === 'actions') found.push(...b.buttons.filter((x) => x.id === ref.button).map((x) => x.action));
      else if (b.kind === 'group' || b.kind === 'form') walk(b.blocks);
    }
  };
  const page = site.pages.find((p) => p.route === ref.route);
  if (page) walk(page.blocks);
  const action = found[0];
  if (!action || found.length > 1) throw new Error(`${found.length ? 'several buttons' : 'no button'} '${ref.button}' on ${ref.route} to take`);
  return action.do === 'nav' ? `nav ${action.href}` : action.do;
}

export function layout(site: SiteSpec, rng: Rng, ids: Ids): LaidSite {
  const left = rng.pick([120, 140, 160, 200]);
  const width = VIEWPORT.width - 2 * left;
  const gap = rng.pick([18, 22, 26]);
  const theme: Theme = site.theme;
  const ctx = { site, theme, width, gap, ids, pictures: [] as Picture[] };
  const brandLook: Look = { size: 22, weight: 700, color: theme.ink };
  const brand = { href: '/', text: site.brand.name, look: brandLook, box: { x: left, y: 18, w: textWidth(site.brand.name, 22, 700) + 8, h: 28 } };
  let x = VIEWPORT.width - left;
  const nav = [...site.nav].reverse().map((n) => {
    const w = textWidth(n.label, 15, 500) + 8;
    x -= w;
    const part = { href: n.href, text: n.label, look: { size: 15, weight: 500, color: theme.ink }, box: { x, y: 21, w, h: 22 } };
    x -= 24;
    return part;
  }).reverse();
  const pages = site.pages.map((p, i) => layPage(p, i, ctx, left));
  const overlays = site.overlays.map((o) => layOverlay(o, { ...ctx, place: [`overlay ${o.id}`] }));
  site.pages.forEach((p, i) => {
    if (!p.takes) return;
    const page = pages[i] as LaidPage;
    page.takes = pressKind(site, p.takes);
    page.routes = [p.takes.route];
  });
  site.overlays.forEach((o, i) => {
    if (!o.takes) return;
    if (!o.routes?.includes(o.takes.route)) throw new Error(`overlay ${o.id} takes a press on ${o.takes.route}, which is not one of its routes`);
    (overlays[i] as LaidOverlay).takes = pressKind(site, o.takes);
  });
  return {
    viewport: { ...VIEWPORT },
    theme,
    header: { box: { x: 0, y: 0, w: VIEWPORT.width, h: HEADER_HEIGHT }, brand, nav, subnav: laySubnav(site, brand.box.x + brand.box.w + 36, (nav[0]?.box.x ?? VIEWPORT.width - left) - 40) },
    pages,
    overlays,
    pictures: pictureRules(ctx.pictures),
  };
}
