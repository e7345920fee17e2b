import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/*
 * The gallery's data, prepared by `decoy site build` (cli/gallery.ts). Its path comes from the
 * environment, resolved against the working folder: import.meta.url is not stable once Astro
 * has bundled this file.
 */
let cached = null;

export function gallery() {
  if (cached) return cached;
  const file = process.env.DECOY_GALLERY_DATA;
  if (!file) throw new Error('DECOY_GALLERY_DATA is not set; build the gallery with `decoy site build`');
  cached = JSON.parse(readFileSync(resolve(process.cwd(), file), 'utf8'));
  return cached;
}
