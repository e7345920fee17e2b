import { z } from 'zod';
import { quote, UserError } from '../lib/errors.ts';
import { defineCommand, inPath, int, noArgs } from './command.ts';
import { CheckFailed } from './check-failed.ts';
import { browser, configs, flag, json, sourceFlags, unsafeNoSandbox, workers } from './flags.ts';
import { sandboxFor, workersOf } from './play-flags.ts';
import { toSource } from './source.ts';

export const { help, run, flags } = defineCommand({
  name: 'conform',
  usage:
    '--suite <name> | --bundles <dir> [--episodes N] [--configs N] [--browser PATH] [--defense inject:<file.js>] [--workers N]',
  flags: [
    ...sourceFlags('compare'),
    unsafeNoSandbox,
    flag(
      'episodes',
      '--episodes <n>',
      'seeded random episodes per configuration, besides the oracle and each trap path',
      int('episodes', 0),
      { default: '2' },
    ),
    configs,
    browser,
    flag(
      'defense',
      '--defense <inject:file.js>',
      'a page-side defense: this script runs in every document in both engines, and is compared with the rest',
      inPath('defense'),
      { default: 'none' },
    ),
    workers,
    json('every row'),
  ],
  schema: (flags) => z.object({ ...flags, args: noArgs }).transform((o, ctx) => ({ ...o, source: toSource(o, ctx) })),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const [
      { launchableChromium, releaseChromium },
      { conformBundles },
      { loadBundles },
      { conforms },
      { conformTable },
      { isInjection, pageInjection },
    ] = await Promise.all([
      import('../simulator/page/engine/chromium.ts'),
      import('../harness/conform.ts'),
      import('../harness/select.ts'),
      import('../simulator/measure/conform.ts'),
      import('./conform-table.ts'),
      import('../simulator/loop/resolve.ts'),
    ]);
    // The agents play undefended; only a page-side defense changes what both engines show them.
    if (c.defense !== 'none' && !isInjection(c.defense))
      throw new UserError(
        `conform compares engines, so --defense takes only a page-side defense (inject:<file.js>), not ${quote(c.defense)}`,
      );
    const inject = pageInjection(c.defense);
    const source = loadBundles(c.source);
    // Before any work: a browser that does not start would otherwise fail every episode. It is kept for the work.
    const executable = await launchableChromium(c.browser);
    const { bundles, rows } = await conformBundles(
      source,
      { episodes: c.episodes, configs: c.configs ?? null, seed: c.seed, executable, inject, workers: workersOf(c) },
      c.json ? undefined : io.progress,
    ).finally(releaseChromium);
    const out = c.json
      ? JSON.stringify(rows, null, 2)
      : `${bundles} configurations, ${rows.length} episodes in each engine\n${conformTable(rows)}`;
    const failed = rows.filter((r) => !conforms(r)).length;
    if (failed > 0) throw new CheckFailed(out, failed);
    return out;
  },
});
