/**
 * Page code gains nothing of Node in the engine sandbox: no way from a page function to
 * Node's Function reaches `process`, the page's own XHR, fetch and WebSocket fail, and the
 * episode still scores. Should a way into Node be found, the engine process still denies
 * a file write, a file read, a command, the environment, a socket, a signal to the run
 * and a forged reply (checked on the lock-down itself, in a process of its own).
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../simulator/loop/agent.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { defenses } from '../../../simulator/loop/registries.ts';
import { runEpisode, type EpisodeRecord } from '../../../simulator/loop/runner.ts';
import { SandboxBrowser } from '../../../simulator/page/sandbox/browser.ts';
import { packagePath } from '../../../lib/root.ts';
import { bundleFor, pathAgent, countingListener } from '../../helpers.ts';

/** Ways from a page object to a Function constructor (page realm or Node's). */
const ROUTES = [
  'this.constructor.constructor',
  'setTimeout.constructor',
  'scrollTo.constructor',
  'document.createElement.constructor',
  'setInterval.constructor',
  'requestAnimationFrame.constructor',
  'localStorage.getItem.constructor',
  'Object.getPrototypeOf(document.body).constructor.constructor',
  'Element.prototype.getAttribute.constructor',
  'Event.constructor.constructor',
  'Date.now.constructor',
  // A frame's window: its own globals, its eval, its global object, its DOM's functions.
  'frameWindow().Function',
  'frameWindow().globalThis.Function',
  'window.frames[0].Function',
  'frameWindow().document.defaultView.Object.constructor',
  'frameWindow().document.createElement.constructor',
  'evalIn(frameWindow())',
  'globalOf(frameWindow().globalThis)',
];

/** The page script: every route, every attempt; what it learns goes into a visible box of the page. */
function probe(dir: string, port: number): string {
  const paths = { write: join(dir, 'written'), command: join(dir, 'command-ran'), secret: join(dir, 'secret') };
  return `<script>(function () {
  var WRITE = ${JSON.stringify(paths.write)}, SECRET = ${JSON.stringify(paths.secret)}, COMMAND = ${JSON.stringify(paths.command)}, PORT = ${port};
  var seen = [];
  function show(s) {
    seen.push(String(s).slice(0, 200));
    var box = document.getElementById('probe-out');
    if (box) box.textContent = 'probe ' + seen.join(' | ');
  }
  function frameWindow() { var f = document.createElement('iframe'); document.body.appendChild(f); return f.contentWindow; }
  function evalIn(w) { return function (body) { return function () { return w.eval('(function () {' + body + '})()'); }; }; }
  function globalOf(g) { return function () { return function () { if (!g.process) throw 0; return g.process; }; }; }
  var routes = [${ROUTES.map((r) => `function () { return ${r}; }`).join(', ')}];
  routes.forEach(function (route, i) {
    try {
      var F = route();
      var proc = F('return process')();
      if (!proc || !proc.versions) { show('route ' + i + ': no process'); return; }
      window.__reached = (window.__reached || 0) + 1;
      show('route ' + i + ': process');
      try { show('env ' + JSON.stringify(proc.env)); } catch (e) { show('env denied'); }
      try { proc.kill(proc.pid, 0); show('kill ran'); } catch (e) { show('kill denied'); }
      // Node's own ways in: the CommonJS loader, the internal bindings, import().
      var req = proc.mainModule && proc.mainModule.require;
      var binding = function (name) { try { return proc.binding(name); } catch (e) { show('binding ' + name + ' denied'); return null; } };
      var fsb = binding('fs');
      try { if (req) req('fs').writeFileSync(WRITE, 'x'); else if (fsb) fsb.writeFileUtf8(WRITE, 'x', 577, 438); else throw 0; show('write ran'); } catch (e) { show('write denied'); }
      try { show('read ' + (req ? req('fs').readFileSync(SECRET, 'utf8') : fsb.readFileUtf8(SECRET, 0))); } catch (e) { show('read denied'); }
      try {
        var sp = binding('spawn_sync');
        if (!sp) throw 0;
        sp.spawn({ file: 'touch', args: ['touch', COMMAND], envPairs: ['PATH=/usr/bin:/bin'], stdio: [{ type: 'pipe', readable: true, writable: false }, { type: 'pipe', readable: false, writable: true }, { type: 'pipe', readable: false, writable: true }] });
        show('command ran');
      } catch (e) { show('command denied'); }
      ['node:fs', 'node:child_process', 'node:net', 'node:http'].forEach(function (name) {
        try {
          F('return import("' + name + '")')().then(function (m) {
            try {
              if (name === 'node:fs') { m.writeFileSync(WRITE, 'x'); show('write ran'); }
              if (name === 'node:child_process') { m.execSync('touch ' + COMMAND); show('command ran'); }
              if (name === 'node:net') { m.connect(PORT, '127.0.0.1').on('error', function () {}); show('socket opened'); }
              if (name === 'node:http') { m.get('http://127.0.0.1:' + PORT + '/').on('error', function () {}); show('http opened'); }
            } catch (e) { show(name + ' denied'); }
          }, function () { show('import ' + name + ' denied'); });
        } catch (e) { show('import ' + name + ' denied'); }
      });
    } catch (e) { show('route ' + i + ' failed'); }
  });
  show('routes to process ' + (window.__reached || 0));
  try { var x = new XMLHttpRequest(); x.open('GET', 'file:///etc/hostname', false); x.send(); show(x.status === 200 || x.responseText ? 'xhr file ' + x.responseText : 'xhr refused'); } catch (e) { show('xhr denied'); }
  try { var z = new XMLHttpRequest(); z.open('GET', 'http://127.0.0.1:${port}/a.json', false); z.send(); show(z.status === 200 ? 'xhr sent' : 'xhr refused'); } catch (e) { show('xhr denied'); }
  try { var g = new XMLHttpRequest(); g.open('GET', '/../bundle.json', false); g.send(); show(g.status === 200 || g.responseText ? 'xhr file ' + g.responseText : 'xhr refused'); } catch (e) { show('xhr denied'); }
  try { var y = new XMLHttpRequest(); y.open('GET', 'http://127.0.0.1:${port}/', true); y.send(); show('xhr sent'); } catch (e) { show('xhr denied'); }
  try { new WebSocket('ws://127.0.0.1:${port}/'); show('websocket opened'); } catch (e) { show('websocket denied'); }
  try { fetch('http://127.0.0.1:${port}/').catch(function () {}); show('fetch sent'); } catch (e) { show('fetch denied'); }
  try { navigator.sendBeacon('http://127.0.0.1:${port}/', 'x'); show('beacon sent'); } catch (e) { show('beacon denied'); }
})();</script>`;
}

/** A generated bundle with the probe added to every page (the box it reports into is authored, so it is observed). */
function crafted(dir: string, port: number): LoadedBundle {
  const b = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(b.site.files)) {
    files[path] = path.endsWith('.html')
      ? text.replace(
          '</body>',
          `<div id="probe-out" style="position:absolute;left:0;top:0;width:600px;height:20px">probe</div>${probe(dir, port)}</body>`,
        )
      : text;
  }
  return { manifest: b.manifest, site: { files } };
}

/** The oracle, keeping what it saw. */
function watching(bundle: LoadedBundle, seen: string[]): Agent {
  const oracle = pathAgent(bundle, 'safePath');
  return {
    act(obs, history) {
      seen.push(JSON.stringify(obs.elements));
      return oracle.act(obs, history);
    },
  };
}

/** What the probe reported in the last observation (its box's text). */
function report(seen: string[]): string {
  const last = seen[seen.length - 1] ?? '';
  const text = (JSON.parse(last) as { text?: string }[]).find((e) => e.text?.startsWith('probe'))?.text ?? '';
  return text;
}

async function episode(env: DecoyEnv, bundle: LoadedBundle, seen: string[]): Promise<EpisodeRecord> {
  return runEpisode({
    env,
    bundle,
    seed: 1,
    agent: watching(bundle, seen),
    agentId: 'oracle',
    defense: defenses.get('none').create({ seed: 1, options: {} }),
    defenseId: 'none',
  });
}

describe('the engine sandbox', () => {
  let dir = '';
  let listener: Awaited<ReturnType<typeof countingListener>>;
  let port = 0;
  const SECRET = `secret-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'decoy-sandbox-'));
    writeFileSync(join(dir, 'secret'), SECRET);
    process.env.DECOY_PROBE_SECRET = SECRET;
    listener = await countingListener();
    port = listener.port;
  });

  afterAll(async () => {
    delete process.env.DECOY_PROBE_SECRET;
    await listener.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('no route from a page function reaches process; the page cannot write, read, run a command, see the environment or reach a listener; the episode still scores', async () => {
    const bundle = crafted(dir, port);
    const seen: string[] = [];
    const env = DecoyEnv.sandboxed();
    const record = await episode(env, bundle, seen);
    // Let anything the page started in the engine process settle before looking.
    await env.close();
    await new Promise((r) => setTimeout(r, 300));
    const saw = report(seen);
    // No route from a page function reaches Node's Function (and so `process`).
    expect(saw).toContain(`routes to process 0`);
    for (let i = 0; i < ROUTES.length; i++) expect(saw).toMatch(new RegExp(`route ${i} failed`));
    expect(saw).not.toMatch(
      /(write|command|kill) ran|socket opened|http opened|xhr file|xhr sent|websocket opened|fetch sent|beacon sent/,
    );
    expect(saw).not.toContain(SECRET);
    expect(existsSync(join(dir, 'written'))).toBe(false);
    expect(existsSync(join(dir, 'command-ran'))).toBe(false);
    expect(listener.connections()).toBe(0);
    expect(record.end.kind).toBe('answer');
    expect([record.T, record.D]).toEqual([1, 0]);
  });

  it('a page finds no gc in the engine process, before or after a page large enough that the engine collects after loading it', async () => {
    const page = (filler: string) =>
      `<!doctype html><html><body><p id="out" style="position:absolute;left:0;top:0;width:400px;height:20px">none</p>${filler}<script>document.getElementById('out').textContent = 'gc ' + typeof gc + ' ' + typeof globalThis.gc + ' ' + ('gc' in window);</script></body></html>`;
    const browser = new SandboxBrowser();
    const seen: string[] = [];
    // The large one has more start tags than the engine collects after (COLLECT_AFTER_TAGS in simulator/page/sandbox/child.ts).
    for (const filler of ['', '<i></i>'.repeat(12_000), '']) {
      await browser.open({ files: { 'index.html': page(filler) } }, { seed: 1 });
      seen.push((await browser.observe()).elements.find((e) => e.role === 'paragraph')?.text ?? '');
    }
    await browser.close();
    expect(seen).toEqual([
      'gc undefined undefined false',
      'gc undefined undefined false',
      'gc undefined undefined false',
    ]);
  });

  it("once an engine process has started, SIGUSR1 no longer opens the run's inspector", async () => {
    const { url } = await import('node:inspector');
    expect(url()).toBeUndefined();
    process.kill(process.pid, 'SIGUSR1');
    await new Promise((r) => setTimeout(r, 300));
    expect(url()).toBeUndefined();
  });

  it('the same page run in-process does write the file (the probe is a real escape)', async () => {
    const bundle = crafted(dir, port);
    const env = new DecoyEnv();
    const seen: string[] = [];
    await episode(env, bundle, seen);
    await env.close();
    expect(report(seen)).toMatch(/route \d+: process.*write ran.*command ran/);
    expect(existsSync(join(dir, 'written'))).toBe(true);
    expect(existsSync(join(dir, 'command-ran'))).toBe(true);
  });
});

/**
 * Run after the engine's lock-down, as page code that had reached Node would: each line is
 * `name: ran` or `name: denied`. A forged reply, if one got through, arrives as a message.
 */
const DEFENCE = `
const { lockDown } = await import(process.argv[2]);
// The engine answers on a channel it opened before the lock-down (child.ts); this probe's is the IPC channel it was forked with.
const raw = process._send;
const send = (m) => Reflect.apply(raw, process, [m, undefined, {}, undefined]);
lockDown();
const out = {};
const probe = async (name, f) => { try { await f(); out[name] = 'ran'; } catch { out[name] = 'denied'; } };
const mod = (n) => process.getBuiltinModule(n);
await probe('function constructor', () => setTimeout.constructor('return process')());
await probe('async function constructor', () => (async () => {}).constructor('return process')());
await probe('generator constructor', () => (function* () {}).constructor('return process')().next());
await probe('async generator constructor', () => (async function* () {}).constructor('return process')().next());
await probe('kill the run', () => process._kill(process.ppid, 0));
await probe('kill', () => process.kill(process.ppid, 0));
await probe('send', () => { if (process.send({ forged: 1 }) === undefined) throw 0; });
await probe('_send', () => process._send({ forged: 2 }, undefined, {}, undefined));
await probe('net.Server', () => new (mod('net').Server)());
await probe('_listen2', () => new (mod('http').Server)()._listen2('127.0.0.1', 0, 4, -1));
await probe('socket on the IPC fd', () => new (mod('net').Socket)({ fd: 3 }));
await probe('dgram.Socket', () => new (mod('dgram').Socket)('udp4'));
await probe('dgram.createSocket', () => mod('dgram').createSocket('udp4'));
await probe('Error.prepareStackTrace', () => { Error.prepareStackTrace = (e, sites) => sites; if (typeof new Error().stack === 'string') throw 0; });
await probe('global Function', () => { if (Function('return 7')() !== 7) throw 0; });
send({ out });
`;

describe("the engine's lock-down (should page code reach Node)", () => {
  it('denies the Function constructors, a signal to the run, a forged reply and sockets; the global Function still works', async () => {
    const { ensureBuild } = (await import(pathToFileURL(packagePath('bin', 'build.mjs')).href)) as {
      ensureBuild: () => Promise<string>;
    };
    const built = dirname(dirname(await ensureBuild()));
    const dir = mkdtempSync(join(tmpdir(), 'decoy-lockdown-'));
    const script = join(dir, 'probe.mjs');
    writeFileSync(script, DEFENCE);
    const messages: unknown[] = [];
    let stderr = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const child = fork(script, [pathToFileURL(join(built, 'simulator', 'page', 'sandbox', 'lockdown.js')).href], {
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
          env: {},
        });
        child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('message', (m) => {
          messages.push(m);
          if ((m as { out?: unknown }).out) child.kill();
        });
        child.on('exit', () => resolve());
        child.on('error', reject);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(stderr).toBe('');
    // The lock-down's own send is the only one that reached the run.
    expect(messages).toHaveLength(1);
    const out = (messages[0] as { out: Record<string, string> }).out;
    const denied = Object.keys(out).filter((k) => k !== 'global Function');
    expect(denied).toHaveLength(14);
    for (const name of denied) expect([name, out[name]]).toEqual([name, 'denied']);
    expect(out['global Function']).toBe('ran');
  });
});

describe("the page's own stack traces", () => {
  it("a page cannot set prepareStackTrace, nor put another Error in its realm's or a frame's, so no call site (a sloppy engine frame's receiver is the engine's global) reaches it, not even from a function the engine calls", async () => {
    const js = `var refused = false, calls = 0, kinds = {};
try { Error.prepareStackTrace = function (e, sites) { return sites; }; } catch (e) { refused = e instanceof TypeError; }
// Node asks the realm's global Error for the hook: another object in its place, by assignment or by definition, would be asked instead.
var OE = Error, hook = { prepareStackTrace: function (e, sites) { return sites; } };
Error = hook;
try { Object.defineProperty(window, 'Error', { value: hook }); } catch (e) {}
refused = refused && window.Error === OE;
// A frame's realm is locked the same way.
var fw = document.createElement('iframe');
document.body.appendChild(fw);
fw = fw.contentWindow;
try { fw.Error.prepareStackTrace = hook.prepareStackTrace; refused = false; } catch (e) {}
var FE = fw.Error;
fw.Error = hook;
refused = refused && fw.Error === FE;
kinds[Array.isArray(new FE().stack) ? 'frame sites' : typeof new FE().stack] = true;
var r = document.getElementById('r'), shown = r.firstChild;
// Changes the page only when what it says changes: the engine reads the page while calling this.
function show() { var t = 'refused ' + refused + ' engine calls ' + (calls > 0) + ' stacks ' + Object.keys(kinds).join(','); if (shown.data !== t) shown.data = t; }
function look() { var s = new OE().stack; kinds[Array.isArray(s) ? 'sites' : typeof s] = true; if (calls > 0) show(); }
// The observation asks the role of a tag it does not know by itself (the body's) through the page's getAttribute (dom-accessibility-api).
var own = Element.prototype.getAttribute;
Element.prototype.getAttribute = function () { calls++; look(); return own.apply(this, arguments); };
look();
show();`;
    const b = new JsdomBrowser();
    try {
      await b.open(
        { files: { 'index.html': `<!doctype html><body><p id="r">-</p><script>${js}</script></body>` } },
        { seed: 1 },
      );
      // The first observation is engine code calling into the page's functions; the second reads what they saw.
      await b.observe();
      const texts = (await b.observe()).elements.map((e) => (e as { text?: string }).text ?? e.name);
      expect(texts.join(' | ')).toBe('refused true engine calls true stacks string');
    } finally {
      await b.close();
    }
  });
});
