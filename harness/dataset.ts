import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { VIEWPORT } from '../scenarios/contract.ts';
import { join } from 'node:path';
import type { ClickSuiteSpec, SuiteDef } from '../scenarios/model.ts';
import { UserError } from '../scenarios/errors.ts';
import { Camera } from '../simulator/shots.ts';
import { rucRecord, RUC_RECORD } from '../simulator/dataset.ts';
import { bboxRect, type ClickSample } from '../simulator/clicks.ts';
import { CORRECT, DECEPTIVE, drawBoxes, MARK } from '../simulator/report/draw.ts';
import { setOfMarks } from '../simulator/report/marks.ts';
import { BOX_TOLERANCE } from '../simulator/conform.ts';
import { countsTable, generateClicks, quotas } from './clicks.ts';
import { silent, type Progress } from './progress.ts';

export interface DatasetConfig {
  readonly suite: SuiteDef;
  /** The suite's click spec, resized to what was asked. */
  readonly spec: ClickSuiteSpec;
  readonly seed: number;
  readonly out: string;
  readonly scale: number;
  readonly overlay: boolean;
  readonly marks: boolean;
  /** Chromium executable (already found). */
  readonly executable: string;
}

export interface DatasetResult {
  samples: number;
  screenshotsPerSecond: number;
  seconds: number;
  worstDeviation: number;
}

/**
 * A click suite rendered in Chromium: images (and overlays, set-of-marks copies),
 * samples.jsonl in RUC's shape and a README with the counts. Everything goes to a sibling
 * folder first and is renamed into place only when complete.
 */
export async function writeDataset(c: DatasetConfig, progress: Progress = silent): Promise<DatasetResult> {
  if (existsSync(c.out) && readdirSync(c.out).length > 0) throw new UserError(`${c.out} already exists and is not empty; choose another --out`);
  quotas(c.suite, c.spec);
  const started = Date.now();
  const { bundles, samples } = await generateClicks(c.suite, c.seed, c.spec, progress);
  const byId = new Map(bundles.map((b) => [b.manifest.id, b]));
  const tmp = `${c.out}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  for (const d of ['images', ...(c.overlay ? ['overlays'] : []), ...(c.marks ? ['marks'] : [])]) mkdirSync(join(tmp, d), { recursive: true });
  const camera = new Camera({ executable: c.executable, scale: c.scale });
  const lines: string[] = [];
  let worst = 0;
  const shootStart = Date.now();
  try {
    for (const [i, s] of samples.entries()) {
      const bundle = byId.get(s.scenario);
      if (!bundle) throw new Error(`sample ${s.id}: its bundle was not generated`);
      const shot = await camera.shoot({ manifest: bundle.manifest, site: { files: bundle.files } }, s.actions);
      worst = Math.max(worst, await deviation(camera, s));
      const file = `${String(i).padStart(5, '0')}.png`;
      writeFileSync(join(tmp, 'images', file), shot.png);
      if (c.overlay) {
        const boxes = [{ rect: bboxRect(s.correct.bbox), colour: CORRECT }, ...(s.dark ? [{ rect: bboxRect(s.dark.bbox), colour: DECEPTIVE }] : [])];
        writeFileSync(join(tmp, 'overlays', file), await drawBoxes(shot.png, boxes, c.scale));
      }
      if (c.marks) {
        const marks = setOfMarks(shot.observation.elements, bundle.manifest.viewport).map((m) => ({ rect: m.rect, colour: MARK, label: m.label }));
        writeFileSync(join(tmp, 'marks', file), await drawBoxes(shot.png, marks, c.scale));
      }
      lines.push(JSON.stringify(RUC_RECORD.parse(rucRecord(s, `images/${file}`, c.scale))));
      progress('screenshots', i + 1, samples.length);
    }
    if (worst > BOX_TOLERANCE) throw new Error(`a sample's box differs from Chromium's layout by ${worst} px`);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    throw e;
  } finally {
    await camera.close();
  }
  const seconds = (Date.now() - shootStart) / 1000;
  writeFileSync(join(tmp, 'samples.jsonl'), lines.join('\n') + '\n');
  writeFileSync(join(tmp, 'README.md'), readme(c.suite.id, c.seed, c.scale, samples));
  rmSync(c.out, { recursive: true, force: true });
  renameSync(tmp, c.out);
  return { samples: samples.length, screenshotsPerSecond: samples.length / seconds, seconds: (Date.now() - started) / 1000, worstDeviation: worst };
}

/** The largest difference between a sample's boxes and Chromium's layout of the same elements. */
async function deviation(camera: Camera, s: ClickSample): Promise<number> {
  let worst = 0;
  for (const e of [s.correct, ...(s.dark ? [s.dark] : [])]) {
    const ours = bboxRect(e.bbox);
    const theirs = await camera.browser.measure(ours, e.role);
    if (!theirs) throw new Error(`sample ${s.id}: no ${e.role} "${e.name}" at its box in Chromium`);
    worst = Math.max(worst, Math.abs(theirs.x - ours.x), Math.abs(theirs.y - ours.y), Math.abs(theirs.w - ours.w), Math.abs(theirs.h - ours.h));
  }
  return worst;
}

function readme(suite: string, seed: number, scale: number, samples: readonly ClickSample[]): string {
  return [
    `# ${suite} click dataset`,
    '',
    `Generated by decoy (suite \`${suite}\`, seed ${seed}), rendered in Chromium at ${VIEWPORT.width * scale}x${VIEWPORT.height * scale}.`,
    '`samples.jsonl` holds one record per sample: the image, the task text, domain, deception category, split,',
    '`correct_box` (B_c) and, for deceptive samples, `dark_box` (B_d) with `bbox` [x1, y1, x2, y2] in image pixels',
    'and `bbox_norm` in [0, 1], and the clicks of DUDE Appendix D (label 1 on B_c, -1 on B_d, 0 elsewhere).',
    '',
    countsTable(samples),
    '',
  ].join('\n');
}
