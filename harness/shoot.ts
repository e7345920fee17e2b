import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { families } from '../scenarios/index.ts';
import type { LoadedBundle } from '../simulator/bundle.ts';
import { bboxRect, clickSamples } from '../simulator/clicks.ts';
import { Camera } from '../simulator/shots.ts';
import { CORRECT, DECEPTIVE, drawBoxes } from '../simulator/report/draw.ts';
import { silent, type Progress } from './progress.ts';

export interface ShootOptions {
  /** Chromium executable (already found). */
  executable: string;
  scale: number;
  progress?: Progress;
}

export interface ShootResult {
  count: number;
  /** Configurations drawn without boxes, and why. */
  unboxed: { scenario: string; reason: string }[];
}

/**
 * shots/start.png and shots/start-boxes.png in each bundle's folder under `dir`: a deceptive
 * configuration is shown where its trap and its way out first share the view before either
 * is acted on (its click sample's state, simulator/clicks.ts), with B_c in green and B_d in red.
 */
export async function shootBundles(bundles: readonly LoadedBundle[], dir: string, opts: ShootOptions): Promise<ShootResult> {
  const progress = opts.progress ?? silent;
  const camera = new Camera({ executable: opts.executable, scale: opts.scale });
  const unboxed: ShootResult['unboxed'] = [];
  try {
    for (const [i, b] of bundles.entries()) {
      const first = b.manifest.patterns[0];
      const [sample] = first ? await clickSamples(b, { category: families.get(first.family).category, nullClicks: 0 }) : [];
      const shot = await camera.shoot(b, sample?.actions ?? []);
      const boxes = sample ? [{ rect: bboxRect(sample.correct.bbox), colour: CORRECT }, ...(sample.dark ? [{ rect: bboxRect(sample.dark.bbox), colour: DECEPTIVE }] : [])] : [];
      if (!sample) {
        const reason = !first ? 'a control: nothing deceptive to box' : !b.manifest.feasible ? 'no safe completion, so no correct box (B_c)' : 'its correct and deceptive boxes are never in view together';
        unboxed.push({ scenario: b.manifest.id, reason });
      }
      const to = join(dir, b.manifest.id, 'shots');
      mkdirSync(to, { recursive: true });
      writeFileSync(join(to, 'start.png'), shot.png);
      writeFileSync(join(to, 'start-boxes.png'), await drawBoxes(shot.png, boxes, opts.scale));
      progress('configurations', i + 1, bundles.length);
    }
  } finally {
    await camera.close();
  }
  return { count: bundles.length, unboxed };
}
