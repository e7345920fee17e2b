/**
 * Laying out any block: a table from a block's kind to the one function that lays it (a new
 * kind is a row here and its function), and the containers, here because they lay out blocks
 * in turn.
 */
import type { Block, BlockKind } from '../../scenarios/model.ts';
import { FORM_STATUS, stack } from '../../scenarios/contract.ts';
import { toneLook, type Box, type Part } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';
import { actions, layButtons, type LaidActions, type LaidButton } from './buttons.ts';
import {
  field,
  option,
  radios,
  select,
  type LaidField,
  type LaidOption,
  type LaidRadios,
  type LaidSelect,
} from './controls.ts';
import { links, type LaidCrumbs, type LaidLinks, type LaidPicks } from './links.ts';
import { article, articleList, type LaidArticle, type LaidArticleList } from './news.ts';
import {
  cartLines,
  productDetail,
  productGrid,
  summary,
  type LaidCartLines,
  type LaidProductDetail,
  type LaidProductGrid,
  type LaidSummary,
} from './shop.ts';
import {
  countdown,
  heading,
  image,
  text,
  type LaidCountdown,
  type LaidHeading,
  type LaidImage,
  type LaidText,
} from './text.ts';

interface GroupHead extends Laid<'group'> {
  look: BlockOf<'group'>['look'];
  label: string | undefined;
}

export interface OpenGroup extends GroupHead {
  blocks: LaidBlock[];
}

/** A section shut behind its toggle: the runtime opens the group to `openH` and shuts it to `closedH`. */
export interface CollapsedGroup extends GroupHead {
  toggle: LaidButton[];
  section: { id: string; box: Box; blocks: LaidBlock[] };
  closedH: number;
  openH: number;
}

export interface LaidForm extends Laid<'form'> {
  form: string;
  account: string;
  next: string;
  blocks: LaidBlock[];
  /** Shown by the runtime when a submission lacks a field, or once it is saved. */
  error: Part;
  saved: Part;
}

/** A block as laid out: one of the site spec's, or the breadcrumbs and picks the layout frames every page with. */
export type LaidBlock =
  | LaidHeading
  | LaidText
  | LaidCountdown
  | LaidImage
  | LaidProductGrid
  | LaidProductDetail
  | LaidCartLines
  | LaidSummary
  | LaidOption
  | LaidField
  | LaidRadios
  | LaidSelect
  | LaidActions
  | LaidLinks
  | LaidArticleList
  | LaidArticle
  | OpenGroup
  | CollapsedGroup
  | LaidForm
  | LaidCrumbs
  | LaidPicks;

type Lay<K extends BlockKind> = (block: BlockOf<K>, ctx: Ctx, width: number) => Extract<LaidBlock, { kind: K }>;

const LAY: { [K in BlockKind]: Lay<K> } = {
  heading,
  text,
  countdown,
  image,
  productGrid,
  productDetail,
  cartLines,
  summary,
  option,
  field,
  radios,
  select,
  actions,
  links,
  articleList,
  article,
  group,
  form,
};

export function layBlock(block: Block, ctx: Ctx, width: number): LaidBlock {
  // The table pairs each kind with its function; TypeScript cannot follow that pairing through an index.
  const lay = LAY[block.kind] as (block: Block, ctx: Ctx, width: number) => LaidBlock;
  return lay(block, ctx, width);
}

/** Blocks placed by the stack rule the runtime also applies when a block opens or closes. */
export function flow(blocks: Block[], ctx: Ctx, width: number, top = 0): { blocks: LaidBlock[]; height: number } {
  const out = blocks.map((b) => layBlock(b, ctx, width));
  const { tops, bottom } = stack(out.map((l) => ({ height: l.box.h, gap: l.gap })));
  out.forEach((l, i) => {
    l.box.y = top + (tops[i] as number);
  });
  return { blocks: out, height: bottom };
}

/** A group's children in rows of its columns, each row as tall as its tallest child. */
function rows(
  block: BlockOf<'group'>,
  ctx: Ctx,
  pad: number,
  inner: number,
): { children: LaidBlock[]; height: number } {
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
  return { children, height: Math.max(0, y - 14) };
}

function group(block: BlockOf<'group'>, ctx: Ctx, width: number): OpenGroup | CollapsedGroup {
  const pad = block.look === 'plain' ? 0 : 16;
  const { children, height } = rows(block, ctx, pad, width - 2 * pad);
  if (block.collapsed) return collapsed(block, block.collapsed.toggle, ctx, width, pad, { blocks: children, height });
  for (const c of children) c.box.y += pad;
  return {
    ...base(block, ctx),
    box: span(width, height + 2 * pad),
    look: block.look,
    label: block.label,
    blocks: children,
  };
}

function collapsed(
  block: BlockOf<'group'>,
  label: string,
  ctx: Ctx,
  width: number,
  pad: number,
  content: { blocks: LaidBlock[]; height: number },
): CollapsedGroup {
  // Every control the runtime handles carries a control id, the toggle a site draws for its section too.
  const control = ctx.ids.ref('control', `${block.id}\u0000toggle`);
  const { parts, h } = layButtons(
    [{ id: `${block.id}-toggle`, label, action: { do: 'section.toggle', id: block.id, control }, style: 'link' }],
    'left',
    width - 2 * pad,
    ctx.theme,
    ctx.ids,
    ctx.place,
  );
  for (const p of parts) {
    p.box.x += pad;
    p.box.y += pad;
  }
  const top = pad + h + 12;
  return {
    ...base(block, ctx),
    box: span(width, pad + h + pad),
    look: block.look,
    label: block.label,
    toggle: parts,
    section: {
      id: ctx.ids.ref('section', block.id),
      box: { x: 0, y: top, w: width, h: content.height },
      blocks: content.blocks,
    },
    closedH: pad + h + pad,
    openH: top + content.height + pad,
  };
}

function form(block: BlockOf<'form'>, ctx: Ctx, width: number): LaidForm {
  const w = Math.min(width, 520);
  const inner = flow(block.blocks, { ...ctx, gap: 18, place: [...ctx.place, block.id] }, w);
  return {
    ...base(block, ctx),
    box: { x: 0, y: 0, w, h: inner.height + FORM_STATUS.below },
    form: block.id,
    // One token per form on its page, whatever holds it there (a form repeated on several pages is several forms), shared by a form that names it.
    account: ctx.ids.ref(
      'account',
      (block.account ? [block.account.route, block.account.form] : [ctx.place[0] ?? '', block.id]).join('\u0000'),
    ),
    next: block.next,
    blocks: inner.blocks,
    error: {
      text: 'Please fill in all fields.',
      look: toneLook('alert', ctx.theme.ink),
      box: { x: 0, y: inner.height + FORM_STATUS.gap, w, h: 20 },
    },
    saved: {
      text: 'Your changes have been saved.',
      look: { ...toneLook('muted', ctx.theme.ink), color: '#0e7a5f' },
      box: { x: 0, y: inner.height + FORM_STATUS.gap, w, h: 20 },
    },
  };
}
