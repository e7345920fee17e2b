import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { defineCommand, flag, int, notAFolder, outDir, seed, SEED_DEFAULT, SEED_HELP, text } from './command.ts';
import { stoppable } from './stop.ts';

export const { help, run } = defineCommand({
  name: 'dataset',
  flags: (cmd) =>
    cmd
      .usage('<suite> [--out DIR] [--scale N] [--overlay] [--marks] [--normal N] [--deceptive N]')
      .argument('[suite]', 'a click suite (ruc)')
      .option('--out <dir>', 'output folder, which must not exist or be empty (default: out/<suite>-dataset)')
      .option('--seed <n>', SEED_HELP, String(SEED_DEFAULT))
      .option('--normal <n>', "number of normal samples (default: the suite's, 910 for ruc)")
      .option('--deceptive <n>', "number of deceptive samples, spread over domains and categories as in the suite (default: the suite's, 497 for ruc)")
      .option('--scale <n>', 'device pixels per CSS pixel, 1 to 4: 1 gives 1280x800 images, 2 gives 2560x1600', '1')
      .option('--overlay', 'also write copies with B_c in green and B_d in red (overlays/)')
      .option('--marks', 'also write set-of-marks copies, numbered by observation ref (marks/)')
      .option('--browser <path>', 'Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)'),
  schema: z.object({
    args: z.array(z.string()).length(1, 'name a click suite, e.g. decoy dataset ruc --out out/ruc-dataset'),
    out: outDir('out').optional(),
    seed,
    normal: int('normal', 0).optional(),
    deceptive: int('deceptive', 0).optional(),
    scale: int('scale', 1, 4),
    overlay: flag,
    marks: flag,
    browser: text,
  }),
  async run(c, io) {
    const [{ launchableChromium, releaseChromium }, { resize, quotas }, { writeDataset }, { selectSuite }] = await Promise.all([
      import('../simulator/page/engine/chromium.ts'),
      import('../harness/clicks.ts'),
      import('../harness/dataset.ts'),
      import('../harness/select.ts'),
    ]);
    const suite = selectSuite(c.args[0] as string);
    if (!suite.clicks) throw new UserError(`suite '${suite.id}' has no click samples (try ruc)`);
    const out = c.out ?? `out/${suite.id}-dataset`;
    const unfit = notAFolder(out);
    if (unfit) throw new UserError(`--out: ${unfit}`);
    quotas(suite, resize(suite.clicks, c.normal, c.deceptive));
    // Before any work: without a browser that starts there is nothing to render with. It is kept for the work.
    const executable = await launchableChromium(c.browser);
    const config = { suite, spec: resize(suite.clicks, c.normal, c.deceptive), seed: c.seed, out, scale: c.scale, overlay: c.overlay, marks: c.marks, executable };
    const r = await stoppable((signal) => writeDataset(config, io.progress, signal)).finally(releaseChromium);
    const kept = r.resumed ? ` (${r.resumed} rendered before the interruption)` : '';
    return `wrote ${r.samples} samples of '${suite.id}' to ${out}${kept}: ${r.screenshotsPerSecond.toFixed(1)} screenshots/s, ${r.seconds.toFixed(0)} s in all, largest box deviation from Chromium ${r.worstDeviation} px`;
  },
});
