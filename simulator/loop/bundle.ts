import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';
import {
  bundleManifest,
  isSitePath,
  parseSuiteIndex,
  SUITE_INDEX,
  type BundleManifest,
} from '../../scenarios/bundle.ts';
import { clip, clipPath, quote, UserError } from '../../lib/errors.ts';
import { ANSWER, MAX_ANSWER_BYTES, type SiteFiles } from '../page/engine/browser.ts';
import { assertSiteIsData, PAGE } from './trust.ts';

/** A bundle as the simulator reads it: the manifest (harness side) and the served files. */
export interface LoadedBundle {
  manifest: BundleManifest;
  site: SiteFiles;
}

export interface ReadOptions {
  /**
   * Load a bundle whose served files hold more than data (another runtime, scripts of its
   * own: simulator/loop/trust.ts). Off by default: a bundle is data unless its user says otherwise.
   */
  readonly trustBundles?: boolean;
}

export function validateManifest(raw: unknown, where: string): BundleManifest {
  const parsed = bundleManifest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(
      `${clipPath(where)}: not a decoy bundle (${clip(issue?.path.join('.') ?? '') || 'root'}: ${issue?.message})`,
    );
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

/**
 * A bundle is read through descriptors, never by path twice: each file and folder is opened
 * without following a link in its last name (O_NOFOLLOW: a link fails with ELOOP), its type
 * taken from the descriptor, and its data read from that descriptor; what is under a folder
 * is opened through the folder's own descriptor (`/proc/self/fd/<n>/<name>`, Linux's openat
 * for Node), so a folder swapped for a link after it was opened is never followed either.
 * A check by path then a read by path once followed a link swapped in between (1 in 63,000
 * loads). O_NONBLOCK: opening a FIFO does not wait for a writer (it is then refused).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const BY_DESCRIPTOR = existsSync('/proc/self/fd');

/** An open file or folder of a bundle: `path` names it in messages; `at` reaches what is under it. */
interface Opened {
  fd: number;
  stats: Stats;
  path: string;
  at: string;
}

const linkRefused = (path: string) =>
  new UserError(
    `${clipPath(path)} is a symbolic link; a bundle's files and folders must be its own (links are never followed)`,
  );

/**
 * What stands at `path`, reached by `at`, opened; a link is refused, never followed, and so is
 * a file with another name (a hard link: the data of a file elsewhere, such as one outside the
 * bundle, would be read as the bundle's).
 */
function open(path: string, at: string): Opened {
  let fd: number;
  try {
    fd = openSync(at, OPEN_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw linkRefused(path);
    // A socket cannot be opened; a device or FIFO opens and is refused by its type below.
    if (code === 'ENXIO') throw new UserError(`${clipPath(path)} is neither a file nor a folder`);
    throw new UserError(`${clipPath(path)} ${fsProblem(e)}`);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isFile() && stats.nlink > 1) {
      throw new UserError(
        `${clipPath(path)} is a hard link (one of ${stats.nlink} names of one file); a bundle's files must be its own, not other names of files elsewhere`,
      );
    }
    if (!stats.isFile() && !stats.isDirectory())
      throw new UserError(`${clipPath(path)} is neither a file nor a folder`);
    return { fd, stats, path, at: BY_DESCRIPTOR && stats.isDirectory() ? `/proc/self/fd/${fd}` : path };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** Runs `use` on `name` under the open folder `dir`, opened as `open` does, closing it after. */
function withOpen<T>(dir: Opened, name: string, use: (o: Opened) => T): T {
  const o = open(join(dir.path, name), join(dir.at, name));
  try {
    return use(o);
  } finally {
    closeSync(o.fd);
  }
}

/** The names in an open folder, read through its descriptor. */
function names(dir: Opened): string[] {
  try {
    return readdirSync(dir.at).sort();
  } catch (e) {
    throw new UserError(`${clipPath(dir.path)} ${fsProblem(e)}`);
  }
}

/** The bytes of an open file, read from its descriptor. */
function bytesOf(file: Opened, what = 'a file'): Buffer {
  if (!file.stats.isFile()) throw new UserError(`${clipPath(file.path)} is not ${what}`);
  try {
    return readFileSync(file.fd);
  } catch (e) {
    throw new UserError(`${clipPath(file.path)} ${fsProblem(e)}`);
  }
}

/** The folder a user named (followed if it is a link, as any path given on the command line). */
function folder(path: string, what: string): void {
  let s: Stats;
  try {
    s = statSync(path);
  } catch (e) {
    throw new UserError(`${what} ${clip(path)} ${fsProblem(e)}`);
  }
  if (!s.isDirectory()) throw new UserError(`${what} ${clip(path)} is a file, not a folder`);
}

/** A folder a user named, opened (followed if it is a link, as any path given on the command line). */
function openFolder(path: string): Opened {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
  } catch (e) {
    throw new UserError(`${clip(path)} ${fsProblem(e)}`);
  }
  return { fd, stats: fstatSync(fd), path, at: BY_DESCRIPTOR ? `/proc/self/fd/${fd}` : path };
}

function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UserError(`${clipPath(path)}: not valid JSON (it begins ${quote(text, 40)})`);
  }
}

/** The JSON file `name` of an open folder. */
const readJsonIn = (dir: Opened, name: string): unknown =>
  withOpen(dir, name, (f) => parseJson(f.path, bytesOf(f).toString('utf8')));

/** A page's text: its bytes as UTF-8, or none (a browser would sniff another encoding from a BOM, and read other markup than the check did). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A site's files: pages and JSON files as the UTF-8 text they are checked and served as, every other file
 * as its bytes (an image read as text would be corrupted in a hosted copy). Maps with no
 * prototype: a file named `__proto__` is an entry like any other (and checked), not silently
 * dropped. A file's path is a path of the site (`isSitePath`): one that a URL spells another
 * way (`%`, `?`, `#`, `\`, a space, a non-ASCII letter) is served as one file by a static
 * server, which decodes it, and looked up as another by an engine, which does not.
 */
function readTree(
  dir: Opened,
  prefix = '',
  out: { files: Record<string, string>; data: Record<string, Uint8Array> } = {
    files: Object.create(null),
    data: Object.create(null),
  },
) {
  for (const name of names(dir)) {
    const path = `${prefix}${name}`;
    if (!isSitePath(`/${path}`))
      throw new UserError(
        `${clipPath(join(dir.path, name))} is not named as a URL spells it; a served file's name is letters, digits and - _ . and the like, with no %, ?, #, \\, space or control character`,
      );
    withOpen(dir, name, (o) => {
      if (o.stats.isDirectory()) return void readTree(o, `${path}/`, out);
      const bytes = bytesOf(o);
      if (!PAGE.test(name) && !ANSWER.test(name)) return void (out.data[path] = bytes);
      if (ANSWER.test(name) && bytes.length > MAX_ANSWER_BYTES)
        throw new UserError(
          `${clipPath(o.path)} is a JSON file of ${bytes.length} bytes; a site's answers are at most ${MAX_ANSWER_BYTES}`,
        );
      try {
        out.files[path] = UTF8.decode(bytes);
      } catch {
        throw new UserError(`${clipPath(o.path)} is not UTF-8 text; a bundle's pages and JSON files are UTF-8`);
      }
    });
  }
  return out;
}

/**
 * The bytes of a file of a bundle folder read earlier (`names` under `dir`: `shots`,
 * `start.png`), by the same rules as the load: no link followed, no hard link, so a file
 * swapped since the load is refused rather than copied out of the bundle.
 */
export function readBundleFile(dir: string, ...names: string[]): Buffer {
  const root = openFolder(dir);
  const opened: Opened[] = [root];
  try {
    for (const name of names) opened.push(open(join(opened.at(-1)!.path, name), join(opened.at(-1)!.at, name)));
    return bytesOf(opened.at(-1)!);
  } finally {
    for (const o of opened.reverse()) closeSync(o.fd);
  }
}

/**
 * Writes files into a folder under `parent` (`<suite>/<id>/shots`), its folders made if
 * missing, reached as a bundle is read: through descriptors, following no link below
 * `parent` (a folder a user named), so a bundle folder or `shots/` swapped for a link while
 * a long command runs writes nowhere outside the bundle. `write` gets the path of each file
 * to write in the opened folder.
 */
export function writeIntoBundle(
  parent: string,
  folders: readonly string[],
  write: (path: (name: string) => string) => void,
): void {
  const opened: Opened[] = [openFolder(parent)];
  try {
    for (const name of folders) {
      const here = opened.at(-1) as Opened;
      try {
        mkdirSync(join(here.at, name));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new UserError(`${clipPath(join(here.path, name))} ${fsProblem(e)}`);
      }
      const o = open(join(here.path, name), join(here.at, name));
      opened.push(o);
      if (!o.stats.isDirectory()) throw new UserError(`${clipPath(o.path)} is not a folder`);
    }
    const last = opened.at(-1) as Opened;
    write((name) => join(last.at, name));
  } finally {
    for (const o of opened.reverse()) closeSync(o.fd);
  }
}

/** Refuses a link anywhere under `dir` (shots/ and whatever else a bundle folder holds), following none. */
function assertNoLinks(dir: Opened): void {
  for (const name of names(dir)) {
    withOpen(dir, name, (o) => {
      if (o.stats.isDirectory()) assertNoLinks(o);
    });
  }
}

/** A bundle folder: bundle.json and site/ with its index.html; its served files checked to be data unless trusted. */
export function readBundle(dir: string, opts: ReadOptions = {}): LoadedBundle {
  folder(dir, 'bundle folder');
  const root = openFolder(dir);
  try {
    return bundleIn(root, opts);
  } finally {
    closeSync(root.fd);
  }
}

function bundleIn(root: Opened, opts: ReadOptions): LoadedBundle {
  // Later steps copy files of the folder (screenshots into the gallery): none may lead out of it.
  assertNoLinks(root);
  const manifest = manifestIn(root);
  const site = join(root.path, 'site');
  const { files, data } = withOpen(root, 'site', (o) => {
    if (!o.stats.isDirectory())
      throw new UserError(`${clipPath(site)} is not a folder; a bundle serves its pages from site/`);
    return readTree(o);
  });
  if (files['index.html'] === undefined)
    throw new UserError(`${clipPath(site)} has no index.html, the page a bundle opens on`);
  if (!opts.trustBundles) assertSiteIsData({ files, data }, site);
  return { manifest, site: Object.keys(data).length > 0 ? { files, data } : { files } };
}

function manifestIn(root: Opened): BundleManifest {
  const file = join(root.path, 'bundle.json');
  try {
    lstatSync(join(root.at, 'bundle.json'));
  } catch {
    throw new UserError(`${clipPath(root.path)} holds no bundle.json`);
  }
  return validateManifest(readJsonIn(root, 'bundle.json'), file);
}

/** Only the manifest of a bundle folder (what scoring a collected log needs; nothing of site/ is run). */
export function readManifest(dir: string): BundleManifest {
  let root: Opened;
  try {
    root = openFolder(dir);
  } catch {
    throw new UserError(`${clip(dir)} holds no bundle.json`);
  }
  try {
    return manifestIn(root);
  } finally {
    closeSync(root.fd);
  }
}

/** A folder written by `decoy generate` (with suite.json), or a single bundle folder. */
export const readBundles = (dir: string, opts: ReadOptions = {}): LoadedBundle[] =>
  membersOf(dir, (o) => bundleIn(o, opts));

/** The manifests alone of what readBundles reads (what scoring collected logs needs; nothing of a site/ is read). */
export const readManifests = (dir: string): BundleManifest[] =>
  membersOf(dir, (o) => ({ manifest: manifestIn(o) })).map((b) => b.manifest);

/** Each bundle of a folder `decoy generate` wrote (or the one bundle folder), read by `read`, in suite.json's order. */
function membersOf<T extends { manifest: BundleManifest }>(dir: string, read: (o: Opened) => T): T[] {
  folder(dir, '--bundles');
  const root = openFolder(dir);
  try {
    if (has(root, 'bundle.json')) return [read(root)];
    if (!has(root, SUITE_INDEX))
      throw new UserError(
        `${clip(dir)} holds neither ${SUITE_INDEX} nor bundle.json; generate one with decoy generate`,
      );
    const { scenarios } = withOpen(root, SUITE_INDEX, (f) => parseSuiteIndex(bytesOf(f).toString('utf8'), f.path));
    return scenarios.map((id) => {
      // A member of a suite is the suite's own folder, never a link out of it.
      const b = withOpen(root, id, (member) => {
        if (!member.stats.isDirectory()) throw new UserError(`${clipPath(member.path)} is not a bundle folder`);
        return read(member);
      });
      if (b.manifest.id !== id)
        throw new UserError(
          `${clipPath(join(dir, id, 'bundle.json'))}: its id ${quote(b.manifest.id)} is not its folder's name`,
        );
      return b;
    });
  } finally {
    closeSync(root.fd);
  }
}

/** Whether anything stands at `name` in an open folder, a link included. */
function has(dir: Opened, name: string): boolean {
  try {
    lstatSync(join(dir.at, name));
    return true;
  } catch {
    return false;
  }
}
