import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sirv from 'sirv';
import { z } from 'zod';
import { UserError } from '../scenarios/errors.ts';
import { LIVE_INDEX } from './gallery.ts';

const MAX_BODY = 4 * 1024 * 1024;

export interface GalleryServer {
  url: string;
  close(): Promise<void>;
}

const LIVE = z.record(z.string(), z.object({ scenario: z.string(), suite: z.string() }));
const LOG = z.object({ session: z.string(), events: z.array(z.object({ type: z.string() }).loose()) });

function readIndex(dir: string): z.infer<typeof LIVE> {
  if (!existsSync(dir)) throw new UserError(`${dir} does not exist; build the site with decoy site build --out ${dir}`);
  if (!statSync(dir).isDirectory()) throw new UserError(`${dir} is a file, not a built site; build one with decoy site build --out <dir>`);
  const file = join(dir, LIVE_INDEX);
  if (!existsSync(file)) throw new UserError(`${dir} holds no gallery (no ${LIVE_INDEX}); build it with decoy site build --out ${dir}`);
  try {
    return LIVE.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    throw new UserError(`${file}: not a gallery index (${(e as Error).message.split('\n')[0]})`);
  }
}

/** The static server follows no symbolic link: a gallery that holds one is refused. */
function refuseLinks(root: string): void {
  const link = readdirSync(root, { recursive: true, withFileTypes: true }).find((d) => d.isSymbolicLink());
  if (link) throw new UserError(`${join(link.parentPath, link.name)} is a symbolic link; the server serves only the gallery's own files`);
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Writes a file whole: to a temporary sibling, then renamed over the old one, so a reader
 * sees the previous log or the new one, never part of one. The folder is made again if it
 * went away meanwhile.
 */
function writeWhole(dir: string, name: string, text: string): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, join(dir, name));
}

/** Why a log could not be written, in a line (the folder that is not one rather than the errno). */
function storeProblem(logDir: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR' || code === 'EEXIST') return `${logDir} is not a folder`;
  if (code === 'EACCES' || code === 'EPERM') return `${logDir} is not writable`;
  if (code === 'ENOSPC') return 'the disk is full';
  return ((e as Error).message ?? String(e)).split('\n')[0] as string;
}

export interface ServerOptions {
  dir: string;
  port: number;
  logDir: string;
  /** Told, in one line, when a posted log cannot be stored (once until storing works again). */
  warn?: (line: string) => void;
}

/**
 * Hosts a built gallery on 127.0.0.1: its files (sirv; dotfiles hidden), each live site's
 * routes falling back to its index.html, and the event logs its pages post, one file per
 * configuration (the latest log of the latest session; an earlier request arriving late
 * does not overwrite a longer log). A log that cannot be stored is answered 507 and told
 * to `warn`; the page posts its whole log again with its next event.
 */
export async function startGalleryServer(opts: ServerOptions): Promise<GalleryServer> {
  const live = readIndex(opts.dir);
  const root = resolve(opts.dir);
  refuseLinks(root);
  mkdirSync(opts.logDir, { recursive: true });
  const latest = new Map<string, { session: string; n: number }>();
  /** The storage problem last told, so that a page posting after every event does not repeat it. */
  let told: string | null = null;
  const files = sirv(root, { dev: false, dotfiles: false, etag: false });
  const notFound = existsSync(join(root, '404.html')) ? readFileSync(join(root, '404.html')) : null;

  async function collect(key: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const entry = live[key];
    if (!entry) return send(res, 404, 'unknown site\n');
    const body = await readBody(req);
    if (body === null) return send(res, 413, 'log too large\n');
    let parsed: z.infer<typeof LOG>;
    try {
      parsed = LOG.parse(JSON.parse(body));
    } catch {
      return send(res, 400, 'expected {session, events: [{type, ...}]}\n');
    }
    const seen = latest.get(key);
    if (!seen || seen.session !== parsed.session || parsed.events.length >= seen.n) {
      const record = { scenario: entry.scenario, suite: entry.suite, session: parsed.session, events: parsed.events };
      try {
        writeWhole(opts.logDir, `${entry.scenario}.json`, JSON.stringify(record, null, 2) + '\n');
      } catch (e) {
        const problem = storeProblem(opts.logDir, e);
        if (problem !== told) opts.warn?.(`could not store the log of ${entry.scenario}: ${problem}; it is stored when the page posts again after this is fixed`);
        told = problem;
        return send(res, 507, `could not store the log: ${problem}\n`);
      }
      told = null;
      latest.set(key, { session: parsed.session, n: parsed.events.length });
    }
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  }

  // A live site is one document with History-API routes: any path under it is that document.
  const fallback = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const site = /^\/live\/([0-9a-f]+)(\/|$)/.exec(path);
    if (site && live[site[1] as string] && req.url !== `/live/${site[1]}/index.html`) {
      req.url = `/live/${site[1]}/index.html`;
      return files(req, res, () => missing(res));
    }
    missing(res);
  };
  const missing = (res: ServerResponse) => {
    if (!notFound) return send(res, 404, 'not found\n');
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(notFound);
  };

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const sink = /^\/__events\/([0-9a-f]+)$/.exec(path);
    if (sink) {
      if (req.method !== 'POST') return send(res, 405, 'POST only\n');
      collect(sink[1] as string, req, res).catch((e: unknown) => {
        opts.warn?.(`could not take a log: ${(e as Error).message?.split('\n')[0] ?? String(e)}`);
        send(res, 500, 'could not take the log\n');
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only\n');
    res.setHeader('cache-control', 'no-store');
    files(req, res, () => fallback(req, res));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') reject(new UserError(`port ${opts.port} is already in use; choose another --port (0 picks a free one)`));
      else if (e.code === 'EACCES') reject(new UserError(`port ${opts.port} is not allowed for this user; choose another --port`));
      else reject(new UserError(`cannot listen on 127.0.0.1:${opts.port} (${e.message})`));
    });
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
