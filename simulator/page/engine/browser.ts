import type { PageEvent, Viewport } from '../../../scenarios/contract.ts';
import type { Observation } from '../observe.ts';
import type { PageInjection } from './inject.ts';

/**
 * The site files an engine serves: `site/` of a bundle, by path. `files` holds text (the
 * pages, and what the generator writes as text); `data`, the other files of a bundle read
 * from disk, as the bytes they are (images, fonts), which no engine loads.
 */
export interface SiteFiles {
  files: Readonly<Record<string, string>>;
  data?: Readonly<Record<string, Uint8Array>>;
}

/** A file a page's script may ask its site for (contract.ts ANSWERS): JSON, read and answered as text. */
export const ANSWER = /\.json$/;
/** The most such a file may weigh (the generator's are a few KB): read into every engine's memory, it is bounded as a picture is. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** The text an engine serves of a site: its pages, and the files its script asks for. */
export const servedText = (site: SiteFiles): Record<string, string> => {
  const served: Record<string, string> = {};
  for (const [path, file] of Object.entries(site.files))
    if (path.endsWith('.html') || ANSWER.test(path)) served[path] = file;
  return served;
};

/** What the site answers a page's request for `pathname` on its own origin: a JSON file of the site, else null (not found). */
export function answerFor(site: SiteFiles, pathname: string): string | null {
  const clean = pathname.replace(/^\/+/, '');
  return ANSWER.test(clean) && Object.hasOwn(site.files, clean) ? (site.files[clean] as string) : null;
}

export const ORIGIN = 'https://site.test';

/** Navigation that would leave the site's pages: refused the same way by both engines. */
export class NavigationError extends Error {}

export const NO_EARLIER_PAGE = 'there is no earlier page of this site to go back to';

/** A path's own HTML file when the site has one, else the single-page entry. */
export function documentFor(site: SiteFiles, pathname: string): string {
  const clean = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  const page = (path: string) => (Object.hasOwn(site.files, path) ? site.files[path] : undefined);
  const own = clean.endsWith('.html') ? page(clean) : clean ? page(`${clean}/index.html`) : undefined;
  const html = own ?? page('index.html');
  if (html === undefined) throw new Error('site has no index.html');
  return html;
}

/** Virtual epoch of every episode: 2026-01-15 09:00:00 UTC. */
export const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);

export interface OpenOptions {
  seed: number;
  /** The route to open; '/' by default. */
  path?: string;
  /** The bundle's viewport (`manifest.viewport`); the contract's VIEWPORT by default. */
  viewport?: Viewport;
  /** A page-side defense: run in every document of the episode (inject.ts). */
  inject?: PageInjection;
}

export interface ClickOutcome {
  /** What received the click, described as role and name; 'nothing' for an empty spot. */
  target: string;
  /** The click landed on a disabled control and did nothing. */
  disabled: boolean;
}

/**
 * One Browser interface over the engines. Primitives only; the action table builds the
 * agent's actions from them, so both engines execute the same logic.
 */
export interface Browser {
  readonly engine: 'jsdom' | 'chromium';
  /** The viewport of the open episode. */
  readonly viewport: Viewport;
  /** Start an episode: fresh storage, the clock at T0, the page at `path`, at the bundle's viewport. */
  open(site: SiteFiles, opts: OpenOptions): Promise<void>;
  observe(): Promise<Observation>;
  /** A trusted-looking pointer sequence at a viewport point, to whatever is hit there. */
  clickAt(x: number, y: number): Promise<ClickOutcome>;
  /** What a click at each viewport point would reach, described as clickAt's target is, without clicking: how the engines' hit tests are compared on any page. */
  aim(points: readonly { x: number; y: number }[]): Promise<string[]>;
  /** Focus, set the value and fire input and change, as Playwright's fill does. */
  fill(ref: string, value: string): Promise<void>;
  selectOption(ref: string, values: readonly string[]): Promise<string[]>;
  scrollTo(x: number, y: number): Promise<void>;
  goto(url: string): Promise<void>;
  back(): Promise<void>;
  /** Advance the virtual clock; timers due by then run. */
  advance(ms: number): Promise<void>;
  /** Virtual ms since the episode began. */
  elapsed(): number;
  /** The page's own log (neutral records; scenarios/meaning.ts reads it), with `t` in ms since the episode began. */
  events(): Promise<PageEvent[]>;
  close(): Promise<void>;
}

/**
 * The page's event log as stored in localStorage (null when none yet), with times from the
 * episode's start. The page wrote it, so its shape is checked: a malformed log is an error
 * of the episode, in either engine, with the same words.
 */
export function parseEventLog(raw: string | null): PageEvent[] {
  let list: unknown;
  try {
    list = raw ? JSON.parse(raw) : [];
  } catch {
    throw new Error("the site's event log is not JSON");
  }
  if (
    !Array.isArray(list) ||
    !list.every(
      (e) =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as PageEvent).t === 'number' &&
        typeof (e as PageEvent).type === 'string',
    )
  ) {
    throw new Error("the site's event log is not a list of events");
  }
  return (list as PageEvent[]).map((e) => ({ ...e, t: e.t - T0 }));
}
