/** The news site's blocks: a list of stories and a story. */
import type { SiteAction } from '../../scenarios/model.ts';
import { MUTED, textPart, textWidth, toneLook, type Part } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';
import { refer } from './buttons.ts';

export interface ListedArticle {
  href: string;
  /** What a click does instead of opening the story. */
  action: SiteAction | undefined;
  kicker: Part | undefined;
  title: Part;
  meta: Part;
}

export interface LaidArticleList extends Laid<'articleList'> {
  items: ListedArticle[];
}

export interface LaidArticle extends Laid<'article'> {
  section: Part;
  title: Part;
  byline: Part | undefined;
  body: Part[];
}

function story(ctx: Ctx, slug: string): Ctx['site']['articles'][number] {
  const a = ctx.site.articles.find((q) => q.slug === slug);
  if (!a) throw new Error(`unknown article ${slug}`);
  return a;
}

export function articleList(block: BlockOf<'articleList'>, ctx: Ctx, width: number): LaidArticleList {
  const { theme } = ctx;
  let y = 0;
  const items = block.slugs.map((slug): ListedArticle => {
    const a = story(ctx, slug);
    const extra = block.entries?.[slug];
    let kicker: Part | undefined;
    if (extra?.kicker) {
      const look = toneLook(extra.tone ?? 'muted', theme.ink);
      kicker = {
        text: extra.kicker,
        look,
        box: { x: 0, y, w: Math.min(width, textWidth(extra.kicker, look.size) + 8), h: look.line ?? 20 },
      };
      y += kicker.box.h + 4;
    }
    const item = {
      href: `/article/${a.slug}`,
      action: extra?.action && refer(extra.action, ctx.ids),
      kicker,
      title: {
        text: a.title,
        look: { size: 20, weight: 700, color: theme.ink },
        box: { x: 0, y, w: Math.min(width, textWidth(a.title, 20, 700) + 8), h: 28 },
      },
      meta: {
        text: `${a.section} · ${a.date}`,
        look: { size: 13, weight: 400, color: MUTED },
        box: { x: 0, y: y + 34, w: width, h: 20 },
      },
    };
    y += 84;
    return item;
  });
  return { ...base(block, ctx), box: span(width, y - 24), items };
}

export function article(block: BlockOf<'article'>, ctx: Ctx, width: number): LaidArticle {
  const { theme } = ctx;
  const a = story(ctx, block.slug);
  const section = {
    text: a.section.toUpperCase(),
    look: { size: 13, weight: 700, color: theme.accent },
    box: { x: 0, y: 0, w: width, h: 20 },
  };
  const title = textPart(a.title, { size: 32, weight: 700, color: theme.ink, line: 40 }, 0, 28, width);
  const byline = block.teaser
    ? undefined
    : {
        text: `By ${a.author} · ${a.date}`,
        look: { size: 14, weight: 400, color: MUTED },
        box: { x: 0, y: title.box.y + title.box.h + 10, w: width, h: 20 },
      };
  let y = byline ? byline.box.y + 40 : title.box.y + title.box.h + 16;
  const body = a.body.slice(0, block.teaser ? 1 : a.body.length).map((t) => {
    const part = textPart(t, { size: 17, weight: 400, color: theme.ink, line: 28 }, 0, y, width);
    y += part.box.h + 16;
    return part;
  });
  return { ...base(block, ctx), box: span(width, y - 16), section, title, byline, body };
}
