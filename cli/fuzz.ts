import { z } from 'zod';
import { DOMAINS } from '../scenarios/model.ts';
import { PHRASINGS } from '../scenarios/phrasing.ts';
import { defineCommand, inPath, int, list, noArgs, outDir, required } from './command.ts';
import {
  agent,
  byDefault,
  callSeconds,
  defenseOpt,
  flag,
  json,
  maxElements,
  memoryMb,
  opt,
  seed,
  stepSeconds,
  workers,
} from './flags.ts';
import { limitsOf, workersOf } from './play-flags.ts';
import { stoppable } from './stop.ts';

/** A time budget as people write one: 90, 90s, 2m, 1h. */
const duration = z
  .string()
  .transform((text, ctx) => {
    const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
    const seconds = m ? Number(m[1]) * (m[2] === 'h' ? 3600 : m[2] === 'm' ? 60 : 1) : NaN;
    if (!(seconds > 0) || seconds > 7 * 24 * 3600) {
      ctx.addIssue({ code: 'custom', message: `--time takes a duration like 60s, 5m or 1h, got '${text}'` });
      return z.NEVER;
    }
    return seconds;
  })
  .optional();

export const { help, run, flags } = defineCommand({
  name: 'fuzz',
  usage: '--defense <id|file> --out <dir> [--agent A] [--runs N | --time 60s] [--seed S] [--save <dir>]',
  flags: [
    flag(
      'defense',
      '--defense <id|file>',
      'the defense searched for failures: an id (see decoy list) or your own module (./my-defense.ts, .js, .mjs)',
      inPath('defense').pipe(required('defense')),
      { required: true },
    ),
    agent,
    opt,
    defenseOpt,
    flag(
      'out',
      '--out <dir>',
      "output folder: summary.json, fuzz.md, and a folder per class with its shrunk case and its site's bundle",
      outDir('out', required('out')),
      { required: true },
    ),
    flag(
      'runs',
      '--runs <n>',
      `cases the search tries ${byDefault('100, or as many as --time allows')}`,
      int('runs', 1, 1_000_000).optional(),
    ),
    flag('time', '--time <duration>', 'how long the search may take (60s, 5m, 1h); shrinking comes after', duration),
    seed,
    flag(
      'family',
      '--family <id>',
      'search only sites with this pattern family (repeatable; at least one of them on every site)',
      list,
      { repeatable: true },
    ),
    flag('task', '--task <id>', 'search only sites of this task (repeatable)', list, { repeatable: true }),
    flag('domain', '--domain <name>', `search only sites in this domain (repeatable: ${DOMAINS.join(', ')})`, list, {
      repeatable: true,
    }),
    flag(
      'maxFamilies',
      '--max-families <n>',
      `at most this many pattern families on one site ${byDefault(3)}`,
      int('max-families', 1, 8).optional(),
    ),
    flag(
      'onlyPhrasings',
      '--only-phrasings <half>',
      `draw texts only from this half of the phrasings (${PHRASINGS.join(' or ')}) ${byDefault('both halves')}`,
      z.enum(PHRASINGS, { message: `--only-phrasings: ${PHRASINGS.join(' or ')}` }).optional(),
    ),
    flag(
      'shrinkLimit',
      '--shrink-limit <n>',
      `cases a class's shrinking may try ${byDefault(60)}`,
      int('shrink-limit', 1, 100_000).optional(),
    ),
    flag(
      'save',
      '--save <dir>',
      'also write each shrunk counterexample as a regression file there (for a spec that replays them: docs/fuzz.md)',
      outDir('save').optional(),
    ),
    workers,
    stepSeconds,
    memoryMb,
    maxElements,
    callSeconds,
    json('the summary'),
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs }).transform((o, ctx) => {
      if (o.runs !== undefined && o.time !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'give --runs (a number of cases) or --time (a duration), not both' });
        return z.NEVER;
      }
      return o;
    }),
  async run(c, io) {
    const [
      { fuzz },
      { writeFuzz, claimFuzzFolder, fuzzSummary },
      { regressionOf, saveRegressions },
      { optionsOfDefense },
    ] = await Promise.all([
      import('../harness/fuzz/search.ts'),
      import('../harness/fuzz/output.ts'),
      import('../harness/fuzz/regression.ts'),
      import('../harness/defense-options.ts'),
    ]);
    const { findChromium, releaseChromium } = await import('../simulator/page/engine/chromium.ts');
    claimFuzzFolder(c.out);
    const parties = {
      agent: c.agent,
      defense: c.defense,
      agentOptions: { ...c.opt },
      defenseOptions: optionsOfDefense(c.defense, c.defenseOpt),
    };
    const space = {
      ...(c.family.length > 0 ? { families: c.family } : {}),
      ...(c.task.length > 0 ? { tasks: c.task } : {}),
      ...(c.domain.length > 0 ? { domains: c.domain as (typeof DOMAINS)[number][] } : {}),
      ...(c.maxFamilies !== undefined ? { maxFamilies: c.maxFamilies } : {}),
      ...(c.onlyPhrasings !== undefined ? { phrasings: [c.onlyPhrasings] } : {}),
    };
    const result = await stoppable(io, (signal) =>
      fuzz(parties, {
        space,
        seed: c.seed,
        ...(c.runs !== undefined ? { runs: c.runs } : {}),
        ...(c.time !== undefined ? { seconds: c.time } : {}),
        ...(c.shrinkLimit !== undefined ? { shrinkLimit: c.shrinkLimit } : {}),
        workers: workersOf(c),
        limits: limitsOf({ ...c, engine: 'jsdom' }),
        ...(c.callSeconds !== undefined ? { callSeconds: c.callSeconds } : {}),
        signal,
        progress: io.progress,
      }),
    );
    const config = {
      agent: c.agent,
      defense: c.defense,
      agentOptions: parties.agentOptions,
      defenseOptions: parties.defenseOptions,
      seed: c.seed,
      budget: c.runs !== undefined ? { runs: c.runs } : c.time !== undefined ? { seconds: c.time } : { runs: 100 },
      space,
    };
    // A picture of each class's site where a browser exists; none is no reason to lose the search.
    let executable: string | undefined;
    if (result.classes.length > 0) {
      try {
        executable = findChromium();
      } catch {
        io.warn('no Chromium found: the classes are written without pictures (decoy shoot takes them where one is)');
      }
    }
    const table = await writeFuzz(c.out, config, parties, result, executable).finally(() => releaseChromium());
    const saved =
      c.save !== undefined
        ? saveRegressions(
            c.save,
            result.classes.map((k) => regressionOf(k, { ...parties, defense: c.defense }, c.seed)),
          )
        : [];
    if (c.json) return JSON.stringify(fuzzSummary(parties, result, c.out), null, 2);
    const lines = [
      table,
      '',
      `wrote ${c.out}/summary.json and ${result.classes.length} class folder(s) in ${c.out}/classes`,
    ];
    if (c.save !== undefined) lines.push(`saved ${saved.length} regression file(s) in ${c.save}`);
    return lines.join('\n');
  },
});
