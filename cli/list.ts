import { z } from 'zod';
import { UserError } from '../scenarios/errors.ts';
import { catalogue } from '../harness/catalogue.ts';
import { defineCommand, flag, noArgs } from './command.ts';

export const { help, run } = defineCommand({
  name: 'list',
  flags: (cmd) => cmd.usage('[--json | --markdown]').option('--json', 'print JSON instead of text').option('--markdown', 'print the catalogue as the Markdown tables of the README'),
  schema: z.object({ json: flag, markdown: flag, args: noArgs }),
  async run(c) {
    if (c.json && c.markdown) throw new UserError('list: give --json or --markdown, not both');
    if (c.json) return JSON.stringify(catalogue(), null, 2);
    if (c.markdown) return markdown();
    return text();
  },
});

function text(): string {
  const all = catalogue();
  const section = (title: string, rows: { id: string; text: string }[]) => {
    const w = Math.max(...rows.map((r) => r.id.length));
    return [title, ...rows.map((r) => `  ${r.id.padEnd(w)}  ${r.text}`)].join('\n');
  };
  return [
    section('Pattern families', all.patterns.map((p) => ({ id: p.id, text: `${p.summary} [${p.domains.join(', ')}; variants: ${p.variants.join(', ')}${p.feasible ? '' : '; infeasible'}]` }))),
    section('Tasks', all.tasks.map((t) => ({ id: t.id, text: `${t.title} [${t.domains.join(', ')}]` }))),
    section('Suites', all.suites.map((s) => ({ id: s.id, text: `${s.size} ${s.clicks ? 'click samples' : 'configurations'}, task budget ${s.budget}: ${s.description}` }))),
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
