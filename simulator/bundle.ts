import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleManifest, type BundleManifest } from '../scenarios/bundle.ts';
import { UserError } from '../scenarios/errors.ts';
import type { SiteFiles } from './engine/browser.ts';

/** A bundle as the simulator reads it: the manifest (harness side) and the served files. */
export interface LoadedBundle {
  manifest: BundleManifest;
  site: SiteFiles;
}

export function validateManifest(raw: unknown, where: string): BundleManifest {
  const parsed = bundleManifest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(`${where}: not a decoy bundle (${issue?.path.join('.') || 'root'}: ${issue?.message})`);
  }
  return parsed.data;
}

function readTree(dir: string, root = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) readTree(path, root, out);
    else out[relative(root, path).split('\\').join('/')] = readFileSync(path, 'utf8');
  }
  return out;
}

export function readBundle(dir: string): LoadedBundle {
  const file = join(dir, 'bundle.json');
  if (!existsSync(file)) throw new UserError(`${dir} holds no bundle.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UserError(`${file}: not valid JSON (${(e as Error).message})`);
  }
  return { manifest: validateManifest(raw, file), site: { files: readTree(join(dir, 'site')) } };
}

/** A folder written by `decoy generate` (with suite.json), or a single bundle folder. */
export function readBundles(dir: string): LoadedBundle[] {
  if (existsSync(join(dir, 'bundle.json'))) return [readBundle(dir)];
  const index = join(dir, 'suite.json');
  if (!existsSync(index)) throw new UserError(`${dir} holds neither suite.json nor bundle.json; generate one with decoy generate`);
  let ids: unknown;
  try {
    ids = (JSON.parse(readFileSync(index, 'utf8')) as { scenarios?: unknown }).scenarios;
  } catch (e) {
    throw new UserError(`${index}: not valid JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(ids) || !ids.every((x) => typeof x === 'string')) throw new UserError(`${index}: 'scenarios' must be a list of ids`);
  return ids.map((id) => readBundle(join(dir, id)));
}
