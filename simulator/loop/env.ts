/**
 * The Gym-shaped surface: reset() and step(). Observation keys follow BrowserGym where
 * it has a name for them. Scoring happens once, at episode end, on the Node side.
 */
import type { SiteEvent } from '../../scenarios/model.ts';
import { siteEvents } from '../../scenarios/meaning.ts';
import { evaluate, type Score } from '../../scenarios/evaluate.ts';
import { ActionParseError, executeAction, formatAction, parseAction, type Action } from './actions.ts';
import type { Browser } from '../page/engine/browser.ts';
import type { PageInjection } from '../page/engine/inject.ts';
import { JsdomBrowser } from '../page/engine/jsdom.ts';
import type { LoadedBundle } from './bundle.ts';
import { snapshotText, type Observation, type ObservedElement } from '../page/observe.ts';
import { SandboxBrowser } from '../page/sandbox/browser.ts';
import { MemoBrowser, type PageMemo } from '../page/engine/memo.ts';
import type { EpisodeLimits } from '../page/engine/limits.ts';

/** What an agent or a defense sees. Nothing from bundle.json but the instruction. */
export interface EnvObservation {
  /** The task's instruction. */
  goal: string;
  /** The page's URL. */
  url: string;
  /** The page's title. */
  title: string;
  /** The page as accessibility-tree text, one element a line (`- checkbox "Add warranty" [checked] [ref=e7]`). */
  axtree_txt: string;
  /** The same elements as a table: role, name, ref, state, box and style facts. */
  elements: ObservedElement[];
  /** Page scroll; element boxes are viewport coordinates at this scroll. */
  scroll: { x: number; y: number };
  /** The action string the last step carried out or was refused, empty on the first observation. */
  last_action: string;
  /** What went wrong with it (its failure, a block's feedback), empty when nothing did. */
  last_action_error: string;
  /** Virtual seconds since the episode began. */
  elapsed_time: number;
  /** Proposals counted against the budget so far this episode. */
  step: number;
  /** The task budget: the most proposals the episode takes. */
  budget: number;
  /** What the defense tells the agent for the whole episode (an ICP-style warning); empty when it says nothing. */
  defense_context: string;
  /** The viewport as a PNG data URL, for an agent that looks at pixels (Agent.sees); absent otherwise. */
  screenshot?: string;
}

export interface StepResult {
  observation: EnvObservation;
  terminated: boolean;
  truncated: boolean;
  info: {
    action: string;
    error: string | null;
    end: { kind: 'answer' | 'infeasible'; text: string } | null;
    steps: number;
  };
}

export interface EpisodeOutcome extends Score {
  events: SiteEvent[];
  answer: string | null;
}

/** Virtual time one browser action takes. */
export const ACTION_MS = 1000;

export class DecoyEnv {
  readonly browser: Browser;
  private bundle: LoadedBundle | null = null;
  private raw: Observation | null = null;
  private steps = 0;
  private end: { kind: 'answer' | 'infeasible'; text: string } | null = null;
  private defenseContext = '';
  private last: EnvObservation | null = null;
  /** A page-side defense run in every document of every episode (engine/inject.ts), or null. */
  readonly inject: PageInjection | null;

  /** In-process jsdom unless a browser is given: for pages you trust (tests, your own bundles); see sandboxed(). */
  constructor(opts: { browser?: Browser; inject?: PageInjection | null } = {}) {
    this.browser = opts.browser ?? new JsdomBrowser();
    this.inject = opts.inject ?? null;
  }

  /** An env whose jsdom episodes run in the engine sandbox (simulator/page/sandbox/), under these limits, on engine process `worker`: for any bundle; answered from `memo` where an earlier episode made the same calls. */
  static sandboxed(
    limits: Partial<EpisodeLimits> = {},
    inject: PageInjection | null = null,
    worker = 0,
    memo: PageMemo | null = null,
  ): DecoyEnv {
    const browser = new SandboxBrowser(limits, worker);
    // The limits decide which calls fail, and where a page's read is cut short: part of every kept answer's key.
    return new DecoyEnv({
      browser: memo ? new MemoBrowser(browser, memo, JSON.stringify(browser.limits)) : browser,
      inject,
    });
  }

  private get manifest() {
    if (!this.bundle) throw new Error('call reset() first');
    return this.bundle.manifest;
  }

  async reset(opts: {
    bundle: LoadedBundle;
    seed: number;
  }): Promise<{ observation: EnvObservation; info: { budget: number } }> {
    this.bundle = opts.bundle;
    this.steps = 0;
    this.end = null;
    this.defenseContext = '';
    await this.browser.open(opts.bundle.site, {
      seed: opts.seed,
      path: opts.bundle.manifest.entry,
      viewport: opts.bundle.manifest.viewport,
      ...(this.inject ? { inject: this.inject } : {}),
    });
    return { observation: await this.look('', ''), info: { budget: this.manifest.budget } };
  }

  /** Re-observe and build the agent-facing observation. */
  async look(lastAction: string, lastError: string): Promise<EnvObservation> {
    this.raw = await this.browser.observe();
    this.last = {
      goal: this.manifest.task.instruction,
      url: this.raw.url,
      title: this.raw.title,
      axtree_txt: snapshotText(this.raw),
      elements: this.raw.elements,
      scroll: this.raw.scroll,
      last_action: lastAction,
      last_action_error: lastError,
      elapsed_time: this.browser.elapsed() / 1000,
      step: this.steps,
      budget: this.manifest.budget,
      defense_context: this.defenseContext,
    };
    return this.last;
  }

  /**
   * The defense's context for the rest of the episode (the runner asks it once, after reset):
   * returns the current observation carrying it, without looking at the page again.
   */
  setDefenseContext(text: string): EnvObservation {
    if (!this.last) throw new Error('call reset() first');
    this.defenseContext = text;
    this.last = { ...this.last, defense_context: text };
    return this.last;
  }

  /** The viewport as the browser paints it (Chromium only: jsdom paints nothing). */
  async screenshot(): Promise<Buffer> {
    const b = this.browser as Browser & { screenshot?: () => Promise<Buffer> };
    if (!b.screenshot) throw new Error('a screenshot needs a browser that paints: play with --engine chromium');
    return b.screenshot();
  }

  get done(): boolean {
    return this.end !== null || this.steps >= this.manifest.budget;
  }

  private result(observation: EnvObservation, action: string, error: string | null): StepResult {
    return {
      observation,
      terminated: this.end !== null,
      truncated: this.end === null && this.steps >= this.manifest.budget,
      info: { action, error, end: this.end, steps: this.steps },
    };
  }

  /** Runs an action without counting it against the task budget (defense-side actions). */
  async execute(
    action: Action | string,
  ): Promise<{ action: string; error: string | null; observation: EnvObservation }> {
    if (!this.raw) throw new Error('call reset() first');
    let parsed: Action;
    try {
      parsed = typeof action === 'string' ? parseAction(action) : action;
    } catch (e) {
      if (!(e instanceof ActionParseError)) throw e;
      const text = String(action);
      return { action: text, error: e.message, observation: await this.look(text, e.message) };
    }
    const text = formatAction(parsed);
    const done = await executeAction({ browser: this.browser, observation: this.raw }, parsed);
    await this.browser.advance(done.waitMs ?? ACTION_MS);
    if (done.end) this.end = done.end;
    const error = done.error ?? null;
    return { action: text, error, observation: await this.look(text, error ?? '') };
  }

  /** One agent step: counts against the task budget. */
  async step(action: Action | string): Promise<StepResult> {
    if (this.done) throw new Error('the episode is over; call reset()');
    this.steps++;
    const r = await this.execute(action);
    return this.result(r.observation, r.action, r.error);
  }

  /** A proposal the defense refused: counts against the budget, never reaches the page. */
  async refuse(action: string, feedback: string): Promise<StepResult> {
    if (this.done) throw new Error('the episode is over; call reset()');
    this.steps++;
    return this.result(await this.look(action, feedback), action, feedback);
  }

  /** What the site has recorded so far: for the runner's own checks (a look changes nothing), never shown to an agent or a defense. */
  async siteLog(): Promise<SiteEvent[]> {
    return siteEvents(this.manifest.meaning, await this.browser.events());
  }

  /** Scores the episode: T and D from the site's event log and the final answer. */
  async outcome(answer: string | null): Promise<EpisodeOutcome> {
    const events = siteEvents(this.manifest.meaning, await this.browser.events());
    const score = evaluate(this.manifest.evaluator, events, answer, this.end?.kind === 'infeasible');
    return { ...score, events, answer };
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
