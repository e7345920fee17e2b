/**
 * `decoy compare --runs a b c`: run folders already written (by decoy run, or a comparison's
 * per-defense folders), compared without playing anything: other agents, seeds, options or
 * versions of one defense on the same configurations. Each is read by the one reader of run
 * folders, labelled by what sets it apart from the others, and paired against the first (or
 * the one `against` names) with the paired test `decoy compare` uses; compare.json and
 * compare.md come out in that command's shape.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { namedTwice } from '../lib/named-twice.ts';
import { clip, quote, UserError } from '../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../lib/files.ts';
import { compareRuns, type Comparison, type DefenseRun } from '../simulator/measure/comparison.ts';
import { compareText } from '../simulator/measure/report/compare.ts';
import { COMPARE_JSON, COMPARE_MD, comparesRunFolders } from './compare.ts';
import { LOCK_NAME, lockFolder } from './lock.ts';
import { nameOf } from './run.ts';
import { readRunFolder, type RunConfig, type RunFolder } from './run-folder.ts';
import { suiteTitle } from './select.ts';

export interface CompareRunsOptions {
  /** The runs' labels, in their order (--labels); by default what differs between their run.json. */
  labels?: readonly string[];
  /** The label every other run is paired against (--against); by default the first run's. */
  against?: string;
}

export interface CompareRunsResult {
  comparison: Comparison;
  labels: string[];
  printed: string;
  json: string;
  markdown: string;
}

/** The first configuration `run` plays that `first` does not play at the same place, in one line; null when they play the same, in the same order. */
function otherConfigurations(first: RunFolder, run: RunFolder): string | null {
  const a = first.episodes.map((e) => e.scenario);
  const b = run.episodes.map((e) => e.scenario);
  const i = a.findIndex((id, k) => b[k] !== id);
  if (i === -1 && a.length === b.length) return null;
  const k = i === -1 ? a.length : i;
  const shown = (id: string | undefined) => (id === undefined ? 'none' : clip(id, 80));
  return `its configuration ${k + 1} is ${shown(b[k])}, there ${shown(a[k])} (${b.length} configurations against ${a.length})`;
}

/**
 * Refuses runs (read from `dirs`) that do not all play the first's configurations in its
 * order: their episodes would not pair one for one. One line naming the folder and the first
 * configuration that differs.
 */
export function assertSameConfigurations(runs: readonly RunFolder[], dirs: readonly string[]): void {
  const first = runs[0]!;
  for (const [i, r] of runs.entries()) {
    const odd = otherConfigurations(first, r);
    // A suite generated here is generated anew under each seed: its runs under two seeds share no configuration.
    const generated = r.config.bundles === null && r.config.seed !== first.config.seed;
    if (odd !== null)
      throw new UserError(
        `${clip(dirs[i]!)} plays other configurations than ${clip(dirs[0]!)}: ${odd}; compare runs of the same configurations${generated ? ` (a suite generated under seeds ${first.config.seed} and ${r.config.seed} is two suites: play the seeds on the same --bundles)` : ''}`,
      );
  }
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Each run's label from the fields of run.json that are not the same in all: the defense and
 * the agent by name, the seed (`s7`), each option that differs (`lessons=a.txt`), a file
 * that changed (`defense@1a2b3c4d`), any other field as `field=value`. Runs that nothing in
 * run.json tells apart (the same run copied) are labelled by their folders.
 */
export function labelsOf(configs: readonly RunConfig[], dirs: readonly string[]): string[] {
  const differs = (get: (c: RunConfig) => unknown) =>
    new Set(configs.map((c) => JSON.stringify(get(c) ?? null))).size > 1;
  const keysOf = (get: (c: RunConfig) => Readonly<Record<string, unknown>>) =>
    [...new Set(configs.flatMap((c) => Object.keys(get(c))))].filter((k) => differs((c) => get(c)[k]));
  const named = new Set([
    'defense',
    'agent',
    'seed',
    'agentOptions',
    'defenseOptions',
    'agentSha256',
    'defenseSha256',
    'agentOptionsSha256',
    'defenseOptionsSha256',
  ]);
  const others = [...new Set(configs.flatMap((c) => Object.keys(c)))].filter(
    (k) => !named.has(k) && differs((c) => (c as unknown as Record<string, unknown>)[k]),
  );
  const agentKeys = keysOf((c) => c.agentOptions);
  const defenseKeys = keysOf((c) => c.defenseOptions);
  // An option's file that changed under the same name (`lessons@1a2b3c4d`).
  const fileKeys = (w: 'agent' | 'defense', shownKeys: readonly string[]) =>
    keysOf((c) => c[`${w}OptionsSha256`] ?? {}).filter((k) => !shownKeys.includes(k));
  const agentFiles = fileKeys('agent', agentKeys);
  const defenseFiles = fileKeys('defense', defenseKeys);
  const labels = configs.map((c) =>
    [
      ...(differs((x) => x.defense) ? [nameOf(c.defense)] : []),
      ...(differs((x) => x.agent) ? [nameOf(c.agent)] : []),
      ...(differs((x) => x.seed) ? [`s${c.seed}`] : []),
      ...agentKeys.map((k) => `${k}=${c.agentOptions[k] === undefined ? '–' : shown(c.agentOptions[k])}`),
      ...defenseKeys.map((k) => `${k}=${c.defenseOptions[k] === undefined ? '–' : shown(c.defenseOptions[k])}`),
      ...agentFiles.map((k) => `${k}@${(c.agentOptionsSha256?.[k] ?? '').slice(0, 8) || '–'}`),
      ...defenseFiles.map((k) => `${k}@${(c.defenseOptionsSha256?.[k] ?? '').slice(0, 8) || '–'}`),
      ...(['agent', 'defense'] as const)
        .filter((w) => differs((x) => x[`${w}Sha256`]) && !differs((x) => x[w]))
        .map((w) => `${w}@${(c[`${w}Sha256`] ?? '').slice(0, 8) || '–'}`),
      ...others.map((k) => `${k}=${shown((c as unknown as Record<string, unknown>)[k] ?? '–')}`),
    ].join(' '),
  );
  return labels.every((l) => l !== '') && new Set(labels).size === labels.length ? labels : [...dirs];
}

/** Refuses an output folder that holds anything but an earlier `compare --runs`'s files, which are replaced. */
function claimOut(out: string): void {
  if (!existsSync(out)) return;
  for (const name of readdirSync(out)) {
    if (isTempName(name) || name === LOCK_NAME || name === COMPARE_MD) continue;
    if (name === COMPARE_JSON && comparesRunFolders(join(out, name))) continue;
    throw new UserError(
      `${clip(out)} holds ${clip(name)}, which compare --runs did not write; choose another --out (a folder of its own)`,
    );
  }
}

/** Compares the finished run folders `dirs`, in their order, into `out`'s compare.json and compare.md. */
export function compareRunFolders(
  dirs: readonly string[],
  out: string,
  opts: CompareRunsOptions = {},
): CompareRunsResult {
  if (dirs.length < 2) throw new UserError('--runs: name at least two run folders to compare');
  const twice = namedTwice(dirs);
  if (twice !== null)
    throw new UserError(
      `--runs names ${clip(twice.as)} twice${twice.twice === twice.as ? '' : ` (again as ${clip(twice.twice)})`}`,
    );
  if (opts.labels && opts.labels.length !== dirs.length)
    throw new UserError(`--labels gives ${opts.labels.length} labels for ${dirs.length} run folders`);
  claimOut(out);
  const runs = dirs.map((d) => readRunFolder(d));
  const first = runs[0]!;
  assertSameConfigurations(runs, dirs);
  const labels = opts.labels
    ? [...opts.labels]
    : labelsOf(
        runs.map((r) => r.config),
        dirs,
      );
  const same = labels.find((l, i) => labels.indexOf(l) !== i);
  if (same !== undefined) throw new UserError(`--labels names ${quote(same)} twice`);
  const against = opts.against ?? labels[0]!;
  if (!labels.includes(against))
    throw new UserError(`--against ${quote(against)} is none of the labels (${clip(labels.join(', '), 200)})`);
  const defenseRuns: DefenseRun[] = runs.map((r, i) => ({
    id: labels[i]!,
    folder: dirs[i]!,
    summary: r.summary,
    episodes: r.episodes,
  }));
  // The configurations are the same, in the same order: an episode pairs with the other run's on its configuration, whatever the seeds.
  const comparison = compareRuns(defenseRuns, { against, by: 'configuration' });
  const config = { runs: runs.map((r, i) => ({ label: labels[i], folder: dirs[i], run: r.config })) };
  const json = JSON.stringify({ config, ...comparison }, null, 2) + '\n';
  const c = first.config;
  const title = `decoy compare --runs · suite ${suiteTitle(c.suite, c.suiteVersion)} · ${first.episodes.length} configurations · ${dirs.length} runs paired against ${against}`;
  const { printed, markdown } = compareText(comparison, title, false);
  const unlock = lockFolder(out);
  try {
    writeFileAtomic(join(out, COMPARE_JSON), json);
    writeFileAtomic(join(out, COMPARE_MD), markdown);
  } finally {
    unlock();
  }
  return { comparison, labels, printed, json, markdown };
}
