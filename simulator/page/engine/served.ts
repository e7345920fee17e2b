import { createRequire } from 'node:module';
import type { DefaultTreeAdapterMap } from 'parse5';

/**
 * parse5 is loaded by require, as jsdom loads it: the same module loaded by import while
 * jsdom requires it (commands load their modules in parallel) fails in Node 20 with
 * "Cannot require() ES Module … not yet fully loaded".
 */
export const parse5 = (): typeof import('parse5') =>
  createRequire(import.meta.url)('parse5') as typeof import('parse5');

/** A page's tree as parse5 (and so jsdom, and the bundle check) reads it. */
export const parsePage = (html: string): DefaultTreeAdapterMap['document'] => parse5().parse(html);

/**
 * A page as it is served to a browser: parse5's tree of it, written out. A browser's
 * parser may keep what parse5 drops (Chromium keeps an `<img onerror>` inside `<select>`,
 * which parse5's rules ignore), so a browser gets the tree that was checked, not the text;
 * the bundle check (simulator/loop/trust.ts) holds that this tree reads back as itself.
 */
export function servedPage(text: string): string {
  return parse5().serialize(parsePage(text));
}
