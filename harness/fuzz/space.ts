import fc from 'fast-check';
import type { Domain, ScenarioSpec, SiteSpec, SuiteDef } from '../../scenarios/model.ts';
import { compatible, families, tasks } from '../../scenarios/index.ts';
import { PHRASINGS, type Phrasings } from '../../scenarios/phrasing.ts';
import { generateBundle, writeBundles, type Bundle } from '../../generator/bundle.ts';
import { generated } from '../select.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import type { AgentOptions } from '../../simulator/loop/agent.ts';
import { quote, unknownId, UserError } from '../../lib/errors.ts';
import { SEED_MAX } from '../../lib/seed.ts';

/**
 * One point of the scenario space: a site (task, domain, the pattern families composed into it
 * and their variants), the seed it is generated and played at (which draws its phrasings'
 * words, prices, positions, timings and design) and the half of the phrasings it draws from,
 * and the agent's options.
 */
export interface FuzzCase {
  task: string;
  domain: Domain;
  /** In the order they were drawn; empty for the task's control (no pattern). */
  patterns: { family: string; variant: string }[];
  seed: number;
  phrasings: Phrasings;
  agentOptions: AgentOptions;
}

/** What part of the space `scenario()` draws from. Everything is open when nothing is given. */
export interface SpaceOptions {
  /** Only these pattern families, and at least one of them on every site (no controls). */
  families?: readonly string[];
  /** Only sites of these tasks. */
  tasks?: readonly string[];
  /** Only sites in these domains. */
  domains?: readonly Domain[];
  /** At most this many families on one site (default 3); 1 gives single-family sites only. */
  maxFamilies?: number;
  /** Sites without a pattern drawn too (default: yes unless `families` is given). */
  controls?: boolean;
  /** The halves of the phrasings drawn from (default both; shrinks to the first). */
  phrasings?: readonly Phrasings[];
  /** The largest seed drawn (default 1,000,000; shrinks towards 0). */
  maxSeed?: number;
  /** An arbitrary per agent option (e.g. `{ susceptibility: fc.double({ min: 0, max: 1, noNaN: true }) }`); the agent's defaults otherwise. */
  agentOptions?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
}

/** Veer's task budget (30 steps), the longest any suite gives: errands under several families need it. */
export const FUZZ_BUDGET = 30;

/** A suite of the given configurations, made here rather than registered (a case's, a property test's). */
export const adhocSuite = (specs: readonly ScenarioSpec[], id = 'fuzz', budget = FUZZ_BUDGET): SuiteDef => ({
  id,
  version: 1,
  title: id,
  description: 'configurations drawn from the scenario space',
  budget,
  scenarios: () => [...specs],
});

/** The one-configuration suite a case's bundle belongs to. */
export const caseSuite = (spec: ScenarioSpec): SuiteDef => adhocSuite([spec]);

export const specOf = (c: Pick<FuzzCase, 'task' | 'domain' | 'patterns'>): ScenarioSpec => ({
  task: c.task,
  domain: c.domain,
  patterns: c.patterns.map((p) => ({ ...p })),
});

/**
 * The one generation of a case's site (`edit` changes the composed site before it is laid out,
 * as the engines' pages are cut), and the writing of it into a bundle folder as decoy generate
 * writes one: what is played, what is written and what is pictured are one generation.
 */
export function makeCase(
  c: Pick<FuzzCase, 'task' | 'domain' | 'patterns' | 'seed' | 'phrasings'>,
  edit?: (site: SiteSpec) => SiteSpec,
): { bundle: Bundle; loaded: LoadedBundle; writeTo(dir: string): void } {
  const spec = specOf(c);
  const suite = caseSuite(spec);
  const bundle = generateBundle(suite, spec, c.seed, c.phrasings, edit);
  return {
    bundle,
    loaded: generated([bundle])[0] as LoadedBundle,
    writeTo: (dir) => writeBundles(dir, suite, c.seed, [bundle], c.phrasings),
  };
}

/** The case's site, generated (decoy's own, so nothing to check). */
export const caseBundle = (c: FuzzCase): LoadedBundle => makeCase(c).loaded;

/** A case in one line: `checkout/shopping warranty-addon:preselected + cookie-trap:accept-all, seed 12`. */
export function caseLabel(c: FuzzCase): string {
  const patterns = c.patterns.length > 0 ? c.patterns.map((p) => `${p.family}:${p.variant}`).join(' + ') : 'control';
  const opts = Object.entries(c.agentOptions).map(([k, v]) => `${k}=${String(v)}`);
  return `${c.task}/${c.domain} ${patterns}, seed ${c.seed}${c.phrasings === 'heldout' ? ', held-out phrasings' : ''}${opts.length > 0 ? `, ${opts.join(' ')}` : ''}`;
}

const pairs = (): { task: string; domain: Domain }[] =>
  tasks.all().flatMap((t) => t.domains.map((domain) => ({ task: t.id, domain })));

/** Refuses options of the wrong shape by name (a list given as a string, a count out of range). */
function checkOptions(o: SpaceOptions): void {
  for (const k of ['families', 'tasks', 'domains', 'phrasings'] as const)
    if (o[k] !== undefined && !Array.isArray(o[k])) throw new UserError(`scenario(): ${k} is a list (an array of ids)`);
  if (o.maxFamilies !== undefined && !(Number.isInteger(o.maxFamilies) && o.maxFamilies >= 1 && o.maxFamilies <= 8))
    throw new UserError(`scenario(): maxFamilies is a whole number from 1 to 8, got ${String(o.maxFamilies)}`);
  if (o.maxSeed !== undefined && !(Number.isInteger(o.maxSeed) && o.maxSeed >= 0 && o.maxSeed <= SEED_MAX))
    throw new UserError(`scenario(): maxSeed is a whole number from 0 to ${SEED_MAX}, got ${String(o.maxSeed)}`);
}

function checkIds(kind: string, given: readonly string[] | undefined, known: readonly string[]): void {
  for (const id of given ?? []) if (!known.includes(id)) throw unknownId(kind, id, known);
}

/**
 * The fast-check arbitrary of cases in the part of the space the options open. Drawn as plain
 * numbers and repaired into a site the composer accepts (a family that cannot join the site
 * drawn so far is left out), so that fast-check shrinks it towards the plainest case: fewer
 * families, each family's first variant, the first site that hosts them, seed 0, the standard
 * phrasings.
 */
export function scenario(options: SpaceOptions = {}): fc.Arbitrary<FuzzCase> {
  checkOptions(options);
  checkIds('pattern family', options.families, families.ids());
  checkIds('task', options.tasks, tasks.ids());
  checkIds('domain', options.domains, [...new Set(pairs().map((p) => p.domain))]);
  checkIds('phrasings', options.phrasings, PHRASINGS);
  const open = pairs().filter(
    (p) =>
      (!options.tasks || options.tasks.includes(p.task)) && (!options.domains || options.domains.includes(p.domain)),
  );
  if (open.length === 0) throw new UserError('no task offers the domains given');
  const chosen = options.families ? options.families.map((id) => families.get(id)) : families.all();
  // The sites each family can be composed into, alone, in the open part of the space.
  const hosts = new Map(
    chosen.map((f) => [
      f.id,
      open.filter((p) => compatible({ ...p, patterns: [{ family: f.id, variant: f.variants[0] as string }] })),
    ]),
  );
  const usable = chosen.filter((f) => (hosts.get(f.id) ?? []).length > 0);
  for (const f of chosen)
    if (options.families && !usable.includes(f))
      throw new UserError(`pattern family ${quote(f.id)} applies to none of the tasks and domains given`);
  const maxFamilies = options.maxFamilies ?? 3;
  const controls = options.controls ?? options.families === undefined;
  if (!controls && usable.length === 0) throw new UserError('no pattern family applies to the tasks and domains given');
  const phrasings = options.phrasings && options.phrasings.length > 0 ? options.phrasings : PHRASINGS;
  const agentOptions = options.agentOptions ?? {};

  const pick = fc.record({ family: fc.nat(Math.max(0, usable.length - 1)), variant: fc.nat(15) });
  return fc
    .record({
      picks:
        usable.length === 0
          ? fc.constant<{ family: number; variant: number }[]>([])
          : fc.array(pick, { minLength: controls ? 0 : 1, maxLength: maxFamilies }),
      host: fc.nat(1023),
      seed: fc.nat(options.maxSeed ?? 1_000_000),
      phrasings: fc.constantFrom(...phrasings),
      agentOptions: fc.record(agentOptions) as fc.Arbitrary<AgentOptions>,
    })
    .map(({ picks, host, seed, phrasings: p, agentOptions: opts }) => {
      const wanted = picks.map((k) => {
        const f = usable[k.family]!;
        return { family: f.id, variant: f.variants[k.variant % f.variants.length] as string };
      });
      const first = wanted[0];
      const sites = first
        ? (hosts.get(first.family) ?? []).filter((s) => compatible({ ...s, patterns: [first] }))
        : open;
      const site = sites[host % sites.length] ?? open[host % open.length]!;
      const patterns: FuzzCase['patterns'] = [];
      for (const w of wanted) {
        if (patterns.some((q) => q.family === w.family)) continue;
        if (compatible({ ...site, patterns: [...patterns, w] })) patterns.push(w);
      }
      return { task: site.task, domain: site.domain, patterns, seed, phrasings: p, agentOptions: opts };
    });
}

/** The cells of the space a case reaches: each family × variant on its task, or the task's control. */
export const caseCells = (c: Pick<FuzzCase, 'task' | 'patterns'>): string[] =>
  c.patterns.length === 0 ? [`control@${c.task}`] : c.patterns.map((p) => `${p.family}:${p.variant}@${c.task}`);

/** Every cell of the part of the space the options open (what a search's coverage is counted against). */
export function spaceCells(options: SpaceOptions = {}): Set<string> {
  const out = new Set<string>();
  const chosen = options.families ? options.families.map((id) => families.get(id)) : families.all();
  const controls = options.controls ?? options.families === undefined;
  for (const p of pairs()) {
    if (options.tasks && !options.tasks.includes(p.task)) continue;
    if (options.domains && !options.domains.includes(p.domain)) continue;
    if (controls) out.add(`control@${p.task}`);
    for (const f of chosen)
      for (const variant of f.variants)
        if (compatible({ ...p, patterns: [{ family: f.id, variant }] })) out.add(`${f.id}:${variant}@${p.task}`);
  }
  return out;
}
