import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { UserError } from '../scenarios/errors.ts';
import { LIVE_INDEX } from './gallery.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

const MAX_BODY = 4 * 1024 * 1024;

export interface GalleryServer {
  url: string;
  close(): Promise<void>;
}

interface LiveEntry {
  scenario: string;
  suite: string;
}

function readIndex(dir: string): Record<string, LiveEntry> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UserError(`${dir} does not exist; build the site with decoy site build --out ${dir}`);
  const file = join(dir, LIVE_INDEX);
  if (!existsSync(file)) throw new UserError(`${dir} holds no gallery (no ${LIVE_INDEX}); build it with decoy site build --out ${dir}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, LiveEntry>;
  } catch (e) {
    throw new UserError(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

/** A file under `root` for a URL path, or null; never anything outside `root`. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  const path = join(root, rel);
  if (path !== root && !path.startsWith(root + sep)) return null;
  if (!existsSync(path)) return null;
  if (statSync(path).isDirectory()) {
    const index = join(path, 'index.html');
    return existsSync(index) ? index : null;
  }
  return path;
}

function send(res: ServerResponse, status: number, body: string | Buffer, type = 'text/plain; charset=utf-8', head = false): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(head ? undefined : body);
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

function isLog(x: unknown): x is { session: string; events: { type: string }[] } {
  if (typeof x !== 'object' || x === null) return false;
  const { session, events } = x as { session?: unknown; events?: unknown };
  return typeof session === 'string' && Array.isArray(events) && events.every((e) => typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string');
}

/**
 * Hosts a built gallery on 127.0.0.1: static files, each live site's routes falling back to
 * its index.html, and the event logs its pages post, one file per configuration (the latest
 * log of the latest session; an earlier request arriving late does not overwrite a longer log).
 */
export async function startGalleryServer(opts: { dir: string; port: number; logDir: string }): Promise<GalleryServer> {
  const live = readIndex(opts.dir);
  const root = resolve(opts.dir);
  mkdirSync(opts.logDir, { recursive: true });
  const latest = new Map<string, { session: string; n: number }>();

  async function collect(key: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const entry = live[key];
    if (!entry) return send(res, 404, 'unknown site\n');
    const body = await readBody(req);
    if (body === null) return send(res, 413, 'log too large\n');
    let log: unknown;
    try {
      log = JSON.parse(body);
    } catch {
      return send(res, 400, 'not JSON\n');
    }
    if (!isLog(log)) return send(res, 400, 'expected {session, events: [{type, ...}]}\n');
    const seen = latest.get(key);
    if (!seen || seen.session !== log.session || log.events.length >= seen.n) {
      latest.set(key, { session: log.session, n: log.events.length });
      const record = { scenario: entry.scenario, suite: entry.suite, session: log.session, events: log.events };
      writeFileSync(join(opts.logDir, `${entry.scenario}.json`), JSON.stringify(record, null, 2) + '\n');
    }
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  }

  function serveFile(path: string, req: IncomingMessage, res: ServerResponse): void {
    const head = req.method === 'HEAD';
    const exact = fileFor(root, path);
    if (exact) return send(res, 200, readFileSync(exact), TYPES[extname(exact)] ?? 'application/octet-stream', head);
    // A live site is one document with History-API routes: any path under it is that document.
    const site = /^\/live\/([0-9a-f]+)(\/|$)/.exec(path);
    const index = site && live[site[1] as string] ? join(root, 'live', site[1] as string, 'index.html') : null;
    if (index && existsSync(index)) return send(res, 200, readFileSync(index), TYPES['.html'], head);
    const notFound = join(root, '404.html');
    return send(res, 404, existsSync(notFound) ? readFileSync(notFound) : 'not found\n', existsSync(notFound) ? TYPES['.html'] : undefined, head);
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const sink = /^\/__events\/([0-9a-f]+)$/.exec(path);
    if (sink) {
      if (req.method !== 'POST') return send(res, 405, 'POST only\n');
      collect(sink[1] as string, req, res).catch(() => send(res, 500, 'could not store the log\n'));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only\n');
    serveFile(path, req, res);
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
