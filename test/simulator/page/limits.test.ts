/**
 * One bad episode never ends a run: a page that loops, storms, allocates or grows past a
 * limit, leaves the site, or spoils its event log, and an agent or a defense that throws,
 * each end that episode as an error with a reason (T = D = STC = 0), and the next episode
 * in the same batch scores normally.
 */
import { describe, expect, it } from 'vitest';
import { LOG_CHANNEL } from '../../../scenarios/contract.ts';
import type { Agent } from '../../../simulator/loop/agent.ts';
import { summarize } from '../../../simulator/measure/metrics.ts';
import { runBatch } from '../../../simulator/loop/batch.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import type { Defense } from '../../../simulator/loop/defense.ts';
import { SandboxBrowser } from '../../../simulator/page/sandbox/browser.ts';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import type { Browser } from '../../../simulator/page/engine/browser.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { defenses } from '../../../simulator/loop/registries.ts';
import { runEpisode, type EpisodeRecord } from '../../../simulator/loop/runner.ts';
import { bundleFor, pathAgent } from '../../helpers.ts';

const control = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);

/** The control bundle with a script added to every page. */
const FIRST = '/*first*/';

/** The case whose bundle also holds a page of 20,000 start tags that no link reaches. */
const UNLINKED = 'busy loop beside an unlinked page of 20,000 start tags';

function withScript(script: string, padded = false): LoadedBundle {
  const files: Record<string, string> = padded
    ? { 'padding.html': `<!doctype html><body><!--${'<i>'.repeat(20_000)}--></body>` }
    : {};
  // A script marked FIRST runs before the site's runtime (it can take the engine's log channel); the others after it.
  const first = script.startsWith(FIRST);
  for (const [path, text] of Object.entries(control.site.files))
    files[path] = !path.endsWith('.html')
      ? text
      : first
        ? text.replace('<head>', `<head><script>${script.slice(FIRST.length)}</script>`)
        : text.replace('</body>', `<script>${script}</script></body>`);
  return { manifest: control.manifest, site: { files } };
}

/** Each crafted page and the reason its episode must end with: pages that hang the engine (a short step time keeps them cheap)... */
const HANGS: [string, string, RegExp][] = [
  ['busy loop', 'for (;;) {}', /a step took more than 2 s/],
  ['microtask storm', '(function f() { Promise.resolve().then(f); })();', /a step took more than 2 s/],
  // A page with more tags gets time to load (3 s for each 10,000: 1 s here), and its code no more than the step's beyond that.
  ['busy loop on a page of 4,000 start tags', `/*${'<i>'.repeat(4_000)}*/ for (;;) {}`, /a step took more than 3 s/],
  // Bytes buy nothing: a page padded to 2 MB without tags gets the step's time.
  ['busy loop on a page padded to 2 MB', `/*${'x'.repeat(2_000_000)}*/ for (;;) {}`, /a step took more than 2 s/],
  // Nor does a page of the bundle that is never loaded: only the pages a call loads count.
  [UNLINKED, 'for (;;) {}', /a step took more than 2 s/],
];

/** ...a page that allocates without end (a long step time, so that memory is the limit it meets)... */
const ALLOCATES: [string, string, RegExp][] = [
  ['allocation loop', 'var hold = []; for (;;) hold.push(new Array(1e7).fill(7));', /more than 256 MB of memory/],
  // Typed arrays live outside V8's heap: the engine's resident memory is what stops this one.
  ['typed-array loop', 'var held = []; for (;;) held.push(new Uint8Array(5e7).fill(1));', /more than 256 MB of memory/],
];

/** ...and pages the engine itself stops, at the default limits. */
const PAGES: [string, string, RegExp][] = [
  ['setInterval storm', 'setInterval(function () {}, 0);', /over 10000 timers in one step/],
  [
    '200,000-element page',
    '</script>' + '<p></p>'.repeat(200_000) + '<script>',
    /the page has 200\d+ start tags, over the limit of 100000 elements/,
  ],
  // Counted again once the tree changes, though the page was counted small before.
  [
    'page that grows past the limit after it loads',
    `setTimeout(function () { var f = document.createDocumentFragment(); for (var i = 0; i < 100001; i++) f.appendChild(document.createElement('i')); document.body.appendChild(f); }, 300);`,
    /the page has 100\d+ elements, over the limit of 100000/,
  ],
  [
    'non-JSON event log',
    `${FIRST}var record = window[${JSON.stringify(LOG_CHANNEL)}]; setInterval(function () { record("{not json"); }, 500);`,
    /the site's event log is not JSON/,
  ],
];

const scored = (r: EpisodeRecord | undefined) => {
  expect(r?.end, JSON.stringify(r?.end)).toMatchObject({ kind: 'answer' });
  expect([r?.T, r?.D, r?.STC]).toEqual([1, 0, 1]);
};

const failed = (r: EpisodeRecord | undefined, reason: RegExp) => {
  expect(r?.end.kind).toBe('error');
  expect(r?.end.kind === 'error' ? r.end.reason : '').toMatch(reason);
  expect(r?.end.kind === 'error' ? r.end.reason.length : 0).toBeLessThanOrEqual(200);
  expect([r?.T, r?.D, r?.STC]).toEqual([0, 0, 0]);
};

describe('per-episode limits and contained faults', () => {
  it.each([
    ['a looping or microtask-storming page', HANGS, { stepSeconds: 2 }],
    ['an allocating page', ALLOCATES, { stepSeconds: 120, memoryMb: 256 }],
    ['a timer-storming, oversized or log-spoiling page', PAGES, {}],
  ] as const)(
    '%s ends its episode as an error with the reason, the next episode in the batch scores, and errors are counted apart',
    async (_, pages, limits) => {
      const bundles = pages.flatMap(([name, script]) => [withScript(script, name === UNLINKED), control]);
      const { records } = await runBatch(bundles, { agent: 'oracle', defense: 'none', seed: 1, limits });
      const summary = summarize(records);
      pages.forEach(([, , reason], i) => {
        failed(records[2 * i], reason);
        scored(records[2 * i + 1]);
      });
      expect(summary.errors).toBe(pages.length);
      expect(summary.episodes).toBe(pages.length);
      expect(summary.counts.stc).toBe(pages.length);
    },
  );

  it('an agent or a defense that throws, and a click on a link off the site, end the episode as an error; the next one scores', async () => {
    const env = DecoyEnv.sandboxed();
    const none = () => defenses.get('none').create({ seed: 1, options: {} });
    const run = (bundle: LoadedBundle, agent: Agent, defense: Defense = none()) =>
      runEpisode({ env, bundle, seed: 1, agent, agentId: 'test', defense, defenseId: 'test' });
    const oracle = () => pathAgent(control, 'safePath');
    const leaving = withScript(
      'var a = document.createElement("a"); a.href = "https://elsewhere.test/"; a.textContent = "away"; a.style.cssText = "position:fixed;left:0;top:0;width:1280px;height:800px;z-index:2147483647"; document.body.appendChild(a);',
    );
    const cases: [EpisodeRecord, RegExp][] = [];
    try {
      cases.push([
        await run(control, {
          act: () => {
            throw new Error('agent bug');
          },
        }),
        /^the agent 'test' threw: agent bug$/,
      ]);
      scored(await run(control, oracle()));
      cases.push([
        await run(control, oracle(), {
          review: () => {
            throw new Error('defense bug');
          },
        }),
        /^the defense 'test' threw: defense bug$/,
      ]);
      scored(await run(control, oracle()));
      cases.push([await run(leaving, { act: () => 'mouse_click(5, 5)' }), /elsewhere\.test is outside the site/]);
      scored(await run(control, oracle()));
    } finally {
      await env.close();
    }
    for (const [r, reason] of cases) failed(r, reason);
  });

  it('a page cannot block the engine: Atomics, SharedArrayBuffer and WebAssembly are not in its window, calling Atomics.wait fails in its own realm, and its episode scores', async () => {
    const wait =
      'var r; try { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000); r = "waited"; } catch (e) { r = (e instanceof ReferenceError ? "page " : "other ") + e.name; }';
    const b = new JsdomBrowser();
    try {
      await b.open(
        {
          files: {
            'index.html': `<!doctype html><p id="r">-</p><script>${wait} document.getElementById("r").textContent = r + " " + [typeof SharedArrayBuffer, typeof WebAssembly].join(" ");</script>`,
          },
        },
        { seed: 1 },
      );
      const texts = (await b.observe()).elements.map((e) => (e as { text?: string }).text ?? e.name);
      expect(texts).toContain('page ReferenceError undefined undefined');
    } finally {
      await b.close();
    }
    const { records } = await runBatch([withScript(wait), control], {
      agent: 'oracle',
      defense: 'none',
      seed: 1,
      limits: { stepSeconds: 2 },
    });
    records.forEach(scored);
  });

  it('a page that gives many elements one long string cannot make an observation hold more text than the limit: the step ends as an error, in-process and in the engine process', async () => {
    // 40 buttons named by one shared 100,000-character text: the engine holds it once, the run would decode it 40 times.
    const page =
      '<!doctype html><p>one</p><script>var s = new Array(100001).join("x"); for (var i = 0; i < 40; i++) { var b = document.createElement("button"); b.textContent = s; document.body.appendChild(b); }</script>';
    for (const b of [new JsdomBrowser({ domElements: 1000 }), new SandboxBrowser({ domElements: 1000 })] as Browser[]) {
      try {
        await b.open({ files: { 'index.html': page } }, { seed: 1 });
        await expect(b.observe()).rejects.toThrow(/the observation holds more than 168000 characters of text/);
      } finally {
        await b.close();
      }
    }
    // The same page with an element limit that allows its text observes.
    const roomy = new JsdomBrowser({ domElements: 30_000 });
    try {
      await roomy.open({ files: { 'index.html': page } }, { seed: 1 });
      expect((await roomy.observe()).elements.filter((e) => e.role === 'button')).toHaveLength(40);
    } finally {
      await roomy.close();
    }
  });

  /** In both engines: the page's text starting `mark` reads `before` once loaded and after a wait in real time, and `after` once time is advanced. */
  async function onVirtualTime(page: string, mark: string, before: string, after: string): Promise<void> {
    const read = async (b: Browser) =>
      (await b.observe()).elements.map((e) => (e as { text?: string }).text ?? '').find((t) => t.startsWith(mark)) ??
      '';
    for (const b of [new JsdomBrowser(), new SandboxBrowser()] as Browser[]) {
      try {
        await b.open({ files: { 'index.html': page } }, { seed: 1 });
        expect(await read(b)).toBe(before);
        await new Promise((r) => setTimeout(r, 300));
        expect(await read(b)).toBe(before);
        await b.advance(100);
        expect(await read(b)).toBe(after);
      } finally {
        await b.close();
      }
    }
  }

  it("a page's postMessage fires on the virtual clock: a page that posts again from its listener does not run while the run waits, and runs when time is advanced", async () => {
    const page = `<!doctype html><p id="r">hops 0</p><script>var hops = 0; window.addEventListener('message', function (e) { hops++; document.getElementById('r').textContent = 'hops ' + hops + ' ' + e.data; if (hops < 5) window.postMessage('again', '*'); }); window.postMessage('first', '*'); window.postMessage('elsewhere', 'https://elsewhere.example');</script>`;
    await onVirtualTime(page, 'hops', 'hops 0', 'hops 5 again');
  });

  it("the events jsdom schedules on Node's own timers (select, a details toggle, a FileReader's progress, selectionchange, a javascript: link and location) fire on the virtual clock: none while the run waits, each when time is advanced; a storage event never", async () => {
    const page = `<!doctype html><p id="r">-</p><input id="i" value="abc"><textarea id="t">x</textarea><details id="d"><summary>s</summary>d</details><a id="a" href="javascript:n.link++;show()">l</a><script>
var n = { sel: 0, tsel: 0, tog: 0, fr: 0, range: 0, link: 0, loc: 0, st: 0 };
function show() { document.getElementById('r').textContent = 'seen ' + JSON.stringify(n); }
var i = document.getElementById('i'), t = document.getElementById('t'), d = document.getElementById('d');
i.addEventListener('select', function () { n.sel++; show(); if (n.sel < 3) i.select(); });
t.addEventListener('select', function () { n.tsel++; show(); });
d.addEventListener('toggle', function () { n.tog++; show(); if (n.tog < 3) d.open = !d.open; });
document.addEventListener('selectionchange', function () { n.range++; show(); });
window.addEventListener('storage', function () { n.st++; show(); });
var fr = new FileReader(); fr.onload = function () { n.fr++; show(); if (n.fr < 3) fr.readAsText(new Blob(['x'])); };
i.select(); t.select(); d.open = true; fr.readAsText(new Blob(['x']));
var range = document.createRange(); range.selectNodeContents(d); getSelection().addRange(range);
document.getElementById('a').click();
location.href = 'javascript:n.loc++;show()';
localStorage.setItem('k', 'v');
show();
</script>`;
    await onVirtualTime(
      page,
      'seen',
      'seen {"sel":0,"tsel":0,"tog":0,"fr":0,"range":0,"link":0,"loc":0,"st":0}',
      'seen {"sel":3,"tsel":1,"tog":3,"fr":3,"range":1,"link":1,"loc":1,"st":0}',
    );
  });

  it('every clock and source of randomness a page or a frame of its own reads is the virtual clock or seeded: two episodes read the same, and waiting in real time changes nothing', async () => {
    const page = `<!doctype html><p id="r">-</p><script>
var f = document.createElement('iframe'); document.body.appendChild(f); var w = f.contentWindow;
function read() {
  var fmt = { hour: 'numeric', minute: 'numeric', second: 'numeric', fractionalSecondDigits: 3, timeZone: 'UTC' };
  return [Date.now(), performance.now(), new Event('x').timeStamp, new File([], 'a').lastModified, document.lastModified, new Intl.DateTimeFormat('en', fmt).format(),
    new Intl.DateTimeFormat('en', fmt).formatToParts().length, document.implementation.createHTMLDocument('x').lastModified, Math.random(), crypto.getRandomValues(new Uint32Array(2)).join(':'), crypto.randomUUID(),
    new w.Event('x').timeStamp, new w.File([], 'a').lastModified, w.document.lastModified, new w.Intl.DateTimeFormat('en', fmt).format(), w.Math.random(), w.crypto.randomUUID(), typeof w.Date, typeof w.performance].join(' | ');
}
var first = read();
document.getElementById('r').textContent = 'read ' + first;
window.addEventListener('click', function () { document.getElementById('r').textContent = 'read ' + first + ' || ' + read(); });
</script>`;
    const reads = async () => {
      const b = new SandboxBrowser();
      try {
        await b.open({ files: { 'index.html': page } }, { seed: 3 });
        await new Promise((r) => setTimeout(r, 50));
        await b.clickAt(1, 1);
        return (
          (await b.observe()).elements
            .map((e) => (e as { text?: string }).text ?? '')
            .find((t) => t.startsWith('read')) ?? ''
        );
      } finally {
        await b.close();
      }
    };
    const one = await reads();
    expect(one).toMatch(
      /^read 1768467600000 \| 0 \| 0 \| 1768467600000 \| 01\/15\/2026 09:00:00 \| 9:00:00\.000 AM \|/,
    );
    expect(one).toMatch(/ \| undefined \| undefined \|\| /);
    const [before, after] = one.split(' || ');
    // Read again after a click: the page's own clock has not moved in real time (nor has the frame's), and its randomness goes on.
    expect(after?.split(' | ').slice(0, 8)).toEqual(before?.slice('read '.length).split(' | ').slice(0, 8));
    expect(await reads()).toBe(one);
  });

  it('a page gets no WeakRef or FinalizationRegistry, whose callbacks would run when the engine collects, outside the virtual clock', async () => {
    const b = new JsdomBrowser();
    try {
      await b.open(
        {
          files: {
            'index.html':
              '<!doctype html><p id="r">-</p><script>document.getElementById("r").textContent = "weak " + typeof WeakRef + " " + typeof FinalizationRegistry + " " + ("WeakRef" in window);</script>',
          },
        },
        { seed: 1 },
      );
      expect((await b.observe()).elements.map((e) => (e as { text?: string }).text)).toContain(
        'weak undefined undefined false',
      );
    } finally {
      await b.close();
    }
  });

  it('a page of few elements and many runs of text cannot list more than three entries an element in an observation: the step ends as an error, in-process and in the engine process', async () => {
    // 20 elements may give 60 entries; the script adds 100 runs of text side by side.
    const page =
      '<!doctype html><p>one</p><script>for (var i = 0; i < 100; i++) document.body.appendChild(document.createTextNode("run " + i));</script>';
    const b = new JsdomBrowser({ domElements: 20 });
    try {
      await b.open({ files: { 'index.html': page } }, { seed: 1 });
      await expect(b.observe()).rejects.toThrow(/the observation lists more than 60 entries/);
    } finally {
      await b.close();
    }
    const { records } = await runBatch(
      [withScript('for (var i = 0; i < 10000; i++) document.body.appendChild(document.createTextNode("r"));'), control],
      { agent: 'oracle', defense: 'none', seed: 1, limits: { domElements: 2000 } },
    );
    failed(records[0], /the observation lists more than 6000 entries/);
    scored(records[1]);
    expect(summarize(records).errors).toBe(1);
  });
});
