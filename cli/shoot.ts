import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../scenarios/errors.ts';
import { families } from '../scenarios/index.ts';
import { generateSuite, writeBundles } from '../generator/bundle.ts';
import { readBundles, type LoadedBundle } from '../simulator/bundle.ts';
import { bboxRect, clickSamples } from '../simulator/clicks.ts';
import { findChromium } from '../simulator/engine/chromium.ts';
import { Camera } from '../simulator/shots.ts';
import { CORRECT, DECEPTIVE, drawBoxes } from '../simulator/report/draw.ts';
import { intFlag, parseFlags, usage, type Flags } from './args.ts';
import { selectSuite } from './select.ts';

const FLAGS: Flags = {
  bundles: { type: 'string', description: 'bundles written by decoy generate; shots go into each bundle folder' },
  suite: { type: 'string', description: 'or: generate this suite into --out first, then shoot it' },
  out: { type: 'string', description: 'with --suite: output folder', default: 'out/<suite>' },
  seed: { type: 'string', description: 'seed of generation', default: '7' },
  pattern: { type: 'string', multiple: true, description: 'keep only configurations with this pattern family (repeatable)' },
  scale: { type: 'string', description: 'device pixels per CSS pixel', default: '1' },
  browser: { type: 'string', description: 'Chromium executable (default: $DECOY_CHROMIUM, else chromium on PATH)' },
};

export const summary = 'Screenshots of every configuration in Chromium (shots/start.png and start-boxes.png per bundle)';
export const help = () => usage('shoot', '--bundles <dir> | --suite <name> [--out DIR] [--scale N] [--browser PATH]', FLAGS);


export async function run(argv: readonly string[]): Promise<string> {
  const { values } = parseFlags('shoot', argv, FLAGS);
  const executable = findChromium(values.browser as string | undefined);
  const scale = intFlag('scale', values.scale, 1);
  if (scale < 1 || scale > 4) throw new UserError('shoot: --scale must be 1 to 4');
  let dir: string;
  let bundles: LoadedBundle[];
  if (typeof values.bundles === 'string') {
    dir = values.bundles;
    bundles = readBundles(dir);
  } else if (typeof values.suite === 'string') {
    const suite = selectSuite(values.suite, (values.pattern as string[] | undefined) ?? []);
    const seed = intFlag('seed', values.seed, 7);
    dir = typeof values.out === 'string' ? values.out : `out/${suite.id}`;
    const made = generateSuite(suite, seed);
    writeBundles(dir, suite.id, seed, made);
    bundles = made.map((b) => ({ manifest: b.manifest, site: { files: b.files } }));
  } else throw new UserError('shoot: give --bundles <dir> or --suite <name>');
  const camera = new Camera({ executable, scale });
  const started = Date.now();
  try {
    for (const b of bundles) {
      // A deceptive configuration is shown where its trap and its way out first share the view.
      const first = b.manifest.patterns[0];
      const [sample] = first ? await clickSamples(b, { category: families.get(first.family).category, nullClicks: 0 }) : [];
      const shot = await camera.shoot(b, sample?.actions ?? []);
      const boxes = sample ? [{ rect: bboxRect(sample.correct.bbox), colour: CORRECT }, ...(sample.dark ? [{ rect: bboxRect(sample.dark.bbox), colour: DECEPTIVE }] : [])] : [];
      const to = join(dir, b.manifest.id, 'shots');
      mkdirSync(to, { recursive: true });
      writeFileSync(join(to, 'start.png'), shot.png);
      writeFileSync(join(to, 'start-boxes.png'), await drawBoxes(shot.png, boxes, scale));
    }
  } finally {
    await camera.close();
  }
  const s = (Date.now() - started) / 1000;
  return `shot ${bundles.length} configurations in ${dir} (${(bundles.length / s).toFixed(1)} configurations/s)`;
}
