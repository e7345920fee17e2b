import { join } from 'node:path';
import { z } from 'zod';
import { quote, UserError } from '../lib/errors.ts';
import { defineCommand, noArgs, notAFolder, outDir } from './command.ts';
import {
  byDefault,
  defense,
  defenseOpt,
  flag,
  keySecret,
  maxElements,
  memoryMb,
  noCheck,
  scenario,
  sourceFlags,
  stepSeconds,
  unsafeNoSandbox,
} from './flags.ts';
import { limitsOf, sandboxFor } from './play-flags.ts';
import { suiteNameOf, toSource } from './source.ts';

export const { help, run, flags } = defineCommand({
  name: 'mcp',
  usage: '--suite <name> | --bundles <dir>  [--scenario <id>] [--defense <id>] [--out <dir>] [options]',
  flags: [
    ...sourceFlags('serve over MCP'),
    scenario,
    keySecret('configuration handles', 'handle', 'start', 'have the same handles every time'),
    defense,
    defenseOpt,
    flag(
      'out',
      '--out <dir>',
      `run folder the episodes are written to, as decoy run writes one ${byDefault('runs/mcp/<suite>-<defense>-s<seed>')}`,
      outDir('out').optional(),
    ),
    noCheck,
    stepSeconds,
    memoryMb,
    maxElements,
    unsafeNoSandbox,
  ],
  schema: (flags) => z.object({ ...flags, args: noArgs }).transform((o, ctx) => ({ ...o, source: toSource(o, ctx) })),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const [
      { loadBundles, phrasingsOf, selectSuite },
      { nameOf },
      { McpSession },
      { serveStdio },
      { optionsOfDefense },
    ] = await Promise.all([
      import('../harness/select.ts'),
      import('../harness/run.ts'),
      import('../harness/mcp/session.ts'),
      import('../harness/mcp/server.ts'),
      import('../harness/defense-options.ts'),
    ]);
    if ('suite' in c.source && selectSuite(c.source.suite, c.source.patterns).clicks)
      throw new UserError(`${quote(c.source.suite)} is a click-level suite: it has no episodes to play`);
    const bundles = loadBundles(c.source);
    const suite = suiteNameOf(c.source, bundles);
    const out = c.out ?? join('runs', 'mcp', `${suite}-${nameOf(c.defense)}-s${c.seed}`);
    const unusable = notAFolder(out);
    if (unusable) throw new UserError(`--out: ${unusable}`);
    const session = await McpSession.open({
      config: {
        suite,
        patterns: c.pattern,
        bundles: c.bundles ?? null,
        defense: c.defense,
        seed: c.seed,
        ...phrasingsOf(c.source),
        defenseOptions: optionsOfDefense(c.defense, c.defenseOpt),
      },
      out,
      bundles,
      ...(c.scenario.length > 0 ? { scenarios: c.scenario } : {}),
      ...(c.keySecret ? { keySecret: c.keySecret } : {}),
      limits: limitsOf({ ...c, engine: 'jsdom' }),
      noCheck: !c.check,
      log: io.warn,
    });
    // stdout is the protocol's: everything the operator is told goes to stderr (io.warn).
    io.warn(
      `serving ${session.list().length} configurations of ${suite} behind the defense ${c.defense} over stdio; episodes go to ${out}`,
    );
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await serveStdio(session, { stdin: process.stdin, stdout: process.stdout, stop: stop.signal });
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      const { episodes, summary } = await session.close();
      io.warn(
        `${episodes} episode${episodes === 1 ? '' : 's'} in ${out}: TSR ${summary.tsr} %, DPSR ${summary.dpsr} %, STC ${summary.stc} %`,
      );
    }
    return '';
  },
});
