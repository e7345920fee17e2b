import { z } from 'zod';
import type { ManifestSource } from '../harness/score.ts';
import type { ScoreSource } from '../harness/score-batch.ts';
import { defineCommand, inPath, noArgs, outDir, required as present, SEED_DEFAULT, text } from './command.ts';
import { bundles, flag, json, scenario, suite, suiteSeed, when } from './flags.ts';

export const { help, run, flags } = defineCommand({
  name: 'score',
  usage:
    '--bundle <dir> | --suite <name> --scenario <id>  --log <file> [--answer TEXT] [--json]\n       --bundles <dir> | --suite <name>  --logs <log-dir> [--answers <file.json>] --out <dir>',
  flags: [
    flag('bundle', '--bundle <dir>', "the configuration's bundle folder (out/<suite>/<scenario-id>)", text),
    suite('score a configuration of (with --scenario), or every log of --logs against'),
    when(scenario, '--suite and --log'),
    suiteSeed,
    flag(
      'log',
      '--log <file>',
      'the event log decoy serve collected (<log-dir>/<scenario-id>/<session>.json), or a JSON array of events',
      present('log').optional(),
    ),
    flag('answer', '--answer <text>', "the agent's final message to the user, if it gave one", text),
    json('the score'),
    flag(
      'logs',
      '--logs <log-dir>',
      'score every log decoy serve collected into this folder (<scenario-id>/<session>.json; each session an episode) and write summary.json and scores.jsonl',
      inPath('logs').optional(),
    ),
    when(bundles('score the logs against the'), '--logs'),
    when(
      flag(
        'answers',
        '--answers <file.json>',
        'the agents\' final messages, { "<scenario-id>", "<session>" or "<scenario-id>/<session>": "text" }',
        inPath('answers').optional(),
      ),
      '--logs',
    ),
    when(
      flag(
        'out',
        '--out <dir>',
        "output folder for summary.json and scores.jsonl (empty, or holding an earlier batch's)",
        outDir('out').optional(),
      ),
      '--logs',
    ),
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs }).transform((o, ctx) => {
      const refuse = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER);
      if (o.log !== undefined && o.logs !== undefined)
        return refuse('give --log (one log) or --logs (a folder of them), not both');
      if (o.logs !== undefined) {
        if (o.bundle !== undefined || o.scenario.length > 0 || o.answer !== undefined || o.json)
          return refuse(
            '--bundle, --scenario, --answer and --json are for one --log; with --logs give --bundles <dir> or --suite <name>, and the answers in --answers <file.json>',
          );
        if (o.bundles !== undefined && o.suite !== undefined) return refuse('give --bundles or --suite, not both');
        if (o.bundles === undefined && o.suite === undefined)
          return refuse(
            '--logs needs --bundles <dir> or --suite <name>: the configurations the logs were collected from',
          );
        if (o.bundles !== undefined && o.seed !== undefined)
          return refuse('--seed is for --suite; bundles hold their own seed');
        if (o.out === undefined)
          return refuse('--logs needs --out <dir>, the folder for summary.json and scores.jsonl');
        const from: ScoreSource =
          o.bundles !== undefined ? { bundles: o.bundles } : { suite: o.suite ?? '', seed: o.seed ?? SEED_DEFAULT };
        const batch = {
          source: from,
          logs: o.logs,
          out: o.out,
          ...(o.answers !== undefined ? { answers: o.answers } : {}),
        };
        return { ...o, source: null, batch };
      }
      if (o.bundles !== undefined || o.answers !== undefined || o.out !== undefined)
        return refuse(
          '--bundles, --answers and --out are for --logs (a folder of logs); one --log takes --bundle and --answer',
        );
      if (o.log === undefined)
        return refuse('give --log <file> (one log), or --logs <log-dir> --out <dir> (every log decoy serve collected)');
      let source: ManifestSource = { bundle: o.bundle ?? '' };
      if (o.bundle !== undefined && o.suite !== undefined)
        ctx.addIssue({ code: 'custom', message: 'give --bundle or --suite, not both' });
      else if (o.bundle === undefined && o.suite === undefined)
        ctx.addIssue({ code: 'custom', message: 'give --bundle <dir> or --suite <name> --scenario <id>' });
      else if (o.bundle !== undefined && o.seed !== undefined)
        ctx.addIssue({ code: 'custom', message: '--seed is for --suite; a bundle holds its own seed' });
      else if (o.suite !== undefined) {
        if (o.scenario.length === 0) ctx.addIssue({ code: 'custom', message: '--suite needs --scenario <id>' });
        else if (o.scenario.length > 1)
          ctx.addIssue({ code: 'custom', message: '--scenario: score scores one configuration; give one --scenario' });
        source = { suite: o.suite, scenario: o.scenario[0] ?? '', seed: o.seed ?? SEED_DEFAULT };
      }
      return { ...o, log: o.log, source, batch: null };
    }),
  async run(c) {
    if (c.batch) {
      const [{ scoreLogs }, { resultsTable }] = await Promise.all([
        import('../harness/score-batch.ts'),
        import('../simulator/measure/report/table.ts'),
      ]);
      const r = scoreLogs(c.batch);
      const from =
        'bundles' in c.batch.source
          ? `bundles ${c.batch.source.bundles}`
          : `suite ${c.batch.source.suite} · seed ${c.batch.source.seed}`;
      const answered = r.records.filter((x) => x.answer !== null).length;
      const configurations = new Set(r.records.map((x) => x.scenario)).size;
      const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
      const title = `logs ${c.batch.logs} · ${from} · ${n(r.records.length, 'log')} of ${n(configurations, 'configuration')}, ${answered} with an answer`;
      return `${resultsTable(r.summary, title)}\n\nwrote ${r.scoresFile} and ${r.summaryFile}`;
    }
    const { scoreCollected, scoreRecord } = await import('../harness/score.ts');
    const answer = c.answer ?? null;
    const scored = scoreCollected(c.source, c.log, answer);
    const { manifest, events } = scored;
    const record = scoreRecord(scored, answer);
    if (c.json) return JSON.stringify(record);
    const { T, D, STC } = record;
    const families = Object.entries(record.patternOutcomes);
    return [
      `${manifest.id}: ${events} events${answer === null ? ', no answer' : ''}`,
      `T ${T}  D ${D}  STC ${STC}${manifest.feasible ? '' : '  (infeasible: no safe completion exists)'}`,
      ...(families.length
        ? families.map(([f, d]) => `  ${f}: ${d ? 'deceived' : 'avoided'}`)
        : ['  no pattern families (control)']),
    ].join('\n');
  },
});
