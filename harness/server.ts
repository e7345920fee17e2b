import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import sirv from 'sirv';
import { z } from 'zod';
import { safeName } from '../scenarios/bundle.ts';
import { clip, clipPath, shortReason, UserError } from '../lib/errors.ts';
import { NO_SCRIPT_POLICY, runtimeOnlyPolicy } from '../simulator/loop/trust.ts';
import { collector, type LiveEntry } from './collect.ts';
import { GALLERY_DIR, LIVE_INDEX, LIVE_ORIGIN } from './gallery.ts';
import { LIVE_DIR, SINK_DIR } from './live-copy.ts';

export interface GalleryServer {
  /** The gallery, ground truth included: for people. */
  url: string;
  /** The origin of the live sites (`<liveUrl>live/<key>/`): what an agent is given. */
  liveUrl: string;
  close(): Promise<void>;
}

/** Keys are hex digests; scenario ids become folder names of the collected logs, so they are safe names as in a bundle. */
const LIVE = z.record(
  z.string().regex(/^[0-9a-f]{1,64}$/, 'a live key is hex digits'),
  z.object({ scenario: safeName, suite: z.string() }),
);

/** A whole post must arrive within this, headers within the shorter one: a slow client cannot hold a connection open for long. */
const REQUEST_MS = 30_000;
const HEADERS_MS = 10_000;

function readIndex(dir: string): Record<string, LiveEntry> {
  if (!existsSync(dir))
    throw new UserError(`${clip(dir)} does not exist; build the site with decoy site build --out ${clip(dir)}`);
  if (!statSync(dir).isDirectory())
    throw new UserError(`${clip(dir)} is a file, not a built site; build one with decoy site build --out <dir>`);
  const file = join(dir, LIVE_INDEX);
  if (!existsSync(file))
    throw new UserError(
      `${clip(dir)} holds no gallery (no ${LIVE_INDEX}); build it with decoy site build --out ${clip(dir)}`,
    );
  if (!existsSync(join(dir, GALLERY_DIR)))
    throw new UserError(
      `${clip(dir)} was built by an earlier version of decoy (no ${GALLERY_DIR}/ folder); build it again with decoy site build --out ${clip(dir)}`,
    );
  try {
    return LIVE.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    const first =
      e instanceof z.ZodError ? (e.issues[0]?.message ?? 'wrong shape') : (e as Error).message.split('\n')[0];
    throw new UserError(`${clip(file)}: not a gallery index (${shortReason(first ?? '', 120)})`);
  }
}

/**
 * The static server follows no symbolic link: a gallery that holds one is refused. sirv lists
 * the files once, when the server starts (not in dev mode), and serves only those.
 */
function refuseLinks(root: string): void {
  const link = readdirSync(root, { recursive: true, withFileTypes: true }).find((d) => d.isSymbolicLink());
  if (link)
    throw new UserError(
      `${clipPath(join(link.parentPath, link.name))} is a symbolic link; the server serves only the gallery's own files`,
    );
}

/**
 * The gallery's HTML pages with the live origin written in (`LIVE_ORIGIN`), by every path
 * sirv would answer with them: `/config/<id>/`, `/config/<id>` and `/config/<id>/index.html`.
 * Read once, at start, like sirv's file list; everything else of the gallery is sirv's.
 */
function galleryPages(root: string, liveOrigin: string): Map<string, Buffer> {
  const pages = new Map<string, Buffer>();
  for (const d of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!d.isFile() || !d.name.endsWith('.html')) continue;
    const rel = join(d.parentPath, d.name)
      .slice(root.length + 1)
      .split(sep);
    if (rel.some((part) => part.startsWith('.'))) continue;
    const page = Buffer.from(readFileSync(join(d.parentPath, d.name), 'utf8').replaceAll(LIVE_ORIGIN, liveOrigin));
    const path = `/${rel.join('/')}`;
    pages.set(path, page);
    if (d.name === 'index.html') {
      const folder = path.slice(0, -'index.html'.length);
      pages.set(folder, page);
      if (folder !== '/') pages.set(folder.slice(0, -1), page);
    } else pages.set(path.slice(0, -'.html'.length), page);
  }
  return pages;
}

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
};

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

/** `/live/<key>` and the route under it, if the path is a live site's. */
const siteOf = (path: string) => new RegExp(`^/${LIVE_DIR}/([0-9a-f]+)(/.*)?$`).exec(path);

/**
 * A path as a file server would read it: decoded, with `\\` as `/`, `.` and `..` segments
 * resolved; null if it does not decode or names a segment with NUL. Every route decision
 * is made on this, so no spelling of a path (`/%6Cive/…`, `/x/../live/…`) reaches a file the
 * matching did not see.
 */
function normalPath(raw: string): string | null {
  const text = decoded(raw);
  if (text === null || text.includes('\0')) return null;
  const out: string[] = [];
  for (const part of text.replaceAll('\\', '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}${text.endsWith('/') && out.length > 0 ? '/' : ''}`;
}

/**
 * The gallery's pages show ground truth and run no script (the Astro site has none): its
 * origin lets nothing run, nothing load from elsewhere, and nobody frame it.
 */
const GALLERY_POLICY =
  "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; connect-src 'none'";

const pathOf = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * Headers on every answer of both origins. No referrer: a live site opened from the gallery
 * must not learn the gallery page (its path names the configuration) from document.referrer.
 */
function common(res: ServerResponse): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('x-content-type-options', 'nosniff');
}

function listen(server: Server, port: number, flag: string): Promise<number> {
  server.requestTimeout = REQUEST_MS;
  server.headersTimeout = HEADERS_MS;
  return new Promise<number>((done, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE')
        reject(new UserError(`port ${port} is already in use; choose another ${flag} (0 picks a free one)`));
      else if (e.code === 'EACCES')
        reject(new UserError(`port ${port} is not allowed for this user; choose another ${flag}`));
      else reject(new UserError(`cannot listen on 127.0.0.1:${port} (${e.message})`));
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : port);
    });
  });
}

const stop = (server: Server) =>
  new Promise<void>((done) => {
    server.closeAllConnections();
    server.close(() => done());
  });

export interface ServerOptions {
  dir: string;
  /** The gallery's port on 127.0.0.1 (0 picks a free one). */
  port: number;
  /** The live sites' port (0 picks a free one); another origin than the gallery's. */
  livePort: number;
  logDir: string;
  /** Sessions stored per configuration, and bytes of logs in all (harness/collect.ts `MAX_SESSIONS`, `MAX_STORED_BYTES`). */
  maxSessions?: number;
  maxStoredBytes?: number;
  /** Told, in one line, when a posted log cannot be stored (once until storing works again). */
  warn?: (line: string) => void;
}

/**
 * Hosts a built gallery on two origins of 127.0.0.1. The gallery's own (`port`) serves its
 * pages, which show ground truth, and sends `/live/<key>/…` on to the other. The live
 * origin (`livePort`) serves the live sites and nothing else: every route under
 * `/live/<key>/` is that site's document, and `/__events/<key>` takes the logs its pages post
 * (harness/collect.ts). A page of a live site can therefore read nothing of the gallery (the
 * browser's same-origin rule), and the gallery refuses requests a live page makes to it.
 */
export async function startGalleryServer(opts: ServerOptions): Promise<GalleryServer> {
  const live = readIndex(opts.dir);
  const root = resolve(opts.dir);
  refuseLinks(root);
  if (opts.port !== 0 && opts.port === opts.livePort)
    throw new UserError(`the gallery and the live sites need two ports; --port and --live-port are both ${opts.port}`);
  const known = (key: string) => Object.hasOwn(live, key);
  // The live sites sit beside the gallery's own files, not under them: the gallery's file server cannot reach one by any spelling of a path.
  const galleryFiles = sirv(join(root, GALLERY_DIR), { dev: false, dotfiles: false, etag: false });
  // A gallery of no configuration has no live folder (sirv would throw listing it).
  const liveFiles: ReturnType<typeof sirv> = existsSync(join(root, LIVE_DIR))
    ? sirv(join(root, LIVE_DIR), { dev: false, dotfiles: false, etag: false })
    : (_req, _res, next) => next?.();

  const gallery = createServer();
  const liveServer = createServer();
  const galleryPort = await listen(gallery, opts.port, '--port');
  const livePort = await listen(liveServer, opts.livePort, '--live-port').catch(async (e: unknown) => {
    await stop(gallery);
    throw e;
  });
  const url = `http://127.0.0.1:${galleryPort}/`;
  const liveUrl = `http://127.0.0.1:${livePort}/`;
  const liveOrigin = originOf(liveUrl);
  const pages = galleryPages(join(root, GALLERY_DIR), liveOrigin as string);
  const notFound = pages.get('/404.html') ?? null;
  const page = (res: ServerResponse, status: number, body: Buffer, head: boolean) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(head ? undefined : body);
  };
  const sink = collector({
    live,
    origin: liveOrigin as string,
    logDir: opts.logDir,
    maxSessions: opts.maxSessions,
    maxBytes: opts.maxStoredBytes,
    warn: opts.warn,
  });

  const onGallery: RequestListener = (req, res) => {
    common(res);
    // Not to be embedded by, or read from, another origin.
    res.setHeader('cross-origin-resource-policy', 'same-origin');
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('content-security-policy', GALLERY_POLICY);
    // A live page's requests here (a fetch, a link, a form, an image) carry its origin or
    // are marked as from another site: refused, so that none reaches a gallery page.
    const site = req.headers['sec-fetch-site'];
    if (
      site === 'same-site' ||
      site === 'cross-site' ||
      originOf(req.headers.origin) === liveOrigin ||
      originOf(req.headers.referer) === liveOrigin
    ) {
      return send(res, 403, 'the gallery answers its own pages and people only\n');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only\n');
    const path = normalPath(pathOf(req));
    if (path === null) return send(res, 400, 'not a path\n');
    const redirect = siteOf(path);
    if (redirect) {
      if (!known(redirect[1] as string)) return send(res, 404, 'unknown site\n');
      res.writeHead(302, { location: new URL(path, liveUrl).href });
      return res.end();
    }
    const html = pages.get(path);
    if (html) return page(res, 200, html, req.method === 'HEAD');
    galleryFiles(req, res, () => {
      if (!notFound) return send(res, 404, 'not found\n');
      page(res, 404, notFound, req.method === 'HEAD');
    });
  };

  const pagePolicy = runtimeOnlyPolicy();
  const onLive: RequestListener = (req, res) => {
    common(res);
    const path = normalPath(pathOf(req));
    res.setHeader('content-security-policy', pagePolicy);
    if (path === null) return send(res, 400, 'not a path\n');
    // A second layer under the bundle check: on the origin agents use, only decoy's runtime runs, and only in pages.
    if (!/\.html?$|\/$/.test(path) && extname(path) !== '') res.setHeader('content-security-policy', NO_SCRIPT_POLICY);
    const post = new RegExp(`^/${SINK_DIR}/([0-9a-f]+)$`).exec(path);
    if (post) {
      if (req.method !== 'POST') return send(res, 405, 'POST only\n');
      sink.take(post[1] as string, req, res).catch((e: unknown) => {
        opts.warn?.(`could not take a log: ${shortReason((e as Error).message ?? String(e))}`);
        if (!res.headersSent) send(res, 500, 'could not take the log\n');
      });
      return;
    }
    // A live site is one document with History-API routes: any path under it is that document.
    const site = siteOf(path);
    if (!site || !known(site[1] as string)) return send(res, 404, 'not found\n');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'GET only\n');
    const key = site[1] as string;
    // Handed on spelt as it was matched: sirv decodes once more, and a `%` decoded here must stay one.
    req.url = `/${key}${(site[2] ?? '/').split('/').map(encodeURIComponent).join('/')}`;
    liveFiles(req, res, () => {
      req.url = `/${key}/index.html`;
      liveFiles(req, res, () => send(res, 404, 'not found\n'));
    });
  };

  gallery.on('request', onGallery);
  liveServer.on('request', onLive);
  return { url, liveUrl, close: async () => void (await Promise.all([stop(gallery), stop(liveServer)])) };
}
