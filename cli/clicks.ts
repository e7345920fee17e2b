import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClickSuiteSpec, Domain, SuiteDef } from '../scenarios/model.ts';
import { families } from '../scenarios/index.ts';
import { generateBundle, type Bundle } from '../generator/bundle.ts';
import { assignSplits, clickSamples, type ClickSample } from '../simulator/clicks.ts';
import { DecoyEnv } from '../simulator/env.ts';

/** Per-domain quotas: the suite's deceptive counts, and normal samples spread evenly. */
export function quotas(spec: ClickSuiteSpec): { normal: Map<Domain, number>; deceptive: Map<Domain, number> } {
  const domains = Object.keys(spec.deceptive) as Domain[];
  const normal = new Map(domains.map((d, i) => [d, Math.floor(spec.normal / domains.length) + (i < spec.normal % domains.length ? 1 : 0)]));
  return { normal, deceptive: new Map(domains.map((d) => [d, spec.deceptive[d] ?? 0])) };
}

/** Scales a click suite's sizes (the --normal and --deceptive options), keeping its mix. */
export function resize(spec: ClickSuiteSpec, normal?: number, deceptive?: number): ClickSuiteSpec {
  if (deceptive === undefined) return normal === undefined ? spec : { ...spec, normal };
  const total = Object.values(spec.deceptive).reduce((a, b) => a + (b ?? 0), 0);
  const domains = Object.keys(spec.deceptive) as Domain[];
  const scaled = domains.map((d) => Math.floor(((spec.deceptive[d] ?? 0) * deceptive) / total));
  let rest = deceptive - scaled.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % domains.length, rest--) scaled[i] = (scaled[i] as number) + 1;
  return { ...spec, normal: normal ?? spec.normal, deceptive: Object.fromEntries(domains.map((d, i) => [d, scaled[i]])) };
}

/**
 * Draws a click suite's samples from its configurations in order until every quota is
 * met; only the configurations that gave samples are kept as bundles.
 */
export async function generateClicks(suite: SuiteDef, seed: number, spec: ClickSuiteSpec): Promise<{ bundles: Bundle[]; samples: ClickSample[] }> {
  const { normal, deceptive } = quotas(spec);
  const bundles: Bundle[] = [];
  const samples: ClickSample[] = [];
  const env = new DecoyEnv();
  try {
    for (const scenario of suite.scenarios()) {
      const quota = scenario.patterns.length > 0 ? deceptive : normal;
      const left = quota.get(scenario.domain) ?? 0;
      if (left <= 0) continue;
      const bundle = generateBundle(suite, scenario, seed);
      const first = scenario.patterns[0];
      const category = first ? families.get(first.family).category : 'normal';
      const got = (await clickSamples({ manifest: bundle.manifest, site: { files: bundle.files } }, { category, nullClicks: spec.nullClicks }, env)).slice(0, left);
      if (got.length === 0) continue;
      quota.set(scenario.domain, left - got.length);
      bundles.push(bundle);
      samples.push(...got);
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await env.close();
  }
  const short = [...normal, ...deceptive].filter(([, n]) => n > 0);
  if (short.length > 0) throw new Error(`suite ${suite.id} ran out of configurations before its quotas (${short.map(([d, n]) => `${d}: ${n} short`).join(', ')})`);
  assignSplits(samples, spec.split);
  return { bundles, samples };
}

/** Counts per split × category × domain, as a Markdown table. */
export function countsTable(samples: readonly ClickSample[]): string {
  const key = (s: ClickSample) => `${s.split}\u0000${s.category}\u0000${s.domain}`;
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
  const rows = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `| ${k.split('\u0000').join(' | ')} | ${n} |`);
  return ['| split | category | domain | samples |', '| --- | --- | --- | --- |', ...rows, `| all | | | ${samples.length} |`].join('\n');
}

export function writeSamples(out: string, samples: readonly ClickSample[]): void {
  writeFileSync(join(out, 'samples.jsonl'), samples.map((s) => JSON.stringify(s)).join('\n') + '\n');
  writeFileSync(join(out, 'samples.md'), `# Click samples\n\n${countsTable(samples)}\n`);
}
