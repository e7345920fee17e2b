/**
 * A frame the page makes gets a window of its own from jsdom; it must give back nothing the
 * engine took from the page (network objects, Atomics, real timers) and run no script.
 */
import { describe, expect, it } from 'vitest';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { bundleFor, play } from '../../helpers.ts';

const control = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);

/** Writes what a frame offers into the page's title, where the test reads it. */
const PROBE = `(function () {
  var seen = [];
  var a = document.createElement('iframe');
  a.setAttribute('src', 'javascript:parent.document.body.setAttribute("data-ran", "src")');
  document.body.appendChild(a);
  var b = document.createElement('iframe');
  document.body.appendChild(b);
  b.contentDocument.write('<script>parent.document.body.setAttribute("data-ran", "written")<\\/script>');
  var f = document.createElement('div');
  f.innerHTML = '<iframe></iframe><frameset><frame></frameset>';
  document.body.appendChild(f);
  for (var i = 0; i < window.length; i++) {
    var w = window[i];
    ['XMLHttpRequest', 'WebSocket', 'EventSource', 'fetch', 'Atomics', 'SharedArrayBuffer', 'WebAssembly', 'WeakRef', 'FinalizationRegistry', 'setTimeout', 'setInterval', 'requestAnimationFrame', 'queueMicrotask', 'postMessage', 'Date', 'performance'].forEach(function (n) {
      if (typeof w[n] !== 'undefined') seen.push(i + ':' + n);
    });
  }
  document.title = window.length + ' frames; offered: ' + (seen.join(' ') || 'nothing') + '; ran: ' + (document.body.getAttribute('data-ran') || 'nothing');
})();`;

describe('frames a page makes', () => {
  it('offer no network object, no Atomics, no timer and no clock, and run no script (a written <script>, a javascript: src); the episode still scores', async () => {
    const files: Record<string, string> = {};
    for (const [path, text] of Object.entries(control.site.files))
      files[path] = path.endsWith('.html') ? text.replace('</body>', `<script>${PROBE}</script></body>`) : text;
    const browser = new JsdomBrowser();
    await browser.open({ files }, { seed: 1 });
    const title = (await browser.observe()).title;
    await browser.close();
    expect(title).toBe('3 frames; offered: nothing; ran: nothing');
    const crafted = await play({ manifest: control.manifest, site: { files } }, 'oracle');
    const plain = await play(control, 'oracle');
    expect([crafted.end, crafted.T, crafted.D]).toEqual([plain.end, plain.T, plain.D]);
  });
});
