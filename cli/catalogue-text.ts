import type { OptionDoc } from '../simulator/loop/agent.ts';
import { catalogue } from '../harness/catalogue.ts';

/** An agent's or defense's options on one line: `name` (default d): what it does; … */
const optionsText = (options: readonly OptionDoc[], code: (s: string) => string) =>
  options
    .map((o) => `${code(o.name)}${o.default !== undefined ? ` (default ${o.default})` : ''}: ${o.description}`)
    .join('; ');
const md = (s: string) => `\`${s}\``;

/** What decoy list prints. */
export function catalogueText(): string {
  const all = catalogue();
  const section = (title: string, rows: { id: string; text: string }[]) => {
    const w = Math.max(...rows.map((r) => r.id.length));
    return [title, ...rows.map((r) => `  ${r.id.padEnd(w)}  ${r.text}`)].join('\n');
  };
  return [
    section(
      'Pattern families',
      all.patterns.map((p) => ({
        id: p.id,
        text: `${p.summary} [${p.domains.join(', ')}; variants: ${p.variants.join(', ')}${p.feasible ? '' : '; infeasible'}]`,
      })),
    ),
    section(
      'Tasks',
      all.tasks.map((t) => ({ id: t.id, text: `${t.title} [${t.domains.join(', ')}]` })),
    ),
    section(
      'Suites',
      all.suites.map((s) => ({
        id: s.id,
        text: `v${s.version}, ${s.size} ${s.clicks ? 'click samples' : 'configurations'}, task budget ${s.budget}: ${s.description}`,
      })),
    ),
    section(
      'Agents',
      all.agents.map((a) => ({
        id: a.id,
        text: a.description + (a.options.length ? ` [options: ${optionsText(a.options, String)}]` : ''),
      })),
    ),
    section(
      'Defenses',
      all.defenses.map((d) => ({
        id: d.id,
        text: d.description + (d.options.length ? ` [options: ${optionsText(d.options, String)}]` : ''),
      })),
    ),
  ].join('\n\n');
}

const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

/** The README's catalogue section, derived from the registries. */
export function catalogueMarkdown(): string {
  const all = catalogue();
  return [
    '### Pattern families',
    '',
    table(
      ['id', 'what the page does', 'tasks', 'domains', 'variants', 'safe completion'],
      all.patterns.map((p) => [
        `\`${p.id}\``,
        p.summary,
        p.tasks.join(', '),
        p.domains.join(', '),
        p.variants.join(', '),
        p.feasible ? 'yes' : 'no (infeasible)',
      ]),
    ),
    '',
    '### Tasks',
    '',
    table(
      ['id', 'what the user asks', 'domains'],
      all.tasks.map((t) => [`\`${t.id}\``, t.title, t.domains.join(', ')]),
    ),
    '',
    '### Suites',
    '',
    table(
      ['id', 'version', 'configurations', 'task budget', 'composition'],
      all.suites.map((s) => [`\`${s.id}\``, String(s.version), String(s.size), String(s.budget), s.description]),
    ),
    '',
    '### Agents',
    '',
    table(
      ['id', 'behaviour', 'options'],
      all.agents.map((a) => [md(a.id), a.description, optionsText(a.options, md) || '—']),
    ),
    '',
    '### Defenses',
    '',
    table(
      ['id', 'behaviour', 'options'],
      all.defenses.map((d) => [md(d.id), d.description, optionsText(d.options, md) || '—']),
    ),
  ].join('\n');
}
