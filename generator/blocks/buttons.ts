/** Buttons: a row of them (an actions block, a section's toggle), and the actions they write. */
import type { ButtonSpec, ButtonStyle } from '../../scenarios/model.ts';
import type { Ids } from '../ids.ts';
import { MUTED, textWidth, type Box, type Look, type Part, type Theme } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';

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

export interface LaidActions extends Laid<'actions'> {
  buttons: LaidButton[];
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

/** A native button's border width, as the stylesheet draws it (a link-styled one has none). */
export const BUTTON_BORDER = 1;

function button(b: ButtonSpec & { domId: string }, look: Look, box: Box): LaidButton {
  const render = b.render ?? 'button';
  // The line fills the box inside the border: a taller line would overhang the bottom border by a
  // pixel, and Chromium hit-tests the overhanging text as the button (our hit test reads boxes).
  const border = render === 'button' && b.style !== 'link' ? BUTTON_BORDER : 0;
  const part: LaidButton = {
    id: b.id,
    domId: b.domId,
    action: b.action,
    style: b.style,
    render,
    text: b.label,
    look: { ...look, line: box.h - 2 * border },
    box,
  };
  if (b.ariaLabel) part.ariaLabel = b.ariaLabel;
  if (render === 'image' || render === 'plain-image') {
    part.alt = b.alt ?? b.label;
    part.face = labelImage(b.label, look, box.w, box.h);
  }
  return part;
}

/** An action as the page writes it: what it refers to by name (an overlay, a section) by its opaque id (forms have theirs from generator/neutral.ts). */
export function refer(action: ButtonSpec['action'], ids: Ids): ButtonSpec['action'] {
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

export function layButtons(
  buttons: ButtonSpec[],
  align: 'left' | 'right' | 'split',
  width: number,
  theme: Theme,
  ids: Ids,
  place: readonly string[],
): { parts: LaidButton[]; h: number } {
  const sized = buttons.map((b) => {
    const scale = b.scale ?? 1;
    const look = buttonLook(b.style, theme, scale);
    const h = Math.round((b.style === 'link' ? 32 : 44) * scale);
    const w = Math.max(
      b.style === 'link' ? 60 : 110,
      textWidth(b.label, look.size, look.weight) + Math.round(36 * scale),
    );
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

export function actions(block: BlockOf<'actions'>, ctx: Ctx, width: number): LaidActions {
  const { parts, h } = layButtons(block.buttons, block.align, width, ctx.theme, ctx.ids, [...ctx.place, block.id]);
  return { ...base(block, ctx), box: span(width, h), buttons: parts };
}
