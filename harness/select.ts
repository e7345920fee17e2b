import type { SuiteDef } from '../scenarios/model.ts';
import { families, suites } from '../scenarios/index.ts';
import { UserError } from '../scenarios/errors.ts';
import { generateSuite } from '../generator/bundle.ts';
import { readBundles, type LoadedBundle } from '../simulator/bundle.ts';

/** A suite narrowed to the configurations that hold one of the given pattern families. */
export function selectSuite(name: string, patterns: readonly string[] = []): SuiteDef {
  const suite = suites.get(name);
  if (patterns.length === 0) return suite;
  for (const p of patterns) families.get(p);
  const keep = suite.scenarios().filter((s) => s.patterns.some((p) => patterns.includes(p.family)));
  if (keep.length === 0) throw new UserError(`suite '${name}' has no configuration with pattern ${patterns.join(' or ')}`);
  return { ...suite, scenarios: () => keep };
}

/** Where a command's bundles come from: a folder written by decoy generate, or a suite generated in memory. */
export type BundleSource = { readonly bundles: string } | { readonly suite: string; readonly seed: number; readonly patterns: readonly string[] };

export function loadBundles(source: BundleSource): LoadedBundle[] {
  if ('bundles' in source) return readBundles(source.bundles);
  return generateSuite(selectSuite(source.suite, source.patterns), source.seed).map((b) => ({ manifest: b.manifest, site: { files: b.files } }));
}
