import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../scenarios/errors.ts';
import { generateSuite } from '../generator/bundle.ts';
import { readBundles } from '../simulator/bundle.ts';
import { intFlag, parseFlags, usage, type Flags } from './args.ts';
import { selectSuite } from './select.ts';
import { galleryData, LIVE_INDEX, writeLiveSites, type GalleryBundle } from './gallery.ts';

const FLAGS: Flags = {
  bundles: { type: 'string', multiple: true, description: 'a folder written by decoy generate (repeatable)' },
  suite: { type: 'string', description: 'generate this suite in memory instead (see decoy list)' },
  seed: { type: 'string', description: 'seed of generation, with --suite', default: '7' },
  pattern: { type: 'string', multiple: true, description: 'with --suite: keep only configurations with this pattern family (repeatable)' },
  out: { type: 'string', description: 'output folder of the static site', default: 'dist/site' },
};

export const summary = 'Build the gallery site (sites/, Astro): suites, configurations, live sites';
export const help = () => usage('site', 'build --bundles <dir> [--bundles <dir> ...] | --suite <name> [--seed N]  [--out DIR]', FLAGS);

/** The Astro project ships with the package; it is found from here, not from the working folder. */
const SITES = fileURLToPath(new URL('../sites/', import.meta.url));

function bundlesFrom(values: Record<string, unknown>): GalleryBundle[] {
  const dirs = (values.bundles as string[] | undefined) ?? [];
  if (typeof values.suite === 'string') {
    if (dirs.length > 0) throw new UserError('site build: give --bundles or --suite, not both');
    const suite = selectSuite(values.suite, (values.pattern as string[] | undefined) ?? []);
    if (suite.clicks) throw new UserError(`'${suite.id}' is a click-level suite; generate it with decoy generate and pass --bundles`);
    return generateSuite(suite, intFlag('seed', values.seed, 7)).map((b) => ({ manifest: b.manifest, site: { files: b.files }, dir: null }));
  }
  if (dirs.length === 0) throw new UserError('site build: give --bundles <dir> (repeatable) or --suite <name>');
  if (values.pattern !== undefined) throw new UserError('site build: --pattern selects from a suite; with --bundles, generate the selection instead');
  return dirs.flatMap((dir) => {
    const single = existsSync(join(dir, 'bundle.json'));
    return readBundles(dir).map((b) => ({ ...b, dir: single ? dir : join(dir, b.manifest.id) }));
  });
}

/** Only an empty folder or a previous gallery is (re)written: nothing else is deleted. */
function claimOutput(out: string): void {
  if (!existsSync(out)) return;
  if (readdirSync(out).length === 0) return;
  if (!existsSync(join(out, LIVE_INDEX))) throw new UserError(`${out} is not empty and holds no gallery; choose another --out`);
  rmSync(out, { recursive: true, force: true });
}

export async function buildGallery(bundles: readonly GalleryBundle[], out: string): Promise<void> {
  const data = galleryData(bundles);
  claimOutput(out);
  // Inside the project, so that Astro's intermediate server bundle resolves its packages.
  const scratch = mkdtempSync(join(SITES, '.build-'));
  const dataFile = join(scratch, 'gallery.json');
  writeFileSync(dataFile, JSON.stringify(data));
  const saved = { data: process.env.DECOY_GALLERY_DATA, telemetry: process.env.ASTRO_TELEMETRY_DISABLED };
  process.env.DECOY_GALLERY_DATA = dataFile;
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const cwd = process.cwd();
  const built = join(scratch, 'dist');
  try {
    const { build } = await import('astro');
    // Astro puts its intermediate output in the working folder unless outDir lies inside it.
    process.chdir(scratch);
    await build({ root: SITES, outDir: built, logLevel: 'error', vite: { cacheDir: join(scratch, 'vite') } });
    process.chdir(cwd);
    cpSync(built, out, { recursive: true });
  } finally {
    process.chdir(cwd);
    if (saved.data === undefined) delete process.env.DECOY_GALLERY_DATA;
    else process.env.DECOY_GALLERY_DATA = saved.data;
    if (saved.telemetry === undefined) delete process.env.ASTRO_TELEMETRY_DISABLED;
    else process.env.ASTRO_TELEMETRY_DISABLED = saved.telemetry;
    rmSync(scratch, { recursive: true, force: true });
  }
  writeLiveSites(out, bundles);
}

export async function run(argv: readonly string[]): Promise<string> {
  const { values, positionals } = parseFlags('site', argv, FLAGS);
  if (positionals[0] !== 'build' || positionals.length > 1) throw new UserError(`site: expected 'site build', got '${['site', ...positionals].join(' ')}'`);
  const bundles = bundlesFrom(values);
  const out = typeof values.out === 'string' ? values.out : 'dist/site';
  const started = performance.now();
  await buildGallery(bundles, out);
  const seconds = (performance.now() - started) / 1000;
  const suites = JSON.parse(readFileSync(join(out, LIVE_INDEX), 'utf8')) as Record<string, unknown>;
  return `built the gallery of ${bundles.length} configurations (${Object.keys(suites).length} live sites) in ${seconds.toFixed(1)} s to ${out}; serve it with decoy serve --dir ${out}`;
}
