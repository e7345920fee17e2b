/**
 * Page-side code both engines run before a document's own scripts: a seeded Math.random,
 * and performance.now and event timestamps pinned to the virtual clock. Kept as source
 * text so the same bytes run in jsdom and in Chromium.
 */
export function prelude(seed: number): string {
  return `(function () {
  var s = ${seed >>> 0};
  Math.random = function () {
    s = (s + 0x6d2b79f5) | 0;
    var t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  var start = Date.now();
  performance.now = function () { return Date.now() - start; };
  Object.defineProperty(Event.prototype, 'timeStamp', { configurable: true, get: function () { return performance.now(); } });
})();`;
}
