import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { defineCommand, noArgs, notAFolder, outDir, required as present } from './command.ts';
import { deceptive, flag, normal, pattern, phrasings, required, seed, suite, when } from './flags.ts';
import { phrasingsNote } from '../scenarios/phrasing.ts';

export const { help, run, flags } = defineCommand({
  name: 'generate',
  usage:
    '--suite <name> [--seed N] [--phrasings standard|heldout] [--out DIR] [--pattern F] [--normal N] [--deceptive N]',
  flags: [
    required(suite(), present('suite')),
    seed,
    phrasings,
    flag('out', '--out <dir>', 'output folder (default: out/<suite>)', outDir('out').optional()),
    pattern,
    when(normal, 'a click suite'),
    when(deceptive, 'a click suite'),
  ],
  schema: (flags) => z.object({ ...flags, args: noArgs }),
  async run(c, io) {
    const [{ assertBundleFolder, makeSuite, selectSuite }, { clickSizes, generateClicks, writeClickSuite }] =
      await Promise.all([import('../harness/select.ts'), import('../harness/clicks.ts')]);
    const suite = selectSuite(c.suite, c.pattern);
    const held = phrasingsNote(c.phrasings);
    const out = c.out ?? `out/${suite.id}`;
    const unfit = notAFolder(out);
    if (unfit) throw new UserError(`--out: ${unfit}`);
    const spec = clickSizes(suite, c.normal, c.deceptive);
    if (spec) {
      assertBundleFolder(out, suite, c.seed, c.phrasings);
      const { bundles, samples } = await generateClicks(suite, c.seed, spec, io.progress, c.phrasings);
      writeClickSuite(out, suite, c.seed, { bundles, samples }, c.phrasings);
      return `wrote ${samples.length} click samples (${samples.filter((x) => x.category === 'normal').length} normal) from ${bundles.length} bundles of suite '${suite.id}' (seed ${c.seed}${held}) to ${out}`;
    }
    const { bundles, writeTo } = makeSuite(suite, c.seed, c.phrasings);
    writeTo(out);
    return `wrote ${bundles.length} bundles of suite '${suite.id}' (seed ${c.seed}${held}) to ${out}`;
  },
});
