/**
 * Authored geometry. Every element an agent can click or a dataset annotates gets an
 * explicit px box relative to its positioned parent, so boxes are known without a layout
 * engine and a real browser draws them exactly there. The page's frame is laid here (header,
 * pages, overlays); its blocks in blocks/.
 */
import type { Block, ControlRef, OverlaySpec, PageSpec, SiteAction, SiteSpec } from '../scenarios/model.ts';
import type { Rng } from '../scenarios/rng.ts';
import { stack, VIEWPORT } from '../scenarios/contract.ts';
import type { Ids } from './ids.ts';
import { pictureFiles, pictureRules, type Picture } from './images.ts';
import type { PaintJob } from './paint.ts';
import { MUTED, textWidth, type Box, type Look, type Part, type Theme } from './parts.ts';
import type { Ctx } from './blocks/base.ts';
import { flow, type LaidBlock } from './blocks/lay.ts';
import { layFooter } from './blocks/links.ts';

export const HEADER_HEIGHT = 64;

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
  header: {
    box: Box;
    brand: Part & { href: string };
    nav: (Part & { href: string })[];
    subnav: (Part & { href: string })[];
  };
  pages: LaidPage[];
  overlays: LaidOverlay[];
  /** The stylesheet rules that paint the site's pictures. */
  pictures: string;
  /** The picture files those rules name, by path in the site, and how each is painted. */
  images: Record<string, PaintJob>;
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
    out.push({
      href: l.href,
      text: l.label,
      look: { size: 14, weight: 500, color: MUTED },
      box: { x, y: 22, w, h: 20 },
    });
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
  if (!action || found.length > 1)
    throw new Error(`${found.length ? 'several buttons' : 'no button'} '${ref.button}' on ${ref.route} to take`);
  return action.do === 'nav' ? `nav ${action.href}` : action.do;
}

export function layout(site: SiteSpec, rng: Rng, ids: Ids): LaidSite {
  const left = rng.pick([120, 140, 160, 200]);
  const width = VIEWPORT.width - 2 * left;
  const gap = rng.pick([18, 22, 26]);
  const theme: Theme = site.theme;
  const ctx = { site, theme, width, gap, ids, pictures: [] as Picture[] };
  const brandLook: Look = { size: 22, weight: 700, color: theme.ink };
  const brand = {
    href: '/',
    text: site.brand.name,
    look: brandLook,
    box: { x: left, y: 18, w: textWidth(site.brand.name, 22, 700) + 8, h: 28 },
  };
  let x = VIEWPORT.width - left;
  const nav = [...site.nav]
    .reverse()
    .map((n) => {
      const w = textWidth(n.label, 15, 500) + 8;
      x -= w;
      const part = {
        href: n.href,
        text: n.label,
        look: { size: 15, weight: 500, color: theme.ink },
        box: { x, y: 21, w, h: 22 },
      };
      x -= 24;
      return part;
    })
    .reverse();
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
    if (!o.routes?.includes(o.takes.route))
      throw new Error(`overlay ${o.id} takes a press on ${o.takes.route}, which is not one of its routes`);
    (overlays[i] as LaidOverlay).takes = pressKind(site, o.takes);
  });
  return {
    viewport: { ...VIEWPORT },
    theme,
    header: {
      box: { x: 0, y: 0, w: VIEWPORT.width, h: HEADER_HEIGHT },
      brand,
      nav,
      subnav: laySubnav(site, brand.box.x + brand.box.w + 36, (nav[0]?.box.x ?? VIEWPORT.width - left) - 40),
    },
    pages,
    overlays,
    pictures: pictureRules(ctx.pictures),
    images: pictureFiles(ctx.pictures),
  };
}
