/**
 * The experience folder: one lessons file per iteration (written before the defense reads it),
 * `lessons.txt` (the best so far), `curve.json` and `curve.svg`, each written whole as soon as
 * it changes, so that a run stopped at any point leaves every file it wrote complete and
 * `lessons.txt` the best of the iterations done.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { clip, UserError } from '../../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../../lib/files.ts';
import { LOCK_NAME } from '../lock.ts';
import { curveSvg } from './chart.ts';
import { lessonsFile, type Lesson } from './lessons.ts';
import type { ExperienceResult, IterationRecord } from './loop.ts';
import { phrasingsNote, type Phrasings } from '../../scenarios/phrasing.ts';

const pct = (v: number | null) => (v === null ? '–' : v.toFixed(1));

export const CURVE_FILE = 'curve.json';
export const CHART_FILE = 'curve.svg';
export const BEST_FILE = 'lessons.txt';
const ITERATION_FILE = /^lessons-\d+\.txt$/;

/** What the folder's metric is, as curve.json says it. */
export const METRIC =
  "validation pass rate: the share of the validation split's clicks judged with their own label (DUDE's Eval Pass; the criterion of Appendix G.3)";

const ours = (name: string) =>
  name === CURVE_FILE || name === CHART_FILE || name === BEST_FILE || ITERATION_FILE.test(name);

/**
 * Refuses a folder that holds anything but an earlier experience; clears an earlier
 * experience's files, so that none of them can pass for this run's.
 */
export function claimExperienceFolder(out: string): void {
  if (!existsSync(out)) return;
  const names = readdirSync(out).filter((n) => !isTempName(n) && n !== LOCK_NAME);
  const stranger = names.find((n) => !ours(n));
  if (stranger !== undefined || (names.length > 0 && !names.includes(CURVE_FILE)))
    throw new UserError(
      `${clip(out)} holds something other than an experience (${clip(stranger ?? names[0] ?? '')}); nothing was changed (choose another --out)`,
    );
  for (const n of names) rmSync(join(out, n), { force: true });
}

export const iterationFile = (t: number, cap: number) =>
  `lessons-${String(t).padStart(Math.max(2, String(cap).length), '0')}.txt`;

export class ExperienceFolder {
  constructor(
    readonly out: string,
    /** The run's configuration and its sample counts, as curve.json opens. */
    private readonly about: { config: Readonly<Record<string, unknown>>; samples: Readonly<Record<string, number>> },
    private readonly cap: number,
  ) {
    mkdirSync(out, { recursive: true });
  }

  /** Writes the iteration's lessons and returns the file's path, which the defense is given. */
  lessons(t: number, lessons: readonly Lesson[]): string {
    const file = join(this.out, iterationFile(t, this.cap));
    writeFileAtomic(file, lessonsFile(lessons, [`decoy experience: the lessons of iteration ${t}`]));
    return file;
  }

  update(done: Readonly<Omit<ExperienceResult, 'stop'> & { stop: ExperienceResult['stop'] | null }>): void {
    const records = done.iterations;
    const best = records[done.best] as IterationRecord;
    const first = records[0] as IterationRecord;
    // Rewritten only when the best changes, so that its bytes say which iteration it is.
    const bestText = lessonsFile(best.lessons, [
      `decoy experience: the best lessons, from iteration ${best.iteration} (${iterationFile(best.iteration, this.cap)})`,
      `validation pass rate ${pct(best.valid.pass)}% (iteration 0, no lessons: ${pct(first.valid.pass)}%)`,
    ]);
    const bestFile = join(this.out, BEST_FILE);
    if (!existsSync(bestFile) || readFileSync(bestFile, 'utf8') !== bestText) writeFileAtomic(bestFile, bestText);
    const curve = {
      config: this.about.config,
      samples: this.about.samples,
      metric: METRIC,
      best: done.best,
      stop: done.stop,
      iterations: records.map((r) => ({
        iteration: r.iteration,
        file: iterationFile(r.iteration, this.cap),
        lessons: r.lessons.length,
        failures: r.failures,
        successes: r.successes,
        train: r.train,
        valid: r.valid,
        batch: r.batch,
        anchors: r.anchors,
        ...(r.note !== undefined ? { note: r.note } : {}),
      })),
    };
    writeFileAtomic(join(this.out, CURVE_FILE), JSON.stringify(curve, null, 2) + '\n');
    const c = this.about.config;
    const held = phrasingsNote(c.phrasings as Phrasings | undefined);
    const title = `${String(c.defense)} · ${String(c.suite)} (seed ${String(c.seed)}${held}) · summarizer ${String(c.summarizer)}`;
    writeFileAtomic(join(this.out, CHART_FILE), curveSvg(records, done.best, title));
  }
}
