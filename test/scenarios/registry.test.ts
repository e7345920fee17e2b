import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { families, familyTasks, suites, tasks } from '../../scenarios/index.ts';
import { agents, defenses } from '../../simulator/loop/registries.ts';
import { UserError } from '../../lib/errors.ts';

const filesIn = (rel: string) =>
  readdirSync(fileURLToPath(new URL(`../../${rel}/`, import.meta.url)))
    .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
    .map((f) => f.slice(0, -3))
    .sort();

describe('registries', () => {
  it.each([
    ['scenarios/families', families],
    ['scenarios/tasks', tasks],
    ['scenarios/suites', suites],
    ['simulator/agents', agents],
    ['simulator/defenses', defenses],
  ] as const)('%s: one file per entry, the file name is the id', (folder, registry) => {
    expect(registry.ids().sort()).toEqual(filesIn(folder));
  });

  it('holds the four foundation families and the built-in agents and defense', () => {
    expect(families.ids()).toEqual(
      expect.arrayContaining(['warranty-addon', 'preselected-consent', 'cookie-trap', 'price-drift']),
    );
    expect(agents.ids()).toEqual(expect.arrayContaining(['oracle', 'naive', 'random', 'replay']));
    expect(defenses.ids()).toContain('none');
  });

  it('an unknown id is a UserError that names the id and lists the known ones', () => {
    expect(() => families.get('dark-mode')).toThrow(UserError);
    expect(() => families.get('dark-mode')).toThrow(/unknown pattern family 'dark-mode' \(known: .*cookie-trap/);
  });

  it('every family names tasks that exist, domains those tasks have, and at least one variant', () => {
    for (const f of families.all()) {
      expect(f.variants.length).toBeGreaterThan(0);
      expect(familyTasks(f).length, f.id).toBeGreaterThan(0);
      for (const t of familyTasks(f)) {
        const task = tasks.get(t);
        expect(f.domains.some((d) => task.domains.includes(d))).toBe(true);
      }
    }
  });

  it('cookie trap and consent reach beyond shopping; every task has its benign control and every family a place in some suite', () => {
    expect(families.get('cookie-trap').domains).toEqual(expect.arrayContaining(['news', 'health']));
    expect(families.get('preselected-consent').domains).toEqual(expect.arrayContaining(['news', 'health']));
    const all = suites.all().flatMap((s) => s.scenarios());
    for (const t of tasks.all())
      for (const d of t.domains)
        expect(
          all.some((s) => s.task === t.id && s.domain === d && s.patterns.length === 0),
          `${t.id} in ${d}`,
        ).toBe(true);
    for (const f of families.ids())
      expect(
        all.some((s) => s.patterns.some((p) => p.family === f)),
        f,
      ).toBe(true);
  });
});
