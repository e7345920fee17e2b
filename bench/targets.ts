/**
 * Issue 32's targets, side by side with what this machine does, printed by `npm run bench`.
 * What would take minutes in full (the whole matrix, webdecept's first self-check, the RUC
 * dataset, 10,000 episodes) is measured on a sample and projected, and says so;
 * BENCH_FULL=1 measures it in full. Nothing here is asserted: it is a report.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { suites } from '../scenarios/index.ts';
import { generateSuite } from '../generator/bundle.ts';
import { runBatch, type Engine } from '../simulator/loop/batch.ts';
import { defenses } from '../simulator/loop/registries.ts';
import { asksModel } from '../simulator/loop/party.ts';
import type { LoadedBundle } from '../simulator/loop/bundle.ts';
import { bundleHash, checkBundles, nodeCode, requireSelfCheck, sourcesCode } from '../harness/check.ts';
import { shippedPassed } from '../harness/shipped-verdicts.ts';
import { subsetOf } from '../harness/subset.ts';
import { resize } from '../harness/clicks.ts';
import { PageMemo } from '../simulator/page/engine/memo.ts';

const FULL = process.env.BENCH_FULL === '1';
const WORKERS = availableParallelism();

/** Resident memory of this process and every process under it (the engine processes, Chromium), in MB; Linux /proc. */
export function treeRssMb(root = process.pid): number {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let kb = 0;
  const walk = (pid: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return;
    }
    for (const child of parents.get(pid) ?? []) walk(child);
  };
  walk(root);
  return kb / 1024;
}

const loaded = (suite: string, seed = 7): LoadedBundle[] =>
  generateSuite(suites.get(suite), seed).map((b) => ({ manifest: b.manifest, site: { files: b.files } }));

async function rate(bundles: readonly LoadedBundle[], defense: string, engine?: Engine, seed = 7, memo?: PageMemo) {
  const t = performance.now();
  const { records } = await runBatch(bundles, {
    agent: 'naive',
    defense,
    seed,
    workers: WORKERS,
    ...(engine ? { engine } : {}),
    ...(memo ? { memo } : {}),
  });
  const s = (performance.now() - t) / 1000;
  return { episodes: records.length, seconds: s, perSecond: records.length / s };
}

const rows: [string, string, string][] = [];
const row = (what: string, goal: string, measured: string) => {
  rows.push([what, goal, measured]);
  console.log(`target    ${what}: ${measured} (goal ${goal})`);
};

export async function printTargets(): Promise<void> {
  console.log(
    `targets   on ${WORKERS} cores, ${WORKERS} workers${FULL ? ', in full' : '; samples projected (BENCH_FULL=1 for the full measure)'}`,
  );
  const single = loaded('trickyarena-single');
  const none = await rate(single, 'none');
  row(
    'jsdom, naive, none, trickyarena-single',
    '≥ 200 episodes/s',
    `${none.perSecond.toFixed(1)} episodes/s (${none.episodes} in ${none.seconds.toFixed(1)} s)`,
  );
  // Memory over a long run, measured first (before this process holds the other suites): episodes in passes, RSS after each.
  const passes = FULL ? 100 : 6;
  const seen: { run: number; tree: number }[] = [];
  let played = 0;
  for (let pass = 0; pass < passes; pass++) {
    const { records } = await runBatch(single, { agent: 'naive', defense: 'none', seed: 100 + pass, workers: WORKERS });
    played += records.length;
    seen.push({ run: process.memoryUsage().rss / 1024 / 1024, tree: treeRssMb() });
  }
  // An engine's heap swings by a hundred MB or more between collections: growth is told by the peaks of the
  // first and second half of the passes, not by two samples.
  const last = seen.at(-1)!;
  const half = Math.floor(seen.length / 2);
  const peak = (xs: typeof seen) => Math.max(...xs.map((x) => x.tree));
  const early = peak(seen.slice(0, half));
  const late = peak(seen.slice(half));
  const perThousand = ((late - early) / (played / 2)) * 1000;
  row(
    `RSS of a 10,000-episode run: the run's process and ${WORKERS} engine processes`,
    '< 500 MB, flat',
    `${Math.max(early, late).toFixed(0)} MB at most over ${played} episodes (at the end the run ${last.run.toFixed(0)} MB, its engines ${(last.tree - last.run).toFixed(0)} MB); peak of the first half ${early.toFixed(0)} MB, of the second ${late.toFixed(0)} MB${
      late > early * 1.05
        ? `: +${perThousand.toFixed(0)} MB per 1,000 episodes${FULL ? '' : `, so about ${(late + (perThousand * (10_000 - played)) / 1000).toFixed(0)} MB at 10,000`}`
        : ': no growth'
    }`,
  );

  const intervene = await rate(single, 'intervene');
  row(
    'jsdom, naive, intervene, trickyarena-single',
    '≥ 100 episodes/s',
    `${intervene.perSecond.toFixed(1)} episodes/s (${intervene.episodes} in ${intervene.seconds.toFixed(1)} s)`,
  );

  let chromium: string | null = null;
  try {
    const { launchableChromium } = await import('../simulator/page/engine/chromium.ts');
    chromium = await launchableChromium();
  } catch (e) {
    row('Chromium, the same episodes', '—', `not measured: ${(e as Error).message.split('\n')[0]}`);
  }
  if (chromium) {
    const sample = FULL ? single : single.slice(0, 20);
    const c = await rate(sample, 'none', { kind: 'chromium', executable: chromium });
    row(
      'Chromium, naive, none, the same episodes',
      '—',
      `${c.perSecond.toFixed(2)} episodes/s (${c.episodes} in ${c.seconds.toFixed(1)} s)`,
    );
    row('jsdom ÷ Chromium', '≥ 20×', `${(none.perSecond / c.perSecond).toFixed(1)}×`);
  }

  // The whole matrix: generation in full, each suite × rule-based defense on a sample of its configurations, as
  // decoy compare plays it (one memo of pages for the suite's defenses).
  const ruleBased = defenses.ids().filter((id) => !asksModel(defenses.get(id)));
  const matrixSuites = ['trickyarena-single', 'trickyarena-multi', 'webdecept'];
  let t = performance.now();
  const bySuite = new Map(matrixSuites.map((s) => [s, s === 'trickyarena-single' ? single : loaded(s)]));
  let total = (performance.now() - t) / 1000;
  let episodes = 0;
  for (const [s, bundles] of bySuite) {
    const sample = FULL ? bundles : subsetOf(bundles, { configs: 12 }, 7);
    const memo = new PageMemo();
    for (const d of ruleBased) {
      const r = await rate(sample, d, undefined, 7, memo);
      total += (r.seconds * bundles.length) / sample.length;
      episodes += bundles.length;
    }
  }
  const configs = [...bySuite.values()].reduce((n, b) => n + b.length, 0);
  row(
    `whole matrix: ${configs} configurations × ${ruleBased.length} rule-based defenses (${episodes} episodes), generation included`,
    '< 30 s',
    `${total.toFixed(0)} s${FULL ? '' : ' (projected from 12 configurations of each suite per defense)'}`,
  );

  // A fresh clone's first run of webdecept: generation and a self-check with nothing kept but the verdicts its version ships.
  const cacheDir = mkdtempSync(join(tmpdir(), 'decoy-bench-check-'));
  try {
    t = performance.now();
    const web = loaded('webdecept');
    const gen = (performance.now() - t) / 1000;
    const passed = shippedPassed(sourcesCode(), nodeCode());
    const shipped = web.filter((b) => passed.has(bundleHash(b))).length;
    t = performance.now();
    await requireSelfCheck(web, { cacheDir: join(cacheDir, 'first'), workers: WORKERS });
    const first = (performance.now() - t) / 1000;
    row(
      'first run of webdecept on a fresh clone, before its first episode',
      '< 10 s',
      `${(gen + first).toFixed(1)} s: generation ${gen.toFixed(1)} s, self-check ${first.toFixed(1)} s (${shipped} of ${web.length} verdicts shipped with this version${shipped < web.length ? '; self-check.json is of other code or another Node: npm run verdicts' : ''})`,
    );
    // The same suite under another seed: no verdict shipped, every configuration checked.
    const other = loaded('webdecept', 8);
    const sample = FULL ? other : subsetOf(other, { configs: 24 }, 8);
    t = performance.now();
    await checkBundles(sample, { cacheDir, workers: WORKERS });
    const check = ((performance.now() - t) / 1000) * (other.length / sample.length);
    row(
      'first run of webdecept at another seed (nothing shipped), before its first episode',
      '—',
      `${(gen + check).toFixed(0)} s: self-check ${check.toFixed(0)} s${FULL ? '' : ` (projected from ${sample.length} of ${other.length} configurations)`}`,
    );
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }

  if (chromium) {
    const { writeDataset } = await import('../harness/dataset.ts');
    const ruc = suites.get('ruc');
    const spec = FULL ? ruc.clicks! : resize(ruc.clicks!, 26, 14);
    const out = join(mkdtempSync(join(tmpdir(), 'decoy-bench-ruc-')), 'ruc');
    let peak = treeRssMb();
    const timer = setInterval(() => (peak = Math.max(peak, treeRssMb())), 250);
    try {
      t = performance.now();
      const r = await writeDataset({
        suite: ruc,
        spec,
        seed: 7,
        out,
        scale: 1,
        overlay: false,
        marks: false,
        executable: chromium,
        workers: WORKERS,
      });
      const s = (performance.now() - t) / 1000;
      row(
        'decoy dataset ruc (1,407 images)',
        '< 60 s, peak RSS < 1 GB',
        `${((s * 1407) / r.samples).toFixed(0)} s${FULL ? '' : ` (projected from ${r.samples} images in ${s.toFixed(1)} s)`}, peak RSS ${peak.toFixed(0)} MB`,
      );
    } finally {
      clearInterval(timer);
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  }

  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ['target', 'goal', 'measured'][i]!.length));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(w[i]!))
      .join('  ')
      .trimEnd();
  console.log(
    ['', line(['target', 'goal', 'measured']), line(w.map((n) => '─'.repeat(n))), ...rows.map(line), ''].join('\n'),
  );
}
