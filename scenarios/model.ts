/**
 * The declarative model: what a site is, what a task asks, what a pattern family does
 * to a site, and what a suite holds. Knows nothing of rendering or replay.
 */
import type { Rng } from './rng.ts';
import type { Pool, Say } from './phrasing.ts';
import type { EventName, SiteEvent } from './contract.ts';

/** The site's events are part of the contract with the runtime; re-exported here for the model's users. */
export type { SiteEvent } from './contract.ts';

export const DOMAINS = ['shopping', 'news', 'health', 'music', 'booking', 'software'] as const;
export type Domain = (typeof DOMAINS)[number];

/**
 * An element named the way an agent sees it: ARIA role + accessible name (exact). Role
 * 'text' names a piece of visible text that is not an accessible control (a bare clickable
 * div): only a coordinate click reaches it. `index` picks among several matches in page order.
 */
export interface Locator {
  /** The ARIA role (`button`, `checkbox`), or `text`. */
  role: string;
  /** The accessible name, exact (for `text`, the visible text). */
  name: string;
  /** Which of several matches, counted from 0 in page order. */
  index?: number;
}

// ---------------------------------------------------------------------------
// Site spec: the contract between scenarios and the generator.

/**
 * What a control does. The generator serves only its neutral part (go to a route, close the
 * overlay, submit a form, add to the cart, …) with an opaque per-bundle `control` id; what the
 * press means (an `emit`'s event and data, a submit button's fields) goes to bundle.json.
 */
export type SiteAction =
  /** `close`: also closes the overlay the control sits in. */
  (
    | { do: 'nav'; href: string; close?: boolean }
    | { do: 'cart.add'; sku: string }
    | { do: 'cart.remove'; sku: string }
    /**
     * Places the order in the cart. `instead`: the order goes to someone other than the shop (a
     * partner's look-alike checkout), and placing it records this event instead of the shop's
     * order. Served as any order button is: what it means is bundle.json's (generator/neutral.ts).
     */
    | { do: 'order.place'; instead?: { event: EventName; data?: Record<string, string | number | boolean> } }
    /**
     * `fields`: what the pressed control submits with the form, as an HTML submit button's
     * name=value does. `purposes`: the consent a press gives whatever the form's switches say
     * ("Accept all", "Reject all"); like `fields`, it lives in bundle.json, never on the page.
     */
    | { do: 'form.submit'; form: string; fields?: Record<string, string>; purposes?: Record<string, boolean> }
    | { do: 'overlay.open'; id: string }
    | { do: 'overlay.close'; id?: string }
    /** Expands or collapses a collapsible group (its id). */
    | { do: 'section.toggle'; id: string }
    /** Applies the coupon typed into the field named `coupon` on the same page. */
    | { do: 'coupon.apply' }
    /** Nothing the page shows: the press is recorded and that is all (an advert that would open elsewhere). */
    | { do: 'press' }
    /**
     * Records a site event (`subscription.started`, `ad.opened`, `download.started`, ...) with
     * its data, then optionally closes the overlay the control sits in and navigates. Never
     * served as such: the page shows the closing and the navigation, the event is bundle.json's.
     */
    | { do: 'emit'; event: EventName; data?: Record<string, string | number | boolean>; close?: boolean; href?: string }
  ) & {
    /** The opaque id the generator gives the control (generator/neutral.ts); families leave it out. */
    control?: string;
  };

/**
 * The kind of press a control makes as served, which an overlay or page that takes a press
 * matches (the runtime's `ofKind`): its served action, a link's with where it goes. An authored
 * `emit` is the kind generator/neutral.ts serves it as.
 */
export function pressKind(action: SiteAction): string {
  if (action.do === 'nav') return `nav ${action.href}`;
  if (action.do === 'emit')
    return action.href !== undefined ? `nav ${action.href}` : action.close ? 'overlay.close' : 'press';
  return action.do;
}

export type ButtonStyle = 'primary' | 'secondary' | 'ghost' | 'link';

/**
 * How a control is written in HTML, which decides what the accessibility tree shows:
 * `button` a <button>; `link` an <a> styled as a link; `image` a <button> whose face is an
 * image of the label (its accessible name is `alt`, which may be empty); `aria-div` a
 * <div role="button"> (component-library markup); `plain` a bare <div> with a click
 * handler and no role (invisible to the accessibility tree; only a coordinate click reaches it);
 * `plain-image` a bare <div> with a click handler whose face is an image of the label: at most
 * an image (named by `alt`) in the accessibility tree, never a control.
 */
export type ButtonRender = 'button' | 'link' | 'image' | 'aria-div' | 'plain' | 'plain-image';

export interface ButtonSpec {
  id: string;
  label: string;
  action: SiteAction;
  style: ButtonStyle;
  /** Size factor: 1 is the site's normal button; a trap may be larger. */
  scale?: number;
  render?: ButtonRender;
  /** For render 'image' or 'plain-image': the alt text; absent means the label, '' means none. */
  alt?: string;
  /** An accessible name that differs from the visible label. */
  ariaLabel?: string;
}

export type Tone = 'normal' | 'muted' | 'fine' | 'alert';

export type Block =
  | { kind: 'heading'; id: string; text: string; level: 1 | 2 | 3 }
  | { kind: 'text'; id: string; text: string; tone?: Tone }
  /**
   * Catalogue cards; `promoted` listings come first, each marked with a small `label` ("Sponsored").
   * With `pager`, `pager.perPage` cards show at a time, under them links to each page and to the next.
   */
  | {
      kind: 'productGrid';
      id: string;
      skus: string[];
      promoted?: { sku: string; label: string }[];
      pager?: { perPage: number; label: string; next: string };
    }
  /** A product's details; `sku` is `ANY_PRODUCT` on the page every product without a page of its own shares. */
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
      /** Form field this control submits as true/false (settings). */
      name?: string;
      /** At checkout: adds this much to the total while checked (gift wrap, protection). */
      price?: number;
    }
  | {
      kind: 'field';
      id: string;
      label: string;
      name: string;
      type: 'text' | 'email' | 'number';
      value?: string;
      optional?: boolean;
    }
  | {
      kind: 'radios';
      id: string;
      name: string;
      legend: string;
      options: { value: string; label: string; checked?: boolean; tone?: Tone }[];
    }
  | {
      kind: 'select';
      id: string;
      label: string;
      name: string;
      options: { value: string; label: string }[];
      value?: string;
    }
  | { kind: 'image'; id: string; alt: string; hue: number; height: number }
  /** A line whose `{time}` counts down (mm:ss) from `seconds` after the first visit. */
  | { kind: 'countdown'; id: string; text: string; seconds: number; tone?: Tone }
  /**
   * A container: children stacked, or side by side in `columns`. With `collapsed`, only a
   * toggle button labelled `collapsed.toggle` shows until it is pressed.
   */
  | {
      kind: 'group';
      id: string;
      look: 'plain' | 'card' | 'notice' | 'ad';
      label?: string;
      columns?: number;
      collapsed?: { toggle: string };
      blocks: Block[];
    }
  | {
      kind: 'actions';
      id: string;
      buttons: ButtonSpec[];
      align: 'left' | 'right' | 'split';
      /** The order is authored: text printed after the row speaks for its last button, so no draw may swap them. */
      ordered?: true;
    }
  | { kind: 'links'; id: string; links: { label: string; href: string }[] }
  | { kind: 'cartLines'; id: string }
  | { kind: 'summary'; id: string; stage: 'cart' | 'checkout' }
  | {
      kind: 'articleList';
      id: string;
      slugs: string[];
      /**
       * Per slug: a small label drawn above the entry's title (in `tone`), and what a click
       * does instead of opening the article.
       */
      entries?: Record<string, { kicker?: string; tone?: Tone; action?: SiteAction }>;
    }
  /** A story; `teaser`: only its section, title and first paragraph show (no byline), and it stays the same element. */
  | { kind: 'article'; id: string; slug: string; teaser?: boolean }
  /**
   * `event`: what a submission records (none: it records only the consent its switches and
   * pressed control give). `consent: 'banner'`: a cookie banner, whose consent is the banner's.
   */
  | {
      kind: 'form';
      id: string;
      event?: EventName;
      consent?: 'banner';
      next: string;
      blocks: Block[];
      /** The form (on its page) whose settings this one saves with, the whole account at each save; absent, its own only. */
      account?: { route: string; form: string };
    };

export type BlockKind = Block['kind'];

/**
 * A control of the base site, named by the route of its page and its button id: a pattern's
 * overlay or page steps in at its press from outside (`takes`), so that the control's own markup
 * stays as the base site wrote it. The name is the author's: what is served names only the
 * kind of press (the control's served action, and its route for a link) on that route, which
 * every control of that kind there shares (contract.ts, ATTR.takes).
 */
export interface ControlRef {
  route: string;
  button: string;
}

export interface PageSpec {
  route: string;
  title: string;
  blocks: Block[];
  /** Every press of a control of this one's kind on its route leads to this page instead of doing its own action. */
  takes?: ControlRef;
}

export interface OverlaySpec {
  id: string;
  /** Accessible name of the dialog or region. */
  label: string;
  role: 'dialog' | 'region';
  placement: 'bottom-bar' | 'top-bar' | 'modal' | 'corner';
  /** A backdrop covers the page behind the overlay. */
  backdrop: boolean;
  /** Shown on load (0) or after this many ms; null: only when opened by a control. */
  showAfterMs: number | null;
  /** Only on these routes; the delay then counts from arriving on one of them. */
  routes?: string[];
  /**
   * The first press of a control of this one's kind on its route opens the overlay instead;
   * closing it with its own close control lets that press go on. `routes` must hold that route.
   */
  takes?: ControlRef;
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
  /** Listed after the shop's own products, shown on the page every such product shares; no task asks for it. */
  more?: boolean;
  category?: string;
  /** Options chosen on the product page (colour, size); the first is the default. */
  variants?: string[];
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
  /** Delivery options chosen at checkout (radios named `shipping`); the first is the default. */
  shipping: { id: string; label: string; price: number }[];
  /** Coupon codes and the percentage they take off the items. */
  coupons: Record<string, number>;
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
  /** Of those, the lines the checkout puts back, once, after the user removed them from the cart. */
  cartRestores?: string[];
  pricing: Pricing;
  consentPurposes: ConsentPurpose[];
  pages: PageSpec[];
  overlays: OverlaySpec[];
  /** Secondary navigation beside the brand: pages of the site or routes it does not have, never an action. */
  subnav?: { label: string; href: string }[];
  /** The footer every page ends with: columns of such links and a line of small print. */
  footer?: { columns: { heading: string; links: { label: string; href: string }[] }[]; legal: string };
  /** The rest of what frames every page of a real site, and the design it is drawn in. */
  frame?: SiteFrame;
}

export interface SiteLink {
  label: string;
  href: string;
}

/**
 * A site's look beyond its colours: type, the header's scheme and arrangement, the shapes of
 * its components, the footer's scheme. Chosen by seed from the designs of scenarios/content/designs.ts.
 */
export interface SiteDesign {
  id: string;
  font: string;
  /** The header's background: white, the ink's dark, or the accent. */
  header: 'light' | 'dark' | 'accent';
  /** The category bar under the header. */
  bar: 'light' | 'dark' | 'accent' | 'line';
  footer: 'light' | 'dark';
  /** Corner radius of buttons, fields and cards, in px. */
  radius: number;
  /** The search box: in the middle of the header, or right after the brand. */
  search: 'center' | 'left';
  /** A thin strip above the header carrying a line and the account links. */
  strip: boolean;
  cards: 'border' | 'shadow' | 'flat';
  /** Popups in the site's own shapes: a dialog's width, and the side a corner popup docks to. */
  dialog: number;
  corner: 'left' | 'right';
}

/**
 * What frames every page besides the navigation and the footer's columns: links to the site's
 * own pages or to routes it does not have, and one search box whose button goes to the search
 * page. None of it is an action a task or pattern names.
 */
export interface SiteFrame {
  design: SiteDesign;
  strip: string;
  account: SiteLink[];
  search: { label: string; button: string };
  categories: SiteLink[];
  trending: { heading: string; links: SiteLink[] };
  promises: { title: string; text: string }[];
  about: string;
  social: SiteLink[];
  legal: SiteLink[];
  regions: { heading: string; links: SiteLink[] };
  /** A line saying where help is. */
  help: string;
  /** The site's own items shown above the footer on every page ("Most read", "Popular stays"): set by the base site, never by a pattern. */
  picks?: { heading: string; links: SiteLink[] };
}

// ---------------------------------------------------------------------------
// Steps: one action in the agent's vocabulary, targeted by what an agent sees. The safe and
// trap paths are lists of steps, and so is a defense's prospective trajectory.

/** Visible text that is not an accessible control (a bare clickable div); `index` picks among equal texts in page order. */
export interface TextTarget {
  text: string;
  index?: number;
}

/** A point of the viewport, in px: whatever is on top there receives the click. */
export interface PointTarget {
  x: number;
  y: number;
}

/** Where a step acts: an element by role + accessible name, visible text, or a viewport point. */
export type Target = Locator | TextTarget | PointTarget;

/** A machine-checkable state that must hold after a step (checked on the next observation). */
export type Expectation =
  | { target: Locator | TextTarget; checked: boolean }
  | { target: Locator | TextTarget; present: boolean }
  | { target: Locator | TextTarget; value: string }
  /** The page's path (the URL without origin, query or hash). */
  | { path: string };

/** What a step does; `verb` names it. */
export type StepAct =
  | { verb: 'click'; target: Target }
  | { verb: 'check'; target: Target }
  | { verb: 'uncheck'; target: Target }
  /** Replaces the text of a field. */
  | { verb: 'fill'; target: Target; value: string }
  /** Chooses a drop-down option by its value or visible label. */
  | { verb: 'select'; target: Target; value: string }
  | { verb: 'goto'; url: string }
  | { verb: 'back' }
  | { verb: 'scroll'; dx: number; dy: number }
  /** Lets virtual time pass. */
  | { verb: 'wait'; ms: number }
  /** The final answer to the user; ends the episode. */
  | { verb: 'answer'; text: string }
  /** Reports the task cannot be done as asked; ends the episode. */
  | { verb: 'infeasible'; reason: string };

export type Verb = StepAct['verb'];

/** One act of a path or trajectory (what the oracle walks, and what a defense's `intervene` or `acquire` runs), with its id, wait and expectations. */
export type Step = StepAct & {
  /** Unique within its path or trajectory; families anchor their edits on it. */
  id: string;
  /** A walker waits (virtual time) up to this many ms for the target to show and be uncovered. */
  waitMs?: number;
  /** States that must hold once the step is done (a defense's trajectory declares them). */
  expect?: Expectation[];
  /** Steps of the same trajectory that must have been done and verified first. */
  dependsOn?: string[];
};

/** `replace` swaps one step for others (keep its id to let other families anchor on it). */
export type PathEdit =
  { at: 'start'; steps: Step[] } | { at: 'before' | 'after' | 'replace' | 'replace-from'; step: string; steps: Step[] };

// ---------------------------------------------------------------------------
// Tasks

/** What the user asked for, structured; each task defines its own kind and fields. */
export interface Goal {
  kind: string;
  [field: string]: unknown;
}

/**
 * What a site offers that a pattern family may need: pages and layers it can build on.
 * A family whose needs the task's site lacks cannot be composed into it.
 */
export type Capability =
  | 'catalogue'
  | 'product-page'
  | 'cart'
  | 'checkout'
  | 'signup'
  | 'articles'
  | 'settings'
  /** A plans page where the user picks a subscription plan. */
  | 'plans'
  | 'newsletter'
  | 'player'
  | 'booking'
  | 'downloads';

export interface TaskInstance {
  instruction: string;
  goal: Goal;
  site: SiteSpec;
  path: Step[];
  /** For a task made of several tasks on one site: each part's task id and goal. */
  parts?: { task: string; goal: Goal }[];
}

export interface TaskDef {
  id: string;
  title: string;
  domains: readonly Domain[];
  /** What the task's site offers to pattern families, in every domain of the task. */
  capabilities: readonly Capability[];
  /** A task made of these tasks, done one after another on one site (errands). */
  parts?: readonly string[];
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
  /** Draws a phrasing from the bundle's half of a text pool, with `rng` (scenarios/phrasing.ts). */
  say: Say;
}

/** The deception categories of the RUC click-box dataset (DUDE). */
export type RucCategory = 'coercive' | 'cognitive' | 'contextual-path-spoofing' | 'emotional';

/** The dark-pattern taxonomy of Mathur et al. 2019. */
export const MATHUR = [
  'sneak into basket',
  'hidden costs',
  'hidden subscription',
  'countdown timer',
  'limited-time message',
  'low-stock message',
  'high-demand message',
  'activity notification',
  'testimonials of uncertain origin',
  'confirmshaming',
  'visual interference',
  'trick questions',
  'pressured selling',
  'hard to cancel',
  'forced enrollment',
] as const;
export type MathurType = (typeof MATHUR)[number];

export interface PatternFamily {
  id: string;
  title: string;
  summary: string;
  /** Tasks this family can be composed into; absent: every task that offers its `needs`. */
  tasks?: readonly string[];
  domains: readonly Domain[];
  /** Site capabilities the family builds on; a task must offer them all. */
  needs: readonly Capability[];
  /**
   * Exclusive resources (e.g. 'load-modal', 'checkout-modal') or family ids: two families
   * that share an entry cannot be composed into one site.
   */
  exclusive: readonly string[];
  /**
   * Exclusive resources that depend on where the family is composed (the page its popup takes
   * differs by task), claimed in addition to `exclusive`.
   */
  claims?(task: string, domain: Domain): readonly string[];
  category: RucCategory;
  mathur: readonly MathurType[];
  /** The phrasing pools of the family's text slots (at least five in each half), drawn by seed through `say`. */
  texts: Readonly<Record<string, Pool<unknown>>>;
  /** Named visual/placement variants; a scenario picks one. */
  variants: readonly string[];
  /** False when no safe completion exists once the pattern fires (WebDecept's notion). */
  feasible: boolean;
  /**
   * `own` when the look of the trap against the way out is the pattern itself (a loud offer
   * against a faint way on): the composer keeps the family's styles. Otherwise how loud each
   * is belongs to the site's design and is drawn by seed (scenarios/families/lib/emphasis.ts).
   */
  emphasis?: 'own';
  apply(ctx: ApplyContext): PatternApplication;
  /** The family's risk state and commitment: its outcome is R holding at a commitment (scenarios/risk.ts). */
  risk: FamilyRisk;
  /** D for this family: did R hold at a commitment? Derived from `risk` (scenarios/risk.ts `pattern`), never written by hand. */
  outcome(params: Record<string, unknown>, events: readonly SiteEvent[]): boolean;
}

/**
 * What a family's deception exposes the user to, over the site's event log, and when that
 * becomes an outcome. Both are pure; `params` are the family's evaluator parameters.
 */
export interface FamilyRisk {
  /** R in words ("the protection plan is in the cart or an order"). */
  state: string;
  /** The commitment in words ("an order is placed"). */
  commitment: string;
  /** R: does the log, up to and including its last event, leave the user exposed? */
  holds(params: Record<string, unknown>, events: readonly SiteEvent[]): boolean;
  /** Is this event a commitment, at which R (if it holds) becomes the outcome? */
  commits(params: Record<string, unknown>, event: SiteEvent): boolean;
}

// ---------------------------------------------------------------------------
// Suites

export interface ScenarioSpec {
  task: string;
  domain: Domain;
  /** Empty: the task's benign control. */
  patterns: { family: string; variant: string }[];
  /** Distinguishes configurations that share task, domain and patterns (a task template instance). */
  instance?: number;
  /** The suite's own label for the configuration's condition (e.g. Veer's 'shop/t2'). */
  condition?: string;
}

/**
 * A click-level suite (RUC): samples are page states with a correct box B_c (and, when
 * deceptive, a deceptive box B_d), drawn from the suite's configurations in order.
 */
export interface ClickSuiteSpec {
  /** Normal samples (from benign controls, one per click of the safe path), split evenly over domains. */
  normal: number;
  /** Deceptive samples per domain (one per configuration, where B_c and B_d are both in view). */
  deceptive: Partial<Record<Domain, number>>;
  /** Train/valid/test fractions, stratified by category, and the split seed. */
  split: { train: number; valid: number; test: number; seed: number };
  /** Null clicks (label 0) per sample, rejection-sampled outside B_c and B_d. */
  nullClicks: number;
}

export interface SuiteDef {
  id: string;
  /**
   * Raised whenever what the suite generates changes (its sites, ground truth or evaluator
   * parameters), so that a result is always tied to the sites it was measured on: it is part of
   * every scenario id (`webdecept.v2.…`) and of run.json.
   */
  version: number;
  /**
   * For a published suite: the digest of its bundles at seeds 0 and 1, its families'
   * phrasing pools and the content pools (generator/bundle.ts suiteDigest) under this version. A test fails when the bundles change and this does not.
   */
  digest?: string;
  /**
   * The digests of the versions before this one, oldest first (version 1's first). A version's
   * digest never changes once it is on main: a suite that generates anything else takes the
   * next version, and its old digest goes here (test/scenarios/versions.test.ts holds both,
   * against the suite file's history in git where there is one).
   */
  released?: readonly string[];
  title: string;
  description: string;
  /** Task budget: agent proposals per episode. */
  budget: number;
  /** Configurations, in order; for a click suite, the candidates samples are drawn from. */
  scenarios(): ScenarioSpec[];
  clicks?: ClickSuiteSpec;
}
