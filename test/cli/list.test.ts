import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { decoyIn } from '../helpers.ts';
import { agents, defenses } from '../../simulator/loop/registries.ts';

describe('decoy list', () => {
  it('shows every agent and every defense with each of its options, its default and what it does, in text and in the README tables', async () => {
    const text = await decoyIn(tmpdir(), 'list');
    const markdown = await decoyIn(tmpdir(), 'list', '--markdown');
    expect([text.code, markdown.code]).toEqual([0, 0]);
    const all = [...agents.all(), ...defenses.all()];
    expect(all.some((d) => (d.options ?? []).length > 0)).toBe(true);
    for (const d of all) {
      const line = text.out.split('\n').find((l) => l.startsWith(`  ${d.id} `));
      const row = markdown.out.split('\n').find((l) => l.startsWith(`| \`${d.id}\` |`));
      expect(line, d.id).toContain(d.description);
      for (const o of d.options ?? []) {
        const said = `${o.name}${o.default !== undefined ? ` (default ${o.default})` : ''}: ${o.description}`;
        expect(line, `${d.id} ${o.name}`).toContain(said);
        expect(row, `${d.id} ${o.name}`).toContain(`\`${o.name}\`${said.slice(o.name.length)}`);
      }
      if ((d.options ?? []).length === 0) expect(row?.endsWith('| — |'), d.id).toBe(true);
    }
  });
});
