import { UserError } from '../scenarios/errors.ts';
import { createRng } from '../scenarios/rng.ts';
import { ChromiumBrowser } from '../simulator/engine/chromium.ts';
import { DecoyEnv } from '../simulator/env.ts';
import { BOX_TOLERANCE, conformBundle, conforms, type ConformRow } from '../simulator/conform.ts';
import { intFlag, parseFlags, usage, type Flags } from './args.ts';
import { CheckFailed } from './check.ts';
import { bundlesFrom } from './select.ts';

const FLAGS: Flags = {
  suite: { type: 'string', description: 'suite to generate and compare (see decoy list)' },
  bundles: { type: 'string', description: 'compare bundles written by decoy generate instead' },
  seed: { type: 'string', description: 'seed of generation', default: '7' },
  pattern: { type: 'string', multiple: true, description: 'keep only configurations with this pattern family (repeatable)' },
  episodes: { type: 'string', description: 'seeded random episodes per configuration, besides the oracle and each trap path', default: '2' },
  configs: { type: 'string', description: 'compare only this many configurations, drawn by seed (default: all)' },
  browser: { type: 'string', description: 'Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)' },
  json: { type: 'boolean', description: 'print every row as JSON' },
};

export const summary = 'Compare jsdom with Chromium: event logs, T/D, authored boxes, hit tests';
export const help = () => usage('conform', '--suite <name> | --bundles <dir> [--episodes N] [--configs N] [--browser PATH]', FLAGS);

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

export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('conform', argv, FLAGS);
  const episodes = intFlag('episodes', values.episodes, 2);
  let bundles = bundlesFrom('conform', values);
  if (values.configs !== undefined) {
    const k = intFlag('configs', values.configs, bundles.length);
    if (k < 1) throw new UserError('conform: --configs must be at least 1');
    bundles = createRng(intFlag('seed', values.seed, 7)).shuffle(bundles).slice(0, k);
  }
  const browser = new ChromiumBrowser({ executable: values.browser as string | undefined });
  const engines = { jsdom: new DecoyEnv(), chromium: new DecoyEnv({ browser }), browser };
  const rows: ConformRow[] = [];
  try {
    for (const b of bundles) rows.push(...(await conformBundle(b, engines, episodes)));
  } finally {
    await browser.close();
    await engines.jsdom.close();
  }
  const out = values.json ? JSON.stringify(rows, null, 2) : `${bundles.length} configurations, ${rows.length} episodes in each engine\n${conformTable(rows)}`;
  const failed = rows.filter((r) => !conforms(r)).length;
  if (failed > 0) throw new CheckFailed(out, failed);
  return out;
}
