/** Rows of links: a links block, and the footer the layout ends every page with. */
import type { SiteSpec } from '../../scenarios/model.ts';
import { FINE, MUTED, textWidth, type Box, type Look, type Part } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';

export interface LaidLinks extends Laid<'links'> {
  links: (Part & { href: string })[];
}

/** The footer's links take their look from the footer's own (the template's style, inherited). */
export interface LaidFooter extends Laid<'footer'> {
  look: Look;
  links: { href: string; text: string; box: Box }[];
  legal: Part;
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

/**
 * The site's footer: one row of links and the small print, as a small shop has it (columns of
 * links cost an observation more than they add). The last block of every page, placed by the
 * stack rule like the rest, so the runtime keeps it under the content when a block opens above it.
 */
export function layFooter(site: SiteSpec, width: number, gap: number): LaidFooter | null {
  if (!site.footer) return null;
  const pad = 24;
  let x = 0;
  let y = pad;
  const links = site.footer.columns
    .flatMap((c) => c.links)
    .map((l) => {
      const w = textWidth(l.label, 14) + 6;
      if (x > 0 && x + w > width) {
        x = 0;
        y += 28;
      }
      const part = { href: l.href, text: l.label, box: { x, y, w, h: 20 } };
      x += w + 24;
      return part;
    });
  const legal: Part = {
    text: site.footer.legal,
    look: { size: 12, weight: 400, color: FINE },
    box: { x: 0, y: y + 34, w: width, h: 18 },
  };
  const look: Look = { size: 14, weight: 400, color: MUTED, line: 20 };
  return {
    id: 'footer',
    kind: 'footer',
    gap,
    box: { x: 0, y: 0, w: width, h: legal.box.y + legal.box.h + pad },
    look,
    links,
    legal,
  };
}
