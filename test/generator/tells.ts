/**
 * A classifier that reads only what a page hides: attributes, ids, names and the text of its
 * scripts, never visible text or styles. It learns per-token lookups on one seed's bundles
 * and is scored on another's: if it tells the trap (B_d) from the way out (B_c) better than
 * chance, something hidden in the page gives the pattern away.
 */
import { JSDOM } from 'jsdom';
import { generateBundle, generateSuite, type Bundle } from '../../generator/bundle.ts';
import type { ScenarioSpec } from '../../scenarios/model.ts';
import { adhocSuite, allSpecs } from '../helpers.ts';
import { ANSWERS, ATTR, type ControlsData } from '../../scenarios/contract.ts';
import { nameOf, roleOf } from '../../simulator/page/observe.ts';

export type Kind = 'correct' | 'deceptive';

/*
 * Two configurations per family variant: every kind of element and decision point the suites
 * are composed of, each in two sites (another task or domain where the family has one, else
 * another instance of the same), so a token learned on one site of a seed must hold on other sites.
 */
export function decisionSpecs(): ScenarioSpec[] {
  const by = new Map<string, ScenarioSpec[]>();
  for (const s of allSpecs().filter((x) => x.patterns.length)) {
    const k = `${s.patterns[0]?.family}-${s.patterns[0]?.variant}`;
    by.set(k, [...(by.get(k) ?? []), s]);
  }
  return [...by.values()].flatMap((all) => {
    const first = all[0] as ScenarioSpec;
    const other = all.find((s) => s.task !== first.task || s.domain !== first.domain) ?? { ...first, instance: 1 };
    return [first, other];
  });
}

/** The decision specs' bundles at a seed and each one's control twin; made once per seed for every file a worker runs. */
const made = new Map<number, { bundles: Bundle[]; twinOf: (b: Bundle) => Bundle }>();
export function decisionBundles(seed: number): { bundles: Bundle[]; twinOf: (b: Bundle) => Bundle } {
  let m = made.get(seed);
  if (!m) {
    const specs = decisionSpecs();
    const suite = adhocSuite(specs);
    const bundles = generateSuite(suite, seed);
    const twins = new Map<Bundle, Bundle>();
    const twinOf = (b: Bundle): Bundle => {
      let t = twins.get(b);
      if (!t)
        twins.set(
          b,
          (t = generateBundle(suite, { ...(specs[bundles.indexOf(b)] as ScenarioSpec), patterns: [] }, seed)),
        );
      return t;
    };
    made.set(seed, (m = { bundles, twinOf }));
  }
  return m;
}

export interface Sample {
  kind: Kind;
  /** The family that put the element there (for reporting what gives a family away). */
  family: string;
  /** The element's role, as the accessibility tree shows it to any agent. */
  role: string;
  tokens: Set<string>;
  /** The kind of action the site answers its control does (`ANSWERS.controls`; none for an element that is no control). */
  served?: string;
}

/* What an agent sees anyway (accessible names and roles, the text they come from) or what
   draws the page (styles and the classes that carry them): not hidden, so not features. */
const VISIBLE = new Set([
  'style',
  'class',
  'aria-label',
  'alt',
  'title',
  'placeholder',
  'role',
  'tabindex',
  'aria-modal',
  'type',
  'hidden',
  'src',
  'href',
  'checked',
  'disabled',
  'selected',
]);

/* Digits vary from seed to seed (prices, skus, ids); a lookup that generalises keeps their shape only. */
const shape = (s: string) => s.toLowerCase().replace(/\d+(\.\d+)?/g, '#');

function attributeTokens(el: Element, where: string, out: Set<string>): void {
  for (const a of Array.from(el.attributes)) {
    if (VISIBLE.has(a.name)) continue;
    out.add(`${where}${a.name}`);
    out.add(`${where}${a.name}=${shape(a.value)}`);
    for (const word of a.value.split(/[^A-Za-z0-9_]+/)) if (word) out.add(`${where}${a.name}~${shape(word)}`);
  }
}

/** Every key path of a JSON value whose leaf (or key) is `value`. */
function pathsTo(json: unknown, value: string, path = ''): string[] {
  if (json === null || typeof json !== 'object') return String(json) === value ? [path] : [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
    const key = Array.isArray(json) ? '[]' : /\d/.test(k) ? '#' : k;
    if (k === value) out.push(`${path}.${key}`);
    out.push(...pathsTo(v, value, `${path}.${key}`));
  }
  return out;
}

/**
 * Where an element's own identifiers (its id, its control id, its name) occur as values of
 * another element's attributes: `for` on a label is every field's, `data-takes` on an overlay
 * named only the control it hooks. A reference is a token whatever attribute carries it.
 */
export function referencesTo(doc: Document): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    for (const a of Array.from(el.attributes)) {
      if (a.name === 'style' || a.name === 'class') continue;
      for (const word of new Set(a.value.split(/\s+/))) {
        if (!word) continue;
        const got = out.get(word) ?? new Set<string>();
        got.add(`${el.localName}[${a.name}]`);
        out.set(word, got);
      }
    }
  }
  return out;
}

const IDENTIFIERS = ['id', ATTR.control, 'name'];

/** The hidden tokens of one element: its own attributes and their order, its ancestors', where its values occur in the page's script data, and who refers to it. */
export function tokensOf(el: Element, config: unknown, refs: Map<string, Set<string>> = new Map()): Set<string> {
  const out = new Set<string>();
  attributeTokens(el, '', out);
  // The order an element's attributes come in is the template's: a pattern that writes its own markup shows in it.
  out.add(`order=${Array.from(el.attributes, (a) => a.name).join(',')}`);
  for (let up = el.parentElement; up && up.localName !== 'body'; up = up.parentElement) attributeTokens(up, '^', out);
  for (const a of Array.from(el.attributes)) {
    if (VISIBLE.has(a.name)) continue;
    for (const word of [a.value, ...a.value.split(/[^A-Za-z0-9_.-]+/)]) {
      if (word.length > 1) for (const p of pathsTo(config, word)) out.add(`${a.name}@script${p}`);
    }
  }
  for (const a of IDENTIFIERS) {
    const v = el.getAttribute(a);
    if (!v) continue;
    const own = `${el.localName}[${a}]`;
    for (const by of refs.get(v) ?? []) if (by !== own) out.add(`xref:${a}<-${by}`);
  }
  return out;
}

/** The element a locator names, in a page whose pages and overlays are all shown (names of hidden elements are empty). */
function find(
  doc: Document,
  roles: Map<Element, string>,
  route: string,
  role: string,
  name: string,
  index: number | undefined,
): Element | undefined {
  return inScope(doc, route, (el) =>
    role === 'text'
      ? el.children.length === 0 && el.textContent?.trim() === name
      : roles.get(el) === role && nameOf(el) === name,
  )[index ?? 0];
}

/** The elements of a route's page and of every overlay that pass `keep`, in document order. */
function inScope(doc: Document, route: string, keep: (el: Element) => boolean): Element[] {
  const scopes = [
    ...Array.from(doc.querySelectorAll(`main[${ATTR.route}]`)).filter((m) => m.getAttribute(ATTR.route) === route),
    ...Array.from(doc.querySelectorAll(`[${ATTR.overlay}]`)),
  ];
  return scopes.flatMap((scope) => Array.from(scope.querySelectorAll('*')).filter(keep));
}

export interface Harvest {
  samples: Sample[];
  /** Ground-truth elements with no static element (rows the runtime draws, such as a cart line's Remove). */
  unresolved: number;
  /** Ground-truth elements whose pattern has no element of the other kind in the same role (a ticked box against a submit button): the role tells them apart, visibly. */
  unmatched: number;
  /** Traps of a pattern that has no way out of its own, compared with their control twin's element. */
  twinned: number;
}

/* A window per slot parses page after page: a window per page costs more than the parse. Slot 1 holds a control twin while slot 0 holds its pattern's page. */
const windows: Window[] = [];

/**
 * A bundle's page with every route and overlay shown, as the classifier reads it. Styles are
 * emptied (the classifier never reads them, and parsing them is most of the cost); the
 * attribute stays, so the order of attributes is the page's.
 */
export function parsePage(
  b: Bundle,
  slot = 0,
  looks = false,
): {
  doc: Document;
  roles: Map<Element, string>;
  config: unknown;
  refs: Map<string, Set<string>>;
  served: (el: Element) => { served?: string };
} {
  const win = (windows[slot] ??= new JSDOM('').window as unknown as Window);
  // The runtime script is the same bytes on every site: nothing in it tells one site from another.
  const bare = (b.files['index.html'] as string)
    .replace(/<script>[\s\S]*?<\/script>/g, '')
    .replace(/<style>[\s\S]*?<\/style>/g, '');
  /* A reader of looks keeps the inline styles: every look the generator draws is written there. */
  const html = looks ? bare : bare.replace(/\sstyle="[^"]*"/g, ' style=""');
  const doc = win.document;
  doc.documentElement.innerHTML = html.replace(/^[\s\S]*?<html[^>]*>/, '').replace(/<\/html>\s*$/, '');
  for (const el of Array.from(doc.querySelectorAll('[hidden]'))) el.removeAttribute('hidden');
  const roles = new Map<Element, string>();
  for (const el of Array.from(doc.body.querySelectorAll('*'))) roles.set(el, roleOf(el));
  const config: unknown = JSON.parse(doc.getElementById('site-config')?.textContent ?? '{}');
  const controls = JSON.parse(b.files[ANSWERS.controls] ?? '{}') as ControlsData;
  const served = (el: Element) => {
    const kind = controls[el.getAttribute(ATTR.control) ?? '']?.do;
    return kind === undefined ? {} : { served: kind };
  };
  return { doc, roles, config, refs: referencesTo(doc), served };
}

/**
 * The B_c and B_d elements of bundles, each as the hidden tokens a classifier may read. Only
 * pairs: a family's elements count when its B_c and its B_d are both found, so that where an
 * element sits (its route, its dialog) is no feature by the accident of which ones were found;
 * and an element counts only when its pattern has one of the other kind in the same visible
 * role. A checkbox way out against a submit-button trap differs in what every agent sees (its
 * role), and a checkbox carries no action of its own: counting it would score the role, which is
 * not hidden, as a tell.
 *
 * A pattern with a trap and no way out (the checkout that overcharges, the checkout button that
 * leads to a look-alike) is compared with its control twin: `twinOf` gives the bundle of the
 * same configuration without patterns, and the trap's way out is the same element there, or,
 * where the twin has none, the twin's controls of the same role on the same route.
 */
export function harvest(
  bundles: readonly Bundle[],
  twinOf?: (b: Bundle) => Bundle,
  /** What a sample holds of an element: its hidden tokens unless given (test/generator/looks.ts reads its looks instead). */
  features?: (el: Element) => Set<string>,
): Harvest {
  const samples: Sample[] = [];
  let unresolved = 0;
  let unmatched = 0;
  let twinned = 0;
  for (const b of bundles) {
    const elements = b.manifest.groundTruth.elements;
    if (elements.length === 0) continue;
    const { doc, roles, config, refs, served } = parsePage(b, 0, !!features);
    const tokens = (el: Element, cfg: unknown, r: Map<string, Set<string>>) =>
      features ? features(el) : tokensOf(el, cfg, r);
    const role = (el: Element | undefined) => roles.get(el as Element) ?? '';
    for (const family of new Set(elements.map((e) => e.family))) {
      const own = elements.filter((e) => e.family === family);
      const found = own.map((e) => ({
        e,
        el: find(doc, roles, e.route, e.target.role, e.target.name, e.target.index),
      }));
      unresolved += found.filter((f) => !f.el).length;
      if (found.some((f) => !f.el) || !own.some((e) => e.kind === 'deceptive')) continue;
      if (!own.some((e) => e.kind === 'correct')) {
        if (!twinOf) continue;
        const twin = parsePage(twinOf(b), 1, !!features);
        for (const { e, el } of found) {
          const same = find(twin.doc, twin.roles, e.route, e.target.role, e.target.name, e.target.index);
          const like =
            same && twin.roles.get(same) === role(el)
              ? [same]
              : inScope(twin.doc, e.route, (x) => twin.roles.get(x) === role(el) && x.hasAttribute(ATTR.control));
          if (!like.length) {
            unmatched++;
            continue;
          }
          twinned++;
          samples.push({
            kind: 'deceptive',
            family,
            role: role(el),
            tokens: tokens(el as Element, config, refs),
            ...served(el as Element),
          });
          for (const x of like)
            samples.push({
              kind: 'correct',
              family,
              role: role(el),
              tokens: tokens(x, twin.config, twin.refs),
              ...twin.served(x),
            });
        }
        continue;
      }
      for (const { e, el } of found) {
        /* Like with like: a trap is compared with a way out of the same pattern that the accessibility tree shows in the same role. */
        if (!found.some((o) => o.e.kind !== e.kind && role(o.el) === role(el))) {
          unmatched++;
          continue;
        }
        samples.push({
          kind: e.kind,
          family,
          role: role(el),
          tokens: tokens(el as Element, config, refs),
          ...served(el as Element),
        });
      }
    }
  }
  return { samples, unresolved, unmatched, twinned };
}

export interface Verdict {
  /** Mean of the recall on B_d and on B_c: 0.5 is chance whatever the class sizes. */
  balancedAccuracy: number;
  deceptive: { caught: number; of: number };
  correct: { flagged: number; of: number };
}

function verdict(test: readonly Sample[], predict: (s: Sample) => Kind): Verdict {
  const d = test.filter((s) => s.kind === 'deceptive');
  const c = test.filter((s) => s.kind === 'correct');
  const caught = d.filter((s) => predict(s) === 'deceptive').length;
  const flagged = c.filter((s) => predict(s) === 'deceptive').length;
  const recall = (hit: number, of: number) => (of === 0 ? 0.5 : hit / of);
  return {
    balancedAccuracy: (recall(caught, d.length) + recall(c.length - flagged, c.length)) / 2,
    deceptive: { caught, of: d.length },
    correct: { flagged, of: c.length },
  };
}

function counts(train: readonly Sample[]): Map<string, { d: number; c: number }> {
  const n = new Map<string, { d: number; c: number }>();
  for (const s of train) {
    for (const t of s.tokens) {
      const got = n.get(t) ?? { d: 0, c: 0 };
      if (s.kind === 'deceptive') got.d++;
      else got.c++;
      n.set(t, got);
    }
  }
  return n;
}

/**
 * Naive Bayes over token presence, with balanced priors and add-one smoothing: every token
 * the training seed saw at least `support` times weighs in by its log-odds.
 */
export function naiveBayes(train: readonly Sample[], test: readonly Sample[], support = 3): Verdict {
  return verdict(
    test,
    byRole(train, (t) => bayes(t, support)),
  );
}

/**
 * One model per visible role, learned on that role's training samples and applied to that
 * role's test samples (an agent knows the role; the question is what hidden markup adds to it).
 */
function byRole(
  train: readonly Sample[],
  learn: (train: readonly Sample[]) => (s: Sample) => Kind,
): (s: Sample) => Kind {
  const models = new Map<string, (s: Sample) => Kind>();
  for (const role of new Set(train.map((s) => s.role))) models.set(role, learn(train.filter((s) => s.role === role)));
  /* A role never seen in training gets the majority guess, which is no better than chance. */
  return (s) => (models.get(s.role) ?? (() => 'correct' as const))(s);
}

function bayes(train: readonly Sample[], support: number): (s: Sample) => Kind {
  /* Tokens seen fewer times are noise that drowns a real tell. */
  const n = new Map([...counts(train)].filter(([, { d, c }]) => d + c >= support));
  const nd = train.filter((s) => s.kind === 'deceptive').length;
  const nc = train.length - nd;
  const weight = new Map<string, number>();
  for (const [t, { d, c }] of n) weight.set(t, Math.log((d + 1) / (nd + 2)) - Math.log((c + 1) / (nc + 2)));
  return (s) => {
    let score = 0;
    for (const t of s.tokens) score += weight.get(t) ?? 0;
    return score > 0 ? 'deceptive' : 'correct';
  };
}

/**
 * The audit's kind of rule: a token seen on at least `support` B_d of the training seed and
 * on no B_c flags an element as the trap.
 */
export function pureTokens(train: readonly Sample[], support = 3): Set<string> {
  const out = new Set<string>();
  for (const [t, { d, c }] of counts(train)) if (c === 0 && d >= support) out.add(t);
  return out;
}

export function pureTokenRule(train: readonly Sample[], test: readonly Sample[], support = 3): Verdict {
  return verdict(
    test,
    byRole(train, (t) => {
      const pure = pureTokens(t, support);
      return (s) => ([...s.tokens].some((x) => pure.has(x)) ? 'deceptive' : 'correct');
    }),
  );
}

/** What the pure-token rule catches on `test`, by kind and family, with the tokens that did it (for the report of a run). */
export function caughtTokens(train: readonly Sample[], test: readonly Sample[], support = 3): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const role of new Set(train.map((s) => s.role))) {
    const pure = pureTokens(
      train.filter((s) => s.role === role),
      support,
    );
    for (const s of test.filter((x) => x.role === role)) {
      for (const t of s.tokens)
        if (pure.has(t)) (out[`${s.kind === 'deceptive' ? 'B_d' : 'B_c'} ${s.family}`] ??= new Set()).add(t);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, [...v]]));
}
