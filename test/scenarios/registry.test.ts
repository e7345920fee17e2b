import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { families, familyTasks, suites, tasks } from '../../scenarios/index.ts';
import { loadFolder } from '../../scenarios/registry.ts';
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

describe('a suite file is checked when the registry loads it', () => {
  const root = mkdtempSync(join(tmpdir(), 'decoy-registry-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  /** Loads a folder holding one suite file, `my-suite.ts`, of this text; the error it gives, or null. */
  async function loading(text: string, name = 'my-suite'): Promise<string | null> {
    const dir = join(root, `f${n++}`);
    mkdirSync(dir);
    writeFileSync(join(dir, `${name}.ts`), text);
    // The registry's own check (scenarios/index.ts), through the real registry of suites' schema.
    const { suiteDefSchema } = await import('../../scenarios/index.ts');
    try {
      await loadFolder('suite', pathToFileURL(`${dir}/`), suiteDefSchema);
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      return (e as Error).message;
    }
  }
  const suite = (fields: string) =>
    `export default { id: 'my-suite', title: 'Mine', description: 'mine', budget: 10, scenarios: () => [], ${fields} };`;

  it('a well-formed one loads', async () => {
    expect(await loading(suite("version: 1, digest: '0123', released: []"))).toBeNull();
  });

  it.each([
    ['', /^suite file .*my-suite\.ts: version: undefined is not a version \(a whole number from 1\)$/],
    ["released: [], version: 'one'", /^suite file .*my-suite\.ts: version: "one" is not a version/],
    ['version: 1.5', /^suite file .*my-suite\.ts: version: 1.5 is not a version/],
    ['version: 0', /^suite file .*my-suite\.ts: version: 0 is not a version/],
    [
      'version: 1, released: [], digest: 7',
      /^suite file .*my-suite\.ts: digest: Invalid input: expected string, received number$/,
    ],
  ])('with %j is refused in one line naming the file and the field', async (fields, said) => {
    const m = await loading(suite(fields));
    expect(m).toMatch(said);
    expect(m).not.toContain('\n');
  });

  it('an id that is not the file name, a syntax error, or no default export is one line naming the file', async () => {
    expect(await loading(suite('version: 1'), 'other')).toMatch(
      /^suite file .*other\.ts: its id 'my-suite' is not its file's name \(other\)$/,
    );
    const broken = await loading('export default { id: "my-suite", version: 1,, };');
    expect(broken).toMatch(/^suite file .*my-suite\.ts cannot be loaded: /);
    expect(broken).not.toContain('\n');
    expect(await loading('export const x = 1;')).toMatch(
      /^suite file .*my-suite\.ts has no default export with an id$/,
    );
  });
});
