import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { projectRoot } from '../../lib/root.ts';
import { COMMANDS } from '../../cli/commands.ts';

/** What `decoy <command> --help` may load: the CLI's own flag modules, the error type, and the two parsing libraries. */
// simulator/page/engine/limits.ts and simulator/loop/call-limits.ts hold the limits' defaults and nothing else, so their help can name them; scenarios/phrasing.ts imports no module, so --phrasings can name its halves.
const LIGHT_FILES =
  /^(cli\/[a-z-]+\.ts|lib\/errors\.ts|lib\/seed\.ts|simulator\/page\/engine\/limits\.ts|simulator\/loop\/call-limits\.ts|scenarios\/phrasing\.ts)$/;
const LIGHT_PACKAGES = new Set(['zod', 'commander']);
/** Modules a command imports only when it runs. */
const RUN_ONLY = ['cli/conform-table.ts', 'cli/catalogue-text.ts'];

/** The modules and packages a module loads before any of its code runs: its static imports, transitively (type imports are erased). */
async function staticGraph(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const r = await build({
    entryPoints: [join(projectRoot(), entry)],
    absWorkingDir: projectRoot(),
    bundle: true,
    write: false,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    outdir: 'unused',
  });
  const inputs: Metafile['inputs'] = r.metafile.inputs;
  const files = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const i of inputs[file]?.imports ?? []) {
      if (i.kind !== 'import-statement') continue;
      if (i.external) packages.add(i.path);
      else walk(i.path);
    }
  };
  walk(entry);
  return { files: [...files].sort(), packages: [...packages].filter((p) => !p.startsWith('node:')).sort() };
}

describe('the CLI starts fast: decoy <command> --help loads flags, not the harness', () => {
  it.each([['main'], ...Object.keys(COMMANDS).map((c) => [c])])(
    'cli/%s.ts statically imports no engine, generator or harness module',
    async (name) => {
      const { files, packages } = await staticGraph(`cli/${name}.ts`);
      expect(files.filter((f) => !LIGHT_FILES.test(f) || RUN_ONLY.includes(f))).toEqual([]);
      expect(packages.filter((p) => !LIGHT_PACKAGES.has(p))).toEqual([]);
    },
  );

  it('every command prints its usage and flags from its flag module alone', async () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      const help = (await entry.load()).help();
      expect(help, name).toMatch(new RegExp(`^Usage: decoy ${name} `));
      expect(help, name).toMatch(/^Options:$/m);
    }
  });

  it('the check itself sees a heavy import (the table that needs the simulator)', async () => {
    const { files } = await staticGraph('cli/conform-table.ts');
    expect(files).toContain('simulator/measure/conform.ts');
  });
});
