/**
 * The fast engine: jsdom with fake timers and a seeded page. jsdom has no layout and does
 * not navigate between documents, so geometry comes from authored boxes (hit.ts) and the
 * engine performs navigation itself, carrying storage across documents.
 */
import { createRequire } from 'node:module';
import { JSDOM, VirtualConsole } from 'jsdom';
import vm from 'node:vm';
import FakeTimers from '@sinonjs/fake-timers';
import { LOG_CHANNEL, VIEWPORT, type PageEvent, type Viewport } from '../../../scenarios/contract.ts';
import { pageSeed } from '../../../scenarios/rng.ts';
import type { Scroll } from '../dom/geometry.ts';
import { hitTest, paintables } from '../hit.ts';
import {
  describe,
  observe,
  pageHeight,
  RefRegistry,
  type Entries,
  type Observation,
  type ObservationInto,
  type ObservedElement,
} from '../observe.ts';
import {
  answerFor,
  documentFor,
  NavigationError,
  NO_EARLIER_PAGE,
  ORIGIN,
  parseEventLog,
  T0,
  type Browser,
  type ClickOutcome,
  type OpenOptions,
  type SiteFiles,
} from './browser.ts';
import { prelude } from './prelude.ts';
import { usePageClock, type PageTimer } from './page-clock.ts';
import { injectionScript, injectionThrew, type PageInjection } from './inject.ts';
import { fillField, selectValues } from '../dom/forms.ts';
import { countElements, learnJsdom } from '../dom/nodes.ts';
import { isTrusted } from '../sandbox/trusted.ts';
import { lazyInlineStyles } from './lazy-style.ts';
import { fastSelectors } from './fast-select.ts';
import {
  DEFAULT_LIMITS,
  LimitError,
  maxEntries,
  maxText,
  overElements,
  overEntries,
  overText,
  startTags,
  textChars,
  type EpisodeLimits,
} from './limits.ts';

lazyInlineStyles();
fastSelectors();

/**
 * Runs decoy's own code in the page's realm. Through vm, not `window.eval`: code that
 * `window.eval` runs from a module keeps that module's loader, so an `import()` in it (or in
 * anything it evals later, an injected script included) would reach Node's modules; a vm
 * script has no loader, and `import()` fails.
 */
function inPage(window: object, code: string): unknown {
  return vm.runInContext(code, window as vm.Context);
}

let learnt = false;

/** The observation reads jsdom's nodes on their own objects, knowing jsdom by a document of ours, never a page's (dom/nodes.ts). */
function learnOnce(): void {
  if (learnt) return;
  const own = new JSDOM('<!doctype html>');
  learnt = learnJsdom(own.window.document);
  own.window.close();
}

const FAKED = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'Date',
  'performance',
  'requestAnimationFrame',
  'cancelAnimationFrame',
] as const;

type Clock = ReturnType<ReturnType<typeof FakeTimers.withGlobal>['install']>;

/** What the site runtime does not need and a page must not have: ways to reach a network (XMLHttpRequest is replaced by one that asks the site only, ASK_SHIM). */
const REMOVED = [
  'XMLHttpRequest',
  'WebSocket',
  'fetch',
  'EventSource',
  'Request',
  'Response',
  'Headers',
  // Atomics.wait (and a WebAssembly wait) blocks the engine's thread while its CPU time stays
  // low; the site runtime needs none of them.
  'Atomics',
  'SharedArrayBuffer',
  'WebAssembly',
  // Their callbacks run on Node's event loop when the engine's heap is collected (after a
  // large page loads, on purpose): page code outside the virtual clock and its limits.
  'WeakRef',
  'FinalizationRegistry',
  // jsdom's XPath is sloppy-mode code of the engine's realm: called without a receiver, its
  // functions run with the engine's global as `this` and write to it (found by review).
  'XPathException',
  'XPathExpression',
  'XPathResult',
  'XPathEvaluator',
] as const;

/** The XPath methods jsdom puts on a window's Document.prototype (see REMOVED). */
const DOCUMENT_REMOVED = ['evaluate', 'createExpression', 'createNSResolver'] as const;

/** Takes REMOVED (and `more`) off a window, and the XPath methods off its documents. */
function strip(win: Record<string, unknown>, more: readonly string[] = []): void {
  for (const name of [...REMOVED, ...more]) delete win[name];
  const documents = (win.Document as { prototype?: Record<string, unknown> } | undefined)?.prototype;
  if (documents) for (const name of DOCUMENT_REMOVED) delete documents[name];
}

/**
 * A frame (`<iframe>`, `<frame>`, made by the page itself) gets a window of its own from
 * jsdom, which load() never sees. Made as jsdom makes one by default, that window is no
 * realm of its own: its `Function`, `eval` and `globalThis` are the engine's, so page code
 * reached Node through `frame.contentWindow.Function`. A frame's window is made with a
 * realm of its own instead (jsdom's `outside-only`: scripts, handlers and `javascript:`
 * URLs still do not run in it), locked as a page's realm is (NO_CALL_SITES), seeded and
 * pinned to a fixed time (prelude), and given none of what the site runtime does not need: REMOVED, real timers and clocks (outside the
 * virtual clock and its limit; jsdom's postMessage fires on a real timer too, page-clock.ts). The site
 * runtime uses no frame. jsdom makes frame windows through this module's export.
 */
const FRAME_REAL_TIME = [
  'setTimeout',
  'setInterval',
  'requestAnimationFrame',
  'queueMicrotask',
  'postMessage',
  'Date',
  'performance',
] as const;
{
  const windows = createRequire(import.meta.url)('jsdom/lib/jsdom/browser/Window.js') as {
    createWindow: (o: Record<string, unknown>) => Record<string, unknown>;
  };
  const create = windows.createWindow;
  windows.createWindow = (options) => {
    const frame = create({ ...options, runScripts: 'outside-only' });
    // Its randomness seeded and its clocks pinned as a page's are, before its own are taken away.
    inPage(frame, prelude(0, T0));
    strip(frame, FRAME_REAL_TIME);
    inPage(frame, NO_CALL_SITES);
    return frame;
  };
}

/**
 * A prepareStackTrace of the page's realm is handed every frame of the call, the engine's
 * included: a frame of sloppy engine code (nwsapi's) called without a receiver has the
 * engine's global object as its `this`, and with it `process`. Node looks the hook up on
 * the realm's global `Error` when a stack is made, so the page may neither set one on its
 * `Error` nor put another object in the global `Error`'s place.
 */
const NO_CALL_SITES = `Object.defineProperty(Error, 'prepareStackTrace', { get: function () { return undefined; }, set: function () { throw new TypeError('Error.prepareStackTrace is not available to pages here'); }, configurable: false });
Object.defineProperty(globalThis, 'Error', { value: Error, writable: false, configurable: false, enumerable: false });`;

/** Timer functions whose callbacks count against the timers-per-step limit. */
const COUNTED = ['setTimeout', 'setInterval', 'requestAnimationFrame'] as const;

export { NavigationError } from './browser.ts';

export class JsdomBrowser implements Browser {
  /** Told, before a page is parsed, how many start tags it has (the engine process asks its run for time to load it). */
  loading: ((tags: number) => void) | null = null;
  readonly engine = 'jsdom' as const;
  private vp: Viewport = { ...VIEWPORT };
  /** Page errors and unimplemented features the page ran into; never shown to agents. */
  readonly diagnostics: string[] = [];
  private dom: JSDOM | null = null;
  private clock: Clock | null = null;
  private site: SiteFiles | null = null;
  private seed = 0;
  private docIndex = 0;
  private refs = new RefRegistry();
  private scroll: Scroll = { x: 0, y: 0 };
  private previous: string[] = [];
  private now = T0;
  /** The episode's events as the site's runtime recorded them through LOG_CHANNEL, across its documents. */
  private logged: string[] = [];
  private readonly limits: Pick<EpisodeLimits, 'domElements' | 'timersPerStep'>;
  /** Timer callbacks run since the clock last started advancing. */
  private fired = 0;
  /** Set once a limit is passed: every later call fails with it until the next open(). */
  private failed: string | null = null;
  /** The page-side defense of the episode, if any. */
  private inject: PageInjection | null = null;
  /** What the injected script threw: every later call fails with it until the next open(). */
  private injectFailed: string | null = null;

  constructor(limits: Partial<Pick<EpisodeLimits, 'domElements' | 'timersPerStep'>> = {}) {
    this.limits = {
      domElements: limits.domElements ?? DEFAULT_LIMITS.domElements,
      timersPerStep: limits.timersPerStep ?? DEFAULT_LIMITS.timersPerStep,
    };
  }

  private get win(): Window & typeof globalThis {
    if (!this.dom) throw new Error('no page is open');
    return this.dom.window as unknown as Window & typeof globalThis;
  }

  /** The live window, for tools and tests on the harness side. */
  get window(): Window {
    return this.win;
  }

  /** The element a ref names, if it is still on the page. */
  elementFor(ref: string): Element | undefined {
    const el = this.refs.element(ref);
    return el?.isConnected ? el : undefined;
  }

  get viewport(): Viewport {
    return this.vp;
  }

  async open(site: SiteFiles, opts: OpenOptions): Promise<void> {
    // Its scripts would run with decoy's own rights: a trusted bundle plays only in an engine process (sandbox/trusted.ts).
    if (isTrusted(site))
      throw new Error('a bundle read with --trust-bundles plays only in the engine sandbox, never in-process');
    learnOnce();
    this.dispose();
    this.vp = { ...(opts.viewport ?? VIEWPORT) };
    await freeClosedWindows();
    this.site = site;
    this.seed = opts.seed;
    this.docIndex = 0;
    this.refs = new RefRegistry();
    this.previous = [];
    this.now = T0;
    this.diagnostics.length = 0;
    this.failed = null;
    this.inject = opts.inject ?? null;
    this.injectFailed = null;
    this.logged = [];
    await this.load(new URL(opts.path ?? '/', ORIGIN).href, {});
    this.guard();
  }

  /** Throws the limit passed earlier in this episode, or the one the page passes now; or what the injected script threw. */
  private guard(): void {
    this.failedBefore();
    // Counted afresh each time: anything that would say the tree is unchanged is the page's to write.
    if (this.dom) this.guardCount(countElements(this.dom.window.document));
  }

  private failedBefore(): void {
    if (this.failed !== null) throw new LimitError(this.failed);
    if (this.injectFailed !== null) throw new Error(this.injectFailed);
  }

  private guardCount(count: number): void {
    if (count > this.limits.domElements) this.fail(overElements(count, this.limits.domElements));
  }

  private fail(reason: string): never {
    this.failed = reason;
    throw new LimitError(reason);
  }

  /**
   * Wraps the faked timers so that each callback counts, and a string callback runs in the
   * page (fake-timers would eval it in Node's realm). Past the limit, callbacks stop running
   * and every pending timer is cleared, so the advance that passed it ends.
   */
  private countTimers(window: Window & typeof globalThis, clock: Clock): void {
    const engine = this;
    for (const name of COUNTED) {
      const faked = window[name] as unknown as (fn: unknown, ...rest: unknown[]) => unknown;
      const counted = function (this: unknown, fn: unknown, ...rest: unknown[]) {
        const body = typeof fn === 'function' ? (fn as (...a: unknown[]) => unknown) : () => inPage(window, String(fn));
        return faked.call(
          this,
          function (this: unknown, ...args: unknown[]) {
            if (engine.failed !== null) return undefined;
            if (++engine.fired > engine.limits.timersPerStep) {
              engine.failed = `the page ran over ${engine.limits.timersPerStep} timers in one step of virtual time`;
              clearAll(clock);
              return undefined;
            }
            return body.apply(this, args);
          },
          ...rest,
        );
      };
      Object.defineProperty(window, name, { value: counted, writable: true, configurable: true });
    }
  }

  /** Loads a document and waits for its `load` event, as Chromium's engine does (the moment an injected script runs). */
  private async load(url: string, storage: Record<string, string>): Promise<void> {
    const html = documentFor(this.site ?? { files: {} }, new URL(url).pathname);
    // Parsing costs about as much per element as the limit is meant to spare: count start tags first.
    const tags = startTags(html);
    if (tags > this.limits.domElements)
      this.fail(`the page has ${tags} start tags, over the limit of ${this.limits.domElements} elements`);
    this.loading?.(tags);
    const console = new VirtualConsole();
    console.on('jsdomError', (e: Error) => this.diagnostics.push(`jsdom: ${e.message}`));
    console.on('error', (...args: unknown[]) => this.diagnostics.push(`console.error: ${args.map(String).join(' ')}`));
    const seed = pageSeed(this.seed, this.docIndex++);
    this.scroll = { x: 0, y: 0 };
    let loaded = () => {};
    const done = new Promise<void>((resolve) => (loaded = resolve));
    this.dom = new JSDOM(html, {
      url,
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole: console,
      beforeParse: (window) => {
        const win = window as unknown as Window & typeof globalThis;
        const clock = FakeTimers.withGlobal(win).install({ now: this.now, toFake: [...FAKED] });
        this.clock = clock;
        this.countTimers(win, clock);
        usePageClock(window, win.setTimeout as unknown as PageTimer);
        strip(win as unknown as Record<string, unknown>);
        delete (win.navigator as unknown as Record<string, unknown>).sendBeacon;
        inPage(window, NO_CALL_SITES);
        inPage(window, prelude(seed));
        for (const [k, v] of Object.entries(storage)) window.localStorage.setItem(k, v);
        // scrollTo is made in the page's realm and hands the engine numbers only, so its
        // .constructor is the page's own Function, not a way into Node (defence in depth:
        // the sandbox is what contains a page that escapes by another route).
        // The site's runtime records each event here too (contract.ts LOG_CHANNEL): made in the page's realm, it hands the engine a string only.
        (inPage(window, logChannel(LOG_CHANNEL)) as (record: (event: string) => void) => void)((event) =>
          this.logged.push(String(event)),
        );
        askSite(window, (href) => this.answer(href));
        const install = inPage(window, SCROLL_SHIM) as (
          report: (left: number | null, top: number | null) => void,
        ) => void;
        install((left, top) => this.setScroll(left ?? this.scroll.x, top ?? this.scroll.y));
        // Registered before the page's own scripts, so its load listener runs first (inject.ts);
        // the report hands the engine a string only.
        const inject = this.inject;
        if (inject)
          (inPage(window, injectionScript(inject.source)) as (report: (m: string) => void) => void)(
            (m) => (this.injectFailed ??= injectionThrew(inject.name, String(m))),
          );
        window.addEventListener('load', () => loaded());
      },
    });
    // jsdom fires load from promise jobs once parsing is done, before the event loop turns;
    // a document that never fires it (one that closed its own window) is not waited for.
    await new Promise<void>((resolve) => {
      void done.then(resolve);
      setImmediate(resolve);
    });
  }

  /** What the site answers a page's request for `href`: only a JSON file of its own origin. */
  private answer(href: string): string | null {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return null;
    }
    return url.origin === ORIGIN ? answerFor(this.site ?? { files: {} }, url.pathname) : null;
  }

  private storage(): Record<string, string> {
    const ls = this.win.localStorage;
    const out: Record<string, string> = {};
    for (let i = 0; i < ls.length; i++) {
      const k = ls.key(i) as string;
      out[k] = ls.getItem(k) ?? '';
    }
    return out;
  }

  private async navigate(href: string): Promise<void> {
    const target = new URL(href, this.win.location.href);
    if (target.origin !== ORIGIN) throw new NavigationError(`navigation to ${target.origin} is outside the site`);
    const storage = this.storage();
    this.previous.push(this.win.location.href);
    this.dispose();
    await this.load(target.href, storage);
  }

  private setScroll(x: number, y: number): void {
    const height = pageHeight(paintables(this.win.document, { x: 0, y: 0 }), { x: 0, y: 0 }, this.viewport);
    this.scroll = { x: 0, y: Math.max(0, Math.min(Math.round(y), height - this.viewport.height)) };
    void x;
  }

  async observe(): Promise<Observation> {
    return this.observeInto<ObservedElement[]>([]);
  }

  /** The observation with its entries pushed to `into` as they are read. */
  async observeInto<S extends Entries>(into: S): Promise<ObservationInto<S>> {
    this.failedBefore();
    // Runs of text are not elements: a page of few elements may still hold more of them than anyone can read.
    const limit = maxEntries(this.limits);
    const textLimit = maxText(this.limits);
    let listed = 0;
    let chars = 0;
    const counted: Entries = {
      push: (entry) => {
        if (++listed > limit) this.fail(overEntries(limit));
        chars += textChars(entry);
        if (chars > textLimit) this.fail(overText(textLimit));
        return into.push(entry);
      },
    };
    // The observation's first pass over the page counts it, as guard would.
    const obs = observe(this.win, this.refs, this.scroll, this.viewport, (count) => this.guardCount(count), counted);
    return { ...obs, elements: into };
  }

  async aim(points: readonly { x: number; y: number }[]): Promise<string[]> {
    this.failedBefore();
    const doc = this.win.document;
    return points.map(({ x, y }) => describe(hitTest(doc, x, y, this.scroll)));
  }

  async clickAt(x: number, y: number): Promise<ClickOutcome> {
    const win = this.win;
    const doc = win.document;
    const hit = hitTest(doc, x, y, this.scroll);
    const target = hit ?? doc.body;
    const control = target.closest('button, input, select, textarea') as HTMLButtonElement | null;
    if (control?.disabled || target.closest('fieldset[disabled]')) return { target: describe(hit), disabled: true };
    const init = {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: win,
      clientX: x,
      clientY: y,
      screenX: x,
      screenY: y,
      button: 0,
    };
    const Pointer = (win as unknown as { PointerEvent?: typeof MouseEvent }).PointerEvent ?? win.MouseEvent;
    target.dispatchEvent(new Pointer('pointerdown', { ...init, buttons: 1 }));
    target.dispatchEvent(new win.MouseEvent('mousedown', { ...init, buttons: 1 }));
    const focusable = target.closest('a[href], button, input, select, textarea, [tabindex]') as HTMLElement | null;
    focusable?.focus();
    target.dispatchEvent(new Pointer('pointerup', init));
    target.dispatchEvent(new win.MouseEvent('mouseup', init));
    const click = new win.MouseEvent('click', { ...init, detail: 1 });
    target.dispatchEvent(click);
    const link = target.closest('a[href]') as HTMLAnchorElement | null;
    if (!click.defaultPrevented && link) await this.navigate(link.href);
    this.guard();
    return { target: describe(hit), disabled: false };
  }

  private element(ref: string): HTMLElement {
    const el = this.refs.element(ref);
    if (!el || !el.isConnected) throw new Error(`element ${ref} is no longer on the page`);
    return el as HTMLElement;
  }

  async fill(ref: string, value: string): Promise<void> {
    fillField(this.element(ref) as HTMLInputElement, value);
    this.guard();
  }

  async selectOption(ref: string, values: readonly string[]): Promise<string[]> {
    const chosen = selectValues(this.element(ref) as HTMLSelectElement, values);
    this.guard();
    return chosen;
  }

  async scrollTo(x: number, y: number): Promise<void> {
    this.setScroll(x, y);
  }

  async goto(url: string): Promise<void> {
    this.guard();
    await this.navigate(url);
    this.guard();
  }

  async back(): Promise<void> {
    this.guard();
    const before = this.win.location.href;
    this.win.history.back();
    this.tick(0);
    this.tick(1);
    if (this.win.location.href !== before) return;
    const prev = this.previous.pop();
    if (prev === undefined) throw new NavigationError(NO_EARLIER_PAGE);
    const storage = this.storage();
    this.dispose();
    await this.load(prev, storage);
    this.guard();
  }

  private tick(ms: number): void {
    if (!this.clock) return;
    this.fired = 0;
    this.clock.tick(ms);
    this.now = this.clock.now;
  }

  async advance(ms: number): Promise<void> {
    this.guard();
    this.tick(ms);
    this.guard();
  }

  elapsed(): number {
    return this.now - T0;
  }

  async events(): Promise<PageEvent[]> {
    this.guard();
    return parseEventLog(`[${this.logged.join(',')}]`);
  }

  private dispose(): void {
    if (this.clock) this.clock.uninstall();
    this.clock = null;
    if (this.dom) this.dom.window.close();
    this.dom = null;
  }

  async close(): Promise<void> {
    this.dispose();
    await freeClosedWindows();
  }
}

/** Removes every pending timer of the page's clock. */
function clearAll(clock: Clock): void {
  const timers = (clock as unknown as { timers?: Map<number, { type?: string }> }).timers;
  for (const [id, timer] of [...(timers ?? new Map<number, { type?: string }>()).entries()]) {
    if (timer.type === 'AnimationFrame') clock.cancelAnimationFrame(id);
    else clock.clearTimeout(id as unknown as Parameters<Clock['clearTimeout']>[0]);
  }
}

/** Evaluated in the page: installs scrollTo/scroll as page functions that report numbers only. */
/** The page-realm function the runtime takes from `window[name]`; what it is called with reaches the engine as a string. */
export const logChannel = (name: string) => `(function (record) {
  Object.defineProperty(window, ${JSON.stringify(name)}, { value: function (event) { record(String(event)); }, configurable: true, enumerable: false, writable: false });
})`;

/**
 * Evaluated in the page: an XMLHttpRequest that asks the site for a file of its own origin,
 * synchronously (what the site runtime does, generator/runtime/ask.ts), and is told its text
 * or that it is not there, as it is for another method or origin. Nothing reaches a network;
 * an asynchronous request is refused.
 */
const ASK_SHIM = `(function (read) {
  function XMLHttpRequest() {
    this.readyState = 0;
    this.status = 0;
    this.responseText = '';
    this.response = '';
  }
  XMLHttpRequest.prototype.open = function (method, url, async) {
    if (async !== false) throw new Error('this page may only ask its site synchronously');
    this.get = String(method).toUpperCase() === 'GET';
    this.url = new URL(String(url), location.href).href;
    this.readyState = 1;
  };
  XMLHttpRequest.prototype.send = function () {
    if (this.readyState !== 1) throw new Error('send before open');
    var text = this.get ? read(this.url) : null;
    this.readyState = 4;
    this.status = typeof text === 'string' ? 200 : 404;
    this.responseText = typeof text === 'string' ? text : '';
    this.response = this.responseText;
  };
  XMLHttpRequest.prototype.setRequestHeader = function () {};
  XMLHttpRequest.prototype.getResponseHeader = function (name) {
    return this.status === 200 && String(name).toLowerCase() === 'content-type' ? 'application/json' : null;
  };
  XMLHttpRequest.prototype.abort = function () {};
  window.XMLHttpRequest = XMLHttpRequest;
})`;

/** Gives a window (its scripts run) the request that asks its site (ASK_SHIM): `read` answers an absolute URL with a file's text, or null. The page hands it a string and gets one back. */
export function askSite(window: object, read: (href: string) => string | null): void {
  (inPage(window, ASK_SHIM) as (read: (href: unknown) => string | null) => void)((href) =>
    typeof href === 'string' ? read(href) : null,
  );
}

const SCROLL_SHIM = `(function (report) {
  function scrollTo(x, y) {
    var o = typeof x === 'object' && x !== null ? x : { left: x, top: y };
    var left = o.left === undefined ? null : Number(o.left);
    var top = o.top === undefined ? null : Number(o.top);
    report(left === left ? left : null, top === top ? top : null);
  }
  window.scrollTo = scrollTo;
  window.scroll = scrollTo;
})`;

/**
 * A closed jsdom window is only released once Node's event loop turns; a run of episodes
 * chained by promises alone never turns it and keeps every document it loaded.
 */
const freeClosedWindows = () => new Promise<void>((resolve) => setImmediate(resolve));
