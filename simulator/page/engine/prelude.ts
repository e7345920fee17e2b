/**
 * Page-side code both engines run before a document's own scripts: a seeded Math.random and
 * crypto, and every clock a page reads without asking for a date (performance.now, event
 * timestamps, a File's lastModified, document.lastModified, a date format of "now") pinned to
 * the virtual clock. Kept as source text so the same bytes run in jsdom and in Chromium.
 *
 * A frame a page makes in the jsdom engine has no clock of its own (frames.test.ts): its
 * realm runs this with `fixedNow`, the time every such read gives there.
 */
export function prelude(seed: number, fixedNow?: number): string {
  return preludeWith(String(seed >>> 0), fixedNow);
}

/**
 * The prelude with its seed read by page-side code (`seedExpression`, evaluated once, first):
 * Chromium's engine runs it as an init script, whose text is one for every document, and
 * hands each document its own seed beside it (chromium.ts SEED_COOKIE). The document itself
 * is served as it was checked: nothing is spliced into its markup.
 */
export function preludeWith(seedExpression: string, fixedNow?: number): string {
  return `(function () {
  var s = (${seedExpression}) >>> 0;
  function next() {
    s = (s + 0x6d2b79f5) | 0;
    var t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }
  Math.random = function () { return next() / 4294967296; };
  var D = Date;
  var now = ${fixedNow === undefined ? 'function () { return D.now(); }' : `function () { return ${fixedNow}; }`};
  var start = now();
  if (typeof performance === 'object' && performance) performance.now = function () { return now() - start; };
  Object.defineProperty(Event.prototype, 'timeStamp', { configurable: true, get: function () { return now() - start; } });
  if (typeof crypto === 'object' && crypto) {
    var real = crypto.getRandomValues;
    // The browser's own checks (an integer array, at most 65,536 bytes), then seeded bytes.
    Object.defineProperty(crypto, 'getRandomValues', { configurable: true, writable: true, value: function getRandomValues(array) {
      var out = real.call(this, array);
      var bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (var i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
      return out;
    } });
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, writable: true, value: function randomUUID() {
      var hex = '';
      for (var i = 0; i < 16; i++) {
        var b = next() & 255;
        if (i === 6) b = (b & 15) | 64;
        if (i === 8) b = (b & 63) | 128;
        hex += (b < 16 ? '0' : '') + b.toString(16);
        if (i === 3 || i === 5 || i === 7 || i === 9) hex += '-';
      }
      return hex;
    } });
  }
  if (typeof File === 'function') {
    var F = File;
    var Pinned = function File(bits, name, options) {
      var args = Array.prototype.slice.call(arguments);
      if (args.length >= 2 && (options == null || (typeof options === 'object' && options.lastModified === undefined))) args[2] = Object.assign({}, options, { lastModified: now() });
      return Reflect.construct(F, args, new.target || F);
    };
    Pinned.prototype = F.prototype;
    Object.defineProperty(F.prototype, 'constructor', { configurable: true, writable: true, value: Pinned });
    Object.defineProperty(window, 'File', { configurable: true, writable: true, value: Pinned });
  }
  var lastModified = Object.getOwnPropertyDescriptor(Document.prototype, 'lastModified');
  if (lastModified && lastModified.get) Object.defineProperty(Document.prototype, 'lastModified', { configurable: true, enumerable: lastModified.enumerable, get: function () {
    var d = new D(now());
    function two(n) { return (n < 10 ? '0' : '') + n; }
    return two(d.getMonth() + 1) + '/' + two(d.getDate()) + '/' + d.getFullYear() + ' ' + two(d.getHours()) + ':' + two(d.getMinutes()) + ':' + two(d.getSeconds());
  } });
  if (typeof Intl === 'object' && Intl.DateTimeFormat) {
    var P = Intl.DateTimeFormat.prototype;
    var format = Object.getOwnPropertyDescriptor(P, 'format');
    if (format && format.get) Object.defineProperty(P, 'format', { configurable: true, get: function () {
      var f = format.get.call(this);
      return function (date) { return f(date === undefined ? now() : date); };
    } });
    var parts = P.formatToParts;
    Object.defineProperty(P, 'formatToParts', { configurable: true, writable: true, value: function formatToParts(date) { return parts.call(this, date === undefined ? now() : date); } });
  }
})();`;
}
