/**
 * jsdom fires some of a page's events on Node's own timers: a window's `message`, an input's
 * or a textarea's `select`, a `<details>` toggle, a FileReader's progress, storage events,
 * `selectionchange`, a followed hyperlink and a `javascript:` navigation. Page code then ran between the
 * engine's calls in real time, outside the virtual clock and its limits (a `select`
 * listener that selects again ran thousands of times a second, with no step taken). While
 * the jsdom methods that schedule them run, Node's `setTimeout` and `setImmediate` are the
 * page's own counted timer (a frame's is its top page's), and their callbacks run under the
 * same rule; a window with no live page has none, and the event does not fire.
 */
import { createRequire } from 'node:module';

/** A page's timer as the engine counts it: runs `fn` after `ms` of the page's virtual time. */
export type PageTimer = (fn: () => void, ms: number) => unknown;

const timers = new WeakMap<object, PageTimer>();

/** The page whose window this is runs its jsdom events on `timer` from now on. */
export function usePageClock(window: object, timer: PageTimer): void {
  timers.set(window, timer);
  const proxy = (window as { _globalProxy?: object })._globalProxy;
  if (proxy) timers.set(proxy, timer);
  // jsdom makes postMessage for each window, not on an impl's prototype (SCHEDULERS).
  const post = (window as { postMessage: Callback }).postMessage;
  Object.defineProperty(window, 'postMessage', {
    value: (...args: unknown[]) => underPageClock(timer, () => post.apply(window, args)),
    writable: true,
    configurable: true,
    enumerable: true,
  });
}

type Impl = {
  _globalObject?: { _top?: object } | null;
  _ownerDocument?: { _defaultView?: { _top?: object } | null } | null;
};

/** The timer of the page an impl object belongs to (its frame's top page's), or null. */
function timerOf(impl: Impl): PageTimer | null {
  const window = impl._globalObject ?? impl._ownerDocument?._defaultView ?? null;
  if (!window) return null;
  return timers.get(window._top ?? window) ?? timers.get(window) ?? null;
}

type Callback = (...args: unknown[]) => unknown;

/** Runs `run` with Node's setTimeout and setImmediate scheduling on `timer` (or nowhere). */
function underPageClock<T>(timer: PageTimer | null, run: () => T): T {
  const g = globalThis as unknown as { setTimeout: unknown; setImmediate: unknown };
  const saved = [g.setTimeout, g.setImmediate] as const;
  const schedule = (fn: Callback, ms: unknown, args: unknown[]) =>
    timer ? timer(() => underPageClock(timer, () => fn(...args)), Number(ms) || 0) : undefined;
  g.setTimeout = (fn: Callback, ms?: unknown, ...args: unknown[]) => schedule(fn, ms, args);
  g.setImmediate = (fn: Callback, ...args: unknown[]) => schedule(fn, 0, args);
  try {
    return run();
  } finally {
    [g.setTimeout, g.setImmediate] = saved;
  }
}

/** The jsdom methods that schedule a page's events on Node's timers, by the module that defines them. */
const SCHEDULERS: Record<string, readonly string[]> = {
  'nodes/HTMLInputElement-impl.js': ['_dispatchSelectEvent'],
  'nodes/HTMLTextAreaElement-impl.js': ['_dispatchSelectEvent'],
  'nodes/HTMLDetailsElement-impl.js': ['_attrModified'],
  'file-api/FileReader-impl.js': ['_readFile'],
  // HTMLHyperlinkElementUtils is mixed into these two when they load.
  'nodes/HTMLAnchorElement-impl.js': ['_followAHyperlink'],
  'nodes/HTMLAreaElement-impl.js': ['_followAHyperlink'],
  'selection/Selection-impl.js': ['_associateRange'],
  'window/Location-impl.js': ['_locationObjectNavigate', 'reload'],
  // A storage event is for the other documents of the origin; a page here has none (a frame of its own would hear it).
  'webstorage/Storage-impl.js': ['setItem', 'removeItem', 'clear'],
};

/** Methods whose events never fire here. */
const DROPPED = new Set(['webstorage/Storage-impl.js']);

{
  const require = createRequire(import.meta.url);
  for (const [file, methods] of Object.entries(SCHEDULERS)) {
    const proto = (
      require(`jsdom/lib/jsdom/living/${file}`) as { implementation: { prototype: Record<string, unknown> } }
    ).implementation.prototype;
    for (const name of methods) {
      const original = proto[name];
      if (typeof original !== 'function')
        throw new Error(`jsdom's ${file} has no ${name}: the page clock does not know this jsdom`);
      proto[name] = function (this: Impl, ...args: unknown[]) {
        return underPageClock(DROPPED.has(file) ? null : timerOf(this), () => (original as Callback).apply(this, args));
      };
    }
  }
}
