import { z } from 'zod';
import { defineCommand, outDir, required } from './command.ts';
import { flag } from './flags.ts';

export const { help, run, flags } = defineCommand({
  name: 'merge',
  usage: '--out <dir> <shard folders…>',
  flags: [
    flag(
      'out',
      '--out <dir>',
      'the folder of the whole run: run.json, episodes.jsonl and summary.json, as one decoy run without --shard writes them',
      outDir('out', required('out')),
      { required: true },
    ),
  ],
  schema: (flags) =>
    z.object({
      ...flags,
      args: z
        .array(z.string())
        .min(1, 'name the shard folders to merge: decoy merge --out runs/all runs/shard-1 runs/shard-2 …'),
    }),
  async run(c) {
    const { mergeShards } = await import('../harness/merge.ts');
    const r = mergeShards(c.args, c.out);
    return `${r.table}\n\nwrote ${r.episodes} and ${r.summaryFile}`;
  },
});
