import { generateSuite, writeBundles } from '../generator/bundle.ts';
import { intFlag, optionalInt, parseFlags, usage, type Flags } from './args.ts';
import { UserError } from '../scenarios/errors.ts';
import { selectSuite } from './select.ts';
import { generateClicks, resize, writeSamples } from './clicks.ts';

const FLAGS: Flags = {
  suite: { type: 'string', description: 'suite to generate (see decoy list)' },
  seed: { type: 'string', description: 'seed of every random choice', default: '7' },
  out: { type: 'string', description: 'output folder', default: 'out/<suite>' },
  pattern: { type: 'string', multiple: true, description: 'keep only configurations with this pattern family (repeatable)' },
  normal: { type: 'string', description: 'click suites: number of normal samples (default: the suite\'s)' },
  deceptive: { type: 'string', description: 'click suites: number of deceptive samples, spread over domains as in the suite (default: the suite\'s)' },
};

export const summary = 'Generate the bundles of a suite (bundle.json + site/ per configuration)';
export const help = () => usage('generate', '--suite <name> [--seed N] [--out DIR]', FLAGS);

export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('generate', argv, FLAGS);
  if (typeof values.suite !== 'string') throw new UserError('generate: --suite is required');
  const suite = selectSuite(values.suite, values.pattern as string[] | undefined);
  const seed = intFlag('seed', values.seed, 7);
  const out = typeof values.out === 'string' ? values.out : `out/${suite.id}`;
  if (suite.clicks) {
    const spec = resize(suite.clicks, optionalInt('normal', values.normal), optionalInt('deceptive', values.deceptive));
    const { bundles, samples } = await generateClicks(suite, seed, spec);
    writeBundles(out, suite.id, seed, bundles);
    writeSamples(out, samples);
    return `wrote ${samples.length} click samples (${samples.filter((x) => x.category === 'normal').length} normal) from ${bundles.length} bundles of suite '${suite.id}' (seed ${seed}) to ${out}`;
  }
  const bundles = generateSuite(suite, seed);
  writeBundles(out, suite.id, seed, bundles);
  return `wrote ${bundles.length} bundles of suite '${suite.id}' (seed ${seed}) to ${out}`;
}
