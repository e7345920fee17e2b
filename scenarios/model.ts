/**
 * The declarative model: what a site is, what a task asks, what a pattern family does
 * to a site, and what a suite holds. Knows nothing of rendering or replay.
 */
import type { Rng } from './rng.ts';

export const DOMAINS = ['shopping', 'news', 'health'] as const;
export type Domain = (typeof DOMAINS)[number];

/** An element named the way an agent sees it: ARIA role + accessible name (exact). */
export interface Locator {
  role: string;
  name: string;
}

// ---------------------------------------------------------------------------
// Site spec: the contract between scenarios and the generator.

/** What a control does in the site runtime. Neutral words only: this reaches the page. */
export type SiteAction =
  | { do: 'nav'; href: string }
  | { do: 'cart.add'; sku: string }
  | { do: 'cart.remove'; sku: string }
  | { do: 'order.place' }
  | { do: 'form.submit'; form: string }
  | { do: 'consent.all' }
  | { do: 'consent.none' }
  | { do: 'consent.save' }
  | { do: 'overlay.open'; id: string }
  | { do: 'overlay.close'; id: string };

export type ButtonStyle = 'primary' | 'secondary' | 'ghost' | 'link';

export interface ButtonSpec {
  id: string;
  label: string;
  action: SiteAction;
  style: ButtonStyle;
  /** Size factor: 1 is the site's normal button; a trap may be larger. */
  scale?: number;
}

export type Tone = 'normal' | 'muted' | 'fine' | 'alert';

export type Block =
  | { kind: 'heading'; id: string; text: string; level: 1 | 2 | 3 }
  | { kind: 'text'; id: string; text: string; tone?: Tone }
  | { kind: 'productGrid'; id: string; skus: string[] }
  | { kind: 'productDetail'; id: string; sku: string }
  | {
      kind: 'option';
      id: string;
      label: string;
      checked: boolean;
      control: 'checkbox' | 'switch';
      tone?: Tone;
      disabled?: boolean;
      /** Checked at add-to-cart time: this product is added too. */
      addon?: string;
      /** Consent purpose this control grants when it is submitted checked. */
      purpose?: string;
    }
  | { kind: 'field'; id: string; label: string; name: string; type: 'text' | 'email'; value?: string }
  | { kind: 'actions'; id: string; buttons: ButtonSpec[]; align: 'left' | 'right' | 'split' }
  | { kind: 'links'; id: string; links: { label: string; href: string }[] }
  | { kind: 'cartLines'; id: string }
  | { kind: 'summary'; id: string; stage: 'cart' | 'checkout' }
  | { kind: 'articleList'; id: string; slugs: string[] }
  | { kind: 'article'; id: string; slug: string }
  | { kind: 'form'; id: string; event: string; next: string; blocks: Block[] };

export type BlockKind = Block['kind'];

export interface PageSpec {
  route: string;
  title: string;
  blocks: Block[];
}

export interface OverlaySpec {
  id: string;
  /** Accessible name of the dialog or region. */
  label: string;
  role: 'dialog' | 'region';
  placement: 'bottom-bar' | 'modal' | 'corner';
  /** A backdrop covers the page behind the overlay. */
  backdrop: boolean;
  /** Shown on load (0) or after this many ms; null: only when opened by a control. */
  showAfterMs: number | null;
  blocks: Block[];
}

export interface Product {
  sku: string;
  name: string;
  price: number;
  blurb: string;
  /** Hue of the generated product image. */
  hue: number;
  /** Not listed in the catalogue grid (an add-on). */
  unlisted?: boolean;
}

export interface Article {
  slug: string;
  title: string;
  author: string;
  date: string;
  section: string;
  body: string[];
}

export interface ConsentPurpose {
  id: string;
  label: string;
  essential: boolean;
}

export interface Pricing {
  /** Lines the checkout page adds to the total. */
  checkoutFees: { label: string; amount: number }[];
  /** Unit prices that change at checkout, by sku. */
  checkoutPrices: Record<string, number>;
}

export interface SiteSpec {
  domain: Domain;
  brand: { name: string; tagline: string };
  theme: { accent: string; accentText: string; surface: string; ink: string };
  nav: { label: string; href: string }[];
  products: Product[];
  articles: Article[];
  /** Products the site puts in the cart by itself when the first item is added. */
  cartExtras: string[];
  pricing: Pricing;
  consentPurposes: ConsentPurpose[];
  pages: PageSpec[];
  overlays: OverlaySpec[];
}

// ---------------------------------------------------------------------------
// Paths: the safe path (oracle) and the trap path, in the agent's vocabulary.

export type PathOp =
  | { op: 'click'; target: Locator }
  | { op: 'check'; target: Locator }
  | { op: 'uncheck'; target: Locator }
  | { op: 'fill'; target: Locator; value: string }
  | { op: 'goto'; url: string }
  | { op: 'answer'; text: string }
  | { op: 'infeasible'; reason: string };

export interface PathStep {
  id: string;
  /** The step waits (noop) until its target is in the observation, up to this many ms. */
  waitMs?: number;
  act: PathOp;
}

export type PathEdit =
  | { at: 'start'; steps: PathStep[] }
  | { at: 'before' | 'after' | 'replace-from'; step: string; steps: PathStep[] };

// ---------------------------------------------------------------------------
// Tasks

export type Goal =
  | { kind: 'purchase'; sku: string; name: string; price: number }
  | { kind: 'signup'; name: string; email: string }
  | { kind: 'answer'; article: string; expected: string };

export interface TaskInstance {
  instruction: string;
  goal: Goal;
  site: SiteSpec;
  path: PathStep[];
}

export interface SiteEvent {
  type: string;
  /** ms since the episode began (virtual clock). */
  t: number;
  route: string;
  [key: string]: unknown;
}

export interface TaskDef {
  id: string;
  title: string;
  domains: readonly Domain[];
  build(ctx: { domain: Domain; rng: Rng }): TaskInstance;
  /** T: did what the user asked for happen? Pure over the event log and the final answer. */
  success(goal: Goal, events: readonly SiteEvent[], answer: string | null): boolean;
}

// ---------------------------------------------------------------------------
// Pattern families

export interface GroundTruthElement {
  kind: 'correct' | 'deceptive';
  route: string;
  /** Set when the element lives in an overlay. */
  overlay?: string;
  target: Locator;
}

export interface PatternApplication {
  /** Evaluator parameters for this family's outcome predicate. */
  params: Record<string, unknown>;
  elements: GroundTruthElement[];
  safe: PathEdit[];
  trap: PathEdit[];
}

export interface ApplyContext {
  /** The task's site: the family edits it in place. */
  site: SiteSpec;
  task: TaskInstance;
  taskId: string;
  variant: string;
  rng: Rng;
}

export interface PatternFamily {
  id: string;
  title: string;
  summary: string;
  /** Tasks this family can be composed into. */
  tasks: readonly string[];
  domains: readonly Domain[];
  /** Named visual/placement variants; a scenario picks one. */
  variants: readonly string[];
  /** False when no safe completion exists once the pattern fires (WebDecept's notion). */
  feasible: boolean;
  apply(ctx: ApplyContext): PatternApplication;
  /** D for this family: did the deceptive outcome happen? Pure over the event log. */
  outcome(params: Record<string, unknown>, events: readonly SiteEvent[]): boolean;
}

// ---------------------------------------------------------------------------
// Suites

export interface ScenarioSpec {
  task: string;
  domain: Domain;
  /** Empty: the task's benign control. */
  patterns: { family: string; variant: string }[];
}

export interface SuiteDef {
  id: string;
  title: string;
  description: string;
  /** Task budget: agent proposals per episode. */
  budget: number;
  scenarios(): ScenarioSpec[];
}
