/**
 * The header every page shares, in the site's design: an optional strip (a line and the
 * account links), the main row (brand, search box, navigation) and a bar of sections and
 * categories. Everything is laid at an authored box across the whole viewport; links that do
 * not fit their row are left out, as a real header drops them into a menu.
 */
import type { SiteSpec } from '../scenarios/model.ts';
import { VIEWPORT } from '../scenarios/contract.ts';
import { SEARCH_ROUTE } from '../scenarios/content/frame.ts';
import type { Ids } from './ids.ts';
import { MUTED, textWidth, type Box, type Look, type Part, type Styled, type Theme } from './parts.ts';
import { layButtons, type LaidButton } from './blocks/buttons.ts';

type LinkPart = Part & { href: string };

export interface LaidHeader {
  box: Box;
  look: Look;
  brand: LinkPart;
  nav: LinkPart[];
  subnav: LinkPart[];
  strip: { box: Box; look: Look; text: Part; links: LinkPart[] } | null;
  search: { input: Styled & { id: string; label: string }; button: LaidButton } | null;
  bar: { box: Box; look: Look; line: boolean; links: LinkPart[] } | null;
}

const EDGE = 32;
const STRIP_H = 32;
const MAIN_H = 72;
const BAR_H = 44;

/** The colours of a scheme: background, ink, and a quieter ink. */
function scheme(kind: 'light' | 'dark' | 'accent' | 'line', theme: Theme): { bg: string; ink: string; quiet: string } {
  switch (kind) {
    case 'dark':
      return { bg: '#111827', ink: '#f9fafb', quiet: '#d1d5db' };
    case 'accent':
      return { bg: theme.accent, ink: theme.accentText, quiet: theme.accentText };
    case 'light':
      return { bg: '#f3f4f6', ink: theme.ink, quiet: MUTED };
    default:
      return { bg: '#ffffff', ink: theme.ink, quiet: MUTED };
  }
}

/** Links in a row from `x`, each `gap` apart, as many as fit before `until`. */
function row(
  links: readonly { label: string; href: string }[],
  x: number,
  until: number,
  y: number,
  look: Look,
  gap: number,
): LinkPart[] {
  const out: LinkPart[] = [];
  for (const l of links) {
    const w = textWidth(l.label, look.size, look.weight) + 8;
    if (x + w > until) break;
    out.push({ href: l.href, text: l.label, look, box: { x, y, w, h: look.size + 8 } });
    x += w + gap;
  }
  return out;
}

/** The same row, ending at `end`: as many of the last links as fit after `from`. */
function rowRight(
  links: readonly { label: string; href: string }[],
  from: number,
  end: number,
  y: number,
  look: Look,
  gap: number,
): LinkPart[] {
  const widths = links.map((l) => textWidth(l.label, look.size, look.weight) + 8);
  let x = end;
  let first = links.length;
  while (first > 0 && x - (widths[first - 1] as number) >= from) {
    x -= (widths[first - 1] as number) + gap;
    first--;
  }
  return row(links.slice(first), x + gap, end + 1, y, look, gap);
}

export function layHeader(site: SiteSpec, theme: Theme, ids: Ids): LaidHeader {
  const vw = VIEWPORT.width;
  const frame = site.frame;
  const design = frame?.design;
  const top = design?.strip ? STRIP_H : 0;
  const main = scheme(design?.header === 'dark' ? 'dark' : design?.header === 'accent' ? 'accent' : 'line', theme);
  const brandLook: Look = { size: 22, weight: 700, color: main.ink };
  const brand: LinkPart = {
    href: '/',
    text: site.brand.name,
    look: brandLook,
    box: { x: EDGE, y: top + 22, w: textWidth(site.brand.name, 22, 700) + 8, h: 28 },
  };
  const navLook: Look = { size: 15, weight: 500, color: main.ink };
  const nav = rowRight(site.nav, 0, vw - EDGE, top + 25, navLook, 24);
  const navStart = nav[0]?.box.x ?? vw - EDGE;
  const afterBrand = brand.box.x + brand.box.w + 36;
  let search: LaidHeader['search'] = null;
  let searchEnd = afterBrand;
  if (frame) {
    const { parts } = layButtons(
      [
        {
          id: 'search',
          label: frame.search.button,
          action: { do: 'nav', href: SEARCH_ROUTE, control: ids.ref('control', '\u0000search') },
          // On a header of the accent's colour, a button of that colour would not show.
          style: design?.header === 'accent' ? 'secondary' : 'primary',
        },
      ],
      'left',
      vw,
      theme,
      ids,
      ['header'],
    );
    const button = parts[0] as LaidButton;
    const room = navStart - 32 - afterBrand - button.box.w - 8;
    const w = Math.min(420, room);
    if (w >= 160) {
      const x =
        design?.search === 'center'
          ? Math.max(afterBrand, Math.min(Math.round((vw - w) / 2), navStart - 32 - w - 8 - button.box.w))
          : afterBrand;
      const y = top + Math.round((MAIN_H - button.box.h) / 2);
      button.box = { ...button.box, x: x + w + 8, y };
      search = {
        input: {
          id: ids.element('header', 'search-box'),
          label: frame.search.label,
          look: { size: 15, weight: 400, color: theme.ink, bg: '#ffffff' },
          box: { x, y, w, h: button.box.h },
        },
        button,
      };
      searchEnd = button.box.x + button.box.w + 32;
    }
  }
  let strip: LaidHeader['strip'] = null;
  const accountLook = (color: string): Look => ({ size: 13, weight: 500, color });
  if (frame && design?.strip) {
    const s = scheme(design.header === 'dark' ? 'dark' : 'light', theme);
    const look: Look = { size: 13, weight: 400, color: s.quiet };
    const links = rowRight(frame.account, vw / 2, vw - EDGE, 6, accountLook(s.ink), 20);
    strip = {
      box: { x: 0, y: 0, w: vw, h: STRIP_H },
      look: { size: 13, weight: 400, color: s.ink, bg: s.bg },
      text: {
        text: frame.strip,
        look,
        box: { x: EDGE, y: 7, w: Math.min(textWidth(frame.strip, 13) + 8, vw / 2 - EDGE), h: 18 },
      },
      links,
    };
  }
  let subnav: LinkPart[] = [];
  let bar: LaidHeader['bar'] = null;
  if (frame && design) {
    const s = scheme(design.bar, theme);
    const y = top + MAIN_H;
    const look: Look = { size: 14, weight: 500, color: s.ink };
    const account = design.strip
      ? []
      : rowRight(frame.account, vw / 2, vw - EDGE, y + 11, { ...look, weight: 400 }, 20);
    const until = (account[0]?.box.x ?? vw - EDGE) - 28;
    subnav = row(site.subnav ?? [], EDGE, until, y + 11, look, 22);
    const from = (subnav.at(-1)?.box.x ?? EDGE) + (subnav.at(-1)?.box.w ?? -22) + 22;
    const links = [...subnav, ...row(frame.categories, from, until, y + 11, look, 22), ...account];
    bar = { box: { x: 0, y, w: vw, h: BAR_H }, look: { ...look, bg: s.bg }, line: design.bar === 'line', links };
  } else {
    subnav = row(site.subnav ?? [], afterBrand, navStart - 40, 22, { size: 14, weight: 500, color: MUTED }, 20);
  }
  if (bar) subnav = [];
  return {
    box: { x: 0, y: 0, w: vw, h: top + MAIN_H + (bar ? BAR_H : 0) },
    look: { size: 15, weight: 400, color: main.ink, bg: main.bg },
    brand,
    nav,
    subnav: bar ? [] : subnav.filter((l) => l.box.x >= searchEnd || !search),
    strip,
    search,
    bar,
  };
}
