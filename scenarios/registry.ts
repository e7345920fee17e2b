import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, relative, sep } from 'node:path';
import type { z } from 'zod';
import { clipPath, firstIssue, quote, shortReason, unknownId, UserError } from '../lib/errors.ts';

const EXT = import.meta.url.endsWith('.js') ? '.js' : '.ts';

/**
 * One registry per kind of thing. Entries are the default exports of the files in one
 * folder, so adding an entry is adding a file; ids, lists and docs derive from here.
 */
export class Registry<T extends { id: string }> {
  private readonly byId = new Map<string, T>();

  constructor(
    readonly kind: string,
    items: readonly T[],
  ) {
    for (const item of items) {
      if (this.byId.has(item.id)) throw new Error(`duplicate ${kind} id '${item.id}'`);
      this.byId.set(item.id, item);
    }
  }

  get(id: string): T {
    const item = this.byId.get(id);
    if (!item) throw unknownId(this.kind, id, this.ids());
    return item;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  all(): T[] {
    return [...this.byId.values()];
  }
}

/**
 * The file as its author finds it (`scenarios/suites/demo.ts`), from source or from the
 * precompiled build, which keeps the source's folders (bin/build.mjs).
 */
function sourceName(dir: string, file: string): string {
  const base = dirname(dirname(fileURLToPath(import.meta.url)));
  return relative(base, join(dir, file)).split(sep).join('/').replace(/\.js$/, '.ts');
}

/**
 * Loads the default export of every module in a folder; the file name must be the id, and
 * the export must fit `schema` where one is given. A file that cannot be loaded or does not
 * fit is a one-line UserError naming it: it may be a user's own file added to the folder.
 * Modules are `.ts` files in the source and `.js` files in the precompiled build: the
 * folder holds the kind of file this module itself is.
 */
export async function loadFolder<T extends { id: string }>(
  kind: string,
  folder: URL,
  schema?: z.ZodType,
): Promise<Registry<T>> {
  const dir = fileURLToPath(folder);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(EXT) && !f.endsWith('.d.ts') && !f.startsWith('_'))
    .sort();
  const items: T[] = [];
  for (const file of files) {
    const where = `${kind} file ${clipPath(sourceName(dir, file))}`;
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: unknown };
    } catch (e) {
      throw new UserError(`${where} cannot be loaded: ${shortReason(e instanceof Error ? e.message : String(e))}`);
    }
    const item = mod.default as Partial<T> | undefined;
    if (typeof item !== 'object' || item === null || typeof item.id !== 'string')
      throw new UserError(`${where} has no default export with an id`);
    if (`${item.id}${EXT}` !== file)
      throw new UserError(`${where}: its id ${quote(item.id)} is not its file's name (${file.slice(0, -EXT.length)})`);
    const fit = schema?.safeParse(item);
    if (fit && !fit.success) throw new UserError(`${where}: ${firstIssue(fit.error, 'not a definition')}`);
    items.push(item as T);
  }
  return new Registry(kind, items);
}
