/**
 * The one place a run's `--agent` / `--defense` value becomes its definition: a registry id,
 * or a user's own module (a path: `./`, `../`, `/`, or a name ending .ts, .js, .mjs) whose
 * default export is an AgentDef / DefenseDef. A user's file is the user's own code and runs
 * in this process, trusted as decoy's own code is (unlike a bundle's pages). A defense may
 * also be `inject:<file.js>`, a page-side defense: a script the engine runs in every document
 * (engine/inject.ts), as untrusted as the page, with no agent-side defense beside it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { z } from 'zod';
import { clip, quote, shortReason, UserError } from '../../lib/errors.ts';
import { projectRoot } from '../../lib/root.ts';
import type { AgentDef, AgentOptions } from './agent.ts';
import type { DefenseDef } from './defense.ts';
import type { PageInjection } from '../page/engine/inject.ts';
import { agents, defenses } from './registries.ts';

const INJECT = 'inject:';

/** Whether a `--defense` value is a page-side defense, `inject:<file.js>`. */
export const isInjection = (v: string): boolean => v.startsWith(INJECT);

/** Whether an `--agent` / `--defense` value names a module file rather than a registry id (or a script to inject). */
export const isModulePath = (v: string): boolean =>
  !isInjection(v) && (/^(\.{1,2}\/|\/)/.test(v) || /\.(ts|js|mjs)$/.test(v));

/**
 * The script a defense id `inject:<file.js>` names, read and parsed here (in the run's
 * process: the page never reads a file), or null for any other id. A path that is not a .js
 * file, or a file that does not parse as a classic script, is a UserError.
 */
export function pageInjection(id: string): PageInjection | null {
  if (!isInjection(id)) return null;
  const path = id.slice(INJECT.length);
  if (path.trim() === '') throw new UserError('--defense inject: names no script (inject:<file.js>)');
  if (!/\.js$/.test(path)) throw new UserError(`injected script ${clip(path)} is not a .js file`);
  const source = readSource(path, 'injected script').toString('utf8');
  try {
    // Compiled, not run: a syntax error is the user's to fix before any episode.
    new Script(source, { filename: 'injected' });
  } catch (e) {
    const line = /^injected:(\d+)/.exec((e as Error).stack ?? '')?.[1];
    throw new UserError(
      `injected script ${clip(path)} does not parse as a script${line ? ` (line ${line})` : ''}: ${firstLine(e)}`,
    );
  }
  return { name: path, source };
}

/** The sha256 of the script `inject:<file.js>` names, as it is now (run.json keeps it, as for a module file). */
export function injectionHash(id: string): string {
  const page = pageInjection(id);
  if (!page) throw new Error(`${id} is not a page-side defense`);
  return createHash('sha256').update(page.source).digest('hex');
}

const fn = z.custom<(...a: unknown[]) => unknown>((v) => typeof v === 'function', 'must be a function');
const optionDoc = z.object({
  name: z.string().min(1),
  description: z.string(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  reads: fn.optional(),
});
const defShape = z.object({
  id: z.string().min(1),
  description: z.string(),
  options: z.array(optionDoc).optional(),
  create: fn,
});

interface Kind {
  name: 'agent' | 'defense';
  type: string;
  /** The method every created instance has. */
  method: 'act' | 'review';
}
const AGENT: Kind = { name: 'agent', type: 'an AgentDef', method: 'act' };
const DEFENSE: Kind = { name: 'defense', type: 'a DefenseDef', method: 'review' };

/** The sha256 of a user's module as it is now: run.json keeps it, so a resumed run with a changed file is refused. */
export function moduleHash(path: string, kind: 'agent' | 'defense'): string {
  return fileHash(path, kind);
}

/** The sha256 of a file's content; `what` names it in the error when it cannot be read ("agent", "lessons"). */
export function fileHash(path: string, what: string): string {
  return createHash('sha256').update(readSource(path, what)).digest('hex');
}

/** The sha256 of a file's content, or of a folder's files, each with its path inside the folder (a folder of prompts). */
export function contentHash(path: string, what: string): string {
  let folder = false;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    // readSource names what is wrong with it
  }
  if (!folder) return fileHash(path, what);
  const h = createHash('sha256');
  for (const f of readdirSync(path, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!statSync(join(path, f)).isFile()) continue;
    const bytes = readSource(join(path, f), what);
    h.update(`${Buffer.byteLength(f)}:${f}${bytes.length}:`).update(bytes);
  }
  return h.digest('hex');
}

function readSource(path: string, what: string): Buffer {
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(
      `${what} file ${clip(path)} ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? (e as Error).message})`}`,
    );
  }
  if (!isFile) throw new UserError(`${what} file ${clip(path)} is not a file`);
  try {
    return readFileSync(path);
  } catch (e) {
    throw new UserError(
      `${what} file ${clip(path)} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
}

/** The first line of a module's complaint that says something (esbuild heads its list with a count), its path as the user gave it. */
function firstLine(e: unknown, abs = '', path = ''): string {
  const lines = (e instanceof Error ? e.message : String(e))
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^Transform failed with \d+ errors?:$/.test(l.trim()));
  const line = lines[0] ?? 'an unnamed error';
  return shortReason(abs ? line.split(abs).join(path) : line, 160);
}

/**
 * Imports the module through tsx, whatever its extension: TypeScript is compiled the same way
 * from the sources and from the precompiled build, and a test runner's own module loader
 * (which would read a .mjs itself) is not in the way.
 */
async function importModule(abs: string): Promise<Record<string, unknown>> {
  const { tsImport } = await import('tsx/esm/api');
  // The package's faces (`decoy/defense`) resolve from a file anywhere, as package.json exports
  // them (tsconfig.faces.json maps them alike), unless the file sits in a project of its own whose
  // tsconfig is then the one read, wherever decoy is started from. tsx reads the map from the
  // option for ES modules and from the environment for TypeScript compiled as CommonJS, each when
  // the import is registered. A plain CommonJS .js file's require is Node's own, and is not mapped.
  const tsconfig = ownTsconfig(abs) ?? join(projectRoot(), FACES_TSCONFIG);
  const before = process.env.TSX_TSCONFIG_PATH;
  process.env.TSX_TSCONFIG_PATH = tsconfig;
  try {
    return (await tsImport(pathToFileURL(abs).href, { parentURL: import.meta.url, tsconfig })) as Record<
      string,
      unknown
    >;
  } finally {
    if (before === undefined) delete process.env.TSX_TSCONFIG_PATH;
    else process.env.TSX_TSCONFIG_PATH = before;
  }
}

/**
 * The user's own tsconfig.json above their file, outside decoy's folder: their project's paths
 * are theirs to keep (they map `decoy/defense` there themselves, as tsconfig.faces.json does).
 */
function ownTsconfig(abs: string): string | null {
  const root = projectRoot();
  for (let dir = dirname(abs); ; dir = dirname(dir)) {
    if (dir === root || dir.startsWith(root + sep)) return null;
    const file = join(dir, 'tsconfig.json');
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return null;
  }
}

/** The tsconfig that maps the package's faces to their files, for a user's module wherever it is. */
export const FACES_TSCONFIG = 'tsconfig.faces.json';

/** Loaded modules by path and content: a file changed since is loaded anew. */
const loaded = new Map<string, Promise<unknown>>();

async function load<T>(path: string, kind: Kind): Promise<T> {
  const abs = resolve(path);
  const key = `${abs}\u0000${createHash('sha256').update(readSource(path, kind.name)).digest('hex')}`;
  let def = loaded.get(key);
  if (!def) {
    def = loadFresh(path, abs, kind);
    loaded.set(key, def);
    def.catch(() => loaded.delete(key));
  }
  return (await def) as T;
}

async function loadFresh(path: string, abs: string, kind: Kind): Promise<unknown> {
  const where = `${kind.name} file ${clip(path)}`;
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(abs);
  } catch (e) {
    throw new UserError(`${where} could not be loaded: ${firstLine(e, abs, path)}`);
  }
  // A CommonJS file's module.exports is its default; an ES module compiled to CommonJS nests it once more.
  let def = mod.default;
  if (def && typeof def === 'object' && !('create' in def) && 'default' in def)
    def = (def as { default: unknown }).default;
  if (def === undefined)
    throw new UserError(`${where} has no default export (export default ${kind.type}: { id, description, create })`);
  const parsed = defShape.safeParse(def);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(
      `${where}: its default export is not ${kind.type} (${clip(issue?.path.join('.') ?? '') || 'root'}: ${issue?.message})`,
    );
  }
  if (kind === AGENT && (def as AgentDef).privileged)
    throw new UserError(
      `${where}: an agent from a file cannot be privileged (ground truth goes to decoy's own oracle only)`,
    );
  // The definition is the fields read once here: a getter cannot say one thing to this check and another to the run.
  const own = parsed.data;
  // Each instance is checked as it is made: a create that throws or returns no `act`/`review` names the file.
  const create = (ctx: never) => {
    let made: unknown;
    try {
      made = (own.create as (c: never) => unknown)(ctx);
    } catch (e) {
      throw new UserError(`${where}: create() threw: ${firstLine(e)}`);
    }
    if (!made || typeof (made as Record<string, unknown>)[kind.method] !== 'function')
      throw new UserError(`${where}: create() must return an object with the method ${kind.method}()`);
    return made;
  };
  return { id: own.id, description: own.description, ...(own.options ? { options: own.options } : {}), create };
}

/**
 * Refuses an option the agent's, defense's or summarizer's definition does not declare
 * (`--opt`, `--defense-opt`, `--summarizer-opt`), naming it as the user gave it (`id`: the
 * registry id or the file) and the options it has: the one check, in one wording, for every command.
 */
export function checkOptions(
  who: 'agent' | 'defense' | 'summarizer',
  id: string,
  def: Pick<AgentDef, 'options'>,
  options: AgentOptions,
): void {
  const known = new Set((def.options ?? []).map((o) => o.name));
  for (const k of Object.keys(options)) {
    if (!known.has(k))
      throw new UserError(
        `${who} ${quote(id)} has no option ${quote(k)}${known.size ? ` (has: ${[...known].join(', ')})` : ''}`,
      );
  }
}

export async function agentDef(idOrPath: string): Promise<AgentDef> {
  return isModulePath(idOrPath) ? load<AgentDef>(idOrPath, AGENT) : agents.get(idOrPath);
}

export async function defenseDef(idOrPath: string): Promise<DefenseDef> {
  if (isInjection(idOrPath)) {
    pageInjection(idOrPath);
    // The page-side defense is the engine's (DecoyEnv's inject); on the agent's side, none.
    return {
      ...defenses.get('none'),
      id: idOrPath,
      description: 'a script injected into every document; no agent-side defense',
    };
  }
  return isModulePath(idOrPath) ? load<DefenseDef>(idOrPath, DEFENSE) : defenses.get(idOrPath);
}
