import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { clip, UserError } from '../../lib/errors.ts';
import { isTempName, writeFileAtomic } from '../../lib/files.ts';

/** What a fuzz folder holds at its top: its configuration, summary, table and a folder per class. */
const OWN = new Set(['fuzz.json', 'summary.json', 'fuzz.md', 'classes']);

/** fuzz.json: the search's configuration, and every file it wrote under classes/ (a class being written: its folder). */
interface Record {
  config: object;
  written: string[];
  pending: string | null;
}

const refused = (out: string, what: string) =>
  new UserError(
    `${clip(out)} holds something other than a fuzz result (${clip(what)}); nothing was changed (choose another --out)`,
  );

/** Every file under `dir`, as paths relative to `root` with / between parts. */
function filesUnder(dir: string, root: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

function readRecord(out: string): Record | null {
  try {
    const r = JSON.parse(readFileSync(join(out, 'fuzz.json'), 'utf8')) as Partial<Record>;
    if (typeof r !== 'object' || r === null || !Array.isArray(r.written)) return null;
    return {
      config: r.config ?? {},
      written: r.written.map(String),
      pending: typeof r.pending === 'string' ? r.pending : null,
    };
  } catch {
    return null;
  }
}

/**
 * Refuses, before any work, an output folder that holds anything but an earlier fuzz result:
 * a file it did not write, at its top or under classes/ (an earlier search killed while it
 * wrote a class left that class's folder, which is its own). Nothing in it is changed.
 */
export function claimFuzzFolder(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new UserError(`--out ${clip(out)} is a file; give a folder`);
  const names = readdirSync(out).filter((n) => !isTempName(n));
  if (names.length === 0) return;
  const stranger = names.find((n) => !OWN.has(n));
  if (stranger !== undefined) throw refused(out, stranger);
  const record = readRecord(out);
  if (!record) throw refused(out, names.includes('fuzz.json') ? 'fuzz.json' : (names[0] as string));
  const written = new Set(record.written);
  const foreign = filesUnder(join(out, 'classes'), out).find(
    (f) =>
      !written.has(f) &&
      !(record.pending !== null && f.startsWith(record.pending)) &&
      !isTempName(f.split('/').pop() ?? ''),
  );
  if (foreign !== undefined) throw refused(out, foreign);
}

/** A fuzz folder being written: its record first, so that a search killed while writing leaves a folder the next one takes. */
export class FuzzFolder {
  private readonly record: Record;

  constructor(
    readonly out: string,
    config: object,
  ) {
    claimFuzzFolder(out);
    mkdirSync(out, { recursive: true });
    for (const name of OWN) rmSync(join(out, name), { recursive: true, force: true });
    this.record = { config, written: [], pending: null };
    this.save();
  }

  private save(): void {
    writeFileAtomic(join(this.out, 'fuzz.json'), JSON.stringify(this.record, null, 2) + '\n');
  }

  /** Writes one class's folder (`classes/<name>`) through `write`, recording every file it holds once written. */
  async writeClass(name: string, write: (dir: string) => Promise<void> | void): Promise<void> {
    const dir = join(this.out, 'classes', name);
    this.record.pending = `classes/${name}/`;
    this.save();
    await write(dir);
    this.record.written.push(...filesUnder(dir, this.out));
    this.record.pending = null;
    this.save();
  }

  /** The summary and the table, last. */
  finish(summary: object, table: string): void {
    writeFileAtomic(join(this.out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    writeFileAtomic(join(this.out, 'fuzz.md'), table + '\n');
  }
}
