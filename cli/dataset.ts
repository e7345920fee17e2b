import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { bool, defineCommand, notAFolder, outDir } from './command.ts';
import { browser, deceptive, flag, normal, phrasings, scale, seed, workers } from './flags.ts';
import { workersOf } from './play-flags.ts';
import { stoppable } from './stop.ts';

export const { help, run, flags } = defineCommand({
  name: 'dataset',
  usage:
    '<suite> [--out DIR] [--seed N] [--phrasings standard|heldout] [--scale N] [--overlay] [--marks] [--normal N] [--deceptive N] [--workers N]',
  argument: ['[suite]', 'a click suite (ruc)'],
  flags: [
    flag(
      'out',
      '--out <dir>',
      'output folder, which must not exist or be empty (default: out/<suite>-dataset)',
      outDir('out').optional(),
    ),
    seed,
    phrasings,
    normal,
    deceptive,
    scale,
    flag('overlay', '--overlay', 'also write copies with B_c in green and B_d in red (overlays/)', bool),
    flag('marks', '--marks', 'also write set-of-marks copies, numbered by observation ref (marks/)', bool),
    browser,
    workers,
  ],
  schema: (flags) =>
    z.object({
      ...flags,
      args: z.array(z.string()).length(1, 'name a click suite, e.g. decoy dataset ruc --out out/ruc-dataset'),
    }),
  async run(c, io) {
    const [{ launchableChromium, releaseChromium }, { clickSizes }, { writeDataset }, { selectSuite }] =
      await Promise.all([
        import('../simulator/page/engine/chromium.ts'),
        import('../harness/clicks.ts'),
        import('../harness/dataset.ts'),
        import('../harness/select.ts'),
      ]);
    const suite = selectSuite(c.args[0] as string);
    if (!suite.clicks) throw new UserError(`suite '${suite.id}' has no click samples (try ruc)`);
    const spec = clickSizes(suite, c.normal, c.deceptive) as NonNullable<ReturnType<typeof clickSizes>>;
    const out = c.out ?? `out/${suite.id}-dataset`;
    const unfit = notAFolder(out);
    if (unfit) throw new UserError(`--out: ${unfit}`);
    // Before any work: without a browser that starts there is nothing to render with. It is kept for the work.
    const executable = await launchableChromium(c.browser);
    const config = {
      suite,
      spec,
      seed: c.seed,
      ...(c.phrasings ? { phrasings: c.phrasings } : {}),
      out,
      scale: c.scale,
      overlay: c.overlay,
      marks: c.marks,
      executable,
      workers: workersOf(c),
    };
    const r = await stoppable(io, (signal) => writeDataset(config, io.progress, signal)).finally(releaseChromium);
    const kept = r.resumed ? ` (${r.resumed} rendered before the interruption)` : '';
    return `wrote ${r.samples} samples of '${suite.id}' to ${out}${kept}: ${r.screenshotsPerSecond.toFixed(1)} screenshots/s, ${r.seconds.toFixed(0)} s in all, largest box deviation from Chromium ${r.worstDeviation} px`;
  },
});
