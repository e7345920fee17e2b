/**
 * A trusted page reaches the engine realm's built-ins through any function jsdom hands it
 * (`setTimeout.__proto__` is the engine's Function.prototype). It once replaced `call`
 * there, and the engine's reply path handed its replacement `process`. The engine now
 * freezes its built-ins before the first page: the page cannot replace `call`, `apply` or
 * `bind`, nor add a getter to the engine's Object.prototype, and nothing it left reaches
 * `process` while the engine answers call after call.
 */
import { describe, expect, it } from 'vitest';
import { SandboxBrowser } from '../../../simulator/page/sandbox/browser.ts';
import { markTrusted } from '../../../simulator/page/sandbox/trusted.ts';

const PROBE = `(function () {
  var out = document.getElementById('out');
  var FP = Object.getPrototypeOf(setTimeout);
  var OP = Object.getPrototypeOf(FP);
  var seen = [];
  function show() { out.textContent = 'probe ' + seen.join(' | '); }
  // Passes every call on, and looks at what the engine hands it: the reply path once handed it process.
  function spy(name, real) {
    return function () {
      var args = Array.prototype.slice.call(arguments);
      args.concat([this]).forEach(function (a) {
        try { if (a && typeof a === 'object' && a.versions && typeof a.pid === 'number' && seen.indexOf(name + ' reached process') < 0) { seen.push(name + ' reached process'); show(); } } catch (e) {}
      });
      return Reflect.apply(real, this, args);
    };
  }
  var call = FP.call, apply = FP.apply, bind = FP.bind;
  try { FP.call = spy('call', call); } catch (e) {}
  try { FP.apply = spy('apply', apply); } catch (e) {}
  try { Object.defineProperty(FP, 'bind', { value: spy('bind', bind) }); } catch (e) {}
  try { Object.defineProperty(OP, 'polluted', { get: function () { return 'yes'; }, configurable: true }); } catch (e) {}
  seen.push(FP.call === call && FP.apply === apply && FP.bind === bind ? 'functions kept' : 'functions replaced');
  seen.push(OP.polluted === 'yes' ? 'objects polluted' : 'objects kept');
  show();
})();`;

const page = `<!doctype html><html><body><p id="out" style="position:absolute;left:0;top:0;width:600px;height:20px">none</p>
<button style="position:absolute;left:0;top:40px;width:100px;height:30px">b</button><script>${PROBE}</script></body></html>`;

describe("the engine realm's built-ins", () => {
  it("a trusted page cannot replace the engine's Function.prototype.call, apply or bind, nor pollute its Object.prototype, and reaches no process while the engine answers", async () => {
    const [bundle] = markTrusted([{ site: { files: { 'index.html': page } } }]);
    const browser = new SandboxBrowser();
    try {
      await browser.open(bundle!.site, { seed: 1 });
      // Calls that make the engine answer many times over, each a chance for a replaced method to be called.
      await browser.observe();
      await browser.clickAt(10, 50);
      await browser.advance(1000);
      await browser.events();
      const text = (await browser.observe()).elements.find((e) => e.role === 'paragraph')?.text ?? '';
      expect(text).toBe('probe functions kept | objects kept');
    } finally {
      await browser.close();
    }
  });
});
