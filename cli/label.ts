import { z } from 'zod';
import { defineCommand, flag, inPath, int, noArgs, outFile } from './command.ts';
import { sandboxFlag, sandboxFor, sandboxShape } from './play-flags.ts';
import { stoppable } from './stop.ts';

export const { help, run } = defineCommand({
  name: 'label',
  flags: (cmd) =>
    sandboxFlag(
      cmd
        .usage('--runs <run folder> [--out <file.jsonl>]')
        .requiredOption('--runs <dir>', 'a run folder written by decoy run (run.json, episodes.jsonl)')
        .option('--out <file>', 'the labels file (default: labels.jsonl in the run folder); run again to finish an interrupted one')
        .option('--trust-bundles', "the run's bundles were read with --trust-bundles")
        .option('--step-seconds <s>', 'time one replayed step may take before its episode fails'),
    ),
  schema: z.object({ runs: inPath('runs'), out: outFile('out').optional(), trustBundles: flag, ...sandboxShape, stepSeconds: int('step-seconds', 1, 3600).optional(), args: noArgs }),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const { labelRun } = await import('../harness/label.ts');
    const r = await stoppable((signal) => labelRun(c.runs, { ...(c.out ? { out: c.out } : {}), trustBundles: c.trustBundles, limits: c.stepSeconds ? { stepSeconds: c.stepSeconds } : {}, progress: io.progress, signal }));
    const counts = Object.entries(r.counts).sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ${n}`).join(', ');
    return [
      `${r.steps} steps of ${r.episodes - r.skipped} episodes labelled${r.kept > 0 ? ` (${r.kept} kept from an earlier labelling)` : ''}${r.skipped > 0 ? `; ${r.skipped} episodes that ended in an error were left out` : ''}`,
      counts ? `labels: ${counts}` : 'no steps',
      `wrote ${r.file}`,
    ].join('\n');
  },
});
