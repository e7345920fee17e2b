/**
 * Builds a suite's configurations from a table of conditions, as the published suites list
 * them: each condition has a label, a domain, the families active in it (with the variants
 * to rotate through) and a count. Configurations rotate through the tasks that can host
 * all of the condition's families and through the variants; `instance` keeps them apart.
 */
import type { Domain, ScenarioSpec } from '../model.ts';
import { compatible, families, familyTasks, tasks } from '../catalogue.ts';

export interface Condition {
  label: string;
  domain: Domain;
  /** Family ids, each with the variants to use (all of the family's when absent). */
  patterns: { family: string; variants?: readonly string[] }[];
  n: number;
  /** Restrict to these tasks (default: every task of the domain that can host all patterns). */
  tasks?: readonly string[];
}

export function expand(conditions: readonly Condition[]): ScenarioSpec[] {
  const out: ScenarioSpec[] = [];
  for (const c of conditions) {
    const pools = c.patterns.map((p) => ({
      family: p.family,
      variants: p.variants ?? families.get(p.family).variants,
    }));
    const hosts = (c.tasks ?? tasks.ids()).filter(
      (t) =>
        tasks.get(t).domains.includes(c.domain) && pools.every((p) => familyTasks(families.get(p.family)).includes(t)),
    );
    if (hosts.length === 0)
      throw new Error(`condition ${c.label}: no task in ${c.domain} hosts ${pools.map((p) => p.family).join(' + ')}`);
    let made = 0;
    for (let i = 0; made < c.n && i < c.n * 8; i++) {
      const spec: ScenarioSpec = {
        task: hosts[i % hosts.length] as string,
        domain: c.domain,
        patterns: pools.map((p, j) => ({
          family: p.family,
          variant: p.variants[(i + j) % p.variants.length] as string,
        })),
        instance: i,
        condition: c.label,
      };
      if (!compatible(spec)) continue;
      out.push(spec);
      made++;
    }
    if (made < c.n) throw new Error(`condition ${c.label}: only ${made} of ${c.n} compatible configurations`);
  }
  return out;
}
