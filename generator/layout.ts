/**
 * Authored geometry. Every element an agent can click or a dataset annotates gets an
 * explicit px box relative to its positioned parent, so boxes are known without a layout
 * engine and a real browser draws them exactly there. The page's frame is laid here (header,
 * pages, overlays); its blocks in blocks/.
 */
import {
  pressKind,
  type Block,
  type ControlRef,
  type OverlaySpec,
  type PageSpec,
  type SiteAction,
  type SiteSpec,
} from '../scenarios/model.ts';
import type { Rng } from '../scenarios/rng.ts';
import { stack, VIEWPORT } from '../scenarios/contract.ts';
import type { Ids } from './ids.ts';
import { pictureFiles, pictureRules, type Picture } from './images.ts';
import type { PaintJob } from './paint.ts';
import { MUTED, textWidth, type Box, type Look, type Part, type Theme } from './parts.ts';
import type { Ctx } from './blocks/base.ts';
import { flow, type LaidBlock } from './blocks/lay.ts';
import { layCrumbs, layFooter, layPicks, type LaidFooter } from './blocks/links.ts';
import { layHeader, type LaidHeader } from './header.ts';

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
  header: LaidHeader;
  /** Where every page's content starts, under the header. */
  pageTop: number;
  /** The site's one footer, placed under the home page; the runtime keeps it under whichever page shows. */
  footer: LaidFooter | null;
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
  const design = ctx.site.frame?.design;
  const outerW = o.placement === 'modal' ? (design?.dialog ?? 560) : o.placement === 'corner' ? 420 : vw;
  const innerX = bar ? Math.max(pad, Math.round((vw - 1040) / 2)) : pad;
  const inner = flow(o.blocks, { ...ctx, gap: 16 }, outerW - 2 * innerX, pad);
  for (const b of inner.blocks) b.box.x = innerX;
  const h = inner.height + 2 * pad;
  const box =
    o.placement === 'modal'
      ? { x: Math.round((vw - outerW) / 2), y: Math.max(40, Math.round((vh - h) / 2)), w: outerW, h }
      : o.placement === 'corner'
        ? { x: design?.corner === 'left' ? 24 : vw - outerW - 24, y: vh - h - 24, w: outerW, h }
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

function layPage(p: PageSpec, index: number, ctx: Omit<Ctx, 'place'>, left: number, top: number): LaidPage {
  const crumbs = layCrumbs(ctx.site, p, ctx.width, ctx.gap);
  const inner = flow(p.blocks, { ...ctx, place: [p.route] }, ctx.width, 0);
  if (crumbs) inner.blocks.unshift(crumbs);
  for (const b of inner.blocks) b.box.x = 0;
  const picks = layPicks(ctx.site, ctx.width, ctx.gap, ctx.theme);
  const blocks = [...inner.blocks, ...(picks ? [picks] : [])];
  const { tops, bottom } = stack(blocks.map((l) => ({ height: l.box.h, gap: l.gap })));
  blocks.forEach((b, i) => {
    b.box.y = tops[i] as number;
  });
  return { route: p.route, title: p.title, index, left, top, height: bottom, blocks };
}

/**
 * What a hook takes, as served: the hooked control's served action, and its route for a link.
 * Every control of that kind on that route is taken alike, so nothing served points at this one.
 */
function takenPress(site: SiteSpec, ref: ControlRef): string {
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
  return pressKind(action);
}

export function layout(site: SiteSpec, rng: Rng, ids: Ids): LaidSite {
  const left = rng.pick([120, 140, 160, 200]);
  const width = VIEWPORT.width - 2 * left;
  const gap = rng.pick([18, 22, 26]);
  const theme: Theme = site.theme;
  const ctx = { site, theme, width, gap, ids, pictures: [] as Picture[] };
  const header = layHeader(site, theme, ids);
  const pageTop = header.box.h + 32;
  const pages = site.pages.map((p, i) => layPage(p, i, ctx, left, pageTop));
  const footer = layFooter(site, width, gap, theme);
  if (footer) {
    const home = pages.find((p) => p.route === '/') ?? pages[0];
    footer.box.x = left;
    footer.box.y = pageTop + (home?.height ?? 0) + gap;
  }
  const overlays = site.overlays.map((o) => layOverlay(o, { ...ctx, place: [`overlay ${o.id}`] }));
  site.pages.forEach((p, i) => {
    if (!p.takes) return;
    const page = pages[i] as LaidPage;
    page.takes = takenPress(site, p.takes);
    page.routes = [p.takes.route];
  });
  site.overlays.forEach((o, i) => {
    if (!o.takes) return;
    if (!o.routes?.includes(o.takes.route))
      throw new Error(`overlay ${o.id} takes a press on ${o.takes.route}, which is not one of its routes`);
    (overlays[i] as LaidOverlay).takes = takenPress(site, o.takes);
  });
  return {
    viewport: { ...VIEWPORT },
    theme,
    header,
    pageTop,
    footer,
    pages,
    overlays,
    pictures: pictureRules(ctx.pictures),
    images: pictureFiles(ctx.pictures),
  };
}
