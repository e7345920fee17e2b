/**
 * The jsdom engine behind a process boundary: each Browser call is made in the engine
 * process (process.ts) and its answer checked (protocol.ts). The agent, the defense, the
 * evaluator and all scoring stay in the run's process; the site's files travel with
 * `open`, so the engine process needs no read of the bundle.
 */
import { VIEWPORT, type PageEvent, type Viewport } from '../../../scenarios/contract.ts';
import {
  NavigationError,
  servedText,
  type Browser,
  type ClickOutcome,
  type OpenOptions,
  type SiteFiles,
} from '../engine/browser.ts';
import type { Observation } from '../observe.ts';
import { shortReason } from '../../../lib/errors.ts';
import { DEFAULT_LIMITS, LimitError, loadSeconds, maxEntries, maxText, type EpisodeLimits } from '../engine/limits.ts';
import { engineProcess, EngineProcessError, holdEngine, releaseEngine, type EngineProcess } from './process.ts';
import { RESULTS, type Method } from './protocol.ts';
import { isTrusted } from './trusted.ts';
import { decode, Decoder, type CheckedPart, type CheckedWire } from './wire.ts';

let browsers = 0;

export class SandboxBrowser implements Browser {
  readonly engine = 'jsdom' as const;
  readonly limits: EpisodeLimits;
  private readonly id = ++browsers;
  private vp: Viewport = { ...VIEWPORT };
  private ms = 0;
  /** Set when the engine process failed in this episode: every later call fails with it until the next open(). */
  private broken: Error | null = null;
  private opened = false;
  /** The trusted site this browser plays, whose engine process it holds; null for decoy's own. */
  private site: object | null = null;
  /** The process the page was opened in: should it fail between two calls, the next fails with its reason (a new one would not know the page). */
  private proc: EngineProcess | null = null;

  /** The engine process of decoy's own bundles this browser plays in (process.ts engineProcess). */
  private readonly worker: number;

  constructor(limits: Partial<EpisodeLimits> = {}, worker = 0) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.worker = worker;
  }

  /** How long a call may take: the step's time, and more for each page it loads (see loadSeconds). */
  private get allowance() {
    return {
      ms: this.limits.stepSeconds * 1000,
      loadMs: (tags: number) => loadSeconds(this.limits, tags) * 1000,
      maxLoadMs: loadSeconds(this.limits, this.limits.domElements) * 1000,
    };
  }

  get viewport(): Viewport {
    return this.vp;
  }

  private call(method: Method, ...args: unknown[]): Promise<unknown> {
    return this.calling(method, args);
  }

  /** A call and its checked answer (its parts, if it comes in parts, to `onPart` as they arrive). */
  private async calling(
    method: Method,
    args: unknown[],
    onPart?: (part: CheckedPart) => string | null,
  ): Promise<unknown> {
    if (this.broken) throw this.broken;
    const proc = method === 'open' || !this.proc ? this.process() : this.proc;
    if (method === 'open') this.proc = proc;
    let reply;
    try {
      reply = await proc.call(this.id, method, args, this.allowance, onPart);
    } catch (e) {
      this.broken = e instanceof LimitError ? e : new EngineProcessError(shortReason((e as Error).message));
      throw this.broken;
    }
    this.ms = reply.elapsed;
    if (!reply.ok) {
      const message = shortReason(reply.error);
      throw reply.kind === 'navigation'
        ? new NavigationError(message)
        : reply.kind === 'limit'
          ? new LimitError(message)
          : new Error(message);
    }
    const value = RESULTS[method].safeParse(reply.value);
    if (!value.success) throw this.malformed(method);
    return value.data;
  }

  /** Ends the engine process for an answer that is not what `method` answers; the error every later call fails with. */
  private malformed(method: Method): Error {
    const reason = `the engine process answered ${method} with a malformed value`;
    (this.proc ?? this.process()).fail(reason);
    this.broken = new EngineProcessError(reason);
    return this.broken;
  }

  /** The engine process of the site this browser plays. */
  private process() {
    return engineProcess(this.limits.memoryMb, this.site, this.worker);
  }

  async open(site: SiteFiles, opts: OpenOptions): Promise<void> {
    const playing = isTrusted(site) ? site : null;
    if (playing !== this.site) {
      await this.close();
      releaseEngine(this.limits.memoryMb, this.site);
      holdEngine(this.limits.memoryMb, playing);
      this.site = playing;
    }
    this.broken = null;
    this.opened = true;
    this.vp = { ...(opts.viewport ?? VIEWPORT) };
    const { domElements, timersPerStep } = this.limits;
    await this.call('open', { files: servedText(site) }, opts, { domElements, timersPerStep });
  }

  async observe(): Promise<Observation> {
    // The table comes in parts, each decoded on arrival while the engine reads the rest of the page.
    const parts = new Decoder(maxEntries(this.limits), maxText(this.limits));
    const wire = (await this.calling('observe', [], (part) => parts.add(part))) as CheckedWire;
    const obs = decode(wire, parts);
    if (typeof obs === 'string') throw this.malformed('observe');
    return obs;
  }

  async aim(points: readonly { x: number; y: number }[]): Promise<string[]> {
    const hits = (await this.call('aim', points)) as string[];
    // One answer a point, or the engine's answer is not one.
    if (hits.length !== points.length) throw this.malformed('aim');
    return hits;
  }

  async clickAt(x: number, y: number): Promise<ClickOutcome> {
    return (await this.call('clickAt', x, y)) as ClickOutcome;
  }

  async fill(ref: string, value: string): Promise<void> {
    await this.call('fill', ref, value);
  }

  async selectOption(ref: string, values: readonly string[]): Promise<string[]> {
    return (await this.call('selectOption', ref, [...values])) as string[];
  }

  async scrollTo(x: number, y: number): Promise<void> {
    await this.call('scrollTo', x, y);
  }

  async goto(url: string): Promise<void> {
    await this.call('goto', url);
  }

  async back(): Promise<void> {
    await this.call('back');
  }

  async advance(ms: number): Promise<void> {
    await this.call('advance', ms);
  }

  elapsed(): number {
    return this.ms;
  }

  async events(): Promise<PageEvent[]> {
    return (await this.call('events')) as PageEvent[];
  }

  /** Frees the page in the engine process; decoy's own process stays for the next episode or run, a trusted site's ends. */
  async close(): Promise<void> {
    if (!this.opened) return;
    this.opened = false;
    const proc = this.proc;
    this.proc = null;
    if (!this.broken && proc?.alive) await proc.call(this.id, 'close', [], this.allowance).catch(() => undefined);
    releaseEngine(this.limits.memoryMb, this.site);
    this.site = null;
  }
}
