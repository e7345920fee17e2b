import { z } from 'zod';
import { defineCommand, noArgs, outDir } from './command.ts';
import { agent, defense, flag, opt, seed } from './flags.ts';
import { stoppable } from './stop.ts';

export const { help, run, flags } = defineCommand({
  name: 'demo',
  usage: '[--agent A] [--defense D] [--seed N]',
  flags: [
    agent,
    defense,
    seed,
    opt,
    flag(
      'bundles',
      '--bundles <dir>',
      'where the demo bundles are written (default: out/demo-s<seed>)',
      outDir('bundles').optional(),
    ),
    flag(
      'out',
      '--out <dir>',
      'where the run is written, replacing an earlier demo there (default: runs/demo/<agent>-<defense>-s<seed>)',
      outDir('out').optional(),
    ),
  ],
  schema: (flags) => z.object({ ...flags, args: noArgs }),
  async run(c, io) {
    const { runDemo } = await import('../harness/run.ts');
    const r = await stoppable(io, (signal) =>
      runDemo(
        {
          agent: c.agent,
          defense: c.defense,
          seed: c.seed,
          agentOptions: c.opt,
          ...(c.bundles ? { bundles: c.bundles } : {}),
          ...(c.out ? { out: c.out } : {}),
        },
        io.progress,
        signal,
      ),
    );
    return [
      `generated the demo suite in ${r.bundles}`,
      '',
      r.table,
      '',
      `wrote ${r.episodes} and ${r.summaryFile}`,
    ].join('\n');
  },
});
