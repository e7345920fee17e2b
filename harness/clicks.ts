import { join } from 'node:path';
import { writeFileAtomic } from '../lib/files.ts';
import type { ClickSuiteSpec, Domain, RucCategory, ScenarioSpec, SuiteDef } from '../scenarios/model.ts';
import { families } from '../scenarios/index.ts';
import { UserError } from '../lib/errors.ts';
import { generateBundle, writeBundles, type Bundle } from '../generator/bundle.ts';
import { PHRASINGS_DEFAULT, type Phrasings } from '../scenarios/phrasing.ts';
import { assignSplits, clickSamples, type ClickSample } from '../simulator/measure/clicks.ts';
import { DecoyEnv } from '../simulator/loop/env.ts';
import { silent, type Progress } from './progress.ts';

type Category = RucCategory | 'normal';
const categoryOf = (s: ScenarioSpec): Category => {
  const first = s.patterns[0];
  return first ? families.get(first.family).category : 'normal';
};

/** Scales a click suite's sizes (the --normal and --deceptive options), keeping its mix. */
export function resize(spec: ClickSuiteSpec, normal?: number, deceptive?: number): ClickSuiteSpec {
  if (deceptive === undefined) return normal === undefined ? spec : { ...spec, normal };
  const total = Object.values(spec.deceptive).reduce((a, b) => a + (b ?? 0), 0);
  const domains = Object.keys(spec.deceptive) as Domain[];
  const scaled = domains.map((d) => Math.floor(((spec.deceptive[d] ?? 0) * deceptive) / total));
  let rest = deceptive - scaled.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % domains.length, rest--) scaled[i] = (scaled[i] as number) + 1;
  return {
    ...spec,
    normal: normal ?? spec.normal,
    deceptive: Object.fromEntries(domains.map((d, i) => [d, scaled[i]])),
  };
}

/**
 * The sizes asked of a suite's click samples (--normal, --deceptive on generate, dataset and
 * assess): the suite's mix scaled to them and checked against what the suite can give, before
 * any work. Null for a suite without click samples, which refuses them.
 */
export function clickSizes(suite: SuiteDef, normal?: number, deceptive?: number): ClickSuiteSpec | null {
  if (!suite.clicks) {
    if (normal !== undefined || deceptive !== undefined)
      throw new UserError(`--normal and --deceptive are for click suites; '${suite.id}' is not one`);
    return null;
  }
  const spec = resize(suite.clicks, normal, deceptive);
  quotas(suite, spec);
  return spec;
}

/** `n` spread as evenly as possible over `k` slots, the extra ones from slot `from` on. */
const spread = (n: number, k: number, from = 0) =>
  Array.from({ length: k }, (_, i) => Math.floor(n / k) + ((i - from + k) % k < n % k ? 1 : 0));

/**
 * How many samples to draw per domain and category: normal samples spread evenly over the
 * domains; each domain's deceptive samples spread evenly over the categories its
 * configurations offer, the remainders rotating from domain to domain, so that even a
 * small set covers every category it can. Throws a UserError, before any work, when the
 * suite cannot give what is asked.
 */
export function quotas(suite: SuiteDef, spec: ClickSuiteSpec): Map<string, number> {
  const domains = Object.keys(spec.deceptive) as Domain[];
  const deceptiveTotal = domains.reduce((a, d) => a + (spec.deceptive[d] ?? 0), 0);
  if (spec.normal + deceptiveTotal === 0)
    throw new UserError(`suite ${suite.id}: nothing to generate (--normal and --deceptive are both 0)`);
  // assignSplits gives every split a sample from one sample per split on; fewer would leave one empty.
  const splits = (['train', 'valid', 'test'] as const).filter((k) => spec.split[k] > 0);
  if (spec.normal + deceptiveTotal < splits.length) {
    throw new UserError(
      `suite ${suite.id}: ${spec.normal + deceptiveTotal} sample${spec.normal + deceptiveTotal === 1 ? '' : 's'} cannot fill its ${splits.length} splits (${splits.join(', ')}); ask for at least ${splits.length} with --normal and --deceptive`,
    );
  }
  const candidates = new Map<string, number>();
  for (const s of suite.scenarios())
    candidates.set(key(s.domain, categoryOf(s)), (candidates.get(key(s.domain, categoryOf(s))) ?? 0) + 1);
  const out = new Map<string, number>();
  const normal = spread(spec.normal, domains.length);
  domains.forEach((d, i) => {
    if ((normal[i] as number) > 0 && !candidates.has(key(d, 'normal')))
      throw new UserError(`suite ${suite.id} has no benign configuration in ${d} for normal samples`);
    out.set(key(d, 'normal'), normal[i] as number);
    const cats = [
      ...new Set([...candidates.keys()].filter((k) => k.startsWith(`${d}\u0000`) && !k.endsWith('\u0000normal'))),
    ].sort();
    const want = spec.deceptive[d] ?? 0;
    // One deceptive configuration gives at most one sample.
    const offered = cats.reduce((a, k) => a + (candidates.get(k) ?? 0), 0);
    if (want > offered) {
      // --deceptive is shared over domains in fixed proportions, so this domain bounds the total.
      const most = Math.floor((offered * deceptiveTotal) / want);
      throw new UserError(
        `suite ${suite.id} can give at most ${offered} deceptive samples in ${d}, not ${want} (its share of --deceptive ${deceptiveTotal}); ask for about ${most} or fewer with --deceptive`,
      );
    }
    // Evenly over categories, never more than a category offers; the rest to the others.
    const share = new Map(cats.map((k) => [k, 0]));
    let left = want;
    for (let j = i; left > 0;) {
      const open = cats.filter((k) => (share.get(k) as number) < (candidates.get(k) as number));
      const k = open[j++ % open.length] as string;
      share.set(k, (share.get(k) as number) + 1);
      left--;
    }
    for (const [k, n] of share) out.set(k, n);
  });
  return out;
}

const key = (domain: string, category: Category) => `${domain}\u0000${category}`;

/**
 * Draws a click suite's samples from its configurations in order until every quota is
 * met; only the configurations that gave samples are kept as bundles. A category whose
 * configurations run out (a state may not show both boxes) hands its shortfall to the
 * other categories of its domain.
 */
export async function generateClicks(
  suite: SuiteDef,
  seed: number,
  spec: ClickSuiteSpec,
  progress: Progress = silent,
  phrasings: Phrasings = PHRASINGS_DEFAULT,
): Promise<{ bundles: Bundle[]; samples: ClickSample[] }> {
  const quota = quotas(suite, spec);
  const wanted = [...quota.values()].reduce((a, b) => a + b, 0);
  const scenarios = suite.scenarios();
  const untried = new Set(scenarios.keys());
  const bundles: Bundle[] = [];
  const samples: ClickSample[] = [];
  const env = new DecoyEnv();
  try {
    for (;;) {
      for (const i of untried) {
        const scenario = scenarios[i] as ScenarioSpec;
        const category = categoryOf(scenario);
        const k = key(scenario.domain, category);
        const left = quota.get(k) ?? 0;
        if (left <= 0) continue;
        untried.delete(i);
        const bundle = generateBundle(suite, scenario, seed, phrasings);
        const got = (
          await clickSamples(
            { manifest: bundle.manifest, site: { files: bundle.files } },
            { category, nullClicks: spec.nullClicks },
            env,
          )
        ).slice(0, left);
        if (got.length === 0) continue;
        quota.set(k, left - got.length);
        bundles.push(bundle);
        samples.push(...got);
        progress('samples', samples.length, wanted);
        await new Promise((r) => setImmediate(r));
      }
      if (!reassign(quota, scenarios, untried)) break;
    }
  } finally {
    await env.close();
  }
  const short = [...quota].filter(([, n]) => n > 0);
  if (short.length > 0)
    throw new UserError(
      `suite ${suite.id} ran out of configurations before its quotas (${short.map(([k, n]) => `${k.replace('\u0000', ' ')}: ${n} short`).join(', ')}); ask for fewer samples`,
    );
  assignSplits(samples, spec.split);
  return { bundles, samples };
}

/** Moves the shortfall of exhausted deceptive categories to categories of the same domain that have configurations left. */
function reassign(quota: Map<string, number>, scenarios: readonly ScenarioSpec[], untried: Set<number>): boolean {
  const left = new Map<string, number>();
  for (const i of untried) {
    const s = scenarios[i] as ScenarioSpec;
    left.set(key(s.domain, categoryOf(s)), (left.get(key(s.domain, categoryOf(s))) ?? 0) + 1);
  }
  let moved = false;
  for (const [k, n] of quota) {
    if (n <= 0 || k.endsWith('\u0000normal') || left.has(k)) continue;
    const domain = k.split('\u0000')[0] as string;
    const open = [...left.keys()].filter((o) => o.startsWith(`${domain}\u0000`) && !o.endsWith('\u0000normal')).sort();
    if (open.length === 0) continue;
    quota.set(k, 0);
    spread(n, open.length).forEach((m, j) => quota.set(open[j] as string, (quota.get(open[j] as string) ?? 0) + m));
    moved = true;
  }
  return moved;
}

/** Counts per split × category × domain, as a Markdown table. */
export function countsTable(samples: readonly ClickSample[]): string {
  const key = (s: ClickSample) => `${s.split}\u0000${s.category}\u0000${s.domain}`;
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
  const rows = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `| ${k.split('\u0000').join(' | ')} | ${n} |`);
  return [
    '| split | category | domain | samples |',
    '| --- | --- | --- | --- |',
    ...rows,
    `| all | | | ${samples.length} |`,
  ].join('\n');
}

export function writeSamples(out: string, samples: readonly ClickSample[]): void {
  writeFileAtomic(join(out, 'samples.jsonl'), samples.map((s) => JSON.stringify(s)).join('\n') + '\n');
  writeFileAtomic(join(out, 'samples.md'), `# Click samples\n\n${countsTable(samples)}\n`);
}

/** A click suite as generateClicks made it, written into `out`: its bundles with suite.json (writeBundles), then its samples. */
export function writeClickSuite(
  out: string,
  suite: SuiteDef,
  seed: number,
  made: { readonly bundles: readonly Bundle[]; readonly samples: readonly ClickSample[] },
  phrasings: Phrasings = PHRASINGS_DEFAULT,
): void {
  writeBundles(out, suite, seed, made.bundles, phrasings);
  writeSamples(out, made.samples);
}
