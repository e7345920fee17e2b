import { suites } from '../scenarios/index.ts';
import { generateSuite, writeBundles } from '../generator/bundle.ts';
import { readBundles } from '../simulator/bundle.ts';
import { intFlag, keyValues, parseFlags, usage, type Flags } from './args.ts';
import { executeRun } from './run.ts';

const FLAGS: Flags = {
  agent: { type: 'string', description: 'agent id', default: 'naive' },
  defense: { type: 'string', description: 'defense id', default: 'none' },
  seed: { type: 'string', description: 'seed', default: '7' },
  bundles: { type: 'string', description: 'where the demo bundles are written', default: 'out/demo' },
  out: { type: 'string', description: 'where the run is written', default: 'runs/demo' },
  opt: { type: 'string', multiple: true, description: 'agent option key=value (repeatable)' },
};

export const summary = 'Generate the demo suite, replay it in the simulator and print the results table';
export const help = () => usage('demo', '[--agent A] [--defense D] [--seed N]', FLAGS);

export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('demo', argv, FLAGS);
  const seed = intFlag('seed', values.seed, 7);
  const bundlesDir = typeof values.bundles === 'string' ? values.bundles : 'out/demo';
  const suite = suites.get('demo');
  writeBundles(bundlesDir, suite.id, seed, generateSuite(suite, seed));
  const lines = [`generated the demo suite in ${bundlesDir}`];
  const table = await executeRun(
    {
      suite: suite.id,
      patterns: [],
      bundles: bundlesDir,
      agent: typeof values.agent === 'string' ? values.agent : 'naive',
      defense: typeof values.defense === 'string' ? values.defense : 'none',
      seed,
      agentOptions: keyValues('opt', values.opt),
      defenseOptions: {},
      replay: null,
    },
    typeof values.out === 'string' ? values.out : 'runs/demo',
    readBundles(bundlesDir),
  );
  return [...lines, '', table].join('\n');
}
