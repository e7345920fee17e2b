/**
 * Tasks made of several tasks done one after another on one site ("errands"), so that
 * patterns living on different pages of a site can be met in one episode, as in the
 * multi-pattern suite. Each part is built from the same seed, so all parts share the
 * domain's base site; each part's own additions (a newsletter page, a switched-on
 * setting) are laid over it. A family is composed into the part that hosts it.
 */
import type { Domain, Goal, Step, SiteSpec, TaskDef, TaskInstance } from '../model.ts';
import { createRng } from '../rng.ts';
import { baseSite } from '../sites/index.ts';
import { isAnswer } from '../goals.ts';

export interface ErrandsGoal extends Goal {
  kind: 'errands';
  parts: { task: string; goal: Goal }[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function byKey<T>(lists: T[][], key: (x: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const list of lists) for (const x of list) if (!seen.has(key(x))) seen.set(key(x), x);
  return [...seen.values()];
}

/** Lays each part's changes over the base site; two parts changing one page differently is an error. */
function mergeSites(base: SiteSpec, sites: SiteSpec[], id: string): SiteSpec {
  const pages = new Map(base.pages.map((p) => [p.route, p]));
  const changedBy = new Map<string, number>();
  sites.forEach((site, i) => {
    for (const page of site.pages) {
      const original = base.pages.find((p) => p.route === page.route);
      if (original && same(original, page)) continue;
      const prior = changedBy.get(page.route);
      if (prior !== undefined && !same(pages.get(page.route), page))
        throw new Error(`${id}: parts ${prior} and ${i} change ${page.route} differently`);
      pages.set(page.route, page);
      changedBy.set(page.route, i);
    }
  });
  const pick = <K extends keyof SiteSpec>(key: K): SiteSpec[K] =>
    sites.find((s) => !same(s[key], base[key]))?.[key] ?? base[key];
  return {
    ...base,
    nav: byKey([base.nav, ...sites.map((s) => s.nav)], (n) => n.href),
    products: byKey([base.products, ...sites.map((s) => s.products)], (p) => p.sku),
    articles: byKey([base.articles, ...sites.map((s) => s.articles)], (a) => a.slug),
    cartExtras: pick('cartExtras'),
    pricing: pick('pricing'),
    consentPurposes: pick('consentPurposes'),
    overlays: byKey([base.overlays, ...sites.map((s) => s.overlays)], (o) => o.id),
    pages: [...pages.values()],
  };
}

/** The text values a goal names (names, emails, titles), its kind excepted. */
function valuesOf(x: unknown, key = ''): string[] {
  if (typeof x === 'string') return key === 'kind' ? [] : [x];
  if (Array.isArray(x)) return x.flatMap((v) => valuesOf(v));
  if (x && typeof x === 'object') return Object.entries(x).flatMap(([k, v]) => valuesOf(v, k));
  return [];
}

/** Ways to introduce a list of errands, given the site's name. */
const INTROS: readonly ((site: string) => string)[] = [
  (site) => `On ${site}, please do the following.`,
  (site) => `I have a few things to do on ${site}:`,
  (site) => `Please take care of these on ${site}, in order:`,
  (site) => `Here is what I need on ${site}.`,
  (site) => `Could you handle this for me on ${site}?`,
];

export function errands(def: { id: string; title: string; domain: Domain; parts: readonly TaskDef[] }): TaskDef {
  const ids = def.parts.map((p) => p.id);
  return {
    id: def.id,
    title: def.title,
    domains: [def.domain],
    capabilities: [...new Set(def.parts.flatMap((p) => p.capabilities))],
    parts: ids,
    build({ domain, rng }): TaskInstance {
      // One seed for every part and the base site: each part draws the shared site alike, so they merge.
      const seed = rng.int(0, 2 ** 30);
      const built = def.parts.map((p) => p.build({ domain, rng: createRng(seed) }));
      const site = mergeSites(
        baseSite(domain, createRng(seed)).site,
        built.map((b) => b.site),
        def.id,
      );
      // Every part starts where a task starts: on the home page.
      const steps: Step[] = built.flatMap((b, i) => [
        ...(i > 0 ? [{ id: `home-${i + 1}`, verb: 'goto' as const, url: '/' }] : []),
        ...b.path.filter((s) => s.id !== 'finish'),
      ]);
      // One final message reports every errand, so answers (an author, a fact) reach the user.
      const said = built.flatMap((b) =>
        b.path.filter((s) => s.id === 'finish').map((s) => (s.verb === 'answer' ? s.text : '')),
      );
      const path: Step[] = [...steps, { id: 'finish', verb: 'answer', text: said.filter(Boolean).join(' ') }];
      const dup = path.map((s) => s.id).find((x, i, all) => all.indexOf(x) !== i);
      if (dup) throw new Error(`${def.id}: two parts share the step id '${dup}'`);
      const intro = rng.pick(INTROS)(site.brand.name);
      // One message answers every errand, so what the other errands' requests name (the name to
      // sign up with) is said beside an answer without competing with it.
      const withGiven = (g: Goal, i: number): Goal =>
        isAnswer(g) ? { ...g, given: built.flatMap((b, j) => (j === i ? [] : valuesOf(b.goal))) } : g;
      const goal: ErrandsGoal = {
        kind: 'errands',
        parts: built.map((b, i) => ({ task: ids[i] as string, goal: withGiven(b.goal, i) })),
      };
      return {
        instruction: `${intro} ${built.map((b, i) => `(${i + 1}) ${b.instruction}`).join(' ')}`,
        goal,
        site,
        path,
        parts: goal.parts,
      };
    },
    success(goal, events, answer) {
      const parts = (goal as ErrandsGoal).parts ?? [];
      return (
        parts.length === def.parts.length &&
        parts.every((p, i) => (def.parts[i] as TaskDef).success(p.goal, events, answer))
      );
    },
  };
}
