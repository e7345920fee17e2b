import { describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suites, families } from '../../scenarios/index.ts';
import { agents } from '../../simulator/loop/registries.ts';
import { projectRoot } from '../../lib/root.ts';

interface Build {
  buildDir(): string;
  ensureBuild(): Promise<string>;
}

describe('the precompiled CLI', () => {
  it('is the build of the current sources, and its registries load the same entries from its .js files', async () => {
    const build = (await import(pathToFileURL(join(projectRoot(), 'bin/build.mjs')).href as string)) as Build;
    const main = await build.ensureBuild();
    expect(main).toBe(join(build.buildDir(), 'cli', 'main.js'));
    expect(existsSync(main)).toBe(true);
    const built = (await import(
      pathToFileURL(join(build.buildDir(), 'scenarios', 'index.js')).href
    )) as typeof import('../../scenarios/index.ts');
    expect(built.suites.ids()).toEqual(suites.ids());
    expect(built.families.ids()).toEqual(families.ids());
    const registries = (await import(
      pathToFileURL(join(build.buildDir(), 'simulator', 'loop', 'registries.js')).href
    )) as typeof import('../../simulator/loop/registries.ts');
    expect(registries.agents.ids()).toEqual(agents.ids());
    // Files that are not modules are found from the package root, from the build too.
    const root = (await import(
      pathToFileURL(join(build.buildDir(), 'lib', 'root.js')).href
    )) as typeof import('../../lib/root.ts');
    expect(root.projectRoot()).toBe(projectRoot());
  });

  it('is told apart from an older build by content: a source edited with its size and times kept is a new build', async () => {
    const pkg = mkdtempSync(join(tmpdir(), 'decoy-build-'));
    try {
      mkdirSync(join(pkg, 'bin'));
      mkdirSync(join(pkg, 'scenarios'));
      copyFileSync(join(projectRoot(), 'bin', 'build.mjs'), join(pkg, 'bin', 'build.mjs'));
      const source = join(pkg, 'scenarios', 'rule.ts');
      // Whole seconds, so that the times set are exactly the times read back.
      const stamp = 1_700_000_000;
      writeFileSync(source, 'export const hit = true;\n');
      utimesSync(source, stamp, stamp);
      const before = statSync(source);
      const copy = (await import(pathToFileURL(join(pkg, 'bin', 'build.mjs')).href)) as Build;
      const first = copy.buildDir();
      writeFileSync(source, 'export const hit = null;\n');
      utimesSync(source, stamp, stamp);
      const after = statSync(source);
      expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
      expect(copy.buildDir()).not.toBe(first);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });
});
