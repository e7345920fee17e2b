import { z } from 'zod';
import { quote, UserError } from '../lib/errors.ts';
import { defineCommand, flag, inPath, int, noArgs, text } from './command.ts';
import { CheckFailed } from './check-failed.ts';
import { sandboxFlag, sandboxFor, sandboxShape } from './play-flags.ts';
import { sourceFlags, sourceShape, toSource } from './source.ts';

export const { help, run } = defineCommand({
  name: 'conform',
  flags: (cmd) =>
    sandboxFlag(sourceFlags(cmd.usage('--suite <name> | --bundles <dir> [--episodes N] [--configs N] [--browser PATH] [--defense inject:<file.js>]'), 'compare'))
      .option('--episodes <n>', 'seeded random episodes per configuration, besides the oracle and each trap path', '2')
      .option('--configs <n>', 'compare only this many configurations, drawn by seed (default: all)')
      .option('--browser <path>', 'Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)')
      .option('--defense <inject:file.js>', 'a page-side defense: this script runs in every document in both engines, and is compared with the rest', 'none')
      .option('--json', 'print every row as JSON'),
  schema: z
    .object({ ...sourceShape, ...sandboxShape, episodes: int('episodes', 0), configs: int('configs', 1).optional(), browser: text, defense: inPath('defense'), json: flag, args: noArgs })
    .transform((o, ctx) => ({ ...o, source: toSource(o, ctx) })),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const [{ launchableChromium, releaseChromium }, { conformBundles }, { loadBundles }, { conforms }, { conformTable }, { isInjection, pageInjection }] = await Promise.all([
      import('../simulator/page/engine/chromium.ts'),
      import('../harness/conform.ts'),
      import('../harness/select.ts'),
      import('../simulator/measure/conform.ts'),
      import('./conform-table.ts'),
      import('../simulator/loop/resolve.ts'),
    ]);
    // The agents play undefended; only a page-side defense changes what both engines show them.
    if (c.defense !== 'none' && !isInjection(c.defense)) throw new UserError(`conform compares engines, so --defense takes only a page-side defense (inject:<file.js>), not ${quote(c.defense)}`);
    const inject = pageInjection(c.defense);
    const source = loadBundles(c.source);
    // Before any work: a browser that does not start would otherwise fail every episode. It is kept for the work.
    const executable = await launchableChromium(c.browser);
    const { bundles, rows } = await conformBundles(source, { episodes: c.episodes, configs: c.configs ?? null, seed: c.seed, executable, inject }, c.json ? undefined : io.progress).finally(releaseChromium);
    const out = c.json ? JSON.stringify(rows, null, 2) : `${bundles} configurations, ${rows.length} episodes in each engine\n${conformTable(rows)}`;
    const failed = rows.filter((r) => !conforms(r)).length;
    if (failed > 0) throw new CheckFailed(out, failed);
    return out;
  },
});
