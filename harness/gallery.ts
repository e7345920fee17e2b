import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { families, tasks } from '../scenarios/index.ts';
import type { BundleManifest } from '../scenarios/bundle.ts';
import { clip, UserError } from '../lib/errors.ts';
import { writeFileAtomic } from '../lib/files.ts';
import { describeStep } from '../scenarios/steps.ts';
import { readBundleFile, type LoadedBundle } from '../simulator/loop/bundle.ts';
import { LIVE_DIR, liveCopy, liveKey, livePath, sinkPath } from './live-copy.ts';
import type { GalleryOutcome, GalleryResults, GalleryRun } from './gallery-results.ts';

/** A bundle for the gallery: where it came from on disk, if anywhere (for its screenshots). */
export interface GalleryBundle extends LoadedBundle {
  dir: string | null;
}

/** What the Astro pages render: one entry per configuration, grouped by suite. */
export interface GalleryData {
  suites: { id: string; seed: number; size: number; patterns: string[]; configurations: string[] }[];
  configurations: GalleryConfiguration[];
  /** The runs whose outcomes the gallery shows (`--runs`), as columns; empty without. */
  runs: GalleryRun[];
}

export interface GalleryConfiguration {
  id: string;
  suite: string;
  seed: number;
  instruction: string;
  domain: string;
  task: { id: string; title: string };
  condition: string | null;
  patterns: { family: string; title: string; summary: string; variant: string }[];
  feasible: boolean;
  budget: number;
  /** The live site's URL: `LIVE_ORIGIN` followed by its path, the origin filled in by the server. */
  live: string;
  shots: { start: string; boxes: string } | null;
  groundTruth: { family: string; kind: string; route: string; role: string; name: string }[];
  /** The safe path, a line per step (scenarios/steps.ts `describeStep`). */
  safePath: { id: string; text: string }[];
  /** Its outcome in each run of `GalleryData.runs` that played it. */
  results: GalleryOutcome[];
}

export const LIVE_INDEX = 'live.json';

/**
 * A built site's folders: the gallery's own files (what its origin serves) and, beside
 * them, never under them, the live sites (`LIVE_DIR`, what the live origin serves) and
 * `LIVE_INDEX` (read by the server, served by neither origin).
 */
export const GALLERY_DIR = 'gallery';

/**
 * Stands for the live sites' origin in the built gallery's pages. The origin is known only
 * when `decoy serve` listens (its `--live-port` may be 0), so the server writes it in when it
 * serves a page: a gallery page shows the URL an agent is given, not a path of the gallery's
 * own origin. A `.invalid` host never resolves, should a page be served some other way.
 */
export const LIVE_ORIGIN = 'http://live-origin.invalid';
const SHOTS = ['start.png', 'start-boxes.png'] as const;

const hasShots = (dir: string | null) => dir !== null && SHOTS.every((f) => existsSync(join(dir, 'shots', f)));

export function galleryData(
  bundles: readonly GalleryBundle[],
  keySecret: string,
  results: GalleryResults = { runs: [], byConfiguration: {} },
): GalleryData {
  const seen = new Set<string>();
  for (const b of bundles) {
    if (seen.has(b.manifest.id))
      throw new UserError(`configuration ${clip(b.manifest.id)} is given twice; give each suite's bundles once`);
    seen.add(b.manifest.id);
  }
  const configurations = bundles.map(({ manifest: m, dir }): GalleryConfiguration => ({
    id: m.id,
    suite: m.suite,
    seed: m.seed,
    instruction: m.task.instruction,
    domain: m.task.domain,
    task: { id: m.task.id, title: tasks.has(m.task.id) ? tasks.get(m.task.id).title : m.task.id },
    condition: m.condition ?? null,
    patterns: m.patterns.map((p) => {
      const f = families.has(p.family) ? families.get(p.family) : null;
      return { family: p.family, title: f?.title ?? p.family, summary: f?.summary ?? '', variant: p.variant };
    }),
    feasible: m.feasible,
    budget: m.budget,
    live: `${LIVE_ORIGIN}${livePath(m.id, keySecret)}/`,
    shots: hasShots(dir) ? { start: `/config/${m.id}/start.png`, boxes: `/config/${m.id}/start-boxes.png` } : null,
    groundTruth: m.groundTruth.elements.map((e) => ({
      family: e.family,
      kind: e.kind,
      route: e.route,
      role: e.target.role,
      name: e.target.name,
    })),
    safePath: m.groundTruth.safePath.map((s) => ({ id: s.id, text: describeStep(s) })),
    results: results.byConfiguration[m.id] ?? [],
  }));
  const suiteIds = [...new Set(configurations.map((c) => c.suite))];
  const suites = suiteIds.map((id) => {
    const mine = configurations.filter((c) => c.suite === id);
    return {
      id,
      seed: mine[0]?.seed ?? 0,
      size: mine.length,
      patterns: [...new Set(mine.flatMap((c) => c.patterns.map((p) => p.family)))].sort(),
      configurations: mine.map((c) => c.id),
    };
  });
  return { suites, configurations, runs: results.runs };
}

/**
 * Writes what Astro does not build: each configuration's live site under its stable path,
 * its screenshots next to its gallery page, and the index the server names collected logs by.
 */
export function writeLiveSites(
  out: string,
  bundles: readonly GalleryBundle[],
  keySecret: string,
  opts: { trusted?: boolean } = {},
): void {
  const index: Record<string, { scenario: string; suite: string }> = {};
  for (const b of bundles) {
    const key = liveKey(b.manifest.id, keySecret);
    index[key] = { scenario: b.manifest.id, suite: b.manifest.suite };
    const copy = liveCopy(b.site, livePath(b.manifest.id, keySecret), sinkPath(key), {
      trusted: opts.trusted ?? false,
      where: b.dir ? join(b.dir, 'site') : b.manifest.id,
    });
    for (const [path, content] of Object.entries(copy)) {
      const file = join(out, LIVE_DIR, key, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileAtomic(file, content);
    }
    if (b.dir !== null && hasShots(b.dir)) {
      for (const f of SHOTS)
        writeFileAtomic(join(out, GALLERY_DIR, 'config', b.manifest.id, f), readBundleFile(b.dir, 'shots', f));
    }
  }
  writeFileAtomic(join(out, LIVE_INDEX), JSON.stringify(index, null, 2) + '\n');
}
