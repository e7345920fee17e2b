import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import type { GalleryBundle } from '../harness/gallery.ts';
import { defineCommand, inPath, outDir, SEED_DEFAULT, TRUST_WITHOUT_BUNDLES } from './command.ts';
import { bundleFolders, flag, keySecret, pattern, suite, suiteSeed, trustBundles, when } from './flags.ts';

const SUBCOMMANDS = ['build'];

export const { help, run, flags } = defineCommand({
  name: 'site',
  usage: 'build --bundles <dir> [--bundles <dir> ...] | --suite <name> [--seed N]  [--runs <dirs...>] [--out DIR]',
  argument: ['[subcommand]', `what to do: ${SUBCOMMANDS.join(', ')}`],
  flags: [
    bundleFolders('build the gallery of'),
    suite('build the gallery of'),
    suiteSeed,
    when(pattern, '--suite'),
    flag('out', '--out <dir>', 'output folder of the static site', outDir('out'), { default: 'dist/site' }),
    when(trustBundles, '--bundles'),
    keySecret('live URLs', 'URL', 'build', 'build the same files twice'),
    flag(
      'runs',
      '--runs <dirs...>',
      "run, compare or seeds folders (as decoy report reads them): the gallery shows each configuration's outcome in each run, with filters",
      z.array(inPath('runs')).optional(),
    ),
  ],
  schema: (flags) =>
    z.object({ ...flags, args: z.array(z.string()) }).superRefine((o, ctx) => {
      const sub = o.args[0];
      if (sub === undefined)
        ctx.addIssue({
          code: 'custom',
          message: `name a subcommand: ${SUBCOMMANDS.map((s) => `decoy site ${s}`).join(', ')}`,
        });
      else if (!SUBCOMMANDS.includes(sub))
        ctx.addIssue({ code: 'custom', message: `unknown subcommand '${sub}'; expected 'site build'` });
      else if (o.args.length > 1) ctx.addIssue({ code: 'custom', message: `unexpected argument '${o.args[1]}'` });
      else if (o.suite !== undefined && o.bundles.length > 0)
        ctx.addIssue({ code: 'custom', message: 'give --bundles or --suite, not both' });
      else if (o.suite === undefined && o.bundles.length === 0)
        ctx.addIssue({ code: 'custom', message: 'give --bundles <dir> (repeatable) or --suite <name>' });
      else if (o.suite === undefined && o.pattern.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: '--pattern selects from a suite; with --bundles, generate the selection instead',
        });
      else if (o.suite === undefined && o.seed !== undefined)
        ctx.addIssue({ code: 'custom', message: '--seed is for --suite; bundles hold their own seed' });
      else if (o.suite !== undefined && o.trustBundles)
        ctx.addIssue({ code: 'custom', message: TRUST_WITHOUT_BUNDLES });
    }),
  async run(c) {
    const [
      { loadBundles, selectSuite },
      { LIVE_INDEX },
      { buildGallery },
      { galleryResults },
      { assertGalleryFolder },
    ] = await Promise.all([
      import('../harness/select.ts'),
      import('../harness/gallery.ts'),
      import('../harness/gallery-build.ts'),
      import('../harness/gallery-results.ts'),
      import('../harness/gallery-folder.ts'),
    ]);
    const reads = [...c.bundles, ...(c.runs ?? [])];
    assertGalleryFolder(c.out, reads);
    let bundles: GalleryBundle[];
    if (c.suite !== undefined) {
      const suite = selectSuite(c.suite, c.pattern);
      if (suite.clicks)
        throw new UserError(`'${suite.id}' is a click-level suite; generate it with decoy generate and pass --bundles`);
      bundles = loadBundles({ suite: c.suite, seed: c.seed ?? SEED_DEFAULT, patterns: c.pattern }).map((b) => ({
        ...b,
        dir: null,
      }));
    } else {
      bundles = c.bundles.flatMap((dir) => {
        const single = existsSync(join(dir, 'bundle.json'));
        return loadBundles({ bundles: dir, trustBundles: c.trustBundles }).map((b) => ({
          ...b,
          dir: single ? dir : join(dir, b.manifest.id),
        }));
      });
    }
    const results =
      c.runs !== undefined && c.runs.length > 0
        ? galleryResults(
            c.runs,
            bundles.map((b) => b.manifest.id),
          )
        : undefined;
    const started = performance.now();
    await buildGallery(bundles, c.out, c.keySecret, {
      trusted: c.trustBundles,
      reads,
      ...(results ? { results } : {}),
    });
    const seconds = (performance.now() - started) / 1000;
    const live = JSON.parse(readFileSync(join(c.out, LIVE_INDEX), 'utf8')) as Record<string, unknown>;
    const shown = results ? `, with the outcomes of ${results.runs.length} runs` : '';
    return `built the gallery of ${bundles.length} configurations (${Object.keys(live).length} live sites${shown}) in ${seconds.toFixed(1)} s to ${c.out}; serve it with decoy serve --dir ${c.out}`;
  },
});
