import { lstatSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { bundleManifest, safeName, type BundleManifest } from '../scenarios/bundle.ts';
import { clip, quote, UserError } from '../scenarios/errors.ts';
import type { SiteFiles } from './engine/browser.ts';
import { assertSiteIsData } from './trust.ts';

/** A bundle as the simulator reads it: the manifest (harness side) and the served files. */
export interface LoadedBundle {
  manifest: BundleManifest;
  site: SiteFiles;
}

export interface ReadOptions {
  /**
   * Load a bundle whose served files hold more than data (another runtime, scripts of its
   * own: simulator/trust.ts). Off by default: a bundle is data unless its user says otherwise.
   */
  readonly trustBundles?: boolean;
}

export function validateManifest(raw: unknown, where: string): BundleManifest {
  const parsed = bundleManifest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(`${where}: not a decoy bundle (${clip(issue?.path.join('.') ?? '') || 'root'}: ${issue?.message})`);
  }
  return parsed.data;
}

/** Why a file system call failed, in words, for a one-line error. */
function fsProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'ELOOP') return 'is a symbolic link loop';
  if (code === 'ENOTDIR') return 'is under a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read (permission denied)';
  if (code === 'ENAMETOOLONG') return 'has a name too long';
  return `cannot be read (${code ?? (e as Error).message})`;
}

/** What stands at `path`, the link itself if it is one: links in a bundle are refused, never followed. */
function entry(path: string): Stats {
  let s: Stats;
  try {
    s = lstatSync(path);
  } catch (e) {
    throw new UserError(`${path} ${fsProblem(e)}`);
  }
  if (s.isSymbolicLink()) throw new UserError(`${path} is a symbolic link; a bundle's files and folders must be its own (links are never followed)`);
  return s;
}

/** The folder a user named (followed if it is a link, as any path given on the command line). */
function folder(path: string, what: string): void {
  let s: Stats;
  try {
    s = statSync(path);
  } catch (e) {
    throw new UserError(`${what} ${clip(path)} ${fsProblem(e)}`);
  }
  if (!s.isDirectory()) throw new UserError(`${what} ${path} is a file, not a folder`);
}

function readText(path: string, what = 'a file'): string {
  const s = entry(path);
  if (!s.isFile()) throw new UserError(`${path} is not ${what}`);
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(`${path} ${fsProblem(e)}`);
  }
}

function readJson(path: string): unknown {
  const text = readText(path);
  try {
    return JSON.parse(text);
  } catch {
    throw new UserError(`${path}: not valid JSON (it begins ${quote(text, 40)})`);
  }
}

function readTree(dir: string, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const s = entry(path);
    if (s.isDirectory()) readTree(path, `${prefix}${name}/`, out);
    else if (s.isFile()) out[`${prefix}${name}`] = readText(path);
    else throw new UserError(`${path} is neither a file nor a folder`);
  }
  return out;
}

/** Refuses a link anywhere under `dir` (shots/ and whatever else a bundle folder holds), following none. */
function assertNoLinks(dir: string): void {
  for (const name of readdirSync(dir)) {
    const s = entry(join(dir, name));
    if (s.isDirectory()) assertNoLinks(join(dir, name));
  }
}

/** A bundle folder: bundle.json and site/ with its index.html; its served files checked to be data unless trusted. */
export function readBundle(dir: string, opts: ReadOptions = {}): LoadedBundle {
  folder(dir, 'bundle folder');
  // Later steps copy files of the folder (screenshots into the gallery): none may lead out of it.
  assertNoLinks(dir);
  const manifest = readManifest(dir);
  const site = join(dir, 'site');
  if (!entry(site).isDirectory()) throw new UserError(`${site} is not a folder; a bundle serves its pages from site/`);
  const files = readTree(site);
  if (files['index.html'] === undefined) throw new UserError(`${site} has no index.html, the page a bundle opens on`);
  if (!opts.trustBundles) assertSiteIsData(files, site);
  return { manifest, site: { files } };
}

/** Only the manifest of a bundle folder (what scoring a collected log needs; nothing of site/ is run). */
export function readManifest(dir: string): BundleManifest {
  const file = join(dir, 'bundle.json');
  try {
    lstatSync(file);
  } catch {
    throw new UserError(`${clip(dir)} holds no bundle.json`);
  }
  return validateManifest(readJson(file), file);
}

const SUITE_FILE = 'suite.json';

/** A folder written by `decoy generate` (with suite.json), or a single bundle folder. */
export function readBundles(dir: string, opts: ReadOptions = {}): LoadedBundle[] {
  folder(dir, '--bundles');
  if (has(join(dir, 'bundle.json'))) return [readBundle(dir, opts)];
  const index = join(dir, SUITE_FILE);
  if (!has(index)) throw new UserError(`${dir} holds neither suite.json nor bundle.json; generate one with decoy generate`);
  const ids = (readJson(index) as { scenarios?: unknown } | null)?.scenarios;
  if (!Array.isArray(ids)) throw new UserError(`${index}: 'scenarios' must be a list of ids`);
  const seen = new Set<string>();
  return ids.map((id: unknown) => {
    if (typeof id !== 'string') throw new UserError(`${index}: 'scenarios' must be a list of ids`);
    const name = safeName.safeParse(id);
    if (!name.success) throw new UserError(`${index}: ${name.error.issues[0]?.message}`);
    if (seen.has(id)) throw new UserError(`${index}: ${quote(id)} is listed twice`);
    seen.add(id);
    // A member of a suite is the suite's own folder, never a link out of it.
    if (!entry(join(dir, id)).isDirectory()) throw new UserError(`${join(dir, id)} is not a bundle folder`);
    const b = readBundle(join(dir, id), opts);
    if (b.manifest.id !== id) throw new UserError(`${join(dir, id, 'bundle.json')}: its id ${quote(b.manifest.id)} is not its folder's name`);
    return b;
  });
}

function has(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
