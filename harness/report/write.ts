/**
 * `decoy report`: reads run, comparison and seeds folders (sources.ts) and writes report.html
 * (with the pictures it shows in shots/ beside it), report.md, report.csv and groups.csv into
 * a folder of their own. A folder that holds anything else is refused before anything is
 * written, and so is one inside a folder reported on (a comparison or a run folder holds only
 * what decoy wrote there); an earlier report in it is replaced whole.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { clip, UserError } from '../../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../../lib/files.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { assertOutside } from '../own-folder.ts';
import { COMPARE_JSON } from '../compare.ts';
import { SEEDS_FILE } from '../seeds.ts';
import { reportHtml } from './page.ts';
import { episodeShot, type EpisodeShot } from './shots.ts';
import { readReportSources, type ReportRun, type ReportSet } from './sources.ts';
import { groupsCsv, reportMarkdown, runsCsv } from './text.ts';

export const REPORT_HTML = 'report.html';
export const REPORT_MD = 'report.md';
export const REPORT_CSV = 'report.csv';
export const GROUPS_CSV = 'groups.csv';
export const SHOTS_DIR = 'shots';
const REPORT_FILES = new Set([REPORT_HTML, REPORT_MD, REPORT_CSV, GROUPS_CSV]);

export interface ReportResult {
  out: string;
  sets: ReportSet[];
  runs: number;
  episodes: number;
  /** Pictures copied beside the page, and the step points marked on them. */
  shots: number;
  marks: number;
}

/**
 * Where the report goes when --out is not given: beside the first folder (its parent, `..`
 * from it, so `.` gives `../<name>-report`), named after it as resolved; for a run of a
 * comparison or of seeds, beside that folder (`cmp-gate-report`), which holds its runs only.
 */
export function defaultReportOut(first: string): string {
  const parent = join(first, '..');
  // A run inside a comparison or a seeds folder: its report goes beside that folder, which holds only its runs.
  if ([COMPARE_JSON, SEEDS_FILE].some((f) => existsSync(join(parent, f))))
    return join(parent, '..', `${basename(resolve(parent))}-${basename(resolve(first))}-report`);
  return join(parent, `${basename(resolve(first))}-report`);
}

/** Refuses an output folder that holds what is not a report's, or that lies inside a folder reported on (links followed). */
function claimReportFolder(out: string, sources: readonly string[]): void {
  assertOutside(out, sources, 'reported on');
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new UserError(`--out ${clip(out)} is a file, not a folder`);
  const linked = (path: string) =>
    new UserError(
      `${clip(path)} is a symbolic link; a report's folder holds only its own files (links are never followed); choose another --out`,
    );
  for (const name of readdirSync(out)) {
    const path = join(out, name);
    // Written through or emptied, a link would change what it points to: refused, never followed.
    if (lstatSync(path).isSymbolicLink()) throw linked(path);
    if (REPORT_FILES.has(name) || isTempName(name)) continue;
    if (name === SHOTS_DIR && statSync(path).isDirectory()) {
      const own = readdirSync(path).every((n) => /^[0-9a-f]{16}\.png$/.test(n) || isTempName(n));
      const link = readdirSync(path).find((n) => lstatSync(join(path, n)).isSymbolicLink());
      if (link !== undefined) throw linked(join(path, link));
      if (own) continue;
    }
    throw new UserError(`${clip(out)} holds ${clip(name)}, which is not a report's; choose another --out`);
  }
}

export function writeReport(dirs: readonly string[], outGiven?: string): ReportResult {
  const sets = readReportSources(dirs);
  const out = outGiven ?? defaultReportOut(dirs[0] as string);
  // Every folder read is one reported on: a compare --runs folder's runs stand wherever they were.
  claimReportFolder(out, [...dirs, ...sets.flatMap((set) => set.runs.map((r) => r.dir))]);
  // One picture per configuration's bundle folder: read once, and copied once however many runs show it.
  const cache = new Map<string, EpisodeShot | null>();
  const pictures = new Map<string, Buffer>();
  let marks = 0;
  const shots = (run: ReportRun, e: EpisodeRecord): EpisodeShot | null => {
    const key = `${run.dir}\u0000${e.scenario}`;
    if (!cache.has(key)) {
      const shot = episodeShot(run.config, e);
      cache.set(key, shot);
      if (shot) {
        pictures.set(shot.name, shot.png);
        marks += shot.marks.length;
      }
    }
    return cache.get(key) ?? null;
  };
  const html = reportHtml(sets, dirs, shots);
  mkdirSync(out, { recursive: true });
  const shotsDir = join(out, SHOTS_DIR);
  if (existsSync(shotsDir))
    for (const n of readdirSync(shotsDir)) if (!pictures.has(n)) rmSync(join(shotsDir, n), { force: true });
  if (pictures.size > 0) mkdirSync(shotsDir, { recursive: true });
  for (const [name, png] of pictures) writeFileAtomic(join(shotsDir, name), png);
  if (pictures.size === 0 && existsSync(shotsDir)) rmSync(shotsDir, { recursive: true, force: true });
  writeFileAtomic(join(out, REPORT_MD), reportMarkdown(sets, dirs));
  writeFileAtomic(join(out, REPORT_CSV), runsCsv(sets));
  writeFileAtomic(join(out, GROUPS_CSV), groupsCsv(sets));
  writeFileAtomic(join(out, REPORT_HTML), html);
  const runs = sets.flatMap((s) => s.runs);
  return {
    out,
    sets,
    runs: runs.length,
    episodes: runs.reduce((n, r) => n + r.episodes.length, 0),
    shots: pictures.size,
    marks,
  };
}
