/**
 * Writing outputs so that a process stopped at any instant (SIGKILL included) leaves
 * either the old file or the new one, never part of one; and appending records so that
 * every line that has been reported written is on disk.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

const TEMP = /^\..+\.\d+\.tmp$/;

/** Whether a file name is one of writeFileAtomic's temporary files (left behind only by a killed process). */
export const isTempName = (name: string): boolean => TEMP.test(name);

/**
 * A file read whole, for a reader that names what it read: Node's error for a folder where the
 * file belongs (EISDIR) carries no path, so the command's one line could not say which.
 */
export function readWhole(path: string): Buffer;
export function readWhole(path: string, encoding: 'utf8'): string;
export function readWhole(path: string, encoding?: 'utf8'): string | Buffer {
  try {
    return encoding ? readFileSync(path, encoding) : readFileSync(path);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code !== undefined && err.path === undefined) err.path = path;
    throw e;
  }
}

/** Removes temporary files a killed writer left in `dir` (not in its subfolders). */
export function clearTemps(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (isTempName(name)) rmSync(join(dir, name), { force: true });
}

function writeAll(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/**
 * Writes `path` whole: to a temporary file in the same folder (so the rename stays on one
 * file system), flushed to disk, then renamed over `path`, which a reader therefore sees
 * old or new, never half. The temporary name starts with a dot and names this process, so
 * writers in two processes never share one, and clearTemps can find what a kill left.
 *
 * `flush: false` skips the flush (about 10–20 ms a file on a busy disk): the rename alone
 * is whole against a killed process, and only a crash of the machine itself could then
 * leave an empty file. For bulk output that a re-run rewrites whole anyway (bundles).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, opts: { flush?: boolean } = {}): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeAll(fd, data);
      if (opts.flush !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Appends one line (a newline is added) and flushes it to disk before returning. A process
 * killed during the call can leave at most a final line without its newline, which readers
 * of such files (completeLines) drop.
 */
export function appendLine(path: string, line: string): void {
  if (line.includes('\n')) throw new Error('appendLine: a line may not contain a newline');
  const fd = openSync(path, 'a');
  try {
    writeAll(fd, line + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The complete lines of an append-only file's bytes, each with the byte offset where it
 * ends (after its newline). A last line without its newline was cut short and is left out.
 */
export function completeLines(bytes: Buffer): { text: string; end: number }[] {
  const out: { text: string; end: number }[] = [];
  let start = 0;
  for (let nl = bytes.indexOf(10, start); nl !== -1; nl = bytes.indexOf(10, start)) {
    out.push({ text: bytes.subarray(start, nl).toString('utf8'), end: nl + 1 });
    start = nl + 1;
  }
  return out;
}

/**
 * The longest prefix of an append-only file's complete lines that `accept` takes, with the
 * file cut after it, so that the next appendLine starts a line of its own rather than
 * finishing one a kill left half written (or a line no reader would take).
 */
export function keptLines(path: string, accept: (text: string, index: number) => boolean): string[] {
  if (!existsSync(path)) return [];
  const kept: string[] = [];
  let end = 0;
  for (const line of completeLines(readWhole(path))) {
    if (!accept(line.text, kept.length)) break;
    kept.push(line.text);
    end = line.end;
  }
  truncateSync(path, end);
  return kept;
}
