import { families, familyTasks, suites, tasks } from '../scenarios/index.ts';
import type { SuiteDef } from '../scenarios/model.ts';
import { agents, defenses } from '../simulator/loop/registries.ts';

/** Episodes of a suite, or samples of a click suite. */
export function suiteSize(s: SuiteDef): number {
  return s.clicks
    ? s.clicks.normal + Object.values(s.clicks.deceptive).reduce((a, b) => a + (b ?? 0), 0)
    : s.scenarios().length;
}

/** Everything the registries hold; nothing here is kept by hand. */
export function catalogue() {
  return {
    patterns: families.all().map((f) => ({
      id: f.id,
      title: f.title,
      summary: f.summary,
      tasks: familyTasks(f),
      domains: [...f.domains],
      variants: [...f.variants],
      feasible: f.feasible,
    })),
    tasks: tasks.all().map((t) => ({ id: t.id, title: t.title, domains: [...t.domains] })),
    suites: suites.all().map((s) => ({
      id: s.id,
      version: s.version,
      title: s.title,
      description: s.description,
      budget: s.budget,
      size: suiteSize(s),
      ...(s.clicks ? { clicks: s.clicks } : {}),
    })),
    agents: agents.all().map((a) => ({
      id: a.id,
      description: a.description,
      privileged: a.privileged ?? false,
      options: [...(a.options ?? [])],
    })),
    defenses: defenses.all().map((d) => ({ id: d.id, description: d.description, options: [...(d.options ?? [])] })),
  };
}
