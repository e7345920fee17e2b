import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ScenarioSpec, SiteSpec, SuiteDef } from '../scenarios/model.ts';
import { ANSWERS } from '../scenarios/contract.ts';
import { parseSuiteIndex, SUITE_INDEX, type BundleManifest, type SuiteIndex } from '../scenarios/bundle.ts';
import { createRng, scenarioSeed } from '../scenarios/rng.ts';
import { PHRASINGS_DEFAULT, type Phrasings } from '../scenarios/phrasing.ts';
import { clip, UserError } from '../lib/errors.ts';
import { packagePath } from '../lib/root.ts';
import { clearTemps, isTempName, writeFileAtomic } from '../lib/files.ts';
import { compose } from './compose.ts';
import { families } from '../scenarios/catalogue.ts';
import { layout } from './layout.ts';
import { renderSite } from './render.ts';
import { shopData } from './blocks/shop.ts';
import { opaqueIds } from './ids.ts';
import { paintSync, type PaintJob } from './paint.ts';

/**
 * A generated bundle in memory: the manifest, the text files of `site/` by path, and its
 * pictures by path, as recipes: painting is slow and most uses of a bundle (a jsdom episode,
 * a digest) never look at a picture, so a picture is painted when it is written or served.
 */
export interface Bundle {
  manifest: BundleManifest;
  files: Record<string, string>;
  pictures: Record<string, PaintJob>;
}

export function generateBundle(
  suite: SuiteDef,
  spec: ScenarioSpec,
  seed: number,
  phrasings: Phrasings = PHRASINGS_DEFAULT,
  /** A change to the composed site before it is laid out (the engines' fuzzing draws pages this way); its ground truth is the unchanged site's. */
  edit: (site: SiteSpec) => SiteSpec = (site) => site,
): Bundle {
  const composed = compose(suite, spec, seed, phrasings);
  const { manifest } = composed;
  const site = edit(composed.site);
  const laid = layout(site, createRng(scenarioSeed('layout', spec, seed)), opaqueIds(scenarioSeed('ids', spec, seed)));
  const { page, controls } = renderSite(site, laid);
  return {
    manifest,
    files: { 'index.html': page, [ANSWERS.controls]: JSON.stringify(controls), ...shopData(site) },
    pictures: laid.images,
  };
}

/**
 * A bundle's pictures as the bytes of its site's data files, each painted the first time it is
 * read (an engine that never asks for one paints nothing); the paths are there from the start.
 */
export function pictureData(pictures: Readonly<Record<string, PaintJob>>): Record<string, Uint8Array> {
  const data: Record<string, Uint8Array> = Object.create(null);
  for (const [path, job] of Object.entries(pictures))
    Object.defineProperty(data, path, { enumerable: true, get: () => paintSync(job) });
  return data;
}

/** Every configuration of `suite` under `seed`; `made` hears of each bundle as it is made (a command's progress). */
export function generateSuite(
  suite: SuiteDef,
  seed: number,
  phrasings: Phrasings = PHRASINGS_DEFAULT,
  made: (done: number, total: number) => void = () => {},
): Bundle[] {
  const specs = suite.scenarios();
  return specs.map((spec, i) => {
    const bundle = generateBundle(suite, spec, seed, phrasings);
    made(i + 1, specs.length);
    return bundle;
  });
}

/** The seeds a suite's digest generates it at: two, since one seed draws only some of each pool. */
export const DIGEST_SEEDS = [0, 1] as const;
/** From this many configurations a suite draws every variant and pool many times at one seed: its digest takes the first seed only. */
const ONE_DIGEST_SEED_FROM = 1_000;

export const digestSeeds = (suite: SuiteDef): readonly number[] =>
  suite.scenarios().length >= ONE_DIGEST_SEED_FROM ? DIGEST_SEEDS.slice(0, 1) : DIGEST_SEEDS;

/**
 * The digest a published suite records with its version: its bundles at its digestSeeds, the
 * phrasing pools of its families (both halves, so a held-out phrasing no digest bundle draws still counts), and the content pools every task draws from
 * (scenarios/content/, as written), so a phrasing or a product neither seed draws still counts.
 */
export function suiteDigest(suite: SuiteDef, sources: readonly [string, string][] = contentSources()): string {
  const used = [...new Set(suite.scenarios().flatMap((s) => s.patterns.map((p) => p.family)))].sort();
  // A phrasing written as a template counts by its source: JSON would write every function as null.
  const pools = JSON.parse(
    JSON.stringify(
      used.map((id) => [id, families.get(id).texts]),
      (_, v: unknown) => (typeof v === 'function' ? String(v) : v),
    ),
  ) as unknown;
  return bundlesDigest(
    digestSeeds(suite).flatMap((seed) => generateSuite(suite, seed)),
    [pools, sources],
  );
}

/** The content pools' files (scenarios/content/), by name, as written. */
export function contentSources(): [string, string][] {
  const content = packagePath('scenarios', 'content');
  return readdirSync(content)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => [f, readFileSync(join(content, f), 'utf8')]);
}

/** sha256 of bundles, manifests and files (by path), and of anything else given, first 16 hex digits. */
export function bundlesDigest(bundles: readonly Bundle[], more: unknown = null): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(more));
  for (const b of bundles) {
    hash.update(JSON.stringify(b.manifest));
    for (const path of Object.keys(b.files).sort()) hash.update(JSON.stringify([path, b.files[path]]));
    // A picture's bytes are a pure function of its recipe, which is what is hashed.
    for (const path of Object.keys(b.pictures).sort()) hash.update(JSON.stringify([path, b.pictures[path]]));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A folder's suite.json (scenarios/bundle.ts parseSuiteIndex): null where there is none. */
export function readSuiteIndex(dir: string): SuiteIndex | null {
  const file = join(dir, SUITE_INDEX);
  return existsSync(file) ? parseSuiteIndex(readFileSync(file, 'utf8'), file) : null;
}

/**
 * Removes what `writeBundles` wrote of `suite` into `out` under another version (its
 * suite.json and the bundles it lists, each a folder of the suite's ids holding that bundle),
 * for a command that replaces its own earlier output (the demo); anything else in the folder
 * stays, a folder suite.json names that is not such a bundle too, and writeBundles still refuses it.
 */
export function clearOtherVersion(out: string, suite: Pick<SuiteDef, 'id' | 'version'>): void {
  const held = readSuiteIndex(out);
  if (held === null || held.suite !== suite.id || held.version === suite.version) return;
  // Only what writeBundles writes: a folder named as one of the suite's ids, holding a bundle.json of that id.
  const own = (id: string): boolean => {
    if (!id.startsWith(`${suite.id}.`)) return false;
    try {
      return (JSON.parse(readFileSync(join(out, id, 'bundle.json'), 'utf8')) as { id?: unknown }).id === id;
    } catch {
      return false;
    }
  };
  for (const id of held.scenarios) if (own(id)) rmSync(join(out, id), { recursive: true, force: true });
  rmSync(join(out, SUITE_INDEX), { force: true });
}

/**
 * Writes `<out>/<id>/bundle.json` and `<out>/<id>/site/…`, plus `<out>/suite.json`. suite.json
 * is written first, as the folder's claim: writing the same suite again (after an
 * interruption, or to shoot it) rewrites every bundle, identical, and nothing else. Each
 * file is written whole, a bundle's site before its bundle.json; not flushed one by one
 * (that took writing webdecept's 315 bundles from about 2–3 s to 6.6 s), since writing the suite
 * again rewrites every file anyway.
 */
export function writeBundles(
  out: string,
  suite: Pick<SuiteDef, 'id' | 'version'>,
  seed: number,
  bundles: readonly (Pick<Bundle, 'manifest'> & {
    files: Readonly<Record<string, string>>;
    pictures?: Readonly<Record<string, PaintJob>>;
  })[],
  phrasings: Phrasings = PHRASINGS_DEFAULT,
): void {
  const held: SuiteIndex = {
    suite: suite.id,
    version: suite.version,
    seed,
    ...(phrasings === PHRASINGS_DEFAULT ? {} : { phrasings }),
    scenarios: bundles.map((b) => b.manifest.id),
  };
  const index = JSON.stringify(held, null, 2) + '\n';
  const indexPath = join(out, SUITE_INDEX);
  if (existsSync(indexPath) && readFileSync(indexPath, 'utf8') !== index) {
    throw new UserError(`${clip(out)} already holds a different generated suite; choose another --out or remove it`);
  }
  if (!existsSync(indexPath) && existsSync(out) && readdirSync(out).some((name) => !isTempName(name))) {
    throw new UserError(`${clip(out)} is not empty and holds no generated suite; choose another --out`);
  }
  mkdirSync(out, { recursive: true });
  clearTemps(out);
  writeFileAtomic(indexPath, index);
  for (const b of bundles) {
    const dir = join(out, b.manifest.id);
    const files: [string, string | Uint8Array][] = [
      ...Object.entries(b.files),
      ...Object.entries(b.pictures ?? {}).map(([path, job]): [string, Uint8Array] => [path, paintSync(job)]),
    ];
    for (const [path, content] of files) {
      const file = join(dir, 'site', path);
      mkdirSync(dirname(file), { recursive: true });
      clearTemps(dirname(file));
      writeFileAtomic(file, content, { flush: false });
    }
    clearTemps(dir);
    writeFileAtomic(join(dir, 'bundle.json'), JSON.stringify(b.manifest, null, 2) + '\n', { flush: false });
  }
}
