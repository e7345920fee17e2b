import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../lib/errors.ts';
import { CheckFailed } from './check-failed.ts';
import { bool, defineCommand, given, inPath, noArgs, outDir, required } from './command.ts';
import {
  agent,
  byDefault,
  defenseOpt,
  flag,
  opt,
  playFlags,
  seeds,
  seedsWithSeed,
  sourceFlags,
  subsetFlags,
  when,
} from './flags.ts';
import { llmOf, playOptions, sandboxFor, withEngine } from './play-flags.ts';
import { suiteNameOf, toSource } from './source.ts';
import { stoppable } from './stop.ts';

/** Everything is written, but some episodes ended in an error: the tables are the output, and the exit code is 1. */
class EpisodesFailed extends CheckFailed {
  constructor(report: string, errors: number) {
    super(report, errors);
    this.message = `${errors} episode${errors === 1 ? '' : 's'} ended in an error (end.reason in the runs' episodes.jsonl; left out of the rates and the pairs); everything was written`;
  }
}

/** harness/compare.ts's DEFAULT_DEFENSES, written out because this module loads no harness (a test holds the two equal). */
const DEFAULTS = 'none,warn,gate,screen,intervene';

const labelList = z
  .string()
  .transform((v) => Object.freeze(v.split(',').map((a) => a.trim())))
  .refine((a) => a.every((l) => l !== ''), '--labels: a label is empty')
  .optional();

const defenseList = z
  .string()
  .transform((v) =>
    Object.freeze(
      v
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    ),
  )
  .pipe(z.array(inPath('defenses')).min(1, '--defenses names no defense'));

/** The flags `compare --runs` reads. */
const RUNS_FLAGS = new Set(['--runs', '--labels', '--against', '--out']);

export const { help, run, flags } = defineCommand({
  name: 'compare',
  usage:
    '--suite <name> | --bundles <dir>  --out <dir> [--defenses a,b,c] [options]  |  --runs <dir> <dir>…  --out <dir>',
  flags: [
    ...sourceFlags('compare the defenses on'),
    flag(
      'runs',
      '--runs <dirs...>',
      'compare run folders already written (decoy run, or the folders of a comparison) instead of playing: the same configurations, with other agents, seeds, options or versions of a defense; each is labelled by what sets it apart, and paired against the first',
      z.array(inPath('runs')).optional(),
    ),
    when(
      flag('labels', '--labels <a,b,c>', "the runs' labels in the tables, comma-separated, in their order", labelList),
      '--runs',
    ),
    when(
      flag(
        'against',
        '--against <label>',
        `the run every other is paired against, by its label ${byDefault('the first')}`,
        inPath('against').optional(),
      ),
      '--runs',
    ),
    ...subsetFlags,
    flag(
      'out',
      '--out <dir>',
      'output folder: one run folder per defense, compare.json and compare.md (with --runs: compare.json and compare.md)',
      outDir('out', required('out')),
      { required: true },
    ),
    agent,
    opt,
    flag(
      'defenses',
      '--defenses <a,b,c>',
      `defenses to compare behind the same agent, comma-separated: ids (see decoy list) or your own modules, each with its default options but for --defense-opt; each is paired against none when none is among them ${byDefault(DEFAULTS)}`,
      defenseList.optional(),
    ),
    flag(
      'ablations',
      '--ablations',
      'also compare the intervention ablations (intervene, intervene-block, intervene-reactive, intervene-onestep, intervene-notemporal; their -llm forms when a -llm defense is given) and print the outcome table of Veer Table 18',
      bool,
    ),
    defenseOpt,
    seeds,
    ...playFlags,
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs, given }).transform((o, ctx) => {
      const { runs, given: named, ...rest } = o;
      if (runs === undefined) {
        for (const [gave, name] of [
          [o.labels !== undefined, '--labels'],
          [o.against !== undefined, '--against'],
        ] as const)
          if (gave) ctx.addIssue({ code: 'custom', message: `${name} is for --runs` });
        seedsWithSeed(o, ctx);
        return { ...rest, runs: null, source: toSource(o, ctx), defenses: o.defenses ?? DEFAULTS.split(',') };
      }
      // Every flag that says what to play, or how, has nothing to say to runs already played:
      // given beside --runs (as typed, defaults aside), it is refused rather than ignored.
      const playing = named.find((f) => !RUNS_FLAGS.has(f));
      if (playing !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `${playing} is for playing a comparison; --runs compares run folders as they were played`,
        });
      return { ...rest, runs: runs as readonly string[], source: null, defenses: [] as readonly string[] };
    }),
  async run(c, io) {
    if (c.runs) {
      const { compareRunFolders } = await import('../harness/compare-runs.ts');
      const r = compareRunFolders(c.runs, c.out, {
        ...(c.labels ? { labels: c.labels } : {}),
        ...(c.against !== undefined ? { against: c.against } : {}),
      });
      const report = `${r.printed}\n\nwrote ${join(c.out, 'compare.json')} and compare.md`;
      const errors = r.comparison.defenses.reduce((a, d) => a + d.errors, 0);
      if (errors > 0) throw new EpisodesFailed(report, errors);
      return report;
    }
    const source = c.source;
    if (source === null) throw new Error('compare without --runs has a source');
    const { subsetFields } = await import('../harness/subset.ts');
    await sandboxFor(c, io.warn);
    const [
      { checkDefenses, compareDefenses, defenseFolders, withAblations },
      { loadBundles, phrasingsOf, selectSuite },
    ] = await Promise.all([import('../harness/compare.ts'), import('../harness/select.ts')]);
    if ('suite' in source) {
      const chosen = selectSuite(source.suite, source.patterns);
      if (chosen.clicks)
        throw new UserError(
          `'${chosen.id}' is a click-level suite: it has no episodes to compare defenses on; judge a defense on its samples with decoy assess --suite ${chosen.id}`,
        );
    }
    if (c.agent === 'replay')
      throw new UserError(
        'compare plays one agent behind every defense; to replay recorded actions, use decoy run --agent replay per defense',
      );
    const defenses = c.ablations ? withAblations(c.defenses) : [...c.defenses];
    await checkDefenses(defenses);
    // Every option is checked before the suite is generated, which for a large one takes seconds.
    const [{ optionsByDefense }, { checkAgent, checkEachDefense }] = await Promise.all([
      import('../harness/defense-options.ts'),
      import('../harness/run.ts'),
    ]);
    const seed = c.seeds?.[0] ?? c.seed;
    const { llm } = llmOf(c);
    await checkEachDefense(defenses, await optionsByDefense(defenses, c.defenseOpt), seed, llm);
    await checkAgent(
      {
        agent: c.agent,
        agentOptions: c.opt,
        seed,
        ...(c.engine === 'chromium' ? { engine: 'chromium' as const } : {}),
      },
      llm,
    );
    const part = subsetFields({ scenarios: c.scenario, configs: c.configs, limit: c.limit });
    // A suite generated here makes only the part compared (its ids and draw are the whole suite's); under seeds, each seed's is made by its comparison.
    const bundles = loadBundles(
      source,
      (done, total) => io.progress('generate', done, total),
      c.seeds ? undefined : part,
    );
    const suite = suiteNameOf(source, bundles);
    const config = {
      suite,
      patterns: c.pattern,
      bundles: c.bundles ?? null,
      agent: c.agent,
      seed: c.seed,
      ...phrasingsOf(source),
      ...part,
      agentOptions: c.opt,
      defenses,
      defenseOptions: c.defenseOpt,
      ...(c.engine === 'chromium' ? { engine: 'chromium' as const } : {}),
    };
    if (c.seeds) {
      const { compareSeeds } = await import('../harness/compare-seeds.ts');
      const seeded = c.seeds;
      const s = await withEngine(c, (executable) =>
        stoppable(io, (signal) =>
          compareSeeds(config, seeded, c.out, {
            // A suite generated here is generated anew under each seed; bundles from disk are played under all.
            ...('bundles' in source ? { bundles } : {}),
            ablations: c.ablations,
            ...playOptions(c, io.progress, signal, executable),
          }),
        ),
      );
      const report = `${s.printed}\n\nwrote ${s.folders.length} comparison folders and ${s.file}${s.kept.length > 0 ? ` (seeds ${s.kept.join(', ')} kept as they were)` : ''}`;
      if (s.errors > 0) throw new EpisodesFailed(report, s.errors);
      return report;
    }
    const started = performance.now();
    const r = await withEngine(c, (executable) =>
      stoppable(io, (signal) =>
        compareDefenses(config, c.out, {
          bundles,
          ablations: c.ablations,
          ...playOptions(c, io.progress, signal, executable),
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    // Runs of defenses an earlier comparison into this folder played: kept, but no longer compared.
    const mine = defenseFolders(defenses);
    for (const f of readdirSync(c.out).filter((f) => !mine.includes(f) && existsSync(join(c.out, f, 'run.json'))))
      io.warn(
        `${join(c.out, f)} holds a run of a defense not among --defenses; it is left as it was, outside compare.json`,
      );
    const played = r.played.reduce((a, p) => a + p.played, 0);
    const kept = r.played.reduce((a, p) => a + p.kept, 0);
    const report = `${r.printed}\n\n${played} episodes played in ${seconds.toFixed(1)} s${kept > 0 ? `, ${kept} kept from the folder` : ''}; wrote ${join(c.out, 'compare.json')}, compare.md and a run folder per defense`;
    const errors = r.comparison.defenses.reduce((a, d) => a + d.errors, 0);
    if (errors > 0) throw new EpisodesFailed(report, errors);
    return report;
  },
});
