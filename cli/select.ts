import type { SuiteDef } from '../scenarios/model.ts';
import { families, suites } from '../scenarios/index.ts';
import { UserError } from '../scenarios/errors.ts';
import { generateSuite } from '../generator/bundle.ts';
import { readBundles, type LoadedBundle } from '../simulator/bundle.ts';
import { intFlag } from './args.ts';

/** A suite narrowed to the configurations that hold one of the given pattern families. */
export function selectSuite(name: string, patterns: readonly string[] = []): SuiteDef {
  const suite = suites.get(name);
  if (patterns.length === 0) return suite;
  for (const p of patterns) families.get(p);
  const keep = suite.scenarios().filter((s) => s.patterns.some((p) => patterns.includes(p.family)));
  if (keep.length === 0) throw new UserError(`suite '${name}' has no configuration with pattern ${patterns.join(' or ')}`);
  return { ...suite, scenarios: () => keep };
}

/** The bundles a command works on: `--bundles DIR` from disk, else `--suite` generated in memory. */
export function bundlesFrom(command: string, values: { suite?: unknown; bundles?: unknown; seed?: unknown; pattern?: unknown }): LoadedBundle[] {
  if (typeof values.bundles === 'string') return readBundles(values.bundles);
  if (typeof values.suite !== 'string') throw new UserError(`${command}: give --suite <name> or --bundles <dir>`);
  const seed = intFlag('seed', values.seed, 7);
  return generateSuite(selectSuite(values.suite, (values.pattern as string[] | undefined) ?? []), seed).map((b) => ({ manifest: b.manifest, site: { files: b.files } }));
}
