import { z } from 'zod';
import type { Domain } from '../scenarios/model.ts';
import { PHRASINGS } from '../scenarios/phrasing.ts';
import { bool, defineCommand, given, inPath, int, list, noArgs, outDir, required, type Io } from './command.ts';
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
import { Stopped } from '../lib/errors.ts';

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
  usage:
    '--defense <id|file> --out <dir> [--agent A] [--runs N | --time 60s] [--seed S] [--save <dir>]\n       --engines --out <dir> [--runs N | --time 60s] [--seed S]',
  flags: [
    flag(
      'defense',
      '--defense <id|file>',
      'the defense searched for failures: an id (see decoy list) or your own module (./my-defense.ts, .js, .mjs)',
      inPath('defense').optional(),
    ),
    flag(
      'engines',
      '--engines',
      "instead of a defense, jsdom against Chromium: pages cut from the generator's sites, the same clicks in both, every way they part shrunk to the smallest page (needs Chromium)",
      bool,
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
      'search only sites with this pattern family, at least one of them on every site',
      list,
      { repeatable: true },
    ),
    flag('task', '--task <id>', 'search only sites of this task', list, { repeatable: true }),
    flag('domain', '--domain <name>', 'search only sites in this domain (shopping, news, …: see decoy list)', list, {
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
    z.object({ ...flags, args: noArgs, given }).transform((o, ctx) => {
      const refuse = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER);
      if (o.engines) {
        const defenseOnly = [
          '--defense',
          '--agent',
          '--opt',
          '--defense-opt',
          '--save',
          '--call-seconds',
          '--step-seconds',
          '--memory-mb',
          '--max-elements',
        ].filter((f) => o.given.includes(f));
        if (defenseOnly.length > 0)
          return refuse(
            `${defenseOnly.join(', ')} ${defenseOnly.length === 1 ? 'is' : 'are'} for fuzzing a defense, not for --engines`,
          );
      } else if (o.defense === undefined)
        return refuse('--defense is required (or --engines, to fuzz the engines against each other)');
      if (o.runs !== undefined && o.time !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'give --runs (a number of cases) or --time (a duration), not both' });
        return z.NEVER;
      }
      return o;
    }),
  async run(c, io) {
    if (c.engines) return fuzzTheEngines(c, io);
    // The schema refuses a search of a defense without one.
    const defense = c.defense ?? '';
    const [
      { fuzz },
      { writeFuzz, claimFuzzFolder, fuzzSummary },
      { regressionOf, saveRegressions, checkSaveFolder },
      { optionsOfDefense },
    ] = await Promise.all([
      import('../harness/fuzz/search.ts'),
      import('../harness/fuzz/output.ts'),
      import('../harness/fuzz/regression.ts'),
      import('../harness/defense-options.ts'),
    ]);
    const { findChromium, releaseChromium } = await import('../simulator/page/engine/chromium.ts');
    claimFuzzFolder(c.out);
    if (c.save !== undefined) checkSaveFolder(c.save, c.out);
    const parties = {
      agent: c.agent,
      defense,
      agentOptions: { ...c.opt },
      defenseOptions: optionsOfDefense(defense, c.defenseOpt),
    };
    const space = spaceOf(c);
    const limits = limitsOf({ ...c, engine: 'jsdom' });
    const result = await stoppable(io, (signal) =>
      fuzz(parties, {
        space,
        ...searchBudget(c),
        workers: workersOf(c),
        limits,
        ...(c.callSeconds !== undefined ? { callSeconds: c.callSeconds } : {}),
        signal,
        progress: io.progress,
      }),
    );
    const config = {
      agent: c.agent,
      defense,
      agentOptions: parties.agentOptions,
      defenseOptions: parties.defenseOptions,
      seed: c.seed,
      budget: budgetOf(c),
      space,
      limits,
    };
    // A picture of each class's site where a browser exists; none is no reason to lose the search.
    let executable: string | undefined;
    if (result.classes.length > 0) {
      try {
        executable = findChromium();
      } catch (e) {
        io.warn(
          `the classes are written without pictures (${(e as Error).message}); decoy shoot takes them where a browser is`,
        );
      }
    }
    const table = await writeFuzz(c.out, config, parties, result, {
      ...(executable ? { executable } : {}),
      limits,
    }).finally(() => releaseChromium());
    const saved =
      c.save !== undefined
        ? saveRegressions(
            c.save,
            result.classes.map((k) => regressionOf(k, parties, c.seed, limits)),
          )
        : [];
    if (result.stopped)
      throw new Stopped(
        `stopped after ${result.runs} cases; the ${result.classes.length} class(es) found so far are written in ${c.out} (fuzz.md)`,
      );
    if (c.json) return JSON.stringify(fuzzSummary(parties, result, c.out, limits), null, 2);
    const lines = [
      table,
      '',
      `wrote ${c.out}/summary.json and ${result.classes.length} class folder(s) in ${c.out}/classes`,
    ];
    if (c.save !== undefined) lines.push(`saved ${saved.length} regression file(s) in ${c.save}`);
    return lines.join('\n');
  },
});

/** The space the flags narrow, for either search. */
function spaceOf(c: {
  family: readonly string[];
  task: readonly string[];
  domain: readonly string[];
  maxFamilies?: number | undefined;
  onlyPhrasings?: (typeof PHRASINGS)[number] | undefined;
}) {
  return {
    ...(c.family.length > 0 ? { families: c.family } : {}),
    ...(c.task.length > 0 ? { tasks: c.task } : {}),
    ...(c.domain.length > 0 ? { domains: c.domain as Domain[] } : {}),
    ...(c.maxFamilies !== undefined ? { maxFamilies: c.maxFamilies } : {}),
    ...(c.onlyPhrasings !== undefined ? { phrasings: [c.onlyPhrasings] } : {}),
  };
}

/** `decoy fuzz --engines`: the engines' search, written as the defense's is. */
async function fuzzTheEngines(
  c: Parameters<typeof spaceOf>[0] & {
    out: string;
    seed: number;
    runs?: number | undefined;
    time?: number | undefined;
    shrinkLimit?: number | undefined;
    workers?: number | undefined;
    json: boolean;
  },
  io: Io,
): Promise<string> {
  const [{ fuzzEngines, writeEngineFuzz, engineSummary, claimFuzzFolder }, chromium] = await Promise.all([
    import('../harness/index.ts'),
    import('../simulator/page/engine/chromium.ts'),
  ]);
  claimFuzzFolder(c.out);
  // Single-family sites unless told otherwise, as fuzzEngines draws them: recorded as searched.
  const space = { maxFamilies: 1, ...spaceOf(c) };
  const executable = chromium.findChromium();
  const result = await stoppable(io, (signal) =>
    fuzzEngines({
      executable,
      ...searchBudget(c),
      space,
      workers: workersOf(c),
      signal,
      progress: io.progress,
    }),
  ).finally(() => chromium.releaseChromium());
  const config = { engines: ['jsdom', 'chromium'], seed: c.seed, budget: budgetOf(c), space };
  const table = await writeEngineFuzz(c.out, config, result);
  if (result.stopped)
    throw new Stopped(
      `stopped after ${result.runs} pages; the ${result.classes.length} class(es) found so far are written in ${c.out} (fuzz.md)`,
    );
  if (c.json) return JSON.stringify(engineSummary(result, c.out), null, 2);
  return `${table}\n\nwrote ${c.out}/summary.json and ${result.classes.length} class folder(s) in ${c.out}/classes`;
}

/** The seed and budget the flags give either search (harness/fuzz/search.ts SearchOptions). */
const searchBudget = (c: {
  seed: number;
  runs?: number | undefined;
  time?: number | undefined;
  shrinkLimit?: number | undefined;
}) => ({
  seed: c.seed,
  ...(c.runs !== undefined ? { runs: c.runs } : {}),
  ...(c.time !== undefined ? { seconds: c.time } : {}),
  ...(c.shrinkLimit !== undefined ? { shrinkLimit: c.shrinkLimit } : {}),
});

/** The budget as fuzz.json records it: cases, or seconds of search. */
const budgetOf = (c: { runs?: number | undefined; time?: number | undefined }) =>
  c.runs !== undefined ? { runs: c.runs } : c.time !== undefined ? { seconds: c.time } : { runs: 100 };
