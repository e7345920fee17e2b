import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suites, families } from '../../scenarios/index.ts';
import { agents } from '../../simulator/registries.ts';
import { projectRoot } from '../../scenarios/root.ts';

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
    const built = (await import(pathToFileURL(join(build.buildDir(), 'scenarios', 'index.js')).href)) as typeof import('../../scenarios/index.ts');
    expect(built.suites.ids()).toEqual(suites.ids());
    expect(built.families.ids()).toEqual(families.ids());
    const registries = (await import(pathToFileURL(join(build.buildDir(), 'simulator', 'registries.js')).href)) as typeof import('../../simulator/registries.ts');
    expect(registries.agents.ids()).toEqual(agents.ids());
    // Files that are not modules are found from the package root, from the build too.
    const root = (await import(pathToFileURL(join(build.buildDir(), 'scenarios', 'root.js')).href)) as typeof import('../../scenarios/root.ts');
    expect(root.projectRoot()).toBe(projectRoot());
  });
});
