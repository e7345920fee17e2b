import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { CheckFailed } from './check-failed.ts';
import { defineCommand, given, inPath, noArgs, outDir, required } from './command.ts';
import {
  agent,
  defense,
  defenseOpt,
  flag,
  opt,
  playFlags,
  seeds,
  seedsWithSeed,
  subsetFlags,
  shard,
  sourceFlags,
} from './flags.ts';
import { llmOf, playOptions, sandboxFor, withEngine } from './play-flags.ts';
import { suiteNameOf, toSource } from './source.ts';
import { stoppable, withShard } from './stop.ts';

/** Everything is written, but some episodes ended in an error: the table is the output, and the exit code is 1. */
class EpisodesFailed extends CheckFailed {
  constructor(report: string, errors: number) {
    super(report, errors);
    this.message = `${errors} episode${errors === 1 ? '' : 's'} ended in an error (end.reason in episodes.jsonl); everything was written`;
  }
}

export const { help, run, flags } = defineCommand({
  name: 'run',
  usage: '--suite <name> | --bundles <dir>  --out <dir> [options]',
  flags: [
    ...sourceFlags('run'),
    ...subsetFlags,
    flag(
      'out',
      '--out <dir>',
      'output folder for run.json, episodes.jsonl and summary.json',
      outDir('out', required('out')),
      { required: true },
    ),
    agent,
    defense,
    opt,
    defenseOpt,
    flag('replay', '--replay <file>', 'JSONL of recorded actions, for --agent replay', inPath('replay').optional()),
    shard,
    seeds,
    ...playFlags,
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs, given }).transform((o, ctx) => {
      seedsWithSeed(o, ctx);
      const { given: _given, ...rest } = o;
      return { ...rest, source: toSource(o, ctx) };
    }),
  async run(c, io) {
    const { subsetFields } = await import('../harness/subset.ts');
    const startedAt = performance.now();
    const { shardOf } = await import('../harness/shard.ts');
    // An empty --shard (an unset variable in a job script) is refused, never read as no shard.
    const slice = c.shard !== undefined ? shardOf(c.shard, process.env) : null;
    await sandboxFor(c, io.warn);
    const [{ checkParties, executeRun }, { loadBundles, phrasingsOf, selectSuite }, { optionsOfDefense }] =
      await Promise.all([
        import('../harness/run.ts'),
        import('../harness/select.ts'),
        import('../harness/defense-options.ts'),
      ]);
    if ('suite' in c.source) {
      const chosen = selectSuite(c.source.suite, c.source.patterns);
      if (chosen.clicks)
        throw new UserError(
          `'${chosen.id}' is a click-level suite; write its samples with decoy generate --suite ${chosen.id}`,
        );
    }
    const defenseOptions = optionsOfDefense(c.defense, c.defenseOpt);
    await checkParties(
      {
        agent: c.agent,
        defense: c.defense,
        agentOptions: c.opt,
        defenseOptions,
        seed: c.seeds?.[0] ?? c.seed,
        replay: c.replay ?? null,
        ...(c.engine === 'chromium' ? { engine: 'chromium' as const } : {}),
      },
      llmOf(c).llm,
    );
    const part = subsetFields({ scenarios: c.scenario, configs: c.configs, limit: c.limit });
    // A suite generated here makes only the part played (its ids and draw are the whole suite's); under seeds, each seed's is made by its run.
    const bundles = loadBundles(
      c.source,
      (done, total) => io.progress('generate', done, total),
      c.seeds ? undefined : part,
    );
    const suite = suiteNameOf(c.source, bundles);
    const config = {
      suite,
      patterns: c.pattern,
      bundles: c.bundles ?? null,
      agent: c.agent,
      defense: c.defense,
      seed: c.seed,
      ...phrasingsOf(c.source),
      ...part,
      agentOptions: c.opt,
      defenseOptions,
      replay: c.replay ?? null,
      ...(c.engine === 'chromium' ? { engine: 'chromium' as const } : {}),
      ...(slice ? { shard: slice } : {}),
    };
    // Said once the recording is accepted, so a refused replay file is one line, not a warning and a refusal.
    let warned = c.agent !== 'replay' || c.defense === 'none';
    const accepted = () => {
      if (warned) return;
      warned = true;
      io.warn(
        `the replay agent plays its recording as it was made: where ${c.defense} refuses an action (a block, or a change of the page instead), that episode ends there (agent-stopped)`,
      );
    };
    if (c.seeds) {
      const { runSeeds } = await import('../harness/seeds.ts');
      const seeded = c.seeds;
      const s = await withEngine(c, (executable) =>
        stoppable(io, (signal) =>
          runSeeds(
            config,
            seeded,
            c.out,
            { ...playOptions(c, io.progress, signal, executable), accepted },
            // A suite generated here is generated anew under each seed; bundles from disk are played under all.
            'bundles' in c.source ? bundles : undefined,
          ),
        ),
      );
      const report = `${s.table}\n\nwrote ${s.folders.length} run folder${s.folders.length === 1 ? '' : 's'} and ${s.file}${s.kept.length > 0 ? ` (seeds ${s.kept.join(', ')} kept as they were)` : ''}`;
      if (s.errors > 0) throw new EpisodesFailed(report, s.errors);
      return report;
    }
    const r = await withEngine(c, (executable) =>
      stoppable(
        io,
        (signal) =>
          executeRun(config, c.out, {
            bundles,
            ...playOptions(c, io.progress, signal, executable),
            accepted,
            startedAt,
          }),
        withShard(slice),
      ),
    );
    const report = `${r.table}\n\nwrote ${r.episodes} and ${r.summaryFile}`;
    if (r.errors > 0) throw new EpisodesFailed(report, r.errors);
    return report;
  },
});
