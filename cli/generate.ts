import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { defineCommand, int, list, noArgs, notAFolder, outDir, repeat, required, seed, SEED_DEFAULT, SEED_HELP } from './command.ts';

export const { help, run } = defineCommand({
  name: 'generate',
  flags: (cmd) =>
    cmd
      .usage('--suite <name> [--seed N] [--out DIR] [--pattern F] [--normal N] [--deceptive N]')
      .requiredOption('--suite <name>', 'suite to generate (see decoy list)')
      .option('--seed <n>', SEED_HELP, String(SEED_DEFAULT))
      .option('--out <dir>', 'output folder (default: out/<suite>)')
      .option('--pattern <family>', 'keep only configurations with this pattern family (repeatable)', repeat)
      .option('--normal <n>', "click suites: number of normal samples (default: the suite's)")
      .option('--deceptive <n>', "click suites: number of deceptive samples, spread over domains as in the suite (default: the suite's)"),
  schema: z.object({ suite: required('suite'), seed, out: outDir('out').optional(), pattern: list, normal: int('normal', 0).optional(), deceptive: int('deceptive', 0).optional(), args: noArgs }),
  async run(c, io) {
    const [{ generateSuite, writeBundles }, { assertBundleFolder, selectSuite }, { generateClicks, quotas, resize, writeSamples }] = await Promise.all([
      import('../generator/bundle.ts'),
      import('../harness/select.ts'),
      import('../harness/clicks.ts'),
    ]);
    const suite = selectSuite(c.suite, c.pattern);
    const out = c.out ?? `out/${suite.id}`;
    const unfit = notAFolder(out);
    if (unfit) throw new UserError(`--out: ${unfit}`);
    if (suite.clicks) {
      const spec = resize(suite.clicks, c.normal, c.deceptive);
      quotas(suite, spec);
      assertBundleFolder(out, suite.id, c.seed);
      const { bundles, samples } = await generateClicks(suite, c.seed, spec, io.progress);
      writeBundles(out, suite.id, c.seed, bundles);
      writeSamples(out, samples);
      return `wrote ${samples.length} click samples (${samples.filter((x) => x.category === 'normal').length} normal) from ${bundles.length} bundles of suite '${suite.id}' (seed ${c.seed}) to ${out}`;
    }
    if (c.normal !== undefined || c.deceptive !== undefined) throw new UserError(`--normal and --deceptive are for click suites; '${suite.id}' is not one`);
    const bundles = generateSuite(suite, c.seed);
    writeBundles(out, suite.id, c.seed, bundles);
    return `wrote ${bundles.length} bundles of suite '${suite.id}' (seed ${c.seed}) to ${out}`;
  },
});
