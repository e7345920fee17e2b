import type { SuiteDef } from '../scenarios/model.ts';
import { families, suites } from '../scenarios/index.ts';
import { UserError } from '../scenarios/errors.ts';

/** A suite narrowed to the configurations that hold one of the given pattern families. */
export function selectSuite(name: string, patterns: readonly string[] = []): SuiteDef {
  const suite = suites.get(name);
  if (patterns.length === 0) return suite;
  for (const p of patterns) families.get(p);
  const keep = suite.scenarios().filter((s) => s.patterns.some((p) => patterns.includes(p.family)));
  if (keep.length === 0) throw new UserError(`suite '${name}' has no configuration with pattern ${patterns.join(' or ')}`);
  return { ...suite, scenarios: () => keep };
}
