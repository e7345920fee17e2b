/** Text made safe to place in HTML or SVG, as an element's text or an attribute's value in double quotes. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
