import { z } from 'zod';
import type { CheckRow } from '../simulator/measure/check.ts';
import { CheckFailed } from './check-failed.ts';
import { bool, defineCommand, noArgs } from './command.ts';
import { flag, json, suiteSourceFlags, unsafeNoSandbox, workers } from './flags.ts';
import { sandboxFor, workersOf } from './play-flags.ts';
import { toSource } from './source.ts';
import { stoppable } from './stop.ts';

export function checkTable(rows: readonly CheckRow[]): string {
  const byCheck = new Map<string, { ok: number; fail: number }>();
  for (const r of rows) {
    const key = r.check
      .replace(/ [a-z0-9-]+ (gives|$)/, ' <family> $1')
      .replace(/^(canary|boxes|trap) [a-z0-9-]+/, '$1 <family>');
    const c = byCheck.get(key) ?? { ok: 0, fail: 0 };
    if (r.ok) c.ok++;
    else c.fail++;
    byCheck.set(key, c);
  }
  const w = Math.max(...[...byCheck.keys()].map((k) => k.length), 5);
  const lines = [
    `${'check'.padEnd(w)}  passed  failed`,
    ...[...byCheck].map(([k, c]) => `${k.padEnd(w)}  ${String(c.ok).padStart(6)}  ${String(c.fail).padStart(6)}`),
  ];
  const failures = rows.filter((r) => !r.ok);
  if (failures.length > 0)
    lines.push('', 'failures:', ...failures.slice(0, 40).map((f) => `  ${f.scenario}: ${f.check}: ${f.detail}`));
  if (failures.length > 40) lines.push(`  … and ${failures.length - 40} more`);
  return lines.join('\n');
}

export const { help, run, flags } = defineCommand({
  name: 'check',
  usage: '--suite <name> | --bundles <dir> [--seed N] [--fresh] [--json]',
  flags: [
    ...suiteSourceFlags('check'),
    flag(
      'fresh',
      '--fresh',
      'check every configuration anew, not reusing the verdicts kept for this code (which are then replaced)',
      bool,
    ),
    json('every check'),
    unsafeNoSandbox,
    workers,
  ],
  schema: (flags) =>
    z.object({ ...flags, args: noArgs }).transform((o, ctx) => ({ ...o, source: toSource(o, ctx, true) })),
  async run(c, io) {
    await sandboxFor(c, io.warn);
    const [{ checkBundles }, { loadBundles }] = await Promise.all([
      import('../harness/check.ts'),
      import('../harness/select.ts'),
    ]);
    const bundles = loadBundles(c.source, (done, total) => io.progress('generate', done, total));
    // Ctrl-C: the verdicts made so far are kept, and the same command checks only the rest.
    const rows = await stoppable(io, (signal) =>
      checkBundles(bundles, {
        workers: workersOf(c),
        signal,
        fresh: c.fresh,
        ...(c.json ? {} : { progress: io.progress }),
      }),
    );
    const failed = rows.filter((r) => !r.ok).length;
    const out = c.json
      ? JSON.stringify(rows, null, 2)
      : `${bundles.length} configurations, ${rows.length} checks\n${checkTable(rows)}`;
    if (failed > 0) throw new CheckFailed(out, failed);
    return out;
  },
});
