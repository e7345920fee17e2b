/**
 * The output folder of `decoy site build`: what a gallery build writes there, so that an
 * earlier gallery is replaced whole and a folder holding anything else is refused before
 * anything is written or deleted.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { clipPath, UserError } from '../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../lib/files.ts';
import { assertOutside } from './own-folder.ts';
import { GALLERY_DIR, LIVE_INDEX } from './gallery.ts';
import { LIVE_DIR } from './live-copy.ts';

/** What a configuration's gallery page folder holds: its page and, from decoy shoot, its screenshots (gallery.ts). */
const CONFIG_FILES = new Set(['index.html', 'start.png', 'start-boxes.png']);
/** Where Astro puts a stylesheet or script too big to inline: files of hashed names. */
const ASTRO_ASSETS = '_astro';

/**
 * The files a build wrote under `GALLERY_DIR` and `LIVE_DIR`, as paths from the folder: a live
 * site's files are its bundle's, which nothing else tells, so the build lists them. A gallery
 * built before the list is told by its shape alone.
 */
export const BUILT_LIST = 'built.json';

const isDir = (p: string) => statSync(p).isDirectory();

/** The files under `sub` of `root`, as sorted `/`-separated paths from `root` (temporary files left out). */
function filesUnder(root: string, sub: string): string[] {
  return names(join(root, sub)).flatMap((n) =>
    isDir(join(root, sub, n)) ? filesUnder(root, posix.join(sub, n)) : [posix.join(sub, n)],
  );
}

/** Writes `BUILT_LIST`: every file the build has written in `out` but the index and the list. */
export function writeBuiltList(out: string): void {
  const files = [GALLERY_DIR, LIVE_DIR].filter((d) => existsSync(join(out, d))).flatMap((d) => filesUnder(out, d));
  writeFileAtomic(join(out, BUILT_LIST), JSON.stringify(files, null, 1) + '\n');
}

/** The first path under `GALLERY_DIR` or `LIVE_DIR` the list does not hold (the outermost folder no listed file is in), or null. */
function unlisted(out: string, listed: ReadonlySet<string>): string | null {
  const folders = new Set(
    [...listed].flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, a) => a.slice(0, i + 1).join('/')),
    ),
  );
  const walk = (sub: string): string | null => {
    for (const n of names(join(out, sub))) {
      const p = posix.join(sub, n);
      if (isDir(join(out, p))) {
        if (!folders.has(p)) return p;
        const odd = walk(p);
        if (odd !== null) return odd;
      } else if (!listed.has(p)) return p;
    }
    return null;
  };
  for (const d of [GALLERY_DIR, LIVE_DIR]) {
    const odd = existsSync(join(out, d)) ? walk(d) : null;
    if (odd !== null) return odd;
  }
  return null;
}

/** The list of a build, or null if `file` is not one. */
function builtList(file: string): Set<string> | null {
  try {
    const list = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(list) && list.every((f) => typeof f === 'string') ? new Set(list as string[]) : null;
  } catch {
    return null;
  }
}
const names = (dir: string) =>
  readdirSync(dir)
    .filter((n) => !isTempName(n))
    .sort();

/** The live index's keys and the configurations they name, or null if the file is not a live index. */
function liveIndex(out: string): { keys: Set<string>; ids: Set<string> } | null {
  try {
    const index = JSON.parse(readFileSync(join(out, LIVE_INDEX), 'utf8')) as unknown;
    if (typeof index !== 'object' || index === null || Array.isArray(index)) return null;
    const entries = Object.entries(index as Record<string, unknown>);
    const ids = new Set<string>();
    for (const [key, v] of entries) {
      if (!/^[0-9a-f]{12}$/.test(key)) return null;
      const scenario = typeof v === 'object' && v !== null ? (v as { scenario?: unknown }).scenario : undefined;
      if (typeof scenario !== 'string') return null;
      ids.add(scenario);
    }
    return { keys: new Set(entries.map(([k]) => k)), ids };
  } catch {
    return null;
  }
}

/**
 * The first file or folder in `out` (a path relative to it) that a gallery build did not write,
 * or null: by the build's list where it wrote one, else by what a gallery holds.
 */
export function galleryStranger(out: string): string | null {
  const index = liveIndex(out);
  const hasList = existsSync(join(out, BUILT_LIST));
  const list = hasList ? builtList(join(out, BUILT_LIST)) : null;
  for (const name of names(out)) {
    const path = join(out, name);
    if (name === LIVE_INDEX && index) continue;
    if (name === BUILT_LIST && list && index) continue;
    if (name === LIVE_DIR && index && isDir(path)) {
      const odd = names(path).find((k) => !index.keys.has(k) || !isDir(join(path, k)));
      if (odd !== undefined) return join(name, odd);
      continue;
    }
    if (name === GALLERY_DIR && index && isDir(path)) {
      const odd = galleryStrangerIn(path, index.ids);
      if (odd !== null) return join(name, odd);
      continue;
    }
    return name;
  }
  return list ? unlisted(out, list) : null;
}

function galleryStrangerIn(gallery: string, ids: Set<string>): string | null {
  for (const name of names(gallery)) {
    const path = join(gallery, name);
    if (name === 'index.html' && !isDir(path)) continue;
    if (name === ASTRO_ASSETS && isDir(path)) {
      const odd = names(path).find((f) => !/^[\w.-]+\.(css|js)$/.test(f) || isDir(join(path, f)));
      if (odd !== undefined) return join(name, odd);
      continue;
    }
    if (name === 'config' && isDir(path)) {
      for (const id of names(path)) {
        if (!ids.has(id) || !isDir(join(path, id))) return join(name, id);
        const odd = names(join(path, id)).find((f) => !CONFIG_FILES.has(f) || isDir(join(path, id, f)));
        if (odd !== undefined) return join(name, id, odd);
      }
      continue;
    }
    return name;
  }
  return null;
}

/**
 * Refuses, before anything is written, an --out that holds what a gallery build did not write
 * (naming the first such file) or that lies inside a folder the build reads (`--bundles`, `--runs`): a later
 * command reading or writing that folder would find the gallery among its own files.
 */
export function assertGalleryFolder(out: string, reads: readonly string[] = []): void {
  assertOutside(out, reads, 'the build reads');
  if (!existsSync(out)) return;
  if (!isDir(out)) throw new UserError(`--out ${clipPath(out)} is a file, not a folder`);
  const odd = galleryStranger(out);
  if (odd !== null)
    throw new UserError(
      `${clipPath(out)} holds ${clipPath(odd)}, which a gallery build did not write; nothing was changed (choose another --out)`,
    );
}
