import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/files.ts';
import { z } from 'zod';

/** The largest log a page may post; a longer body is answered 413 without reading the rest. */
export const MAX_LOG_BYTES = 1024 * 1024;

/**
 * How deep a posted log may nest arrays and objects (the log itself is 1). The runtime's
 * deepest is 5 (the log, its events, an event, an order's lines, a line); past this the post
 * is answered 400 before it is parsed, so no nesting reaches a recursive reader.
 */
export const MAX_LOG_DEPTH = 8;

/**
 * What a log folder may hold, so that a client posting from fresh sessions cannot fill the
 * disk: this many sessions per configuration (a browser profile is a session) and this many
 * bytes of logs in all. A post that would pass either is answered 429 and not written; the
 * sessions already stored still grow, within the byte budget.
 */
export const MAX_SESSIONS = 1000;
export const MAX_STORED_BYTES = 1024 * 1024 * 1024;

/** A session names a file: letters, digits, `-` and `_` only (the runtime sends the digits of a time). */
const SESSION = /^[A-Za-z0-9_-]{1,64}$/;
/** Whether a name is a session's, as a log's file is named (`<session>.json`). */
export const isSession = (name: string): boolean => SESSION.test(name);
const LOG = z.object({
  session: z.string().regex(SESSION, 'a session is 1 to 64 letters, digits, - or _'),
  events: z.array(z.object({ type: z.string() }).loose()),
});

export interface LiveEntry {
  scenario: string;
  suite: string;
}

export interface Collector {
  /** Answers a post of `key`'s event log. */
  take(key: string, req: IncomingMessage, res: ServerResponse): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, close = false): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(body);
}

/** The body, or null once it passes `limit` bytes: reading stops there, and the connection is closed after the answer. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) return resolve(null);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        return resolve(null);
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Whether JSON text nests arrays and objects deeper than `max`; brackets inside strings are text. */
function nestsDeeper(body: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The size of each session's log already in a configuration's folder, by session. */
function sessionFiles(dir: string): Map<string, number> {
  const sizes = new Map<string, number>();
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return sizes;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const session = d.name.slice(0, -'.json'.length);
    if (d.isFile() && d.name.endsWith('.json') && SESSION.test(session))
      sizes.set(session, statSync(join(dir, d.name)).size);
  }
  return sizes;
}

/** The folder is made again if it went away meanwhile; a reader sees the previous log or the new one. */
function writeWhole(dir: string, name: string, text: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(join(dir, name), text);
}

/** Why a log could not be written, in a line (the folder that is not one rather than the errno). */
function storeProblem(logDir: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR' || code === 'EEXIST') return `${logDir} is not a folder`;
  if (code === 'EACCES' || code === 'EPERM') return `${logDir} is not writable`;
  if (code === 'ENOSPC') return 'the disk is full';
  return ((e as Error).message ?? String(e)).split('\n')[0] as string;
}

/** Each event of a log as JSON, for comparing logs event by event. */
const eventTexts = (events: z.infer<typeof LOG>['events']) => events.map((e) => JSON.stringify(e));

/** The events of a stored log as `eventTexts` gives them, or null if there is none or it does not parse. */
function storedEvents(file: string): string[] | null {
  if (!existsSync(file)) return null;
  try {
    const events = LOG.shape.events.safeParse((JSON.parse(readFileSync(file, 'utf8')) as { events?: unknown }).events);
    return events.success ? eventTexts(events.data) : null;
  } catch {
    return null;
  }
}

/**
 * Takes the logs live sites post, one file per configuration and session:
 * `<logDir>/<scenario-id>/<session>.json`. Only a post from the live sites' own origin
 * (`origin`) with a JSON body is taken. A session's log only grows: a post is written only
 * if the stored events are a prefix of its own and it holds more; one that is a prefix of
 * the stored log (a late request, a replay) is answered but not written, and one that
 * differs from it in any event is answered 409 and not written, so a log is never replaced
 * by a shorter or a forged one. A log is stored as compact JSON, never larger than its post
 * (besides the configuration it names): one nested deeper than `MAX_LOG_DEPTH` is answered
 * 400, one that would grow as it is written back 413. Another session is a file of its own beside it, up to
 * `maxSessions` per configuration and `maxBytes` of logs in all (429 past either). A log that
 * cannot be stored is answered 507 and told to `warn` once until storing works again; the page
 * posts its whole log again with its next event. Answers name no configuration: they reach
 * the agent's browser.
 */
export function collector(opts: {
  live: Readonly<Record<string, LiveEntry>>;
  origin: string;
  logDir: string;
  limit?: number;
  maxSessions?: number;
  maxBytes?: number;
  warn?: (line: string) => void;
}): Collector {
  const limit = opts.limit ?? MAX_LOG_BYTES;
  const maxSessions = opts.maxSessions ?? MAX_SESSIONS;
  const maxBytes = opts.maxBytes ?? MAX_STORED_BYTES;
  /** The bytes of each stored log, by configuration and session: what the folder held at start, and what this server wrote since. */
  const sizes = new Map<string, Map<string, number>>();
  let total = 0;
  // A map, not the index object: a key that names something of every object (`constructor`) names no site.
  const live = new Map(Object.entries(opts.live));
  for (const { scenario } of live.values()) {
    const files = sessionFiles(join(opts.logDir, scenario));
    sizes.set(scenario, files);
    for (const bytes of files.values()) total += bytes;
  }
  let told: string | null = null;
  /** Each limit is told on the console once (per configuration for sessions); the page is told no more than that the log was not stored, since its answers reach the agent's browser. */
  const full = new Set<string>();
  const refuse = (res: ServerResponse, what: string, line: string) => {
    if (!full.has(what)) opts.warn?.(`${line} (429)`);
    full.add(what);
    send(res, 429, 'too many logs stored; this one is not\n');
  };

  async function take(key: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const entry = live.get(key);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const refusal: [number, string] | null = !entry
      ? [404, 'unknown site\n']
      : req.headers.origin !== opts.origin
        ? [403, 'posts are taken from the site itself only\n']
        : type !== 'application/json'
          ? [415, 'expected content-type: application/json\n']
          : null;
    const body = await readBody(req, limit);
    // A refusal is answered once the body is read (up to the limit): answering while the
    // client still writes resets its connection on a busy machine instead of telling it why.
    if (refusal || !entry) return send(res, refusal?.[0] ?? 404, refusal?.[1] ?? 'unknown site\n', body === null);
    if (body === null) return send(res, 413, `log too large (over ${limit} bytes)\n`, true);
    if (nestsDeeper(body, MAX_LOG_DEPTH)) return send(res, 400, `a log nests at most ${MAX_LOG_DEPTH} levels deep\n`);
    let parsed: z.infer<typeof LOG>;
    try {
      parsed = LOG.parse(JSON.parse(body.toString('utf8')));
    } catch {
      return send(res, 400, 'expected {session, events: [{type, ...}]} with a session of letters, digits, - or _\n');
    }
    // Stored as JSON.stringify writes it, which is how the runtime posts it; written back, a
    // post can only grow where it was written shorter than that (`1e20` is 21 digits, a byte
    // that is not UTF-8 three): such a post is refused, so what is stored is never more than
    // what was received, besides the configuration it names.
    if (Buffer.byteLength(JSON.stringify(parsed)) > body.length)
      return send(res, 413, 'this log would be stored larger than it was posted\n');
    const dir = join(opts.logDir, entry.scenario);
    const name = `${parsed.session}.json`;
    const known = storedEvents(join(dir, name));
    const events = eventTexts(parsed.events);
    // A page only appends to its log, so a post that does not begin with what is stored is not
    // that session's log (a forgery, or another page reusing the session): the stored one stays.
    if (known && known.some((e, i) => i < events.length && events[i] !== e))
      return send(res, 409, 'this log does not extend the stored log of its session, which is kept\n');
    if (!known || events.length > known.length) {
      const sessions = sizes.get(entry.scenario) as Map<string, number>;
      const before = sessions.get(parsed.session);
      if (before === undefined && sessions.size >= maxSessions) {
        return refuse(
          res,
          `sessions ${entry.scenario}`,
          `${entry.scenario} has ${sessions.size} sessions stored, the most allowed; new sessions of it are not stored`,
        );
      }
      const text =
        JSON.stringify({
          scenario: entry.scenario,
          suite: entry.suite,
          session: parsed.session,
          events: parsed.events,
        }) + '\n';
      const grown = total - (before ?? 0) + Buffer.byteLength(text);
      if (grown > maxBytes)
        return refuse(
          res,
          'bytes',
          `the stored logs would pass ${maxBytes} bytes, the most allowed; no log grows further`,
        );
      try {
        writeWhole(dir, name, text);
      } catch (e) {
        const problem = storeProblem(opts.logDir, e);
        if (problem !== told)
          opts.warn?.(
            `could not store the log of ${entry.scenario}: ${problem}; it is stored when the page posts again after this is fixed`,
          );
        told = problem;
        return send(res, 507, 'could not store the log\n');
      }
      told = null;
      total = grown;
      sessions.set(parsed.session, Buffer.byteLength(text));
    }
    res.writeHead(204, { 'cache-control': 'no-store' });
    res.end();
  }
  return { take };
}
