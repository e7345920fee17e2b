/**
 * Seeds and versions are part of every id: suite + version + task-domain + pattern variants (or
 * control) + seed. (A SuiteDef and a ScenarioSpec, by their fields: rng.ts reads ids, and model.ts
 * reads rng.ts.)
 */
export function scenarioId(
  suite: { readonly id: string; readonly version: number },
  spec: {
    readonly task: string;
    readonly domain: string;
    readonly patterns: readonly { readonly family: string; readonly variant: string }[];
    readonly instance?: number | undefined;
  },
  seed: number,
): string {
  const what = spec.patterns.length === 0 ? 'control' : spec.patterns.map((p) => `${p.family}-${p.variant}`).join('+');
  return `${versionPrefix(suite.id, suite.version)}${spec.task}-${spec.domain}.${what}${spec.instance !== undefined ? `.i${spec.instance}` : ''}.s${seed}`;
}

/** How every id of a suite's version begins: `demo.v1.`. */
export const versionPrefix = (suite: string, version: number): string => `${suite}.v${version}.`;

const VERSIONED = /^([^.]+)\.v(\d+)\./;

/** The id without its suite version (`demo.v2.x.s7` → `demo.x.s7`): the same configuration in every version. */
export const unversioned = (id: string): string => id.replace(VERSIONED, '$1.');

/** The suite and version an id names (`demo.v2.x.s7` → demo, 2), or null for an id that names none. */
export function versionIn(id: string): { suite: string; version: number } | null {
  const m = VERSIONED.exec(id);
  return m ? { suite: m[1] as string, version: Number(m[2]) } : null;
}
