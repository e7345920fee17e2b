/** Rows of links: a links block, and the footer the layout ends every page with. */
import type { PageSpec, SiteSpec } from '../../scenarios/model.ts';
import { FINE, MUTED, textPart, textWidth, type Box, type Look, type Part, type Theme } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';

export interface LaidLinks extends Laid<'links'> {
  links: (Part & { href: string })[];
}

export function links(block: BlockOf<'links'>, ctx: Ctx, width: number): LaidLinks {
  const links = block.links.map((l, i) => ({
    href: l.href,
    text: l.label,
    look: { size: 15, weight: 500, color: ctx.theme.accent, underline: true },
    box: { x: 0, y: i * 30, w: textWidth(l.label, 15, 500) + 6, h: 24 },
  }));
  return { ...base(block, ctx), box: span(width, block.links.length * 30 - 6), links };
}

/** A page's trail back to the home page: the home link, then the page's own title. */
export interface LaidCrumbs extends Laid<'crumbs'> {
  home: Part & { href: string };
  sep: Part;
  here: Part;
}

export function layCrumbs(site: SiteSpec, page: PageSpec, width: number, gap: number): LaidCrumbs | null {
  if (!site.frame || page.route === '/') return null;
  const look: Look = { size: 13, weight: 400, color: MUTED, line: 20 };
  const home = 'Home';
  const homeW = textWidth(home, 13) + 6;
  const x = homeW + 24;
  return {
    id: 'crumbs',
    kind: 'crumbs',
    gap,
    box: { x: 0, y: 0, w: width, h: 20 },
    home: { href: '/', text: home, look: { ...look, underline: true }, box: { x: 0, y: 0, w: homeW, h: 20 } },
    sep: { text: '›', look, box: { x: homeW + 6, y: 0, w: 12, h: 20 } },
    here: { text: page.title, look, box: { x, y: 0, w: Math.max(40, width - x), h: 20 } },
  };
}

type LinkBox = { href: string; text: string; box: Box };

/** The site's own items above the footer, in two columns of links. */
export interface LaidPicks extends Laid<'picks'> {
  heading: Part;
  links: (Part & { href: string })[];
}

export function layPicks(site: SiteSpec, width: number, gap: number, theme: Theme): LaidPicks | null {
  const picks = site.frame?.picks;
  if (!picks?.links.length) return null;
  const colW = Math.floor((width - 24) / 2);
  const look: Look = { size: 15, weight: 500, color: theme.accent, line: 22 };
  const links = picks.links.slice(0, 8).map((l, i) => ({
    href: l.href,
    text: l.label,
    look,
    box: {
      x: (i % 2) * (colW + 24),
      y: 36 + Math.floor(i / 2) * 32,
      w: Math.min(colW, textWidth(l.label, 15, 500) + 6),
      h: 22,
    },
  }));
  const rows = Math.ceil(links.length / 2);
  return {
    id: 'picks',
    kind: 'picks',
    gap,
    box: { x: 0, y: 0, w: width, h: 36 + rows * 32 - 10 },
    heading: {
      text: picks.heading,
      look: { size: 18, weight: 700, color: theme.ink, line: 24 },
      box: { x: 0, y: 0, w: width, h: 24 },
    },
    links,
  };
}

/** The site's footer: what a real one holds, in the site's design; its links take the footer's own look. */
export interface LaidFooter extends Laid<'footer'> {
  look: Look;
  /** Headings and other text of the footer, each with its own look. */
  texts: Part[];
  links: LinkBox[];
  legal: Part;
}

/** Links wrapped into rows from (x, y) within `width`; returns them and the bottom of the last row. */
function wrapped(
  links: readonly { label: string; href: string }[],
  x0: number,
  y: number,
  width: number,
  size: number,
): { out: LinkBox[]; bottom: number } {
  let x = x0;
  const out = links.map((l) => {
    const w = textWidth(l.label, size) + 6;
    if (x > x0 && x + w > x0 + width) {
      x = x0;
      y += 26;
    }
    const part = { href: l.href, text: l.label, box: { x, y, w, h: 20 } };
    x += w + 20;
    return part;
  });
  return { out, bottom: y + 20 };
}

/**
 * The site's footer: popular searches, columns of links, the site's promises, a paragraph
 * about it, social and legal links and the small print. One for the whole site, so a page
 * carries it once: the runtime keeps it a gap under whichever page shows (generator/runtime/reflow.ts).
 */
export function layFooter(site: SiteSpec, width: number, gap: number, theme: Theme): LaidFooter | null {
  if (!site.footer) return null;
  const frame = site.frame;
  const dark = frame?.design.footer === 'dark';
  const ink = dark ? '#f9fafb' : theme.ink;
  const look: Look = {
    size: 14,
    weight: 400,
    color: dark ? '#d1d5db' : MUTED,
    line: 20,
    ...(dark ? { bg: '#111827' } : {}),
  };
  const pad = 24;
  const inner = width - 2 * pad;
  const texts: Part[] = [];
  const links: LinkBox[] = [];
  // A heading wraps in a narrow column (textPart): text taller than its box is hit in Chromium below it.
  const headLook: Look = { size: 14, weight: 700, color: ink, line: 20 };
  const head = (text: string, x: number, y: number, w: number) =>
    texts.push({ text, look: headLook, box: { x, y, w, h: 20 } });
  let y = pad;
  if (frame) {
    head(frame.trending.heading, pad, y, inner);
    const row = wrapped(frame.trending.links, pad, y + 28, inner, 14);
    links.push(...row.out);
    y = row.bottom + 32;
  }
  const columns = site.footer.columns;
  const perRow = Math.min(columns.length, Math.max(1, Math.floor((inner + 24) / 200)));
  const colW = Math.floor((inner - 24 * (perRow - 1)) / perRow);
  for (let i = 0; i < columns.length; i += perRow) {
    let bottom = y;
    columns.slice(i, i + perRow).forEach((c, j) => {
      const x = pad + j * (colW + 24);
      const title = textPart(c.heading, headLook, x, y, colW);
      texts.push(title);
      const top = title.box.y + title.box.h + 10;
      c.links.forEach((l, k) => {
        links.push({
          href: l.href,
          text: l.label,
          box: { x, y: top + k * 26, w: Math.min(colW, textWidth(l.label, 14) + 6), h: 20 },
        });
      });
      bottom = Math.max(bottom, top + c.links.length * 26);
    });
    y = bottom + 20;
  }
  if (frame) {
    const n = frame.promises.length;
    const w = Math.floor((inner - 24 * (n - 1)) / n);
    let bottom = y;
    frame.promises.forEach((p, i) => {
      const x = pad + i * (w + 24);
      const title = textPart(p.title, headLook, x, y, w);
      const t = textPart(
        p.text,
        { size: 13, weight: 400, color: look.color, line: 18 },
        x,
        title.box.y + title.box.h + 6,
        w,
      );
      texts.push(title, t);
      bottom = Math.max(bottom, t.box.y + t.box.h);
    });
    y = bottom + 24;
    const help = textPart(frame.help, { size: 14, weight: 600, color: ink, line: 21 }, pad, y, inner);
    texts.push(help);
    y = help.box.y + help.box.h + 16;
    const about = textPart(frame.about, { size: 14, weight: 400, color: look.color, line: 21 }, pad, y, inner);
    texts.push(about);
    y = about.box.y + about.box.h + 20;
    const regionW = textWidth(frame.regions.heading, 14, 700) + 12;
    head(frame.regions.heading, pad, y, regionW);
    const regions = wrapped(frame.regions.links, pad + regionW + 12, y, inner - regionW - 12, 14);
    links.push(...regions.out);
    const social = wrapped(frame.social, pad, regions.bottom + 16, inner, 14);
    links.push(...social.out);
    const legal = wrapped(frame.legal, pad, social.bottom + 10, inner, 14);
    links.push(...legal.out);
    y = legal.bottom - 20;
  } else y -= 20;
  const legal: Part = {
    text: site.footer.legal,
    look: { size: 12, weight: 400, color: dark ? '#9ca3af' : FINE, line: 18 },
    box: { x: pad, y: y + 34, w: inner, h: 18 },
  };
  return {
    id: 'footer',
    kind: 'footer',
    gap,
    box: { x: 0, y: 0, w: width, h: legal.box.y + legal.box.h + pad },
    look,
    texts,
    links,
    legal,
  };
}
