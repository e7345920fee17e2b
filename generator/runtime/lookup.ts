/**
 * The site's own elements, looked up once: its pages, overlays, footer and checkout summary
 * never come or go, and a querySelector walks the whole document each time it is called (a
 * tenth of an episode in jsdom). A list is looked up again once any of its elements has left
 * the document, so a page-side script that removes an overlay removes it for the site too.
 */
const found: Record<string, Element[]> = Object.create(null);

export function all<E extends Element>(selector: string): E[] {
  const had = found[selector];
  if (had && had.every((el) => el.isConnected)) return had as E[];
  const now = Array.prototype.slice.call(document.querySelectorAll(selector)) as E[];
  found[selector] = now;
  return now;
}

export function first<E extends Element>(selector: string): E | null {
  return all<E>(selector)[0] || null;
}
