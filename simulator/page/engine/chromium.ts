/**
 * The reference engine: a real Chromium driven by playwright-core. The bundle is served
 * from the same https origin as in jsdom through request routing (so localStorage works),
 * time is Playwright's fake clock paused at T0 and advanced by the simulator, and the
 * observation is computed by the simulator's own DOM code running inside the page, so the
 * two engines differ only where the browser does: layout, hit testing, real input.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, type Browser as Chromium, type BrowserContext, type Page, type Route } from 'playwright-core';
import { LOG_CHANNEL, VIEWPORT, type PageEvent, type Viewport } from '../../../scenarios/contract.ts';
import { pageSeed } from '../../../scenarios/rng.ts';
import { quote, shortReason, UserError } from '../../../lib/errors.ts';
import { DEFAULT_LIMITS, LimitError, overElements, overTime, type EpisodeLimits } from './limits.ts';
import type { Rect, Scroll } from '../dom/geometry.ts';
import type { Observation } from '../observe.ts';
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
import { pageScript } from './page-script.ts';
import { preludeWith } from './prelude.ts';
import { withTimeout } from '../../../lib/timeout.ts';
import { servedPage } from './served.ts';
import { injectionScript, injectionThrew, type PageInjection } from './inject.ts';
import type { PageApi } from './in-page.ts';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/**
 * What a headless browser on a closed network needs: nothing that calls home, and no UDP;
 * and what makes its screenshots the same bytes on every launch.
 * Request routing (the `serve` method) sees only HTTP(S) requests; WebRTC's STUN/TURN and QUIC go round
 * it, so WebRTC may use no UDP that does not go through a proxy (there is none), QUIC is off,
 * and no host name resolves (the site's requests are answered by the routing, never looked
 * up), so not even a DNS query leaves.
 */
export const LAUNCH_ARGS: readonly string[] = [
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  // Without it, a tile re-rasterised in part could come out one colour level apart at
  // antialiased edges from one launch to the next; with it, the same state gives the same
  // PNG bytes (measured in the README, under "decoy dataset").
  '--disable-partial-raster',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--mute-audio',
];

/**
 * Run in every document before its own scripts: the page's realm loses WebRTC and
 * WebTransport, which the site runtime never uses. The launch flags already keep their
 * packets in; this is the second wall, and the one a page sees first.
 */
export const NO_UDP_SCRIPT = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'RTCIceTransport', 'RTCDtlsTransport', 'RTCSctpTransport', 'RTCRtpSender', 'RTCRtpReceiver', 'RTCRtpTransceiver', 'RTCSessionDescription', 'RTCCertificate', 'WebTransport']) { try { delete window[name]; } catch (e) {} }`;

/**
 * Run in every document before its own scripts: the count of the document's elements, read
 * through functions taken before the page could replace them, on a property the page cannot
 * redefine, so that the element limit counts what is there.
 */
const COUNT_SCRIPT = `(() => { const byTag = Document.prototype.getElementsByTagName; const length = Object.getOwnPropertyDescriptor(HTMLCollection.prototype, 'length').get; const d = document; Object.defineProperty(window, '__decoyElements', { value: () => length.call(byTag.call(d, '*')), writable: false, enumerable: false, configurable: false }); })();`;

/**
 * Run in every document before its own scripts, for a page-side defense: the wrapper both
 * engines share (inject.ts), in the site's top document only (jsdom runs none in a frame, nor
 * has an about:blank first page), its first complaint kept where the engine reads it after
 * every step, on a property the page cannot redefine.
 */
const injectInit = (source: string) =>
  `(() => { if (window.top !== window || location.origin !== ${JSON.stringify(ORIGIN)}) return; let threw = null; Object.defineProperty(window, '__decoyInjectError', { value: () => threw, writable: false, enumerable: false, configurable: false }); (${injectionScript(source)})((m) => { if (threw === null) threw = String(m); }); })();`;

/** The content types of the pictures a site serves, by extension. */
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** In the page: resolves when every background picture its elements show is loaded and decoded (a failed one counts as done). */
const PICTURES_DECODED = async (): Promise<void> => {
  const urls = new Set<string>();
  for (const el of document.querySelectorAll('*')) {
    const m = /url\("?([^")]+)"?\)/.exec(getComputedStyle(el).backgroundImage);
    if (m?.[1]) urls.add(m[1]);
  }
  await Promise.all(
    [...urls].map((u) => {
      const img = new Image();
      img.src = u;
      return img.decode().catch(() => undefined);
    }),
  );
};

/**
 * How long one call into the browser may take when no step limit is given (screenshots for
 * shoot and dataset): past it the call fails, as a page in a busy loop answers nothing.
 */
export const CHROMIUM_CALL_MS = 30_000;

/** What a ChromiumBrowser takes from an episode's limits: a step's time bounds each call (in wall time: the browser's own processes are not measured), and the element limit. */
export const chromiumLimits = (limits: Partial<Pick<EpisodeLimits, 'stepSeconds' | 'domElements'>>) => ({
  ...(limits.stepSeconds !== undefined ? { callMs: limits.stepSeconds * 1000 } : {}),
  ...(limits.domElements !== undefined ? { domElements: limits.domElements } : {}),
});

/** A browser that crashed or failed in a call: the reason in a short line. (A call past its time is a LimitError.) */
export class ChromiumError extends Error {}

/** A failure that is the page's doing in Chromium (past a call's time or a limit, a crash, a step that left the site): the bundle's, not decoy's. */
export const isPageFailure = (e: unknown): e is Error =>
  e instanceof LimitError || e instanceof ChromiumError || e instanceof NavigationError;

/**
 * How a document learns its seed: the engine sets this cookie just before it serves the
 * document, and the prelude (an init script, the same text in every document) reads it and
 * deletes it before any of the page's own scripts run. A document with no cookie (an
 * about:blank frame) gets seed 0, as every jsdom frame is pinned.
 */
const SEED_COOKIE = '__decoy_seed';
const PRELUDE_INIT = preludeWith(
  `(function () { var m = /(?:^|; )${SEED_COOKIE}=(\\d+)/.exec(document.cookie); if (!m) return 0; document.cookie = '${SEED_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Strict'; return Number(m[1]); })()`,
);

/**
 * Characters of event log a page may send through the log binding in one episode: a
 * generated site's whole log is a few KB; a page that calls the binding in a loop ends its
 * episode instead of filling the run's memory (jsdom's storage quota bounds the same log there).
 */
export const MAX_LOGGED_CHARS = 5_000_000;
export const overLogged = (limit: number) => `the page sent more than ${limit} characters of event log`;

/** The injected script threw in a document: the episode ends with this reason, its page kept. */
class InjectionError extends Error {}

/** The first line of a message, short: a page can make its errors as long as it likes. */
// Playwright's messages carry a call log after their first line; the first line names the failure.
const firstLine = (e: unknown) =>
  shortReason(((e as Error)?.message ?? String(e)).split('\n').find((l) => l.trim() !== '') ?? 'failed');

/** The browser to drive: the one named, else $DECOY_CHROMIUM, else a Chromium on PATH. */
export function findChromium(explicit?: string): string {
  const named = explicit ?? process.env.DECOY_CHROMIUM;
  const runnable = (p: string) => {
    try {
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (named) {
    if (!runnable(named))
      throw new UserError(
        `no runnable browser at ${quote(named)}: install Debian's chromium (apt-get install -y chromium) or name another with --browser PATH or DECOY_CHROMIUM`,
      );
    return named;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of NAMES) if (dir && runnable(join(dir, name))) return join(dir, name);
  }
  throw new UserError(
    "no Chromium found: install Debian's package (apt-get install -y chromium), or name a browser with --browser PATH or DECOY_CHROMIUM",
  );
}

/**
 * Starts the browser at `executable`. A program that is not a Chromium playwright can drive
 * (or that fails to start) is a one-line error naming it, not the driver's log.
 */
async function launch(executable: string): Promise<Chromium> {
  try {
    launched++;
    // Ctrl-C is decoy's to handle (shoot and dataset stop after the item under way and
    // close the browser themselves); Playwright's own handler would exit the process at once.
    return await chromium.launch({
      executablePath: executable,
      headless: true,
      args: [...LAUNCH_ARGS],
      handleSIGINT: false,
    });
  } catch (e) {
    const first =
      ((e as Error).message ?? '')
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l !== '') ?? 'it failed to start';
    throw new UserError(
      `cannot launch the browser at ${quote(executable)}: ${first.replace(/^browserType\.launch: /, '')}`,
    );
  }
}

let launched = 0;
/** How many browsers this process has launched. */
export const chromiumLaunches = () => launched;

/** Browsers launchableChromium started, each kept for the first ChromiumBrowser of its executable. */
const kept = new Map<string, Chromium>();

/**
 * The browser to use (see findChromium), started before a command writes or computes
 * anything, and kept: the command's first ChromiumBrowser of that executable drives this
 * one rather than launching another. Pair it with releaseChromium.
 */
export async function launchableChromium(explicit?: string): Promise<string> {
  const executable = findChromium(explicit);
  if (!kept.get(executable)?.isConnected()) kept.set(executable, await launch(executable));
  return executable;
}

/** Closes what launchableChromium kept and no ChromiumBrowser took (a command that ended early). */
export async function releaseChromium(): Promise<void> {
  const left = [...kept.values()];
  kept.clear();
  await Promise.all(left.map((b) => b.close().catch(() => {})));
}

async function takeOrLaunch(executable: string): Promise<Chromium> {
  const ready = kept.get(executable);
  kept.delete(executable);
  return ready?.isConnected() ? ready : launch(executable);
}

type Call = { [K in keyof PageApi]: PageApi[K] extends (...a: infer A) => infer R ? [K, A, R] : never }[keyof PageApi];

/** What the site answers a request that is no document (browser.ts answerFor): a script's GET only, never an image's or a stylesheet's load, as jsdom's engine does; null is not found. */
export function scriptAnswer(site: SiteFiles, method: string, kind: string, pathname: string): string | null {
  return method === 'GET' && (kind === 'xhr' || kind === 'fetch') ? answerFor(site, pathname) : null;
}

export class ChromiumBrowser implements Browser {
  readonly engine = 'chromium' as const;
  private vp: Viewport = { ...VIEWPORT };
  /** Page errors; never shown to agents. */
  readonly diagnostics: string[] = [];
  private readonly executable: string;
  private readonly scale: number;
  private readonly callMs: number;
  private readonly domElements: number;
  /** Set once a limit is passed (or the injected script threw): every later call fails with it until the next open(). */
  private failed: LimitError | InjectionError | null = null;
  private browser: Chromium | null = null;
  private context: BrowserContext | null = null;
  private pg: Page | null = null;
  private site: SiteFiles | null = null;
  private seed = 0;
  private docIndex = 0;
  private issued = 0;
  private scroll: Scroll = { x: 0, y: 0 };
  private now = T0;
  /** The episode's events as the site's runtime recorded them through LOG_CHANNEL, across its documents. */
  private logged: string[] = [];
  private inject: PageInjection | null = null;

  /**
   * `callMs`: how long one call may take (CHROMIUM_CALL_MS unless given; chromiumLimits
   * derives it from a step limit). `domElements`: elements a document may hold after a step
   * (DEFAULT_LIMITS' unless given).
   */
  constructor(opts: { executable?: string; scale?: number; callMs?: number; domElements?: number } = {}) {
    this.executable = findChromium(opts.executable);
    this.scale = opts.scale ?? 1;
    this.callMs = opts.callMs ?? CHROMIUM_CALL_MS;
    this.domElements = opts.domElements ?? DEFAULT_LIMITS.domElements;
  }

  private get page(): Page {
    if (!this.pg) throw new Error('no page is open');
    return this.pg;
  }

  /**
   * Every call into the browser runs here: one that takes longer than `callMs` (a page in a
   * busy loop) throws a LimitError with the reason jsdom's engine gives, one that fails (a crashed page or browser) a
   * ChromiumError, each with a short reason, and the browser is closed so that the next
   * `open` starts a fresh one. A navigation off the site stays a NavigationError, which the
   * episode handles. A step (`counted`) then has its elements counted against the limit.
   */
  private async guard<T>(what: string, work: () => Promise<T>, counted = false): Promise<T> {
    if (this.failed) throw this.failed;
    const step = async () => {
      const result = await work();
      if (counted) await this.countElements();
      return result;
    };
    try {
      return await withTimeout(step(), this.callMs, () => new LimitError(overTime(this.callMs / 1000)));
    } catch (e) {
      if (e instanceof NavigationError) throw e;
      if ((e instanceof LimitError || e instanceof InjectionError) && this.failed === e) throw e;
      await this.discard();
      throw e instanceof ChromiumError || e instanceof LimitError
        ? e
        : new ChromiumError(`Chromium failed (${what}): ${firstLine(e)}`);
    }
  }

  /**
   * Fails the episode, keeping its page, when the document holds more elements than the
   * limit, or when the injected script threw in it.
   */
  private async countElements(): Promise<void> {
    const [count, threw] = await this.page.evaluate(() => {
      const w = window as unknown as { __decoyElements: () => number; __decoyInjectError?: () => string | null };
      return [w.__decoyElements(), typeof w.__decoyInjectError === 'function' ? w.__decoyInjectError() : null] as const;
    });
    if (count > this.domElements) {
      this.failed = new LimitError(overElements(count, this.domElements));
      throw this.failed;
    }
    if (threw !== null && this.inject) {
      this.failed = new InjectionError(injectionThrew(this.inject.name, threw));
      throw this.failed;
    }
  }

  /** Drops the browser after a failure, waiting for it to close no longer than one call may take. */
  private async discard(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.context = null;
    this.pg = null;
    if (!browser) return;
    await withTimeout(browser.close(), this.callMs, () => new Error('Chromium did not close')).catch(() => {});
  }

  private async call<K extends Call[0]>(
    name: K,
    ...args: Extract<Call, [K, unknown, unknown]>[1]
  ): Promise<Extract<Call, [K, unknown, unknown]>[2]> {
    return this.page.evaluate(
      ([n, a]) => {
        const api = (window as unknown as { __decoy: Record<string, (...x: unknown[]) => unknown> }).__decoy;
        return api[n as string]!(...(a as unknown[]));
      },
      [name, args] as const,
    ) as Promise<Extract<Call, [K, unknown, unknown]>[2]>;
  }

  get viewport(): Viewport {
    return this.vp;
  }

  async open(site: SiteFiles, opts: OpenOptions): Promise<void> {
    // A browser that crashed or was closed is replaced: the next episode gets a working one.
    // Launching is outside the call's time (a browser that cannot start is a UserError).
    if (this.browser && !this.browser.isConnected()) {
      this.browser = null;
      this.context = null;
    }
    this.failed = null;
    this.browser ??= await takeOrLaunch(this.executable);
    const browser = this.browser;
    await this.guard(
      'open',
      async () => {
        await this.context?.close().catch(() => {});
        this.vp = { ...(opts.viewport ?? VIEWPORT) };
        if (this.site !== site) this.servedPages.clear();
        this.site = site;
        this.seed = opts.seed;
        this.docIndex = 0;
        this.issued = 0;
        this.scroll = { x: 0, y: 0 };
        this.now = T0;
        this.diagnostics.length = 0;
        this.context = await browser.newContext({
          viewport: this.viewport,
          deviceScaleFactor: this.scale,
          timezoneId: 'UTC',
          locale: 'en-US',
          serviceWorkers: 'block',
        });
        this.context.setDefaultTimeout(this.callMs);
        this.logged = [];
        let loggedChars = 0;
        // The site's runtime records each event here too (contract.ts LOG_CHANNEL), from the top document only.
        await this.context.exposeBinding(LOG_CHANNEL, (source, event: unknown) => {
          if (source.frame !== source.page.mainFrame() || this.failed) return;
          const text = typeof event === 'string' ? event : String(event);
          loggedChars += text.length + 1;
          if (loggedChars > MAX_LOGGED_CHARS) this.failed = new LimitError(overLogged(MAX_LOGGED_CHARS));
          else this.logged.push(text);
        });
        await this.context.addInitScript({ content: NO_UDP_SCRIPT });
        await this.context.addInitScript({ content: COUNT_SCRIPT });
        await this.context.addInitScript({ content: await pageScript() });
        this.inject = opts.inject ?? null;
        if (this.inject) await this.context.addInitScript({ content: injectInit(this.inject.source) });
        // Last, where the document's first script stood before: it sees the page's globals as a document's own script would.
        await this.context.addInitScript({ content: PRELUDE_INIT });
        await this.context.route('**/*', (route) => this.serve(route));
        const page = await this.context.newPage();
        page.on('pageerror', (e) => this.diagnostics.push(`page: ${firstLine(e)}`));
        page.on('crash', () => this.diagnostics.push('page: crashed'));
        this.pg = page;
        // Installed a little before T0, since the clock runs until paused: pausing at T0 itself could be in the past.
        await page.clock.install({ time: T0 - 10_000 });
        await page.clock.pauseAt(T0);
        await page.goto(new URL(opts.path ?? '/', ORIGIN).href, { waitUntil: 'load' });
      },
      true,
    );
  }

  /** Each page of the open site as served, written out once an episode. */
  private servedPages = new Map<string, string>();

  private served(text: string): string {
    let page = this.servedPages.get(text);
    if (page === undefined) {
      try {
        page = servedPage(text);
      } catch {
        // Only a trusted page can fail to be written out (nested past the check's limit): it is served as it is.
        page = text;
      }
      this.servedPages.set(text, page);
    }
    return page;
  }

  /** The site's files from its own origin; nothing else is reachable. */
  private async serve(route: Route): Promise<void> {
    const req = route.request();
    const url = new URL(req.url());
    if (url.origin !== ORIGIN || !this.site) return route.abort('blockedbyclient');
    if (req.resourceType() === 'image') {
      // A picture of the site's own (its bytes checked when the bundle was read, trust.ts imageProblem).
      const path = url.pathname.replace(/^\/+/, '');
      const type = IMAGE_TYPES[/\.(\w+)$/.exec(path)?.[1]?.toLowerCase() ?? ''];
      const data = this.site.data;
      if (type && data && Object.hasOwn(data, path))
        return route.fulfill({ status: 200, contentType: type, body: Buffer.from(data[path] as Uint8Array) });
    }
    if (req.resourceType() !== 'document') {
      const answer = scriptAnswer(this.site, req.method(), req.resourceType(), url.pathname);
      return answer === null
        ? route.fulfill({ status: 404, body: '' })
        : route.fulfill({ status: 200, contentType: 'application/json', body: answer });
    }
    // The document is served as the tree that was checked when the bundle was read (trust.ts servedPage), nothing spliced in; its seed goes beside it (SEED_COOKIE).
    const body = this.served(documentFor(this.site, url.pathname));
    const seed = pageSeed(this.seed, this.docIndex++);
    await this.context?.addCookies([
      { name: SEED_COOKIE, value: String(seed), url: ORIGIN, secure: true, sameSite: 'Strict' },
    ]);
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
  }

  async observe(): Promise<Observation> {
    return this.guard('observe', async () => {
      const { observation, issued } = await this.call('observe', this.scroll, this.viewport, this.issued);
      this.issued = issued;
      return observation;
    });
  }

  async aim(points: readonly { x: number; y: number }[]): Promise<string[]> {
    const hits = await this.guard('aim', () => this.call('aims', [...points]));
    if (!Array.isArray(hits) || hits.length !== points.length || hits.some((h) => typeof h !== 'string'))
      throw new ChromiumError('Chromium answered aim with a malformed value');
    return hits;
  }

  async clickAt(x: number, y: number): Promise<ClickOutcome> {
    return this.guard(
      'click',
      async () => {
        const aim = await this.call('aim', x, y);
        if (aim.disabled) return { target: aim.target, disabled: true };
        await this.page.mouse.click(x, y);
        await this.settle();
        await this.followScroll();
        return { target: aim.target, disabled: false };
      },
      true,
    );
  }

  /** After real input a link may be taking the page elsewhere: wait until the next document has loaded. */
  private async settle(): Promise<void> {
    const leaving = await this.call('leaving').catch(() => 'gone');
    if (leaving && leaving !== 'gone') await this.page.waitForURL(leaving, { waitUntil: 'load' });
    await this.page.waitForLoadState('load');
  }

  /** The page may scroll itself (a route change scrolls to the top), as jsdom's engine lets it. */
  private async followScroll(): Promise<void> {
    this.scroll = { x: 0, y: await this.page.evaluate(() => Math.round(window.scrollY)) };
  }

  async fill(ref: string, value: string): Promise<void> {
    await this.guard(
      'fill',
      async () => {
        await this.call('fill', ref, value);
        await this.followScroll();
      },
      true,
    );
  }

  async selectOption(ref: string, values: readonly string[]): Promise<string[]> {
    return this.guard(
      'select',
      async () => {
        const chosen = await this.call('selectOption', ref, [...values]);
        await this.followScroll();
        return chosen;
      },
      true,
    );
  }

  async scrollTo(_x: number, y: number): Promise<void> {
    await this.guard('scroll', async () => {
      const height = await this.call('pageHeight', this.viewport);
      await this.syncScroll({ x: 0, y: Math.max(0, Math.min(Math.round(y), height - this.viewport.height)) });
    });
  }

  /** The virtual scroll is the truth (as in jsdom); the window follows it for real input and screenshots. */
  private async syncScroll(to: Scroll): Promise<void> {
    this.scroll = to;
    await this.page.evaluate(([x, y]) => window.scrollTo(x, y), [to.x, to.y] as const);
  }

  async goto(url: string): Promise<void> {
    await this.guard(
      'goto',
      async () => {
        const target = new URL(url, this.page.url());
        if (target.origin !== ORIGIN) throw new NavigationError(`navigation to ${target.origin} is outside the site`);
        await this.page.goto(target.href, { waitUntil: 'load' });
        await this.followScroll();
      },
      true,
    );
  }

  async back(): Promise<void> {
    // jsdom runs history.back() through two timers on the virtual clock, landing 1 ms later.
    await this.advance(1);
    await this.guard(
      'back',
      async () => {
        // The tab's first entry (about:blank) is not the site's: going back there would leave it.
        if (!(await this.call('canGoBack'))) throw new NavigationError(NO_EARLIER_PAGE);
        await this.page.goBack({ waitUntil: 'load' });
        await this.followScroll();
      },
      true,
    );
  }

  async advance(ms: number): Promise<void> {
    await this.guard(
      'advance the clock',
      async () => {
        if (ms > 0) await this.page.clock.runFor(ms);
        this.now += ms;
        await this.followScroll();
      },
      true,
    );
  }

  elapsed(): number {
    return this.now - T0;
  }

  async events(): Promise<PageEvent[]> {
    // A round trip first: every binding call the page made before it has been delivered by then.
    await this.guard('read the event log', () => this.page.evaluate(() => 0));
    return parseEventLog(`[${this.logged.join(',')}]`);
  }

  /** A PNG of the viewport at the current scroll, once every picture the page paints has arrived (else a shot would catch some half loaded). */
  async screenshot(): Promise<Buffer> {
    return this.guard('screenshot', async () => {
      await this.page.evaluate(PICTURES_DECODED);
      return this.page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
    });
  }

  /** Chromium's layout box of the element of a role at an authored viewport box (null if none is there). */
  async measure(box: Rect, role: string): Promise<Rect | null> {
    return this.guard('measure', () => this.call('measure', box, role, this.scroll));
  }

  /** Conformance probes, run inside the page at the current scroll. */
  async measureBoxes(): Promise<ReturnType<PageApi['boxes']>> {
    return this.guard('measure boxes', () => this.call('boxes', this.scroll));
  }

  /** The points conformance probes: inside every interactive box in view. */
  async probePoints(): Promise<{ x: number; y: number }[]> {
    return this.guard('probe points', () => this.call('probePoints', this.scroll, this.viewport));
  }

  async compareHits(points?: { x: number; y: number }[]): Promise<ReturnType<PageApi['hits']>> {
    const at = points ?? (await this.probePoints());
    return this.guard('hit test', () => this.call('hits', at, this.scroll));
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.context = null;
    this.browser = null;
    this.pg = null;
    // Closing the browser closes its contexts; a browser that already crashed has nothing to close.
    await browser?.close().catch(() => {});
  }
}
