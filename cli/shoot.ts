import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { defineCommand, noArgs, notAFolder, outDir } from './command.ts';
import { browser, flag, scale, suiteSourceFlags, when, workers } from './flags.ts';
import { workersOf } from './play-flags.ts';
import { toSource } from './source.ts';
import { stoppable } from './stop.ts';

export const { help, run, flags } = defineCommand({
  name: 'shoot',
  usage: '--bundles <dir> | --suite <name> [--out DIR] [--scale N] [--browser PATH] [--workers N]',
  flags: [
    ...suiteSourceFlags('shoot'),
    when(flag('out', '--out <dir>', 'output folder (default: out/<suite>)', outDir('out').optional()), '--suite'),
    scale,
    browser,
    workers,
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs }).transform((o, ctx) => ({ ...o, source: toSource(o, ctx, true) })),
  async run(c, io) {
    const [
      { launchableChromium, releaseChromium },
      { generated, loadBundles, makeSuite, selectSuite },
      { shootBundles },
    ] = await Promise.all([
      import('../simulator/page/engine/chromium.ts'),
      import('../harness/select.ts'),
      import('../harness/shoot.ts'),
    ]);
    if ('bundles' in c.source && c.out !== undefined)
      throw new UserError('--out is for --suite; with --bundles the shots go into the bundles');
    const suite = 'suite' in c.source ? selectSuite(c.source.suite, c.source.patterns) : null;
    const dir = 'bundles' in c.source ? c.source.bundles : (c.out ?? `out/${suite?.id}`);
    const unfit = notAFolder(dir);
    if (unfit) throw new UserError(`${'bundles' in c.source ? '--bundles' : '--out'}: ${unfit}`);
    // Before any work: without a browser that starts there is nothing to shoot with. It is kept for the work.
    const executable = await launchableChromium(c.browser);
    let started = 0;
    const r = await (async () => {
      const source = c.source;
      const made = suite && 'seed' in source ? makeSuite(suite, source.seed, source.phrasings) : null;
      made?.writeTo(dir);
      // A suite is generated and written here, then shot from memory; bundles from disk by the one loader.
      const bundles: LoadedBundle[] = made
        ? generated(made.bundles)
        : loadBundles({ bundles: dir, trustBundles: c.trustBundles });
      started = Date.now();
      return stoppable(io, (signal) =>
        shootBundles(bundles, dir, {
          executable,
          scale: c.scale,
          progress: io.progress,
          signal,
          workers: workersOf(c),
        }),
      );
    })().finally(releaseChromium);
    const s = (Date.now() - started) / 1000;
    const shot = r.count - r.resumed;
    return [
      `shot ${shot} configurations in ${dir} (${(shot / s).toFixed(1)} configurations/s)${r.resumed ? `; ${r.resumed} more were shot before the interruption` : ''}`,
      ...(r.unboxed.length
        ? [`${r.unboxed.length} drawn without boxes:`, ...r.unboxed.map((u) => `  ${u.scenario}: ${u.reason}`)]
        : []),
    ].join('\n');
  },
});
