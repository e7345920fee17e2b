import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { unknownId } from '../lib/errors.ts';

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
 * Loads the default export of every module in a folder; the file name must be the id.
 * Modules are `.ts` files in the source and `.js` files in the precompiled build: the
 * folder holds the kind of file this module itself is.
 */
export async function loadFolder<T extends { id: string }>(kind: string, folder: URL): Promise<Registry<T>> {
  const dir = fileURLToPath(folder);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(EXT) && !f.endsWith('.d.ts') && !f.startsWith('_'))
    .sort();
  const items: T[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: T };
    const item = mod.default;
    if (!item || typeof item.id !== 'string') throw new Error(`${kind} file ${file} has no default export with an id`);
    if (`${item.id}${EXT}` !== file)
      throw new Error(`${kind} '${item.id}' must live in ${item.id}.ts, not ${file.replace(/\.js$/, '.ts')}`);
    items.push(item);
  }
  return new Registry(kind, items);
}
