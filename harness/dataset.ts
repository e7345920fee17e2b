import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { z } from 'zod';
import { VIEWPORT } from '../scenarios/contract.ts';
import { join } from 'node:path';
import type { ClickSuiteSpec, SuiteDef } from '../scenarios/model.ts';
import { clip, UserError } from '../lib/errors.ts';
import { appendLine, keptLines, writeFileAtomic } from '../lib/files.ts';
import { Camera } from '../simulator/measure/shots.ts';
import { rucRecord, RUC_RECORD } from '../simulator/measure/dataset.ts';
import { bboxRect, type ClickSample } from '../simulator/measure/clicks.ts';
import { CORRECT, DECEPTIVE, drawBoxes } from '../simulator/measure/report/draw.ts';
import { drawMarks } from '../simulator/measure/report/marks.ts';
import { BOX_TOLERANCE } from '../simulator/measure/conform.ts';
import { countsTable, generateClicks, quotas } from './clicks.ts';
import { silent, type Progress } from './progress.ts';
import { stopIfAsked, stoppedAfter } from './stop.ts';
import { inLanes } from '../lib/lanes.ts';
import { lockBeside } from './lock.ts';
import { phrasingsNote, recordedPhrasings, type Phrasings } from '../scenarios/phrasing.ts';

export interface DatasetConfig {
  readonly suite: SuiteDef;
  /** The suite's click spec, resized to what was asked. */
  readonly spec: ClickSuiteSpec;
  readonly seed: number;
  /** Which half of the phrasing pools the samples' texts come from (the standard one when absent). */
  readonly phrasings?: Phrasings;
  readonly out: string;
  readonly scale: number;
  readonly overlay: boolean;
  readonly marks: boolean;
  /** Chromium executable (already found). */
  readonly executable: string;
  /** Chromiums the samples are rendered in at once, each a browser of its own (default 1); the files are the same at any number. */
  readonly workers?: number;
}

export interface DatasetResult {
  samples: number;
  /** Samples an interrupted run into the same folder had rendered, kept as they were. */
  resumed: number;
  screenshotsPerSecond: number;
  seconds: number;
  worstDeviation: number;
}

/** In the unfinished dataset folder: the settings the images depend on, then a line per rendered sample. */
const PROGRESS = '.progress.jsonl';
const RENDERED = z.object({ sample: z.number().int().nonnegative(), deviation: z.number().nonnegative() }).strict();

/**
 * The samples an interrupted run with the same settings rendered into `tmp` (by index, with
 * their box deviation); otherwise `tmp` is emptied and started with these settings.
 */
function renderedBefore(tmp: string, stamp: string, dirs: readonly string[]): Map<number, number> {
  const file = join(tmp, PROGRESS);
  const done = new Map<number, number>();
  const rendered = (text: string) => {
    try {
      return RENDERED.parse(JSON.parse(text));
    } catch {
      return null;
    }
  };
  const lines = keptLines(file, (text, i) => (i === 0 ? text === stamp : rendered(text) !== null));
  if (lines[0] === stamp) {
    for (const line of lines.slice(1)) {
      const r = rendered(line)!;
      done.set(r.sample, r.deviation);
    }
    return done;
  }
  rmSync(tmp, { recursive: true, force: true });
  for (const d of dirs) mkdirSync(join(tmp, d), { recursive: true });
  writeFileAtomic(file, stamp + '\n');
  return done;
}

/**
 * A click suite rendered in Chromium: images (and overlays, set-of-marks copies),
 * samples.jsonl in RUC's shape and a README with the counts. Everything goes to a sibling
 * folder (`<out>.partial`) first and is renamed into place only when complete. A run stopped
 * on the way (a kill, a crash, or Ctrl-C through `signal`) leaves that folder with what it
 * rendered; the same command run again renders only the rest. One process at a time writes
 * a dataset (`<out>.lock`); a second is refused in one line.
 */
export async function writeDataset(
  c: DatasetConfig,
  progress: Progress = silent,
  signal?: AbortSignal,
): Promise<DatasetResult> {
  refuseFinished(c.out);
  quotas(c.suite, c.spec);
  const unlock = lockBeside(c.out);
  try {
    // Again, now that no other process writes it: one may have finished it meanwhile.
    refuseFinished(c.out);
    return await render(c, progress, signal);
  } finally {
    unlock();
  }
}

function refuseFinished(out: string): void {
  if (existsSync(out) && readdirSync(out).length > 0)
    throw new UserError(`${clip(out)} already exists and is not empty; choose another --out`);
}

/** A sample's image (and overlay, set-of-marks copy) file name: its place in samples.jsonl. */
const imageName = (i: number) => `${String(i).padStart(5, '0')}.png`;

async function render(c: DatasetConfig, progress: Progress, signal: AbortSignal | undefined): Promise<DatasetResult> {
  const started = Date.now();
  const { bundles, samples } = await generateClicks(c.suite, c.seed, c.spec, progress, c.phrasings);
  const byId = new Map(bundles.map((b) => [b.manifest.id, b]));
  const tmp = `${c.out}.partial`;
  const stamp = JSON.stringify({
    suite: c.suite.id,
    spec: c.spec,
    seed: c.seed,
    ...recordedPhrasings(c.phrasings),
    scale: c.scale,
    overlay: c.overlay,
    marks: c.marks,
    samples: samples.length,
  });
  const done = renderedBefore(tmp, stamp, [
    'images',
    ...(c.overlay ? ['overlays'] : []),
    ...(c.marks ? ['marks'] : []),
  ]);
  const lines = samples.map((s, i) =>
    JSON.stringify(RUC_RECORD.parse(rucRecord(s, `images/${imageName(i)}`, c.scale))),
  );
  let worst = 0;
  for (const before of done.values()) worst = Math.max(worst, before);
  let shot = 0;
  let counted = 0;
  // Rendered before an interruption: counted first.
  while (counted < done.size) progress('screenshots', ++counted, samples.length);
  const todo = samples.flatMap((_, i) => (done.has(i) ? [] : [i]));
  const shootStart = Date.now();
  // How far the job got: read again once every lane has stopped.
  const far = () => `after ${counted} of ${samples.length} screenshots`;
  // Each lane a browser of its own, taking the next sample not yet taken: a sample's files depend on it alone.
  await stoppedAfter(
    inLanes(
      todo.length,
      c.workers ?? 1,
      { open: () => new Camera({ executable: c.executable, scale: c.scale }), close: (camera) => camera.close() },
      async (camera, k) => {
        stopIfAsked(signal, far());
        const i = todo[k]!;
        const s = samples[i]!;
        const file = imageName(i);
        const bundle = byId.get(s.scenario);
        if (!bundle) throw new Error(`sample ${s.id}: its bundle was not generated`);
        const rendered = await camera.shoot({ manifest: bundle.manifest, site: { files: bundle.files } }, s.actions);
        const off = await deviation(camera, s);
        worst = Math.max(worst, off);
        if (c.overlay) {
          const boxes = [
            { rect: bboxRect(s.correct.bbox), colour: CORRECT },
            ...(s.dark ? [{ rect: bboxRect(s.dark.bbox), colour: DECEPTIVE }] : []),
          ];
          writeFileAtomic(join(tmp, 'overlays', file), await drawBoxes(rendered.png, boxes, c.scale));
        }
        if (c.marks) {
          writeFileAtomic(
            join(tmp, 'marks', file),
            await drawMarks(rendered.png, rendered.observation.elements, bundle.manifest.viewport, c.scale),
          );
        }
        writeFileAtomic(join(tmp, 'images', file), rendered.png);
        appendLine(join(tmp, PROGRESS), JSON.stringify({ sample: i, deviation: off }));
        shot++;
        progress('screenshots', ++counted, samples.length);
      },
    ),
    far,
  );
  if (worst > BOX_TOLERANCE) throw new Error(`a sample's box differs from Chromium's layout by ${worst} px`);
  const seconds = (Date.now() - shootStart) / 1000;
  writeFileAtomic(join(tmp, 'samples.jsonl'), lines.join('\n') + '\n');
  writeFileAtomic(join(tmp, 'README.md'), readme(c.suite.id, c.seed, c.scale, samples, c.phrasings));
  rmSync(join(tmp, PROGRESS));
  rmSync(c.out, { recursive: true, force: true });
  renameSync(tmp, c.out);
  return {
    samples: samples.length,
    resumed: done.size,
    screenshotsPerSecond: seconds > 0 ? shot / seconds : 0,
    seconds: (Date.now() - started) / 1000,
    worstDeviation: worst,
  };
}

/** The largest difference between a sample's boxes and Chromium's layout of the same elements. */
async function deviation(camera: Camera, s: ClickSample): Promise<number> {
  let worst = 0;
  for (const e of [s.correct, ...(s.dark ? [s.dark] : [])]) {
    const ours = bboxRect(e.bbox);
    const theirs = await camera.browser.measure(ours, e.role);
    if (!theirs) throw new Error(`sample ${s.id}: no ${e.role} "${e.name}" at its box in Chromium`);
    worst = Math.max(
      worst,
      Math.abs(theirs.x - ours.x),
      Math.abs(theirs.y - ours.y),
      Math.abs(theirs.w - ours.w),
      Math.abs(theirs.h - ours.h),
    );
  }
  return worst;
}

function readme(
  suite: string,
  seed: number,
  scale: number,
  samples: readonly ClickSample[],
  phrasings: Phrasings | undefined,
): string {
  const held = phrasingsNote(phrasings);
  return [
    `# ${suite} click dataset`,
    '',
    `Generated by decoy (suite \`${suite}\`, seed ${seed}${held}), rendered in Chromium at ${VIEWPORT.width * scale}x${VIEWPORT.height * scale}.`,
    '`samples.jsonl` holds one record per sample: the image, the task text, domain, deception category, split,',
    '`correct_box` (B_c) and, for deceptive samples, `dark_box` (B_d) with `bbox` [x1, y1, x2, y2] in image pixels',
    'and `bbox_norm` in [0, 1], and the clicks of DUDE Appendix D (label 1 on B_c, -1 on B_d, 0 elsewhere).',
    '',
    countsTable(samples),
    '',
  ].join('\n');
}
