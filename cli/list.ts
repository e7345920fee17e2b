import { families, suites, tasks } from '../scenarios/index.ts';
import { agents, defenses } from '../simulator/registries.ts';
import { parseFlags, usage, type Flags } from './args.ts';

const FLAGS: Flags = { json: { type: 'boolean', description: 'print JSON instead of text' } };

export const summary = 'List pattern families, tasks, suites, agents and defenses';
export const help = () => usage('list', '[--json]', FLAGS);

/** Everything the registries hold; nothing here is kept by hand. */
export function catalogue() {
  return {
    patterns: families.all().map((f) => ({ id: f.id, title: f.title, summary: f.summary, tasks: [...f.tasks], domains: [...f.domains], variants: [...f.variants], feasible: f.feasible })),
    tasks: tasks.all().map((t) => ({ id: t.id, title: t.title, domains: [...t.domains] })),
    suites: suites.all().map((s) => ({ id: s.id, title: s.title, description: s.description, budget: s.budget, size: s.scenarios().length })),
    agents: agents.all().map((a) => ({ id: a.id, description: a.description, privileged: a.privileged ?? false, options: [...(a.options ?? [])] })),
    defenses: defenses.all().map((d) => ({ id: d.id, description: d.description, options: [...(d.options ?? [])] })),
  };
}

export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('list', argv, FLAGS);
  const all = catalogue();
  if (values.json) return JSON.stringify(all, null, 2);
  const section = (title: string, rows: { id: string; text: string }[]) => {
    const w = Math.max(...rows.map((r) => r.id.length));
    return [title, ...rows.map((r) => `  ${r.id.padEnd(w)}  ${r.text}`)].join('\n');
  };
  return [
    section('Pattern families', all.patterns.map((p) => ({ id: p.id, text: `${p.summary} [${p.domains.join(', ')}; variants: ${p.variants.join(', ')}${p.feasible ? '' : '; infeasible'}]` }))),
    section('Tasks', all.tasks.map((t) => ({ id: t.id, text: `${t.title} [${t.domains.join(', ')}]` }))),
    section('Suites', all.suites.map((s) => ({ id: s.id, text: `${s.description} (budget ${s.budget})` }))),
    section('Agents', all.agents.map((a) => ({ id: a.id, text: a.description }))),
    section('Defenses', all.defenses.map((d) => ({ id: d.id, text: d.description }))),
  ].join('\n\n');
}
