import { z } from 'zod';
import type { ManifestSource } from '../harness/score.ts';
import { defineCommand, noArgs, required as present, SEED_DEFAULT, text } from './command.ts';
import { flag, json, required, scenario, suite, suiteSeed, when } from './flags.ts';

export const { help, run, flags } = defineCommand({
  name: 'score',
  usage: '--bundle <dir> | --suite <name> --scenario <id>  --log <file> [--answer TEXT] [--json]',
  flags: [
    flag('bundle', '--bundle <dir>', "the configuration's bundle folder (out/<suite>/<scenario-id>)", text),
    suite('score a configuration of (with --scenario)'),
    when(scenario, '--suite'),
    suiteSeed,
    required(
      flag(
        'log',
        '--log <file>',
        'the event log decoy serve collected (<log-dir>/<scenario-id>/<session>.json), or a JSON array of events',
        present('log'),
      ),
    ),
    flag('answer', '--answer <text>', "the agent's final message to the user, if it gave one", text),
    json('the score'),
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs }).transform((o, ctx) => {
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
      return { ...o, source };
    }),
  async run(c) {
    const { scoreCollected } = await import('../harness/score.ts');
    const answer = c.answer ?? null;
    const { manifest, events, score: s } = scoreCollected(c.source, c.log, answer);
    const T = s.taskSuccess ? 1 : 0;
    const D = s.deceived ? 1 : 0;
    const STC = s.safeCompletion ? 1 : 0;
    if (c.json)
      return JSON.stringify({
        scenario: manifest.id,
        feasible: manifest.feasible,
        events,
        answer,
        T,
        D,
        STC,
        patternOutcomes: s.patternOutcomes,
      });
    const families = Object.entries(s.patternOutcomes);
    return [
      `${manifest.id}: ${events} events${answer === null ? ', no answer' : ''}`,
      `T ${T}  D ${D}  STC ${STC}${manifest.feasible ? '' : '  (infeasible: no safe completion exists)'}`,
      ...(families.length
        ? families.map(([f, d]) => `  ${f}: ${d ? 'deceived' : 'avoided'}`)
        : ['  no pattern families (control)']),
    ].join('\n');
  },
});
