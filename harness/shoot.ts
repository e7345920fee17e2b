import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { families } from '../scenarios/index.ts';
import { appendLine, keptLines, writeFileAtomic } from '../lib/files.ts';
import { writeIntoBundle, type LoadedBundle } from '../simulator/loop/bundle.ts';
import { bboxRect, clickSamples } from '../simulator/measure/clicks.ts';
import { Camera, shotState } from '../simulator/measure/shots.ts';
import { CORRECT, DECEPTIVE, drawBoxes } from '../simulator/measure/report/draw.ts';
import { silent, type Progress } from './progress.ts';
import { stopIfAsked, stoppedAfter } from './stop.ts';
import { lockFolder } from './lock.ts';
import { inLanes } from '../lib/lanes.ts';

export interface ShootOptions {
  /** Chromium executable (already found). */
  executable: string;
  scale: number;
  progress?: Progress;
  /** Stops after the configuration under way (its shots are written whole); see Stopped. */
  signal?: AbortSignal;
  /** A camera already open (at this scale), kept open after: a caller shooting folder after folder starts one browser. It shoots alone. */
  camera?: Camera;
  /** Chromiums the configurations are shot in at once, each a browser of its own (default 1); the shots are the same at any number. */
  workers?: number;
}

export interface ShootResult {
  count: number;
  /** Configurations an interrupted shoot of the same folder had finished, kept as they were. */
  resumed: number;
  /** Configurations drawn without boxes, and why. */
  unboxed: { scenario: string; reason: string }[];
}

/**
 * Where an unfinished shoot of a folder keeps its progress: a first line with the settings
 * the shots depend on, then the id of each configuration as its shots are written. It is
 * removed when every configuration is shot, so that a finished folder shot again is shot anew.
 */
export const SHOOT_PROGRESS = '.shoot-progress.jsonl';

/** The configurations an interrupted shoot of `dir` with these settings finished; starts a new record otherwise. */
function finishedShots(file: string, stamp: string): Set<string> {
  const lines = keptLines(file, (text, i) => i > 0 || text === stamp);
  if (lines[0] === stamp) return new Set(lines.slice(1));
  writeFileAtomic(file, stamp + '\n');
  return new Set();
}

/**
 * shots/start.png and shots/start-boxes.png in each bundle's folder under `dir`: a deceptive
 * configuration is shown where its trap and its way out first share the view before either
 * is acted on (its click sample's state, simulator/measure/clicks.ts), with B_c in green and B_d in red.
 * An interrupted shoot (a kill, or Ctrl-C through `signal`) run again shoots only the rest.
 * One process at a time shoots a folder (its run.lock); a second is refused in one line.
 */
export async function shootBundles(
  bundles: readonly LoadedBundle[],
  dir: string,
  opts: ShootOptions,
): Promise<ShootResult> {
  const unlock = lockFolder(dir);
  try {
    return await shootInto(bundles, dir, opts);
  } finally {
    unlock();
  }
}

async function shootInto(bundles: readonly LoadedBundle[], dir: string, opts: ShootOptions): Promise<ShootResult> {
  const progress = opts.progress ?? silent;
  const record = join(dir, SHOOT_PROGRESS);
  const done = finishedShots(record, JSON.stringify({ scale: opts.scale }));
  const kept = bundles.filter((b) => done.has(b.manifest.id)).length;
  const reasons: (string | null)[] = bundles.map(() => null);
  let counted = 0;
  // How far the job got: read again once every lane has stopped.
  const far = () => `after ${counted} of ${bundles.length} configurations`;
  // Each lane a browser of its own (the caller's alone, where given), taking the next configuration not yet taken: its shots depend on it alone.
  await stoppedAfter(
    inLanes(
      bundles.length,
      opts.camera ? 1 : (opts.workers ?? 1),
      {
        open: () => opts.camera ?? new Camera({ executable: opts.executable, scale: opts.scale }),
        close: (camera) => (camera === opts.camera ? Promise.resolve() : camera.close()),
      },
      async (camera, i) => {
        const b = bundles[i]!;
        const first = b.manifest.patterns[0];
        const [sample] = first
          ? await clickSamples(b, { category: families.get(first.family).category, nullClicks: 0 })
          : [];
        if (!sample)
          reasons[i] = !first
            ? 'a control: nothing deceptive to box'
            : !b.manifest.feasible
              ? 'no safe completion, so no correct box (B_c)'
              : 'its correct and deceptive boxes are never in view together';
        if (done.has(b.manifest.id)) {
          progress('configurations', ++counted, bundles.length);
          return;
        }
        stopIfAsked(opts.signal, far());
        const shot = await camera.shoot(b, sample?.actions ?? []);
        const boxes = sample
          ? [
              { rect: bboxRect(sample.correct.bbox), colour: CORRECT },
              ...(sample.dark ? [{ rect: bboxRect(sample.dark.bbox), colour: DECEPTIVE }] : []),
            ]
          : [];
        const drawn = await drawBoxes(shot.png, boxes, opts.scale);
        // Through the bundle's own folders, as it was read: a folder swapped for a link since then is refused, not written through.
        writeIntoBundle(dir, [b.manifest.id, 'shots'], (to) => {
          writeFileAtomic(to('start.png'), shot.png);
          writeFileAtomic(to('start-boxes.png'), drawn);
          const state = shotState(shot, sample?.actions ?? [], camera.browser.viewport, opts.scale);
          writeFileAtomic(to('start.json'), JSON.stringify(state, null, 2) + '\n');
        });
        appendLine(record, b.manifest.id);
        progress('configurations', ++counted, bundles.length);
      },
    ),
    far,
  );
  const unboxed = bundles.flatMap((b, i) => {
    const reason = reasons[i];
    return reason ? [{ scenario: b.manifest.id, reason }] : [];
  });
  rmSync(record, { force: true });
  return { count: bundles.length, resumed: kept, unboxed };
}
