import { z } from 'zod';
import { BOX_TOLERANCE, conforms, type ConformRow } from '../simulator/conform.ts';
import { conformBundles } from '../harness/conform.ts';
import { loadBundles } from '../harness/select.ts';
import { defineCommand, flag, int, noArgs, text } from './command.ts';
import { CheckFailed } from './check-failed.ts';
import { sourceFlags, sourceShape, toSource } from './source.ts';

export function conformTable(rows: readonly ConformRow[]): string {
  const n = rows.length;
  const same = rows.filter((r) => r.same).length;
  const boxes = rows.reduce((a, r) => a + r.boxes.compared, 0);
  const worst = Math.max(0, ...rows.map((r) => r.boxes.worst));
  const points = rows.reduce((a, r) => a + r.hits.points, 0);
  const agree = rows.reduce((a, r) => a + r.hits.agree, 0);
  const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)}%`);
  const lines = [
    'check                                     agree    total  rate',
    `episodes (proposals, event log, T, D)  ${String(same).padStart(8)} ${String(n).padStart(8)}  ${pct(same, n)}`,
    `authored boxes = getBoundingClientRect ${String(rows.filter((r) => r.boxes.worst <= BOX_TOLERANCE).length).padStart(8)} ${String(n).padStart(8)}  ${pct(rows.filter((r) => r.boxes.worst <= BOX_TOLERANCE).length, n)}   (${boxes} boxes, largest deviation ${worst} px)`,
    `hit test = elementFromPoint            ${String(agree).padStart(8)} ${String(points).padStart(8)}  ${pct(agree, points)}`,
  ];
  const failures = rows.filter((r) => !conforms(r));
  if (failures.length > 0) lines.push('', 'disagreements:', ...failures.slice(0, 40).map((f) => `  ${f.scenario} (${f.sequence}): ${f.detail}`));
  if (failures.length > 40) lines.push(`  … and ${failures.length - 40} more`);
  return lines.join('\n');
}

export const { help, run } = defineCommand({
  name: 'conform',
  flags: (cmd) =>
    sourceFlags(cmd.usage('--suite <name> | --bundles <dir> [--episodes N] [--configs N] [--browser PATH]'), 'compare')
      .option('--episodes <n>', 'seeded random episodes per configuration, besides the oracle and each trap path', '2')
      .option('--configs <n>', 'compare only this many configurations, drawn by seed (default: all)')
      .option('--browser <path>', 'Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)')
      .option('--json', 'print every row as JSON'),
  schema: z
    .object({ ...sourceShape, episodes: int('episodes', 0), configs: int('configs', 1).optional(), browser: text, json: flag, args: noArgs })
    .transform((o, ctx) => ({ ...o, source: toSource(o, ctx) })),
  async run(c, io) {
    const { bundles, rows } = await conformBundles(loadBundles(c.source), { episodes: c.episodes, configs: c.configs ?? null, seed: c.seed, executable: c.browser }, c.json ? undefined : io.progress);
    const out = c.json ? JSON.stringify(rows, null, 2) : `${bundles} configurations, ${rows.length} episodes in each engine\n${conformTable(rows)}`;
    const failed = rows.filter((r) => !conforms(r)).length;
    if (failed > 0) throw new CheckFailed(out, failed);
    return out;
  },
});
