/**
 * What `decoy report` reads: run folders (`decoy run`), comparison folders (`decoy compare`:
 * compare.json and a run folder per defense) and seed folders (`decoy run --seeds`: seeds.json
 * and s<seed>/), each run folder through the one reader (readRunFolder). A comparison's
 * figures are rebuilt from its run folders and held to its compare.json, and a seed folder's
 * rates across seeds to its seeds.json, so that every number the report prints is one those
 * files hold, and a file edited by hand is refused rather than shown.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { namedTwice } from '../../lib/named-twice.ts';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { clip, clipPath, firstIssue, UserError } from '../../lib/errors.ts';
import { acrossSeeds, type AcrossSeeds } from '../../simulator/measure/across-seeds.ts';
import { compareRuns, type Comparison } from '../../simulator/measure/comparison.ts';
import type { Summary } from '../../simulator/measure/metrics.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { COMPARE_JSON } from '../compare.ts';
import { assertSameConfigurations, labelsOf } from '../compare-runs.ts';
import { firstDifference, readRunFolder, RUN_FILE, shownValue, valueAt, type RunConfig } from '../run-folder.ts';
import { SEEDS_FILE } from '../seeds.ts';
import { subsetFields, type Subset } from '../subset.ts';

/** One run of a report: its name in the tables (a defense, a seed, or a folder when those clash) and what its folder holds. */
export interface ReportRun {
  id: string;
  /** The run folder, as given or as the comparison or seeds file names it. */
  dir: string;
  config: RunConfig;
  summary: Summary;
  episodes: EpisodeRecord[];
}

/** Runs shown together: a comparison, the seeds of a run, or the run folders named on the command line. */
export interface ReportSet {
  kind: 'compare' | 'seeds' | 'runs';
  /** The folder named (for `runs`, the first of them). */
  dir: string;
  title: string;
  runs: ReportRun[];
  /** Per-run rates, groups, cost and the test paired against `none` (compare.json's own, for a comparison). */
  comparison: Comparison;
  /** For seeds: the rates across seeds as seeds.json holds them, one series (a run's) or one per defense (a comparison's). */
  across?: { heading: string; across: AcrossSeeds }[];
}

/** The part of compare.json the report reads; the rest is held to the rebuilt comparison. */
const compareFileSchema = z.union([
  z.object({
    config: z.object({ suite: z.string(), agent: z.string(), seed: z.number().int() }),
    groupedBy: z.enum(['condition', 'pattern']),
    pairedAgainst: z.string().nullable(),
    defenses: z.array(z.object({ id: z.string(), folder: z.string() })).min(1),
  }),
  // `decoy compare --runs`: run folders wherever they were, each by the path it was given.
  z.object({
    config: z.object({
      runs: z.array(z.object({ label: z.string(), folder: z.string(), run: z.record(z.string(), z.unknown()) })).min(2),
    }),
    groupedBy: z.enum(['condition', 'pattern']),
    pairedAgainst: z.string(),
    defenses: z.array(z.object({ id: z.string(), folder: z.string() })).min(2),
  }),
]);

const seedsOf = {
  seeds: z.array(z.number().int()).min(1),
  folders: z.array(z.string()).min(1),
};
/** seeds.json of `decoy run --seeds` (a run folder per seed) or of `decoy compare --seeds` (a comparison folder per seed). */
const seedsFileSchema = z.union([
  z.object({
    run: z.object({ suite: z.string(), agent: z.string(), defense: z.string() }),
    ...seedsOf,
    rates: z.record(z.string(), z.unknown()),
  }),
  z.object({
    compare: z.object({ suite: z.string(), agent: z.string() }),
    ...seedsOf,
    defenses: z
      .array(z.object({ id: z.string(), folder: z.string(), rates: z.record(z.string(), z.unknown()) }))
      .min(1),
  }),
]);

/** A JSON file and its value checked against `schema`; else a UserError naming the file (and the field, and what writes it). */
export function readJson<S extends z.ZodType>(
  file: string,
  schema: S,
  writer = 'decoy',
): { json: unknown; value: z.infer<S> } {
  return parseJsonFile(file, readFileSync(file, 'utf8'), schema, writer);
}

/** `text`, the content of `file`, as readJson checks it: errors name the file by its end, never cut off. */
export function parseJsonFile<S extends z.ZodType>(
  file: string,
  text: string,
  schema: S,
  writer = 'decoy',
): { json: unknown; value: z.infer<S> } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${clipPath(file)}: not JSON (${(e as Error).message.split('\n')[0]})`);
  }
  const r = schema.safeParse(json);
  if (!r.success) throw new UserError(`${clipPath(file)}: ${firstIssue(r.error, `not as ${writer} writes it`)}`);
  return { json, value: r.data };
}

/** A run folder of a comparison or seeds folder, by the name `owner` (its compare.json or seeds.json) gives it; errors name the owner. */
function runIn(dir: string, name: string, owner: string): ReportRun {
  if (name === '' || name !== basename(name) || name === '.' || name === '..')
    throw new UserError(`${clip(owner)}: ${clip(name)} is not a folder of ${clip(dir)}`);
  const folder = join(dir, name);
  try {
    return { id: name, dir: folder, ...readRunFolder(folder) };
  } catch (e) {
    throw e instanceof UserError ? new UserError(`${e.message} (part of ${clip(owner)})`) : e;
  }
}

/** Refuses a file whose figures are not those its run folders give. */
function heldTo(file: string, held: unknown, rebuilt: unknown): void {
  const differs = firstDifference(held, JSON.parse(JSON.stringify(rebuilt)));
  if (differs !== null)
    throw new UserError(`${clip(file)}: ${clip(differs)}: not what its run folders give (edited by hand?)`);
}

/**
 * Refuses a run folder whose run.json is not the run its owner (compare.json, seeds.json)
 * records there: a folder replaced by another run would be reported under the owner's label.
 * Checked before the owner's figures, so the message names the folder, not the figures.
 */
function ownRun(run: { dir: string; config: RunConfig }, recorded: Record<string, unknown>, owner: string): void {
  const held = Object.fromEntries(
    Object.keys(recorded).map((k) => [k, (run.config as unknown as Record<string, unknown>)[k]]),
  );
  const d = firstDifference(held, recorded);
  if (d !== null)
    throw new UserError(
      `${clipPath(run.dir)} holds another run than ${clipPath(owner)} records (${clip(d)}: ${shownValue(valueAt(held, d), 80)} there, ${shownValue(valueAt(recorded, d), 80)} in ${basename(owner)}); it was replaced or moved`,
    );
}

/** Fields of compare.json's config that are not a run's (the defenses compared, the ablations asked for). */
const COMPARE_ONLY = new Set(['defenses', 'defenseOptions', 'ablations']);
const SUBSET = new Set(['scenarios', 'configs', 'limit']);

function readCompare(dir: string): ReportSet {
  const file = join(dir, COMPARE_JSON);
  const { json, value } = readJson(file, compareFileSchema);
  const { config: _c, ...held } = json as Record<string, unknown>;
  if ('runs' in value.config) {
    // Read where compare --runs read them (paths as given, from the folder it was run in), paired as it paired them.
    const runs = value.config.runs.map((r) => {
      try {
        return { id: r.label, dir: r.folder, ...readRunFolder(r.folder) };
      } catch (e) {
        const elsewhere =
          !isAbsolute(r.folder) && !existsSync(r.folder)
            ? '; compare --runs records each folder as it was given, from the folder it ran in: report from there'
            : '';
        throw e instanceof UserError ? new UserError(`${e.message} (part of ${clip(file)}${elsewhere})`) : e;
      }
    });
    const recorded = value.config.runs;
    // Its run.json whole: a field compare.json does not record (none there) is another run too.
    const none = (r: ReportRun) => Object.fromEntries(Object.keys(r.config).map((k) => [k, undefined]));
    runs.forEach((r, i) => ownRun(r, { ...none(r), ...recorded[i]!.run }, file));
    const comparison = compareRuns(
      runs.map((r) => ({ ...r, folder: r.dir })),
      { against: value.pairedAgainst ?? '', by: 'configuration' },
    );
    heldTo(file, held, comparison);
    const first = runs[0]!.config;
    return {
      kind: 'compare',
      dir,
      title: `${dir}: suite ${first.suite}, ${runs.length} runs paired against ${value.pairedAgainst}`,
      runs,
      comparison,
    };
  }
  const c = value.config;
  const runs = value.defenses.map((d) => ({ ...runIn(dir, d.folder, file), id: d.id }));
  const stamp = (json as { config: Record<string, unknown> }).config;
  // The part of the suite played, as run.json records it (the scenarios sorted, none given left out).
  const recorded = {
    ...Object.fromEntries(Object.entries(stamp).filter(([k]) => !COMPARE_ONLY.has(k) && !SUBSET.has(k))),
    ...subsetFields(stamp as Subset),
  };
  const defenses = (json as { config: { defenses?: unknown } }).config.defenses;
  runs.forEach((r, i) =>
    ownRun(r, { ...recorded, ...(Array.isArray(defenses) ? { defense: defenses[i] } : {}) }, file),
  );
  const comparison = compareRuns(runs.map((r) => ({ ...r, folder: basename(r.dir) })));
  heldTo(file, held, comparison);
  return {
    kind: 'compare',
    dir,
    title: `${dir}: suite ${c.suite}, agent ${c.agent}, seed ${c.seed}, ${runs.length} defenses`,
    runs,
    comparison,
  };
}

function readSeeds(dir: string): ReportSet {
  const file = join(dir, SEEDS_FILE);
  const { json, value } = readJson(file, seedsFileSchema);
  if (value.folders.length !== value.seeds.length)
    throw new UserError(`${clip(file)}: folders: ${value.folders.length} folders for ${value.seeds.length} seeds`);
  if ('compare' in value) return readCompareSeeds(dir, file, value);
  const runs = value.folders.map((f) => runIn(dir, f, file));
  const shared = (json as { run: Record<string, unknown> }).run;
  runs.forEach((r, i) => ownRun(r, { ...shared, seed: value.seeds[i] }, file));
  const across = acrossSeeds(runs.map((r) => ({ seed: r.config.seed, summary: r.summary })));
  heldTo(file, { seeds: value.seeds, rates: value.rates }, across);
  const r = value.run;
  return {
    kind: 'seeds',
    dir,
    title: `${dir}: suite ${r.suite}, agent ${r.agent}, defense ${r.defense}, ${runs.length} seeds`,
    runs,
    comparison: compareRuns(runs.map((x) => ({ ...x, folder: basename(x.dir) }))),
    across: [{ heading: '', across }],
  };
}

type CompareSeedsFile = Extract<z.infer<typeof seedsFileSchema>, { compare: unknown }>;

/**
 * A comparison under seeds: each seed's comparison folder read (and held to its compare.json) as
 * a comparison named alone is, every run named by its defense and seed, and each defense's rates
 * across the seeds held to seeds.json.
 */
function readCompareSeeds(dir: string, file: string, value: CompareSeedsFile): ReportSet {
  const sets = value.folders.map((f, k) => {
    const name = f === basename(f) && f !== '.' && f !== '..' ? f : '';
    if (name === '') throw new UserError(`${clip(file)}: ${clip(f)} is not a folder of ${clip(dir)}`);
    if (!existsSync(join(dir, name, COMPARE_JSON)))
      throw new UserError(`${clip(file)}: ${clip(join(dir, name))} holds no ${COMPARE_JSON}`);
    const set = readCompare(join(dir, name));
    for (const r of set.runs) ownRun(r, { seed: value.seeds[k], ...value.compare }, file);
    return set;
  });
  const across = value.defenses.map((d, i) => {
    const series = sets.map((set, k) => {
      const run = set.runs[i];
      if (run?.id !== d.id)
        throw new UserError(`${clip(file)}: defenses: ${clip(d.id)} is not defense ${i + 1} of ${clip(set.dir)}`);
      return { seed: value.seeds[k]!, summary: run.summary };
    });
    return { heading: `defense ${d.id}`, across: acrossSeeds(series) };
  });
  heldTo(
    file,
    { seeds: value.seeds, defenses: value.defenses.map((d) => d.rates) },
    { seeds: across[0]?.across.seeds, defenses: across.map((a) => a.across.rates) },
  );
  const named = (id: string, k: number) => `${id} s${value.seeds[k]}`;
  const runs = sets.flatMap((set, k) => set.runs.map((r) => ({ ...r, id: named(r.id, k) })));
  // Each seed's own comparison (held to its compare.json above), its runs renamed: each is paired against its own seed's baseline.
  const against = sets[0]!.comparison.pairedAgainst;
  const comparison: Comparison = {
    groupedBy: sets[0]!.comparison.groupedBy,
    pairedAgainst: sets.every((s) => s.comparison.pairedAgainst === against) ? against : null,
    defenses: sets.flatMap((set, k) => set.comparison.defenses.map((d) => ({ ...d, id: named(d.id, k) }))),
  };
  const c = value.compare;
  return {
    kind: 'seeds',
    dir,
    title: `${dir}: suite ${c.suite}, agent ${c.agent}, ${value.defenses.length} defenses, ${value.seeds.length} seeds${against === null ? '' : `, each paired against its own seed's ${against}`}`,
    runs,
    comparison,
    across,
  };
}

/**
 * The plain run folders named, as one set, as `decoy compare --runs` takes them: they must
 * play the same configurations in the same order, each is labelled by what sets its run.json
 * apart (labelsOf), and all are paired against the run of `none` where exactly one is
 * among them, else against the first.
 */
function runsSet(dirs: readonly string[]): ReportSet {
  const read = dirs.map((dir) => readRunFolder(dir));
  const first = read[0]!;
  if (read.length === 1) {
    const c = first.config;
    return {
      kind: 'runs',
      dir: dirs[0]!,
      title: `${dirs[0]}: suite ${c.suite}, agent ${c.agent}, defense ${c.defense}, seed ${c.seed}`,
      runs: [{ id: c.defense, dir: dirs[0]!, ...first }],
      comparison: compareRuns([{ id: c.defense, folder: basename(dirs[0]!), ...first }]),
    };
  }
  assertSameConfigurations(read, dirs);
  const labels = labelsOf(
    read.map((r) => r.config),
    dirs,
  );
  const runs: ReportRun[] = read.map((r, i) => ({ id: labels[i]!, dir: dirs[i]!, ...r }));
  const nones = runs.filter((r) => r.config.defense === 'none');
  const against = (nones.length === 1 ? nones[0]! : runs[0]!).id;
  return {
    kind: 'runs',
    dir: dirs[0]!,
    title: `${runs.length} runs paired against ${against}${nones.length === 1 ? ' (the run of none)' : ' (the first named)'}: ${dirs.join(', ')}`,
    runs,
    comparison: compareRuns(
      runs.map((r) => ({ ...r, folder: basename(r.dir) })),
      { against, by: 'configuration' },
    ),
  };
}

/** What a folder is: a comparison, a run under seeds, a run; else a one-line UserError saying what it is not. */
export function folderKind(dir: string): 'compare' | 'seeds' | 'run' {
  if (!existsSync(dir)) throw new UserError(`${clip(dir)} does not exist`);
  if (!statSync(dir).isDirectory())
    throw new UserError(`${clip(dir)} is a file, not a run, comparison or seeds folder`);
  if (existsSync(join(dir, COMPARE_JSON))) return 'compare';
  if (existsSync(join(dir, SEEDS_FILE))) return 'seeds';
  if (existsSync(join(dir, RUN_FILE))) return 'run';
  throw new UserError(
    `${clip(dir)} is not a run, comparison or seeds folder (it holds no ${RUN_FILE}, ${COMPARE_JSON} or ${SEEDS_FILE})`,
  );
}

/**
 * The sets of a report, in the order the folders are named: each comparison and seeds folder
 * a set of its own, and the plain run folders one set together (where the first of them stands).
 * A folder named twice, or anything a reader refuses, is a one-line UserError.
 */
export function readReportSources(dirs: readonly string[]): ReportSet[] {
  if (dirs.length === 0) throw new UserError('name the run, comparison or seeds folders to report on');
  // By where it is, links followed: a link to a folder named is that folder named again.
  const twice = namedTwice(dirs);
  if (twice) throw new UserError(`${clip(twice.twice)} is named twice (as ${clip(twice.as)})`);
  const kinds = dirs.map(folderKind);
  const plain = dirs.filter((_, i) => kinds[i] === 'run');
  const sets: ReportSet[] = [];
  dirs.forEach((d, i) => {
    if (kinds[i] === 'compare') sets.push(readCompare(d));
    else if (kinds[i] === 'seeds') sets.push(readSeeds(d));
    else if (d === plain[0]) sets.push(runsSet(plain));
  });
  return sets;
}
