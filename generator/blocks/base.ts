/** What laying out a block takes, and what every laid block has. */
import type { Block, BlockKind, SiteSpec } from '../../scenarios/model.ts';
import type { Ids } from '../ids.ts';
import type { Picture } from '../images.ts';
import type { Box, Theme } from '../parts.ts';

export interface Ctx {
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

export type BlockOf<K extends BlockKind> = Extract<Block, { kind: K }>;

/** A laid block of kind K: its box is placed later by the stack rule (flow), its gap is the rule's. */
export interface Laid<K extends string> {
  id: string;
  kind: K;
  gap: number;
  box: Box;
}

export function base<B extends Block>(block: B, ctx: Ctx): { id: string; kind: B['kind']; gap: number } {
  return { id: block.id, kind: block.kind, gap: ctx.gap };
}

/** A box across the whole width, h tall, at the origin until the stack rule places it. */
export function span(width: number, h: number): Box {
  return { x: 0, y: 0, w: width, h };
}
