/**
 * The pictures a site shows, painted with sharp (generator/paint.ts) as photographs: product
 * shots, places to stay, album covers, advertising visuals, news photographs. Each is a pure
 * function of what it shows (a product's name and hue, an image block's subject), so a control
 * and its patterned twin show the same pictures and a seed paints them byte for byte. A
 * picture is a file of the site (`img/<hash>.webp`, named by a hash of its recipe, which tells
 * nothing of what it shows) and one class of the stylesheet that paints an element with it,
 * so the markup of a picture is the same whatever it shows.
 */
import type { Block, Domain } from '../scenarios/model.ts';
import { jobKey, type PaintJob } from './paint.ts';
import { productJob } from './pictures/product.ts';
import { placeJob } from './pictures/place.ts';
import { advertJob, albumJob, newsJob } from './pictures/art.ts';

export interface Picture {
  /** The class the element carries. */
  cls: string;
  /** The stylesheet rule that paints it. */
  rule: string;
  /** The site's file it is painted into. */
  path: string;
  /** How it is painted. */
  job: PaintJob;
}

/** The folder of the site that holds its pictures. */
export const PICTURE_DIR = 'img';

function picture(job: PaintJob): Picture {
  const key = jobKey(job);
  const cls = `i${key.slice(0, 12)}`;
  const path = `${PICTURE_DIR}/${key}.webp`;
  // Absolute, since the page is served at every route; a hosted copy prefixes it (harness/live-copy.ts).
  return { cls, path, job, rule: `.${cls}{background:#e5e7eb url("/${path}") center/cover no-repeat}` };
}

export function productPicture(name: string, hue: number): Picture {
  return picture(productJob(name, hue));
}

type Shows = 'product' | 'place' | 'album' | 'advert' | 'news';

/** What an image block shows, by the id its site gives it; else what its domain shows most. */
const BY_BLOCK: Record<string, Shows> = {
  cover: 'album',
  photo: 'place',
  visual: 'advert',
  'featured-image': 'product',
};
const BY_DOMAIN: Partial<Record<Domain, Shows>> = { booking: 'place', music: 'album', shopping: 'product' };

export function imagePicture(block: Extract<Block, { kind: 'image' }>, domain: Domain): Picture {
  const shows = BY_BLOCK[block.id] ?? BY_DOMAIN[domain] ?? 'news';
  const make = { product: productJob, place: placeJob, album: albumJob, advert: advertJob, news: newsJob }[shows];
  return picture(make(block.alt, block.hue));
}

/** The stylesheet rules of a set of pictures, each once, in a stable order. */
export function pictureRules(pictures: Iterable<Picture>): string {
  const byClass = new Map<string, string>();
  for (const p of pictures) byClass.set(p.cls, p.rule);
  return [...byClass.keys()]
    .sort()
    .map((k) => byClass.get(k))
    .join('\n');
}

/** The picture files of a site, by path, in a stable order: what bundle writing paints. */
export function pictureFiles(pictures: Iterable<Picture>): Record<string, PaintJob> {
  const byPath = new Map<string, PaintJob>();
  for (const p of pictures) byPath.set(p.path, p.job);
  return Object.fromEntries([...byPath.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}
