import { families, familyTasks, suites, tasks } from '../scenarios/index.ts';
import type { SuiteDef } from '../scenarios/model.ts';
import { agents, defenses } from '../simulator/registries.ts';
import { parseFlags, usage, type Flags } from './args.ts';

const FLAGS: Flags = {
  json: { type: 'boolean', description: 'print JSON instead of text' },
  markdown: { type: 'boolean', description: 'print the catalogue as the Markdown tables of the README' },
};

export const summary = 'List pattern families, tasks, suites, agents and defenses';
export const help = () => usage('list', '[--json | --markdown]', FLAGS);

/** Episodes of a suite, or samples of a click suite. */
export function suiteSize(s: SuiteDef): number {
  return s.clicks ? s.clicks.normal + Object.values(s.clicks.deceptive).reduce((a, b) => a + (b ?? 0), 0) : s.scenarios().length;
}

/** Everything the registries hold; nothing here is kept by hand. */
export function catalogue() {
  return {
    patterns: families.all().map((f) => ({ id: f.id, title: f.title, summary: f.summary, tasks: familyTasks(f), domains: [...f.domains], variants: [...f.variants], feasible: f.feasible })),
    tasks: tasks.all().map((t) => ({ id: t.id, title: t.title, domains: [...t.domains] })),
    suites: suites.all().map((s) => ({ id: s.id, title: s.title, description: s.description, budget: s.budget, size: suiteSize(s), ...(s.clicks ? { clicks: s.clicks } : {}) })),
    agents: agents.all().map((a) => ({ id: a.id, description: a.description, privileged: a.privileged ?? false, options: [...(a.options ?? [])] })),
    defenses: defenses.all().map((d) => ({ id: d.id, description: d.description, options: [...(d.options ?? [])] })),
  };
}

export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('list', argv, FLAGS);
  const all = catalogue();
  if (values.json) return JSON.stringify(all, null, 2);
  if (values.markdown) return markdown();
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

const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** The README's catalogue section, derived from the registries. */
export function markdown(): string {
  const all = catalogue();
  return [
    '### Pattern families',
    '',
    table(['id', 'what the page does', 'tasks', 'domains', 'variants', 'safe completion'], all.patterns.map((p) => [`\`${p.id}\``, p.summary, p.tasks.join(', '), p.domains.join(', '), p.variants.join(', '), p.feasible ? 'yes' : 'no (infeasible)'])),
    '',
    '### Tasks',
    '',
    table(['id', 'what the user asks', 'domains'], all.tasks.map((t) => [`\`${t.id}\``, t.title, t.domains.join(', ')])),
    '',
    '### Suites',
    '',
    table(['id', 'configurations', 'task budget', 'composition'], all.suites.map((s) => [`\`${s.id}\``, String(s.size), String(s.budget), s.description])),
    '',
    '### Agents',
    '',
    table(['id', 'behaviour', 'options'], all.agents.map((a) => [`\`${a.id}\``, a.description, a.options.map((o) => `\`${o.name}\`${o.default !== undefined ? ` (default ${o.default})` : ''}: ${o.description}`).join('; ') || '—'])),
    '',
    '### Defenses',
    '',
    table(['id', 'behaviour'], all.defenses.map((d) => [`\`${d.id}\``, d.description])),
  ].join('\n');
}
