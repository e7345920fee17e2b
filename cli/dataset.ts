import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../scenarios/errors.ts';
import { VIEWPORT } from '../scenarios/contract.ts';
import { findChromium } from '../simulator/engine/chromium.ts';
import { Camera } from '../simulator/shots.ts';
import { rucRecord, RUC_RECORD } from '../simulator/dataset.ts';
import { bboxRect, type ClickSample } from '../simulator/clicks.ts';
import { CORRECT, DECEPTIVE, drawBoxes, MARK } from '../simulator/report/draw.ts';
import { BOX_TOLERANCE } from '../simulator/conform.ts';
import { intFlag, optionalInt, parseFlags, usage, type Flags } from './args.ts';
import { countsTable, generateClicks, resize } from './clicks.ts';
import { selectSuite } from './select.ts';

const FLAGS: Flags = {
  out: { type: 'string', description: 'output folder (must not exist or be empty)', default: 'out/<suite>-dataset' },
  seed: { type: 'string', description: 'seed of generation', default: '7' },
  normal: { type: 'string', description: 'number of normal samples (default: the suite\'s 910)' },
  deceptive: { type: 'string', description: 'number of deceptive samples (default: the suite\'s 497)' },
  scale: { type: 'string', description: 'device pixels per CSS pixel: 1 gives 1280x800 images, 2 gives 2560x1600', default: '1' },
  overlay: { type: 'boolean', description: 'also write copies with B_c in green and B_d in red (overlays/)' },
  marks: { type: 'boolean', description: 'also write set-of-marks copies, numbered by observation ref (marks/)' },
  browser: { type: 'string', description: 'Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)' },
};

export const summary = 'Render a click suite (ruc) in Chromium: images, samples.jsonl in RUC\'s shape, README with counts';
export const help = () => usage('dataset', 'ruc --out <dir> [--scale N] [--overlay] [--marks] [--normal N] [--deceptive N]', FLAGS);


export async function run(argv: readonly string[]): Promise<string> {
  const { values, positionals } = parseFlags('dataset', argv, FLAGS);
  const name = positionals[0];
  if (!name) throw new UserError('dataset: name a click suite, e.g. decoy dataset ruc --out out/ruc-dataset');
  const suite = selectSuite(name);
  if (!suite.clicks) throw new UserError(`dataset: suite '${name}' has no click samples (try ruc)`);
  const out = typeof values.out === 'string' ? values.out : `out/${suite.id}-dataset`;
  if (existsSync(out) && readdirSync(out).length > 0) throw new UserError(`dataset: ${out} already exists and is not empty`);
  const scale = intFlag('scale', values.scale, 1);
  if (scale < 1 || scale > 4) throw new UserError('dataset: --scale must be 1 to 4');
  // Before any work: without a browser there is nothing to render with.
  const executable = findChromium(values.browser as string | undefined);
  const seed = intFlag('seed', values.seed, 7);
  const spec = resize(suite.clicks, optionalInt('normal', values.normal), optionalInt('deceptive', values.deceptive));
  const started = Date.now();
  const { bundles, samples } = await generateClicks(suite, seed, spec);
  const byId = new Map(bundles.map((b) => [b.manifest.id, b]));

  // Everything goes to a sibling folder first, renamed into place only when complete.
  const tmp = `${out}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  for (const d of ['images', ...(values.overlay ? ['overlays'] : []), ...(values.marks ? ['marks'] : [])]) mkdirSync(join(tmp, d), { recursive: true });
  const camera = new Camera({ executable, scale });
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
      if (values.overlay) {
        const boxes = [{ rect: bboxRect(s.correct.bbox), colour: CORRECT }, ...(s.dark ? [{ rect: bboxRect(s.dark.bbox), colour: DECEPTIVE }] : [])];
        writeFileSync(join(tmp, 'overlays', file), await drawBoxes(shot.png, boxes, scale));
      }
      if (values.marks) {
        const marks = shot.observation.elements.filter((e) => e.ref && e.box && e.inViewport).map((e) => ({ rect: e.box!, colour: MARK, label: e.ref!.slice(1) }));
        writeFileSync(join(tmp, 'marks', file), await drawBoxes(shot.png, marks, scale));
      }
      lines.push(JSON.stringify(RUC_RECORD.parse(rucRecord(s, `images/${file}`, scale))));
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
  writeFileSync(join(tmp, 'README.md'), readme(suite.id, seed, scale, samples));
  rmSync(out, { recursive: true, force: true });
  renameSync(tmp, out);
  return `wrote ${samples.length} samples of '${suite.id}' to ${out}: ${(samples.length / seconds).toFixed(1)} screenshots/s, ${((Date.now() - started) / 1000).toFixed(0)} s in all, largest box deviation from Chromium ${worst} px`;
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
