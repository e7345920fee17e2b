/**
 * Pages already played, shared by the episodes of one comparison. An episode is a function of
 * its site, its open options and the calls made to its browser (decoy's engines are
 * deterministic to the byte), so the answer to a call on a path of calls already made is the
 * answer given then. The runs of a comparison play each configuration once per defense, and
 * most defenses let most proposals through: most of their episodes repeat an earlier run's
 * calls, and are answered here without a page. Where a call leaves the paths known, the
 * browser opens the page and makes the path's calls again, and goes on.
 *
 * Nothing that failed is kept: a call that throws is made again by the next episode that
 * reaches it. A site that runs script of its own (--trust-bundles) and a page-side defense
 * are never kept, since nothing holds them to determinism. A memo may be written to a file and
 * read again by a later comparison (save, read), marked with the code that made its answers.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../../lib/files.ts';
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { VIEWPORT, type PageEvent, type Viewport } from '../../../scenarios/contract.ts';
import type { Observation } from '../observe.ts';
import { isTrusted } from '../sandbox/trusted.ts';
import { servedText, type Browser, type ClickOutcome, type OpenOptions, type SiteFiles } from './browser.ts';

/** What a comparison keeps, at most, in compressed answers; past it, known paths are still answered but no new one is kept. */
export const MEMO_BYTES = 64 * 1024 * 1024;

/** An answer as kept: compressed, so that every episode gets a copy of its own. */
type Kept = Buffer | null;

interface Node {
  /** Virtual ms since the episode began, at this point of the path. */
  elapsed: number;
  reads: Map<string, Kept>;
  next: Map<string, { answer: Kept; node: Node }>;
}

/** The bytes in a buffer of their own: zlib's answer, and a deserialized one, are slices of a larger buffer (a 16 KiB chunk, a whole file), and a small copy one of Node's pool, any of which a kept answer would hold whole. */
function own(bytes: Buffer): Buffer {
  const b = Buffer.alloc(bytes.length);
  bytes.copy(b);
  return b;
}

/** An answer compressed, as kept. */
const keep = (value: unknown): Kept =>
  value === undefined ? null : own(deflateRawSync(serialize(value), { level: constants.Z_BEST_SPEED }));
const copy = <T>(kept: Kept): T => (kept === null ? undefined : deserialize(inflateRawSync(kept))) as T;
const callKey = (method: string, args: unknown[]) => `${method}\u0000${JSON.stringify(args)}`;

const siteDigests = new WeakMap<object, string>();
function siteDigest(site: SiteFiles): string {
  let d = siteDigests.get(site);
  if (d === undefined) {
    const h = createHash('sha256');
    for (const [path, text] of Object.entries(servedText(site)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      h.update(`${path}\u0000${text.length}\u0000${text}`);
    d = h.digest('hex');
    siteDigests.set(site, d);
  }
  return d;
}

/** What a memo file holds besides its paths: a file of another format or of other code is not read. */
const MEMO_FORMAT = 'decoy page memo 2';

/** A node read from a file, each answer copied into a buffer of its own, and the bytes it counts against the cap; throws on anything else. */
function revive(v: unknown): { node: Node; bytes: number } {
  const n = v as Partial<Node> | null;
  if (!n || typeof n.elapsed !== 'number' || !(n.reads instanceof Map) || !(n.next instanceof Map))
    throw new Error('not a memo node');
  const answer = (a: unknown): Kept => {
    if (a === null) return null;
    if (!Buffer.isBuffer(a)) throw new Error('not an answer');
    return own(a);
  };
  const node: Node = { elapsed: n.elapsed, reads: new Map(), next: new Map() };
  let bytes = 0;
  for (const [key, a] of n.reads) {
    if (typeof key !== 'string') throw new Error('not a call');
    const kept = answer(a);
    node.reads.set(key, kept);
    bytes += key.length + (kept?.length ?? 0);
  }
  for (const [key, step] of n.next) {
    if (typeof key !== 'string' || !step || typeof step !== 'object') throw new Error('not a call');
    const kept = answer((step as { answer: unknown }).answer);
    const child = revive((step as { node: unknown }).node);
    node.next.set(key, { answer: kept, node: child.node });
    bytes += key.length + (kept?.length ?? 0) + 64 + child.bytes;
  }
  return { node, bytes };
}

/** The paths of calls a comparison has played, and their answers. */
export class PageMemo {
  private readonly roots = new Map<string, Node>();
  /** What each root's paths count against the cap. */
  private readonly rootBytes = new Map<string, number>();
  /** Roots read from a file that no episode has reached since: the first to go when room is needed, and not written again. */
  private readonly unused = new Set<string>();
  private bytes = 0;
  /** Something was kept since the memo was read or last written. */
  private changed = false;
  /** Calls answered from what was kept, and calls the engine made (the page's opens and a path's calls made again among them): what the memo saved. */
  readonly counts = { answered: 0, played: 0 };

  constructor(readonly maxBytes = MEMO_BYTES) {}

  get size(): number {
    return this.bytes;
  }

  /** The path's first point for a site opened so, made if there is room. */
  root(key: string, elapsed: number): Node | null {
    const known = this.roots.get(key);
    if (known) {
      this.unused.delete(key);
      return known;
    }
    if (!this.admit(key, key.length)) return null;
    const node: Node = { elapsed, reads: new Map(), next: new Map() };
    this.roots.set(key, node);
    return node;
  }

  /**
   * Counts `n` bytes of `root`'s paths against the cap, making room by dropping roots read from
   * a file and not reached since; false (nothing counted) once they would pass it.
   */
  admit(root: string, n: number): boolean {
    for (const stale of this.unused) {
      if (this.bytes + n <= this.maxBytes) break;
      this.bytes -= this.rootBytes.get(stale) ?? 0;
      this.roots.delete(stale);
      this.rootBytes.delete(stale);
      this.unused.delete(stale);
    }
    if (this.bytes + n > this.maxBytes) return false;
    this.bytes += n;
    this.rootBytes.set(root, (this.rootBytes.get(root) ?? 0) + n);
    this.changed = true;
    return true;
  }

  /**
   * Writes the paths this memo's episodes reached to `file` (whole, or not at all), with a
   * checksum, marked with `code`, the state of the code its answers were made by. Roots read
   * and not reached are left out, so a file holds one comparison's paths, not every earlier one's.
   */
  save(file: string, code: string): void {
    if (!this.changed && this.unused.size === 0) return;
    const body = serialize(new Map([...this.roots].filter(([key]) => !this.unused.has(key))));
    const sum = createHash('sha256').update(body).digest('hex');
    writeFileAtomic(file, serialize({ format: MEMO_FORMAT, code, sum, body }));
    this.changed = false;
  }

  /**
   * The memo `file` holds, if it was written under `code`, its checksum holds and it fits
   * `maxBytes`; else (no file, another code, a damaged or foreign file) an empty one, to be
   * written over.
   */
  static read(file: string, code: string, maxBytes = MEMO_BYTES): PageMemo {
    const memo = new PageMemo(maxBytes);
    if (!existsSync(file)) return memo;
    try {
      const held = deserialize(readFileSync(file)) as {
        format?: unknown;
        code?: unknown;
        sum?: unknown;
        body?: unknown;
      };
      if (!held || held.format !== MEMO_FORMAT || held.code !== code || !Buffer.isBuffer(held.body)) return memo;
      if (createHash('sha256').update(held.body).digest('hex') !== held.sum) return memo;
      const roots = deserialize(held.body) as unknown;
      if (!(roots instanceof Map)) return memo;
      const read = new Map<string, { node: Node; bytes: number }>();
      let bytes = 0;
      for (const [key, v] of roots) {
        if (typeof key !== 'string') return memo;
        const r = revive(v);
        read.set(key, { node: r.node, bytes: key.length + r.bytes });
        bytes += key.length + r.bytes;
      }
      if (bytes > maxBytes) return memo;
      for (const [key, r] of read) {
        memo.roots.set(key, r.node);
        memo.rootBytes.set(key, r.bytes);
        memo.unused.add(key);
      }
      memo.bytes = bytes;
    } catch {
      return new PageMemo(maxBytes);
    }
    return memo;
  }
}

/**
 * A call on the path. An observation is one too: it names the elements it shows (`e12`), and
 * those names are the page's from then on, so a page brought to a point must have been
 * observed where the episode observed it.
 */
type Mutation = {
  method: 'observe' | 'aim' | 'clickAt' | 'fill' | 'selectOption' | 'scrollTo' | 'goto' | 'back' | 'advance';
  args: unknown[];
};

/**
 * A browser that answers from the memo what it can, and plays the rest in `inner`. `tag`
 * names everything besides the site and its open options that an answer depends on (the
 * engine and its limits).
 */
export class MemoBrowser implements Browser {
  readonly engine: Browser['engine'];
  private vp: Viewport = { ...VIEWPORT };
  private site: SiteFiles | null = null;
  private opts: OpenOptions | null = null;
  /** Where the episode is among the kept paths; null once it left them (no room, a call that failed, an unkept site). */
  private node: Node | null = null;
  /** The calls that changed the page since open, to bring `inner` to the same point. */
  private path: Mutation[] = [];
  /** How many calls of `path` `inner` has made since it was last opened; -1: not opened for this episode. */
  private played = -1;
  /** The key of the episode's first point, whose paths its answers are counted to. */
  private rootKey = '';
  private ms = 0;

  constructor(
    private readonly inner: Browser,
    private readonly memo: PageMemo,
    private readonly tag: string,
  ) {
    this.engine = inner.engine;
  }

  get viewport(): Viewport {
    return this.played >= 0 ? this.inner.viewport : this.vp;
  }

  async open(site: SiteFiles, opts: OpenOptions): Promise<void> {
    this.site = site;
    this.opts = opts;
    this.path = [];
    // The last episode's page, if the engine opened one: freed now, since this episode may never need the engine.
    if (this.played >= 0) await this.inner.close();
    this.played = -1;
    this.node = null;
    this.vp = { ...(opts.viewport ?? VIEWPORT) };
    if (opts.inject || isTrusted(site)) return this.live();
    const key = JSON.stringify([this.tag, siteDigest(site), opts.seed, opts.path ?? '/', opts.viewport ?? null]);
    this.rootKey = key;
    const known = this.memo.root(key, 0);
    if (!known) return this.live();
    this.node = known;
    this.ms = known.elapsed;
    // A root made just now has no answer yet: the engine opens the page for the first call.
  }

  /** Opens the page in `inner` and makes the path's calls, so that it stands where this episode does. */
  private async live(): Promise<void> {
    if (this.played < 0) {
      this.memo.counts.played++;
      await this.inner.open(this.site as SiteFiles, this.opts as OpenOptions);
      this.played = 0;
    }
    while (this.played < this.path.length) {
      const m = this.path[this.played] as Mutation;
      this.memo.counts.played++;
      await (this.inner[m.method] as (...a: unknown[]) => Promise<unknown>)(...m.args);
      this.played++;
    }
  }

  /** A read of the page where the episode stands. */
  private async read<T>(method: string, args: unknown[], call: () => Promise<T>): Promise<T> {
    const node = this.node;
    const key = callKey(method, args);
    if (node?.reads.has(key)) {
      this.memo.counts.answered++;
      return copy<T>(node.reads.get(key) as Kept);
    }
    const value = await this.playing(call);
    // Another episode may have kept this read meanwhile: it is not compressed or counted again.
    if (node && this.node === node && !node.reads.has(key)) {
      const kept = keep(value);
      if (this.memo.admit(this.rootKey, key.length + (kept?.length ?? 0))) node.reads.set(key, kept);
    }
    return value;
  }

  /** A call that changes the page: taken along a kept path, or played and kept. */
  private async change<T>(method: Mutation['method'], args: unknown[], call: () => Promise<T>): Promise<T> {
    const node = this.node;
    const key = callKey(method, args);
    const step = node?.next.get(key);
    if (step) {
      this.memo.counts.answered++;
      this.path.push({ method, args });
      this.node = step.node;
      this.ms = step.node.elapsed;
      return copy<T>(step.answer);
    }
    const value = await this.playing(call);
    this.path.push({ method, args });
    this.played++;
    this.ms = this.inner.elapsed();
    if (node && this.node === node) {
      // Another episode may have kept this step meanwhile: then its point is this one.
      const other = node.next.get(key);
      const kept = other ? null : keep(value);
      if (other) this.node = other.node;
      else if (this.memo.admit(this.rootKey, key.length + (kept?.length ?? 0) + 64)) {
        const next: Node = { elapsed: this.ms, reads: new Map(), next: new Map() };
        node.next.set(key, { answer: kept, node: next });
        this.node = next;
      } else this.node = null;
    }
    return value;
  }

  /** Brings `inner` to where the episode stands and makes the call there; a call that throws leaves the kept paths for the rest of the episode. */
  private async playing<T>(call: () => Promise<T>): Promise<T> {
    this.memo.counts.played++;
    try {
      await this.live();
      return await call();
    } catch (e) {
      this.node = null;
      throw e;
    }
  }

  observe(): Promise<Observation> {
    return this.change('observe', [], () => this.inner.observe());
  }
  aim(points: readonly { x: number; y: number }[]): Promise<string[]> {
    return this.change('aim', [points], () => this.inner.aim(points));
  }
  events(): Promise<PageEvent[]> {
    return this.read('events', [], () => this.inner.events());
  }
  clickAt(x: number, y: number): Promise<ClickOutcome> {
    return this.change('clickAt', [x, y], () => this.inner.clickAt(x, y));
  }
  async fill(ref: string, value: string): Promise<void> {
    await this.change('fill', [ref, value], () => this.inner.fill(ref, value));
  }
  selectOption(ref: string, values: readonly string[]): Promise<string[]> {
    return this.change('selectOption', [ref, [...values]], () => this.inner.selectOption(ref, values));
  }
  async scrollTo(x: number, y: number): Promise<void> {
    await this.change('scrollTo', [x, y], () => this.inner.scrollTo(x, y));
  }
  async goto(url: string): Promise<void> {
    await this.change('goto', [url], () => this.inner.goto(url));
  }
  async back(): Promise<void> {
    await this.change('back', [], () => this.inner.back());
  }
  async advance(ms: number): Promise<void> {
    await this.change('advance', [ms], () => this.inner.advance(ms));
  }
  elapsed(): number {
    return this.played >= 0 && this.played === this.path.length ? this.inner.elapsed() : this.ms;
  }
  async close(): Promise<void> {
    this.node = null;
    if (this.played >= 0) await this.inner.close();
    this.played = -1;
  }
}
