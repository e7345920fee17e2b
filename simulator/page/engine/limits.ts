/**
 * Per-episode limits. A page may loop, allocate or grow without end; each limit turns that
 * into an episode that ends with an error and a reason, and the run goes on.
 */
export interface EpisodeLimits {
  /**
   * Time any one engine call (a page load, an action, an observation) may take, in seconds:
   * the engine's CPU time where the system reports it, so that a loaded machine does not
   * fail healthy steps, and never more than ten times this in wall time.
   */
  readonly stepSeconds: number;
  /**
   * Heap of the engine process, in MB; its resident memory may be this plus a fixed allowance
   * (RSS_ALLOWANCE_MB in process.ts). An allocation loop ends that process only.
   */
  readonly memoryMb: number;
  /** Elements a document may hold after any step (a generated page has a few hundred). */
  readonly domElements: number;
  /** Timer callbacks (setTimeout, setInterval, requestAnimationFrame) one advance of the virtual clock may run. */
  readonly timersPerStep: number;
}

/**
 * The heap holds a page at the element limit: jsdom keeps about 5 KB an element, so a
 * 99,000-element page needs some 600 MB with its observation (512 MB ended it).
 */
export const DEFAULT_LIMITS: EpisodeLimits = {
  stepSeconds: 5,
  memoryMb: 1024,
  domElements: 100_000,
  timersPerStep: 10_000,
};

/** A page's start tags, counted on its markup before it is parsed (what the element limit is first checked against). */
export const startTags = (html: string): number => html.match(/<[a-zA-Z]/g)?.length ?? 0;

/**
 * Time a call into the jsdom engine gets beyond the step's for a page it loads, per
 * 10,000 start tags of that page (up to the element limit, past which the page is refused):
 * parsing costs by the element. jsdom took about 5 s of CPU to load 50,000 crowded elements
 * and 10 s for 99,000, so a page inside the element limit loads at the default step limit.
 * The engine says how many tags a page has before it parses it; one call gets at most one
 * page at the element limit's worth, however many pages it loads (or the engine claims).
 */
export const LOAD_SECONDS_PER_10K_TAGS = 3;

/** The seconds loading a page of `tags` start tags adds to a call, in whole seconds (a generated page adds none). */
export const loadSeconds = (limits: Pick<EpisodeLimits, 'domElements'>, tags: number) =>
  Math.floor((LOAD_SECONDS_PER_10K_TAGS * Math.min(Math.max(0, tags), limits.domElements)) / 10_000);

/** A limit passed: the episode ends with this as its reason. */
export class LimitError extends Error {
  override name = 'LimitError';
}

/** The reason an episode ends when a page holds too many elements, in either engine. */
export const overElements = (count: number, limit: number) =>
  `the page has ${count} elements, over the limit of ${limit}`;

/**
 * Entries an observation may list: one for each element, and at most one more for each
 * run of text beside an element (a parsed page has no two runs side by side), so three
 * for each element the page may hold.
 */
export const maxEntries = (limits: Pick<EpisodeLimits, 'domElements'>) => 3 * limits.domElements;

/** The reason an episode ends when an observation would list more entries than that. */
export const overEntries = (limit: number) =>
  `the observation lists more than ${limit} entries (elements and runs of text)`;

/**
 * Characters of text an observation may hold in all (its entries' refs, roles, names,
 * texts, values and coverers): a page can give thousands of elements one long string,
 * which the engine holds once and the run would decode once per entry, so that one
 * observation could fill the run's memory, the engine's limit notwithstanding. 168 for
 * each element the page may hold: 16.8 million at the default 100,000 (about 32 MB in the run).
 */
export const maxText = (limits: Pick<EpisodeLimits, 'domElements'>) => limits.domElements * 168;

/** The reason an episode ends when an observation would hold more text than that. */
export const overText = (limit: number) =>
  `the observation holds more than ${limit} characters of text (names, texts and values)`;

/** An entry's characters of text, as maxText counts them: every value of the entry that is a string. */
export function textChars(entry: object): number {
  let n = 0;
  for (const k in entry) {
    const v = (entry as Record<string, unknown>)[k];
    if (typeof v === 'string') n += v.length;
  }
  return n;
}

/** The reason an episode ends when one step takes longer than its limit, in either engine. */
export const overTime = (seconds: number) => `a step took more than ${seconds} s`;
