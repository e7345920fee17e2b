/** Blocks that only show something: a heading, text, a line that counts down, a picture. */
import { imagePicture } from '../images.ts';
import { textPart, toneLook, type Part } from '../parts.ts';
import { base, span, type BlockOf, type Ctx, type Laid } from './base.ts';

export interface LaidHeading extends Laid<'heading'> {
  level: 1 | 2 | 3;
  part: Part;
}

export interface LaidText extends Laid<'text'> {
  part: Part;
}

export interface LaidCountdown extends Laid<'countdown'> {
  /** As first shown; the runtime rewrites it from `template` as it counts down from `seconds`. */
  part: Part;
  template: string;
  seconds: number;
}

export interface LaidImage extends Laid<'image'> {
  alt: string;
  picture: string;
}

export function heading(block: BlockOf<'heading'>, ctx: Ctx, width: number): LaidHeading {
  const size = block.level === 1 ? 30 : block.level === 2 ? 22 : 18;
  const part = textPart(
    block.text,
    { size, weight: 700, color: ctx.theme.ink, line: Math.round(size * 1.3) },
    0,
    0,
    width,
  );
  return { ...base(block, ctx), box: span(width, part.box.h), level: block.level, part };
}

export function text(block: BlockOf<'text'>, ctx: Ctx, width: number): LaidText {
  const part = textPart(block.text, toneLook(block.tone, ctx.theme.ink), 0, 0, width);
  return { ...base(block, ctx), box: span(width, part.box.h), part };
}

export function countdown(block: BlockOf<'countdown'>, ctx: Ctx, width: number): LaidCountdown {
  const mm = String(Math.floor(block.seconds / 60)).padStart(2, '0');
  const ss = String(block.seconds % 60).padStart(2, '0');
  const part = textPart(
    block.text.replace('{time}', `${mm}:${ss}`),
    toneLook(block.tone ?? 'alert', ctx.theme.ink),
    0,
    0,
    width,
  );
  return { ...base(block, ctx), box: span(width, part.box.h), part, template: block.text, seconds: block.seconds };
}

export function image(block: BlockOf<'image'>, ctx: Ctx, width: number): LaidImage {
  const pic = imagePicture(block, ctx.site.domain);
  ctx.pictures.push(pic);
  return { ...base(block, ctx), box: span(width, block.height), alt: block.alt, picture: pic.cls };
}
