import { z } from 'zod';
import { defineCommand, inPath, noArgs, outFile } from './command.ts';
import { flag, required, stepSeconds, subsetFlags, trustBundles, unsafeNoSandbox, when, workers } from './flags.ts';
import { sandboxFor, workersOf } from './play-flags.ts';
import { stoppable } from './stop.ts';

export const { help, run, flags } = defineCommand({
  name: 'label',
  usage: '--runs <run folder> [--out <file.jsonl>] [--scenario <id>] [--configs <n>] [--limit <n>] [--workers <n>]',
  flags: [
    required(
      flag(
        'runs',
        '--runs <dir>',
        'a run folder written by decoy run (run.json, episodes.jsonl, summary.json)',
        inPath('runs'),
      ),
    ),
    flag(
      'out',
      '--out <file>',
      'the labels file (default: labels.jsonl in the run folder); run again to finish an interrupted one',
      outFile('out').optional(),
    ),
    ...subsetFlags,
    when(trustBundles, "the run's --bundles"),
    stepSeconds,
    unsafeNoSandbox,
    workers,
  ],
  schema: (flags) => z.object({ ...flags, args: noArgs }),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const [{ labelRun }, { subsetFields }] = await Promise.all([
      import('../harness/label.ts'),
      import('../harness/subset.ts'),
    ]);
    const r = await stoppable(io, (signal) =>
      labelRun(c.runs, {
        ...(c.out ? { out: c.out } : {}),
        subset: subsetFields({ scenarios: c.scenario, configs: c.configs, limit: c.limit }),
        trustBundles: c.trustBundles,
        limits: c.stepSeconds ? { stepSeconds: c.stepSeconds } : {},
        progress: io.progress,
        signal,
        workers: workersOf(c),
      }),
    );
    const counts = Object.entries(r.counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    return [
      `${r.steps} steps of ${r.episodes - r.skipped} episodes labelled${r.kept > 0 ? ` (${r.kept} kept from an earlier labelling)` : ''}${r.skipped > 0 ? `; ${r.skipped} episodes that ended in an error were left out` : ''}`,
      counts ? `labels: ${counts}` : 'no steps',
      `wrote ${r.file}`,
    ].join('\n');
  },
});
