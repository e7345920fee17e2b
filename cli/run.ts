import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { CheckFailed } from './check-failed.ts';
import { defineCommand, inPath, keyValues, noArgs, outDir, repeat, required } from './command.ts';
import { limitsOf, playFlags, playShape, sandboxFor, withEngine } from './play-flags.ts';
import { sourceFlags, sourceShape, toSource } from './source.ts';
import { stoppable } from './stop.ts';

/** Everything is written, but some episodes ended in an error: the table is the output, and the exit code is 1. */
class EpisodesFailed extends CheckFailed {
  constructor(report: string, errors: number) {
    super(report, errors);
    this.message = `${errors} episode${errors === 1 ? '' : 's'} ended in an error (end.reason in episodes.jsonl); everything was written`;
  }
}

export const { help, run } = defineCommand({
  name: 'run',
  flags: (cmd) =>
    playFlags(
      sourceFlags(cmd.usage('--suite <name> | --bundles <dir>  --out <dir> [options]'), 'run')
        .requiredOption('--out <dir>', 'output folder for run.json, episodes.jsonl and summary.json')
        .option('--agent <id>', 'agent id (see decoy list), or your own module (./my-agent.ts, .js, .mjs)', 'naive')
        .option('--defense <id>', 'defense id (see decoy list), your own module (./my-defense.ts, .js, .mjs), or inject:<file.js>, a script run in every page', 'none')
        .option('--opt <key=value>', 'agent option (repeatable), e.g. susceptibility=0.3', repeat)
        .option('--defense-opt <key=value>', 'defense option (repeatable)', repeat)
        .option('--replay <file>', 'JSONL of recorded actions, for --agent replay'),
    ),
  schema: z
    .object({ ...sourceShape, out: outDir('out', required('out')), agent: inPath('agent'), defense: inPath('defense'), opt: keyValues('opt'), defenseOpt: keyValues('defense-opt'), replay: inPath('replay').optional(), ...playShape, args: noArgs })
    .transform((o, ctx) => ({ ...o, source: toSource(o, ctx) })),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const [{ executeRun }, { loadBundles, selectSuite }] = await Promise.all([import('../harness/run.ts'), import('../harness/select.ts')]);
    if ('suite' in c.source) {
      const chosen = selectSuite(c.source.suite, c.source.patterns);
      if (chosen.clicks) throw new UserError(`'${chosen.id}' is a click-level suite; write its samples with decoy generate --suite ${chosen.id}`);
    }
    const bundles = loadBundles(c.source);
    const suite = 'suite' in c.source ? c.source.suite : (bundles[0]?.manifest.suite ?? '');
    const config = {
      suite,
      patterns: c.pattern,
      bundles: c.bundles ?? null,
      agent: c.agent,
      defense: c.defense,
      seed: c.seed,
      agentOptions: c.opt,
      defenseOptions: c.defenseOpt,
      replay: c.replay ?? null,
      ...(c.engine === 'chromium' ? { engine: 'chromium' as const } : {}),
    };
    const r = await withEngine(c, (executable) => stoppable((signal) => executeRun(config, c.out, { bundles, noCheck: !c.check, progress: io.progress, signal, limits: limitsOf(c), executable })));
    const report = `${r.table}\n\nwrote ${r.episodes} and ${r.summaryFile}`;
    if (r.errors > 0) throw new EpisodesFailed(report, r.errors);
    return report;
  },
});
