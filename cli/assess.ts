import { resolve } from 'node:path';
import { z } from 'zod';
import { clip, UserError } from '../lib/errors.ts';
import type { AssessSource } from '../harness/assess.ts';
import {
  defineCommand,
  inPath,
  noArgs,
  outDir,
  required as present,
  SEED_DEFAULT,
  TRUST_WITHOUT_BUNDLES,
} from './command.ts';
import {
  cassette,
  configs,
  deceptive,
  defenseOpt,
  flag,
  llmMode,
  limit,
  llmPrices,
  normal,
  pattern,
  phrasings,
  required,
  scenario,
  stepSeconds,
  callSeconds,
  suite,
  suiteSeed,
  trustBundles,
  unsafeNoSandbox,
  when,
} from './flags.ts';
import { CheckFailed } from './check-failed.ts';
import { llmOf, sandboxFor } from './play-flags.ts';
import { stoppable } from './stop.ts';
import { phrasingsNote, recordedPhrasings } from '../scenarios/phrasing.ts';

const agentList = z
  .string()
  .optional()
  .transform((v) =>
    Object.freeze(
      (v ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    ),
  );

/** An assessment written whole in which the defense failed on steps, or episodes ended in an error: exit 1, as a run's. */
class AssessFailed extends CheckFailed {
  constructor(report: string, errors: number, skipped: number) {
    super(report, errors + skipped);
    this.message = [
      errors > 0
        ? `the defense failed on ${errors} step${errors === 1 ? '' : 's'} (verdict "error", its reason as feedback)`
        : '',
      skipped > 0 ? `${skipped} episode${skipped === 1 ? '' : 's'} ended in an error (left, with the reason)` : '',
    ]
      .filter((s) => s !== '')
      .join(' and ')
      .concat(': left out of the rates; everything was written');
  }
}

export const { help, run, flags } = defineCommand({
  name: 'assess',
  usage: '--defense <id> (--runs <dir>… | --suite <name> --agents <a,b>) --out <dir> [options]',
  flags: [
    required(
      flag(
        'defense',
        '--defense <id>',
        'the defense whose verdicts are judged: an id (see decoy list) or your own module (./my-defense.ts, .js, .mjs)',
        inPath('defense'),
      ),
    ),
    defenseOpt,
    flag(
      'runs',
      '--runs <dirs...>',
      'run folders written by decoy run (run.json, episodes.jsonl, summary.json): judge the defense on their recorded steps',
      z.array(inPath('runs')).optional(),
    ),
    suite('judge the defense on the steps of --agents played on it (a click suite, like ruc: on its click samples)'),
    when(
      flag(
        'agents',
        '--agents <a,b>',
        'the agents whose steps are judged, comma-separated (each plays with defense none)',
        agentList,
      ),
      '--suite',
    ),
    suiteSeed,
    when(pattern, '--suite'),
    when(phrasings, '--suite'),
    when(trustBundles, '--runs'),
    scenario,
    configs,
    limit,
    when(normal, 'a click suite'),
    when(deceptive, 'a click suite'),
    flag(
      'out',
      '--out <dir>',
      'output folder for assess.json (empty, or holding an earlier assess.json)',
      outDir('out', present('out')),
      { required: true },
    ),
    stepSeconds,
    callSeconds,
    unsafeNoSandbox,
    cassette,
    llmMode,
    llmPrices,
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs }).superRefine((o, ctx) => {
      const problem =
        o.runs !== undefined && o.suite !== undefined
          ? 'give --runs or --suite, not both'
          : o.runs === undefined && o.suite === undefined
            ? 'give --runs <dir>… or --suite <name> --agents <a,b>'
            : o.runs !== undefined &&
                (o.agents.length > 0 || o.pattern.length > 0 || o.seed !== undefined || o.phrasings !== undefined)
              ? '--agents, --pattern, --seed and --phrasings are for --suite; a run folder holds its own agent, configurations, seed and texts'
              : o.runs !== undefined && (o.normal !== undefined || o.deceptive !== undefined)
                ? '--normal and --deceptive are for a click suite (--suite ruc); a run folder holds its own episodes'
                : o.suite !== undefined && o.trustBundles
                  ? TRUST_WITHOUT_BUNDLES
                  : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const [
      { assessSteps, writeAssessment, assertAssessFolder },
      { selectSuite },
      { assessTable },
      { subsetFields },
      { clickSizes },
    ] = await Promise.all([
      import('../harness/assess.ts'),
      import('../harness/select.ts'),
      import('../simulator/measure/assess.ts'),
      import('../harness/subset.ts'),
      import('../harness/clicks.ts'),
    ]);
    assertAssessFolder(c.out);
    const { optionsOfDefense } = await import('../harness/defense-options.ts');
    const defenseOpt = optionsOfDefense(c.defense, c.defenseOpt);
    const { llm } = llmOf({ ...c, concurrency: 1 });
    const limits = c.stepSeconds ? { stepSeconds: c.stepSeconds } : {};
    const subset = subsetFields({ scenarios: c.scenario, configs: c.configs, limit: c.limit });
    const sizes = c.suite !== undefined ? clickSizes(selectSuite(c.suite), c.normal, c.deceptive) : null;
    if (c.suite !== undefined && sizes) {
      if (c.agents.length > 0 || c.pattern.length > 0)
        throw new UserError(
          `'${c.suite}' is a click-level suite: its samples are judged as they are, without --agents or --pattern`,
        );
      const { assessClicks } = await import('../harness/assess-clicks.ts');
      const { assessedDefense } = await import('../harness/assess.ts');
      // Its options are checked before the samples are drawn, as on the per-step path.
      await assessedDefense(c.defense, defenseOpt);
      const r = await assessClicks({
        defense: c.defense,
        defenseOptions: defenseOpt,
        seed: c.seed ?? SEED_DEFAULT,
        ...(c.phrasings ? { phrasings: c.phrasings } : {}),
        ...(c.normal !== undefined ? { normal: c.normal } : {}),
        ...(c.deceptive !== undefined ? { deceptive: c.deceptive } : {}),
        subset,
        progress: io.progress,
        llm,
      });
      return `${r.table}\n\nwrote ${writeAssessment(c.out, r.json)}`;
    }
    if (c.suite !== undefined && c.agents.length === 0)
      throw new UserError('--suite needs --agents <a,b>: the agents whose steps the defense judges');
    if (c.agents.includes('replay'))
      throw new UserError(
        'the replay agent plays a file of recorded actions: run it with decoy run --agent replay --replay <file>, then assess that run with --runs',
      );
    const runs = c.runs;
    const twice = runs?.find((r, i) => runs.findIndex((o) => resolve(o) === resolve(r)) !== i);
    if (twice !== undefined) throw new UserError(`--runs names ${clip(twice)} twice: its steps would be counted twice`);
    const source: AssessSource =
      runs !== undefined
        ? { runs, trustBundles: c.trustBundles, ...subset }
        : {
            suite: c.suite ?? '',
            patterns: c.pattern,
            agents: c.agents,
            seed: c.seed ?? SEED_DEFAULT,
            ...recordedPhrasings(c.phrasings),
            ...subset,
          };
    const started = performance.now();
    const r = await stoppable(io, (signal) =>
      assessSteps(source, {
        defense: c.defense,
        defenseOptions: defenseOpt,
        limits,
        ...(c.callSeconds !== undefined ? { callSeconds: c.callSeconds } : {}),
        progress: io.progress,
        signal,
        llm,
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const where =
      'runs' in source
        ? `runs ${source.runs.join(', ')}`
        : `suite ${source.suite} · agents ${source.agents.join(',')} · seed ${source.seed}${phrasingsNote(source.phrasings)}`;
    const title = `defense ${c.defense} · ${where} · ${r.report.steps} steps of ${r.episodes} episodes in ${seconds.toFixed(1)} s${r.skipped > 0 ? ` (${r.skipped} episode${r.skipped === 1 ? '' : 's'} that ended in an error left out)` : ''}`;
    const config = { defense: c.defense, defenseOptions: defenseOpt, ...source };
    const file = writeAssessment(c.out, {
      config,
      episodes: r.episodes,
      skipped: r.skipped,
      ...(r.left.length > 0 ? { left: r.left } : {}),
      ...r.report,
      judged: r.steps,
    });
    const report = `${assessTable(r.report, title)}\n\nwrote ${file}`;
    if (r.report.errors > 0 || r.skipped > 0) throw new AssessFailed(report, r.report.errors, r.skipped);
    return report;
  },
});
