/**
 * The engine process: runs jsdom episodes for the run that started it, one call at a time,
 * in frames (frames.ts) over the pipe on descriptor 3. It starts under Node's permission
 * model (see sandbox/process.ts for the flags), inside bubblewrap where there is one
 * (boundary.ts), takes the network away before any page code can load, and freezes its
 * realm's built-ins before the first page.
 */
import { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ANY_FRAME_BYTES, frame, FrameReader } from './frames.ts';
import { freezeIntrinsics } from './intrinsics.ts';
import { lockDown } from './lockdown.ts';
import type { FailureKind, Request } from './protocol.ts';
import { ERROR_CHARS, READY } from './protocol.ts';
import { Encoder } from './wire.ts';

// The run's channel, opened before the lock-down takes sockets away.
const channel = new Socket({ fd: 3, readable: true, writable: true });
// Taken now, before any page: a page that replaced a built-in's method later is not called on the way out.
const write = channel.write.bind(channel) as (data: Uint8Array) => boolean;
const send = (message: unknown): void => {
  write(frame(message));
};
lockDown();
// Imported after the lock-down, so no module of the engine keeps a network function from before it.
const { JsdomBrowser, NavigationError } = await import('../engine/jsdom.ts');
const { LimitError } = await import('../engine/limits.ts');

/**
 * A full collection of the engine's heap. Taken from a context of its own, with the flag
 * that gives it off again at once: a page's window is a context too, and finds no `gc`.
 */
const collect = (() => {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
})();

/**
 * Loading a page this large leaves the heap near the point where V8 starts marking it:
 * left alone, that marking runs through the first look at the page (about 0.3 s of a
 * 50,000-element page's first observation). The engine collects once when such a page has
 * loaded, within the call that loaded it; smaller pages, every generated site's, are left
 * to V8.
 */
const COLLECT_AFTER_TAGS = 10_000;

type Engine = InstanceType<typeof JsdomBrowser>;
const browsers = new Map<number, { engine: Engine; limits: string }>();

// The run went away (exited, killed): so does its engine.
channel.on('end', () => process.exit(0));
channel.on('error', () => process.exit(0));
// A promise a page rejects and never handles is that page's console error, as in a browser, not the end of the engine.
process.on('unhandledRejection', () => undefined);

function kind(e: unknown): FailureKind {
  return e instanceof NavigationError ? 'navigation' : e instanceof LimitError ? 'limit' : 'error';
}

/** The most start tags of a page loaded during one call. */
interface Loaded {
  tags: number;
}

/** Asks the run for time to load a page during this call (LOADING). */
const loadingFor = (req: Request, loaded: Loaded) => (tags: number) => {
  loaded.tags = Math.max(loaded.tags, tags);
  send({ id: req.id, loading: tags });
};

async function call(req: Request, loaded: Loaded): Promise<unknown> {
  // Shapes as the parent sends them; a wrong one only fails this call inside the engine.
  const [a, b, c] = req.args as [never, never, never];
  if (req.method === 'open') {
    const limits = JSON.stringify(c ?? {});
    let held = browsers.get(req.browser);
    if (!held || held.limits !== limits) {
      await held?.engine.close();
      held = { engine: new JsdomBrowser(c ?? {}), limits };
      browsers.set(req.browser, held);
    }
    held.engine.loading = loadingFor(req, loaded);
    return held.engine.open(a, b);
  }
  const held = browsers.get(req.browser);
  if (req.method === 'close') {
    browsers.delete(req.browser);
    return held?.engine.close();
  }
  if (!held) throw new Error('no page is open');
  const engine = held.engine;
  engine.loading = loadingFor(req, loaded);
  switch (req.method) {
    case 'observe': {
      // Each entry is encoded as it is read, while it is at hand: none is kept to be read again. Parts go as they fill, so the run decodes while the engine reads.
      const { elements, ...head } = await engine.observeInto(new Encoder((part) => send({ id: req.id, part })));
      return elements.finish(head);
    }
    case 'clickAt':
      return engine.clickAt(a, b);
    case 'aim':
      return engine.aim(a);
    case 'fill':
      return engine.fill(a, b);
    case 'selectOption':
      return engine.selectOption(a, b);
    case 'scrollTo':
      return engine.scrollTo(a, b);
    case 'goto':
      return engine.goto(a);
    case 'back':
      return engine.back();
    case 'advance':
      return engine.advance(a);
    case 'events':
      return engine.events();
    default:
      throw new Error(`unknown method ${String(req.method)}`);
  }
}

/** A failed call's reason, as much of it as the run takes: a page may throw anything, of any length. */
function errorText(e: unknown): string {
  try {
    const text: unknown = e instanceof Error ? e.message : String(e);
    return typeof text === 'string' ? text.slice(0, ERROR_CHARS) : 'an error that is not text';
  } catch {
    return 'an error that cannot be read';
  }
}

async function answer(msg: Request): Promise<void> {
  const elapsed = () => browsers.get(msg.browser)?.engine.elapsed() ?? 0;
  try {
    const loaded = { tags: 0 };
    const value = await call(msg, loaded);
    if (loaded.tags >= COLLECT_AFTER_TAGS) collect();
    send({ id: msg.id, ok: true, value, elapsed: elapsed() });
  } catch (e) {
    send({ id: msg.id, ok: false, error: errorText(e), kind: kind(e), elapsed: elapsed() });
  }
}

// The run is decoy itself: its frames are taken at any length.
const requests = new FrameReader(ANY_FRAME_BYTES);
channel.on('data', (chunk: Buffer) => {
  for (const msg of requests.push(chunk)) void answer(msg as Request);
});

// A first window loads what jsdom loads lazily, so the first episode's steps are not charged for it.
{
  const warm = new JsdomBrowser();
  await warm.open({ files: { 'index.html': '<!doctype html><p>warm</p>' } }, { seed: 0 });
  await warm.observe();
  await warm.close();
}

// Last, once every module the engine needs has loaded (some extend the built-ins as they load).
freezeIntrinsics();
send(READY);
