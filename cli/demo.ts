import { z } from 'zod';
import { defineCommand, keyValues, noArgs, outDir, path, repeat, seed, SEED_DEFAULT, SEED_HELP } from './command.ts';
import { stoppable } from './stop.ts';

export const { help, run } = defineCommand({
  name: 'demo',
  flags: (cmd) =>
    cmd
      .usage('[--agent A] [--defense D] [--seed N]')
      .option('--agent <id>', 'agent id (see decoy list), or your own module (./my-agent.ts, .js, .mjs)', 'naive')
      .option('--defense <id>', 'defense id (see decoy list), your own module (./my-defense.ts, .js, .mjs), or inject:<file.js>, a script run in every page', 'none')
      .option('--seed <n>', SEED_HELP, String(SEED_DEFAULT))
      .option('--opt <key=value>', 'agent option (repeatable)', repeat)
      .option('--bundles <dir>', 'where the demo bundles are written (default: out/demo-s<seed>)')
      .option('--out <dir>', 'where the run is written, replacing an earlier demo there (default: runs/demo/<agent>-<defense>-s<seed>)'),
  schema: z.object({ agent: path, defense: path, seed, opt: keyValues('opt'), bundles: outDir('bundles').optional(), out: outDir('out').optional(), args: noArgs }),
  async run(c, io) {
    const { runDemo } = await import('../harness/run.ts');
    const r = await stoppable((signal) => runDemo({ agent: c.agent, defense: c.defense, seed: c.seed, agentOptions: c.opt, ...(c.bundles ? { bundles: c.bundles } : {}), ...(c.out ? { out: c.out } : {}) }, io.progress, signal));
    return [`generated the demo suite in ${r.bundles}`, '', r.table, '', `wrote ${r.episodes} and ${r.summaryFile}`].join('\n');
  },
});
