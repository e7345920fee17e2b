/**
 * The fast engine: jsdom with fake timers and a seeded page. jsdom has no layout and does
 * not navigate between documents, so geometry comes from authored boxes (hit.ts) and the
 * engine performs navigation itself, carrying storage across documents.
 */
import { JSDOM, VirtualConsole } from 'jsdom';
import FakeTimers from '@sinonjs/fake-timers';
import { EVENTS_KEY, VIEWPORT, type PageEvent, type Viewport } from '../../scenarios/contract.ts';
import { hashSeed } from '../../scenarios/rng.ts';
import type { Scroll } from '../dom/geometry.ts';
import { hitTest, paintables } from '../hit.ts';
import { describe, observe, pageHeight, RefRegistry, type Observation } from '../observe.ts';
import { documentFor, NavigationError, NO_EARLIER_PAGE, ORIGIN, T0, type Browser, type ClickOutcome, type OpenOptions, type SiteFiles } from './browser.ts';
import { prelude } from './prelude.ts';
import { fillField, selectValues } from '../dom/forms.ts';

const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'] as const;

type Clock = ReturnType<ReturnType<typeof FakeTimers.withGlobal>['install']>;

export { NavigationError } from './browser.ts';

export class JsdomBrowser implements Browser {
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
    this.load(new URL(opts.path ?? '/', ORIGIN).href, {});
  }

  private load(url: string, storage: Record<string, string>): void {
    const html = documentFor(this.site ?? { files: {} }, new URL(url).pathname);
    const console = new VirtualConsole();
    console.on('jsdomError', (e: Error) => this.diagnostics.push(`jsdom: ${e.message}`));
    console.on('error', (...args: unknown[]) => this.diagnostics.push(`console.error: ${args.map(String).join(' ')}`));
    const seed = hashSeed(this.seed, this.docIndex++);
    this.scroll = { x: 0, y: 0 };
    this.dom = new JSDOM(html, {
      url,
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole: console,
      beforeParse: (window) => {
        this.clock = FakeTimers.withGlobal(window as unknown as typeof globalThis).install({ now: this.now, toFake: [...FAKED] });
        window.eval(prelude(seed));
        for (const [k, v] of Object.entries(storage)) window.localStorage.setItem(k, v);
        const scrollTo = (x: unknown, y?: unknown) => {
          const opts = typeof x === 'object' && x !== null ? (x as { left?: number; top?: number }) : { left: Number(x), top: Number(y) };
          this.setScroll(opts.left ?? this.scroll.x, opts.top ?? this.scroll.y);
        };
        Object.assign(window, { scrollTo, scroll: scrollTo });
      },
    });
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

  private navigate(href: string): void {
    const target = new URL(href, this.win.location.href);
    if (target.origin !== ORIGIN) throw new NavigationError(`navigation to ${target.origin} is outside the site`);
    const storage = this.storage();
    this.previous.push(this.win.location.href);
    this.dispose();
    this.load(target.href, storage);
  }

  private setScroll(x: number, y: number): void {
    const height = pageHeight(paintables(this.win.document, { x: 0, y: 0 }), { x: 0, y: 0 }, this.viewport);
    this.scroll = { x: 0, y: Math.max(0, Math.min(Math.round(y), height - this.viewport.height)) };
    void x;
  }

  async observe(): Promise<Observation> {
    return observe(this.win, this.refs, this.scroll, this.viewport);
  }

  async clickAt(x: number, y: number): Promise<ClickOutcome> {
    const win = this.win;
    const doc = win.document;
    const hit = hitTest(doc, x, y, this.scroll);
    const target = hit ?? doc.body;
    const control = target.closest('button, input, select, textarea') as HTMLButtonElement | null;
    if (control?.disabled || target.closest('fieldset[disabled]')) return { target: describe(hit), disabled: true };
    const init = { bubbles: true, cancelable: true, composed: true, view: win, clientX: x, clientY: y, screenX: x, screenY: y, button: 0 };
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
    if (!click.defaultPrevented && link) this.navigate(link.href);
    return { target: describe(hit), disabled: false };
  }

  private element(ref: string): HTMLElement {
    const el = this.refs.element(ref);
    if (!el || !el.isConnected) throw new Error(`element ${ref} is no longer on the page`);
    return el as HTMLElement;
  }

  async fill(ref: string, value: string): Promise<void> {
    fillField(this.element(ref) as HTMLInputElement, value);
  }

  async selectOption(ref: string, values: readonly string[]): Promise<string[]> {
    return selectValues(this.element(ref) as HTMLSelectElement, values);
  }

  async scrollTo(x: number, y: number): Promise<void> {
    this.setScroll(x, y);
  }

  async goto(url: string): Promise<void> {
    this.navigate(url);
  }

  async back(): Promise<void> {
    const before = this.win.location.href;
    this.win.history.back();
    this.tick(0);
    this.tick(1);
    if (this.win.location.href !== before) return;
    const prev = this.previous.pop();
    if (prev === undefined) throw new NavigationError(NO_EARLIER_PAGE);
    const storage = this.storage();
    this.dispose();
    this.load(prev, storage);
  }

  private tick(ms: number): void {
    if (!this.clock) return;
    this.clock.tick(ms);
    this.now = this.clock.now;
  }

  async advance(ms: number): Promise<void> {
    this.tick(ms);
  }

  elapsed(): number {
    return this.now - T0;
  }

  async events(): Promise<PageEvent[]> {
    const raw = this.win.localStorage.getItem(EVENTS_KEY);
    const list = raw ? (JSON.parse(raw) as PageEvent[]) : [];
    return list.map((e) => ({ ...e, t: e.t - T0 }));
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

/**
 * A closed jsdom window is only released once Node's event loop turns; a run of episodes
 * chained by promises alone never turns it and keeps every document it loaded.
 */
const freeClosedWindows = () => new Promise<void>((resolve) => setImmediate(resolve));
