import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { JSDOM } from 'jsdom';
import { join, relative } from 'node:path';
import { startGalleryServer, type GalleryServer } from '../../harness/server.ts';
import { GALLERY_DIR, LIVE_INDEX, LIVE_ORIGIN, writeLiveSites } from '../../harness/gallery.ts';
import { liveKey, newKeySecret } from '../../harness/live-copy.ts';
import { createHash } from 'node:crypto';
import { MAX_LOG_BYTES, MAX_LOG_DEPTH, MAX_SESSIONS } from '../../harness/collect.ts';
import { readLog } from '../../harness/score.ts';
import { UserError } from '../../lib/errors.ts';
import { bundleFor } from '../helpers.ts';
import { chromium as playwright } from 'playwright-core';
import { findChromium } from '../../simulator/page/engine/chromium.ts';
import { runtimeOnlyPolicy } from '../../simulator/loop/trust.ts';
import { chromiumOrSkip } from '../chromium/browser.ts';

const KEY = 'abcdef012345';
const ID = 'demo.x.s7';
let dir = '';
let server: GalleryServer;
let origin = '';
/** A generated configuration written as a live site beside the hand-made one. */
const bundle = bundleFor(
  { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
  7,
);
const SECRET = 'test secret';
const realKey = liveKey(bundle.manifest.id, SECRET);

beforeAll(async () => {
  // A gallery as decoy site build leaves it, reduced to what the server reads, plus one real live site.
  dir = mkdtempSync(join(tmpdir(), 'decoy-serve-'));
  const site = join(dir, 'site');
  mkdirSync(join(site, 'live', KEY), { recursive: true });
  mkdirSync(join(site, GALLERY_DIR), { recursive: true });
  writeLiveSites(site, [{ ...bundle, dir: null }], SECRET);
  const index = JSON.parse(readFileSync(join(site, LIVE_INDEX), 'utf8'));
  writeFileSync(join(site, LIVE_INDEX), JSON.stringify({ ...index, [KEY]: { scenario: ID, suite: 'demo' } }));
  const own = join(site, GALLERY_DIR);
  writeFileSync(join(own, 'index.html'), `<h1>gallery</h1><a href="/config/${ID}/">${ID}</a>`);
  writeFileSync(join(own, '404.html'), `<h1>gallery 404</h1>`);
  mkdirSync(join(own, 'config', ID), { recursive: true });
  writeFileSync(
    join(own, 'config', ID, 'index.html'),
    `<h1>${ID}</h1><a href="${LIVE_ORIGIN}/live/${KEY}/">${LIVE_ORIGIN}/live/${KEY}/</a>`,
  );
  writeFileSync(join(site, 'live', KEY, 'index.html'), '<h1>live</h1>');
  writeFileSync(join(own, '.secret'), 'hidden');
  server = await startGalleryServer({ dir: site, port: 0, livePort: 0, logDir: join(dir, 'logs') });
  origin = new URL(server.liveUrl).origin;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One HTTP request with exactly these headers (fetch would add or drop some, e.g. Origin). */
function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A connection of its own: a kept-alive one can be closed by the server as it is reused (ECONNRESET on a busy machine).
    const req = httpRequest(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A post as a live page makes it: from its own origin, JSON. */
const post = (events: { type: string }[], session = 's1', key = KEY, headers: Record<string, string> = {}) =>
  request(`${server.liveUrl}__events/${key}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ session, events }),
  });
const stored = (session: string, id = ID, logs = join(dir, 'logs')) =>
  JSON.parse(readFileSync(join(logs, id, `${session}.json`), 'utf8'));
const nav = (n: number) => Array.from({ length: n }, () => ({ type: 'nav' }));

describe('the gallery server: two origins', () => {
  it("a live key is an HMAC of the id under the build's secret: not the id's plain digest, and another secret gives another key", () => {
    const id = bundle.manifest.id;
    expect(realKey).toMatch(/^[0-9a-f]{12}$/);
    expect(realKey).not.toBe(createHash('sha256').update(id).digest('hex').slice(0, 12));
    expect(liveKey(id, SECRET)).toBe(realKey);
    const [a, b] = [newKeySecret(), newKeySecret()];
    expect(a).not.toBe(b);
    expect(liveKey(id, a)).not.toBe(liveKey(id, b));
    expect(JSON.parse(readFileSync(join(dir, 'site', LIVE_INDEX), 'utf8'))[realKey]).toMatchObject({ scenario: id });
  });

  it('the gallery serves its pages and sends a live site on to the live origin; the live origin serves any route of a live site as its document, and no dotfile', async () => {
    expect(server.url).not.toBe(server.liveUrl);
    expect((await request(server.url)).text).toContain('<h1>gallery</h1>');
    const moved = await request(`${server.url}live/${KEY}/cart`);
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe(`${server.liveUrl}live/${KEY}/cart`);
    // Opened from a gallery page (whose path names the configuration), the live site gets no referrer.
    expect(moved.headers['referrer-policy']).toBe('no-referrer');
    expect((await request(`${server.liveUrl}live/${KEY}/cart`)).text).toBe('<h1>live</h1>');
    expect((await request(`${server.liveUrl}live/${KEY}/.secret`)).text).toBe('<h1>live</h1>');
    expect((await request(`${server.url}.secret`)).status).toBe(404);
    expect((await request(`${server.liveUrl}live/000000000000/`)).status).toBe(404);
  });

  it('from the live origin, every path that could map a live key to a scenario id is 404, and the live pages hold no scenario id', async () => {
    const paths = [
      '',
      'index.html',
      LIVE_INDEX,
      '404.html',
      `config/${ID}/`,
      `config/${ID}/index.html`,
      'live/',
      'live',
      `live/${KEY}/../../${LIVE_INDEX}`,
      `live/${KEY}/%2e%2e/%2e%2e/${LIVE_INDEX}`,
      `live/${KEY}/..%2f..%2f${LIVE_INDEX}`,
      `live/${KEY}/%2e%2e%2f%2e%2e%2fconfig/${ID}/index.html`,
      `live/../config/${ID}/`,
      `live/${KEY}/../../config/${ID}/`,
      `.${LIVE_INDEX}`,
      `__events/${KEY}`,
      '__events/',
    ];
    for (const p of paths) {
      const a = await request(`${server.liveUrl}${p}`);
      // Refused, or a route of the live site itself (its one document).
      expect({
        p,
        answer: a.status === 200 && a.text !== '<h1>live</h1>' ? a.text.slice(0, 40) : 'not the gallery',
      }).toEqual({ p, answer: 'not the gallery' });
      expect(a.text).not.toContain(ID);
      expect(a.text).not.toContain('gallery');
    }
    const files = readdirSync(join(dir, 'site', 'live', realKey), { recursive: true, withFileTypes: true }).filter(
      (f) => f.isFile(),
    );
    for (const f of files) expect(readFileSync(join(f.parentPath, f.name), 'utf8')).not.toContain(bundle.manifest.id);
    const pages = files
      .map((f) => relative(join(dir, 'site', 'live', realKey), join(f.parentPath, f.name)))
      .filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(0);
    for (const route of ['', 'cart', 'checkout', ...pages]) {
      const a = await request(`${server.liveUrl}live/${realKey}/${route}`);
      expect(a.status).toBe(200);
      expect(a.text).toContain('<html');
      expect(a.text).not.toContain(bundle.manifest.id);
      expect(a.text).not.toContain(bundle.manifest.suite + '.');
    }
  });

  it("a gallery page shows the live site's URL on the live origin (what an agent is given), by every path it is served under", async () => {
    const shown = `${server.liveUrl}live/${KEY}/`;
    for (const p of [
      `config/${ID}/`,
      `config/${ID}`,
      `config/${ID}/index.html`,
      `config/${encodeURIComponent(ID).replace('.', '%2e')}/`,
    ]) {
      const a = await request(`${server.url}${p}`);
      expect({ p, status: a.status, type: a.headers['content-type'] }).toEqual({
        p,
        status: 200,
        type: 'text/html; charset=utf-8',
      });
      expect(a.text).toBe(`<h1>${ID}</h1><a href="${shown}">${shown}</a>`);
    }
    const head = await request(`${server.url}config/${ID}/`, { method: 'HEAD' });
    expect([head.status, head.text, Number(head.headers['content-length'])]).toEqual([
      200,
      '',
      Buffer.byteLength(`<h1>${ID}</h1><a href="${shown}">${shown}</a>`),
    ]);
    expect((await request(`${server.url}nowhere`)).text).toBe('<h1>gallery 404</h1>');
  });

  it('the gallery refuses what a live page asks of it (a fetch, a link, a form) and serves no post', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin },
      { referer: `${server.liveUrl}live/${KEY}/` },
    ]) {
      for (const p of ['', LIVE_INDEX, `config/${ID}/`])
        expect((await request(`${server.url}${p}`, { headers })).status).toBe(403);
    }
    // The key → scenario map is served by neither origin.
    expect((await request(`${server.url}${LIVE_INDEX}`, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(
      404,
    );
    expect(
      (
        await request(`${server.url}__events/${KEY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(405);
  });
});

describe('the gallery server: event posts', () => {
  it('a live page posts its whole log to its own sink as JSON, with keepalive only while the body is small enough for a browser to send so (64 KiB)', async () => {
    const html = readFileSync(join(dir, 'site', 'live', realKey, 'index.html'), 'utf8');
    const posted = async (earlier: unknown[]) => {
      const posts: { url: string; init: RequestInit }[] = [];
      const w = new JSDOM(html, {
        url: `${server.liveUrl}live/${realKey}/`,
        runScripts: 'dangerously',
        pretendToBeVisual: true,
        beforeParse(win) {
          win.localStorage.setItem(`/live/${realKey} site:events`, JSON.stringify(earlier));
          Object.assign(win, {
            scrollTo() {},
            fetch: (url: string, init: RequestInit) => (posts.push({ url, init }), Promise.resolve({})),
          });
        },
      }).window;
      (w.document.querySelector(`a[href^="/live/${realKey}/product/"]`) as HTMLElement).click();
      w.close();
      const last = posts.at(-1)!;
      expect(last.url).toBe(`/__events/${realKey}`);
      expect(last.init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
      return {
        keepalive: last.init.keepalive,
        size: Buffer.byteLength(String(last.init.body)),
        events: JSON.parse(String(last.init.body)).events.length,
      };
    };
    const short = await posted([]);
    expect(short).toMatchObject({ keepalive: true, events: 1 });
    const long = await posted(
      Array.from({ length: 400 }, (_, i) => ({
        type: 'press',
        control: `c${i}`,
        t: i,
        route: '/',
        pad: 'x'.repeat(200),
      })),
    );
    expect(long.size).toBeGreaterThan(64 * 1024);
    expect(long).toMatchObject({ keepalive: false, events: 401 });
  });

  it('a post is taken only from the live origin, as JSON', async () => {
    const body = JSON.stringify({ session: 'o1', events: nav(1) });
    const url = `${server.liveUrl}__events/${KEY}`;
    expect((await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status).toBe(
      403,
    );
    expect(
      (
        await request(url, {
          method: 'POST',
          headers: { origin: new URL(server.url).origin, 'content-type': 'application/json' },
          body,
        })
      ).status,
    ).toBe(403);
    expect(
      (await request(url, { method: 'POST', headers: { origin: 'null', 'content-type': 'application/json' }, body }))
        .status,
    ).toBe(403);
    expect(
      (await request(url, { method: 'POST', headers: { origin, 'content-type': 'text/plain' }, body })).status,
    ).toBe(415);
    expect((await request(url, { method: 'POST', headers: { origin }, body })).status).toBe(415);
    expect(existsSync(join(dir, 'logs', ID, 'o1.json'))).toBe(false);
    expect(
      (
        await request(url, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json; charset=utf-8' },
          body,
        })
      ).status,
    ).toBe(204);
    expect(stored('o1').events).toHaveLength(1);
  });

  it('a session only grows: a shorter post never replaces a longer log; another session is kept beside it; a session that is no file name is refused', async () => {
    expect((await post(nav(3), 'g1')).status).toBe(204);
    expect((await post(nav(1), 'g1')).status).toBe(204);
    expect(stored('g1').events).toHaveLength(3);
    expect((await post([{ type: 'cart.added' }], 'g2')).status).toBe(204);
    expect(stored('g2')).toMatchObject({
      scenario: ID,
      suite: 'demo',
      session: 'g2',
      events: [{ type: 'cart.added' }],
    });
    expect(stored('g1').events).toHaveLength(3);
    expect((await post(nav(4), 'g1')).status).toBe(204);
    expect(stored('g1').events).toHaveLength(4);
    for (const bad of ['../g1', '..', 'a/b', '', 'x'.repeat(65), 'a\u0000b', '.hidden'])
      expect((await post(nav(9), bad)).status).toBe(400);
    expect(stored('g1').events).toHaveLength(4);
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual([ID]);
  });

  it('a stored log is replaced only by one that extends it: a longer forged log is 409 and the stored one kept, after a restart too', async () => {
    const real = [
      { type: 'nav', route: '/' },
      { type: 'cart.added', item: 'a' },
    ];
    expect((await post(real, 'f1')).status).toBe(204);
    const forged = [{ type: 'nav', route: '/' }, { type: 'order.placed' }, { type: 'nav' }, { type: 'nav' }];
    const refused = await post(forged, 'f1');
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('does not extend');
    expect((await post([{ type: 'cart.added' }], 'f1')).status).toBe(409);
    expect(stored('f1').events).toEqual(real);
    expect((await post(real.slice(0, 1), 'f1')).status).toBe(204);
    expect((await post([...real, { type: 'nav' }], 'f1')).status).toBe(204);
    expect(stored('f1').events).toEqual([...real, { type: 'nav' }]);
    const logs = join(dir, 'logs-forged');
    const send = (s: GalleryServer, events: { type: string }[]) =>
      request(`${s.liveUrl}__events/${KEY}`, {
        method: 'POST',
        headers: { origin: new URL(s.liveUrl).origin, 'content-type': 'application/json' },
        body: JSON.stringify({ session: 'f', events }),
      });
    const first = await startGalleryServer({ dir: join(dir, 'site'), port: 0, livePort: 0, logDir: logs });
    await send(first, real);
    await first.close();
    const second = await startGalleryServer({ dir: join(dir, 'site'), port: 0, livePort: 0, logDir: logs });
    try {
      expect((await send(second, forged)).status).toBe(409);
      expect(stored('f', ID, logs).events).toEqual(real);
    } finally {
      await second.close();
    }
  });

  it('the live origin lets only the runtime run (Content-Security-Policy by its hash) and talks, submits and loads only to itself; no script in its other files; the gallery origin runs no script at all', async () => {
    const page = await request(`${server.liveUrl}live/${realKey}/`);
    expect(page.headers['content-security-policy']).toBe(runtimeOnlyPolicy());
    expect(page.headers['content-security-policy']).toMatch(
      /^script-src 'sha256-[A-Za-z0-9+/]{43}='; object-src 'none'; base-uri 'none'; default-src 'self'; connect-src 'self'; form-action 'self';/,
    );
    expect((await request(`${server.liveUrl}live/${realKey}/cart`)).headers['content-security-policy']).toBe(
      runtimeOnlyPolicy(),
    );
    expect((await request(`${server.liveUrl}live/${realKey}/logo.png`)).headers['content-security-policy']).toMatch(
      /^script-src 'none'.*connect-src 'self'/,
    );
    for (const p of ['', `config/${ID}/`, 'nowhere', `live/${KEY}/`]) {
      expect((await request(`${server.url}${p}`)).headers['content-security-policy']).toMatch(
        /^default-src 'self'; script-src 'none';.*frame-ancestors 'none'/,
      );
    }
  });

  it("no spelling of a path serves a live file or the key map on the gallery origin: %-encoded, dotted and backslashed forms are decoded before matching and the live tree is outside the gallery's files", async () => {
    const spellings = [
      `%6Cive/${KEY}/`,
      `%6cive/${KEY}/index.html`,
      `%6C%69%76%65/${KEY}/index.html`,
      `x/../live/${KEY}/index.html`,
      `x/%2e%2e/live/${KEY}/index.html`,
      `.%2Flive/${KEY}/index.html`,
      `x%5C..%5Clive/${KEY}/index.html`,
      `config/../live/${KEY}/index.html`,
      `%2Flive/${KEY}/index.html`,
    ];
    for (const p of spellings) {
      const a = await request(`${server.url}${p}`);
      // Sent on to the live origin, or not found: never the live page itself on this origin.
      expect({ p, live: a.status === 200 && a.text === '<h1>live</h1>' }).toEqual({ p, live: false });
      if (a.status === 302) expect(a.headers.location).toMatch(new RegExp(`^${server.liveUrl}live/${KEY}/`));
    }
    for (const p of [
      LIVE_INDEX,
      `%6Cive.json`,
      `x/../${LIVE_INDEX}`,
      `..%2F${LIVE_INDEX}`,
      `..%5C${LIVE_INDEX}`,
      `%2e%2e/${LIVE_INDEX}`,
    ]) {
      const a = await request(`${server.url}${p}`);
      expect({ p, index: a.text.includes(KEY) }).toEqual({ p, index: false });
    }
  });

  it.skipIf(!chromiumOrSkip().ok)(
    'served live, a page with an extra inline script runs the runtime and not that script (Chromium)',
    async () => {
      const site = join(dir, 'site');
      const real = readFileSync(join(site, 'live', realKey, 'index.html'), 'utf8');
      writeFileSync(
        join(site, 'live', realKey, 'extra.html'),
        real.replace('</body>', '<script>document.title = "ran"</script></body>'),
      );
      const own = await startGalleryServer({ dir: site, port: 0, livePort: 0, logDir: join(dir, 'logs-csp') });
      const browser = await playwright.launch({ executablePath: findChromium(), headless: true });
      try {
        const tab = await browser.newPage();
        const refused: string[] = [];
        tab.on('console', (m) => {
          if (/Content Security Policy/.test(m.text())) refused.push(m.text());
        });
        await tab.goto(`${own.liveUrl}live/${realKey}/extra.html`, { waitUntil: 'load' });
        expect(await tab.title()).not.toBe('ran');
        // One script refused, the extra one: the runtime, allowed by its hash, ran.
        expect(refused).toHaveLength(1);
      } finally {
        await browser.close();
        await own.close();
        rmSync(join(site, 'live', realKey, 'extra.html'));
      }
    },
  );

  it('a restarted server still never shortens a stored log', async () => {
    const logs = join(dir, 'logs-restart');
    const first = await startGalleryServer({ dir: join(dir, 'site'), port: 0, livePort: 0, logDir: logs });
    const send = (s: GalleryServer, n: number) =>
      request(`${s.liveUrl}__events/${KEY}`, {
        method: 'POST',
        headers: { origin: new URL(s.liveUrl).origin, 'content-type': 'application/json' },
        body: JSON.stringify({ session: 'r', events: nav(n) }),
      });
    await send(first, 5);
    await first.close();
    const second = await startGalleryServer({ dir: join(dir, 'site'), port: 0, livePort: 0, logDir: logs });
    try {
      expect((await send(second, 2)).status).toBe(204);
      expect(stored('r', ID, logs).events).toHaveLength(5);
    } finally {
      await second.close();
    }
  });

  it('a body over the limit is 413, whether it says its length or not, and the server goes on', async () => {
    const big = JSON.stringify({ session: 'big', events: [{ type: 'nav', pad: 'x'.repeat(MAX_LOG_BYTES) }] });
    expect(
      (
        await post([], 'x', KEY, {}).then(() =>
          request(`${server.liveUrl}__events/${KEY}`, {
            method: 'POST',
            headers: { origin, 'content-type': 'application/json' },
            body: big,
          }),
        )
      ).status,
    ).toBe(413);
    // Chunked: no length up front, so the limit is met while reading.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${server.liveUrl}__events/${KEY}`,
        { method: 'POST', headers: { origin, 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const piece = 'x'.repeat(64 * 1024);
      for (let i = 0; i * piece.length <= MAX_LOG_BYTES; i++) req.write(piece);
      req.write(piece);
    });
    expect(chunked).toBe(413);
    expect(existsSync(join(dir, 'logs', ID, 'big.json'))).toBe(false);
    expect((await post(nav(1), 'after')).status).toBe(204);
  });

  /** A post of this exact body, as a live page would send it. */
  const postRaw = (body: string | Buffer) =>
    request(`${server.liveUrl}__events/${KEY}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body,
    });
  const file = (session: string) => join(dir, 'logs', ID, `${session}.json`);

  it('a log is stored as compact JSON: no larger than its post and the configuration it names, and decoy score reads it as posted', async () => {
    const events = [
      { type: 'nav', t: 1, route: '/', from: '/', to: '/cart' },
      {
        type: 'order.placed',
        t: 2,
        route: '/checkout',
        order: 'o1',
        items: [{ sku: 'a', name: 'A', price: 1.5, qty: 1 }],
        fees: [],
        shipping: null,
        options: [],
        total: 1.5,
      },
    ];
    const body = JSON.stringify({ session: 'c1', events });
    expect((await postRaw(body)).status).toBe(204);
    const text = readFileSync(file('c1'), 'utf8');
    expect(text).toBe(`${JSON.stringify({ scenario: ID, suite: 'demo', session: 'c1', events })}\n`);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(
      Buffer.byteLength(body) + Buffer.byteLength(`"scenario":"${ID}","suite":"demo",\n`),
    );
    expect(readLog(file('c1'))).toEqual({ scenario: ID, events });
  });

  it(`an 8 KB post of nested arrays is 400, not 32 MB on disk: a log nests at most ${MAX_LOG_DEPTH} deep (its object, events, an event, an order's lines, a line: 5)`, async () => {
    const nested = (depth: number) =>
      `{"session":"deep","events":[{"type":"nav","x":${'['.repeat(depth - 3)}${']'.repeat(depth - 3)}}]}`;
    const bomb = await postRaw(nested(4000));
    expect([bomb.status, bomb.text]).toEqual([400, `a log nests at most ${MAX_LOG_DEPTH} levels deep\n`]);
    expect(existsSync(file('deep'))).toBe(false);
    expect((await postRaw(nested(MAX_LOG_DEPTH + 1))).status).toBe(400);
    // Brackets inside a string are text, not depth.
    expect(
      (await postRaw(JSON.stringify({ session: 'deep', events: [{ type: 'nav', x: '['.repeat(4000) }] }))).status,
    ).toBe(204);
    expect((await postRaw(nested(MAX_LOG_DEPTH).replace('"deep"', '"deep2"'))).status).toBe(204);
    expect(readFileSync(file('deep2'), 'utf8').length).toBeLessThan(200);
  });

  it('a log that would be stored larger than it was posted is 413 and not stored (numbers written short, bytes that are not UTF-8)', async () => {
    // 1e20 is written back as 21 digits; each byte that is not UTF-8 becomes a 3-byte U+FFFD.
    const short = await postRaw(
      `{"session":"n1","events":[{"type":"nav","x":[${Array(2000).fill('1e20').join(',')}]}]}`,
    );
    expect(short.status).toBe(413);
    expect(short.text).toBe('this log would be stored larger than it was posted\n');
    expect(existsSync(file('n1'))).toBe(false);
    const bytes = Buffer.concat([
      Buffer.from('{"session":"n2","events":[{"type":"nav","x":"'),
      Buffer.alloc(2000, 0xff),
      Buffer.from('"}]}'),
    ]);
    expect((await postRaw(bytes)).status).toBe(413);
    expect(existsSync(file('n2'))).toBe(false);
    // Written longer than JSON.stringify would (spaces, 1.50) is stored shorter: taken.
    expect((await postRaw('{ "session" : "n3", "events" : [ { "type" : "nav", "x" : 1.50 } ] }')).status).toBe(204);
    expect(readFileSync(file('n3'), 'utf8')).toBe(
      `{"scenario":"${ID}","suite":"demo","session":"n3","events":[{"type":"nav","x":1.5}]}\n`,
    );
  });

  it('a slow post held open does not keep other requests waiting', async () => {
    // A client that sends its headers and part of a body, then nothing more.
    const slow = httpRequest(`${server.liveUrl}__events/${KEY}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', 'content-length': '1000' },
    });
    slow.on('error', () => {});
    slow.write('{"session": "slow", "ev');
    const answered = await Promise.all([
      request(`${server.liveUrl}live/${KEY}/`),
      post(nav(2), 'quick'),
      request(server.url),
    ]);
    expect(answered.map((a) => a.status)).toEqual([200, 204, 200]);
    expect(stored('quick').events).toHaveLength(2);
    expect(existsSync(join(dir, 'logs', ID, 'slow.json'))).toBe(false);
    slow.destroy();
  });

  it('writes each log whole, and a log folder that vanished is made again: no 500, no lost log', async () => {
    expect((await post(nav(1), 'v1')).status).toBe(204);
    rmSync(join(dir, 'logs'), { recursive: true, force: true });
    expect((await post([{ type: 'nav' }, { type: 'cart.added' }], 'v1')).status).toBe(204);
    expect(stored('v1')).toMatchObject({
      scenario: ID,
      suite: 'demo',
      session: 'v1',
      events: [{ type: 'nav' }, { type: 'cart.added' }],
    });
  });

  it('a log folder replaced by a file: 507 and one line told, once, until storing works again; then the log is stored', async () => {
    const told: string[] = [];
    const logs = join(dir, 'logs3');
    const own = await startGalleryServer({
      dir: join(dir, 'site'),
      port: 0,
      livePort: 0,
      logDir: logs,
      warn: (line) => told.push(line),
    });
    try {
      const send = (n: number) =>
        request(`${own.liveUrl}__events/${KEY}`, {
          method: 'POST',
          headers: { origin: new URL(own.liveUrl).origin, 'content-type': 'application/json' },
          body: JSON.stringify({ session: 's1', events: nav(n) }),
        });
      rmSync(logs, { recursive: true, force: true });
      writeFileSync(logs, 'not a folder');
      const refused = await send(1);
      expect(refused.status).toBe(507);
      // The answer reaches the agent's browser: it names no folder and no configuration.
      expect(refused.text).toBe('could not store the log\n');
      expect((await send(2)).status).toBe(507);
      expect(told).toEqual([
        `could not store the log of ${ID}: ${logs} is not a folder; it is stored when the page posts again after this is fixed`,
      ]);
      rmSync(logs);
      expect((await send(3)).status).toBe(204);
      expect(stored('s1', ID, logs).events).toHaveLength(3);
    } finally {
      await own.close();
    }
  });

  it('a live port in use is a one-line error naming --live-port', async () => {
    const taken = Number(new URL(server.liveUrl).port);
    const failed = startGalleryServer({ dir: join(dir, 'site'), port: 0, livePort: taken, logDir: join(dir, 'logs4') });
    await expect(failed).rejects.toThrow(UserError);
    await expect(failed).rejects.toThrow(
      `port ${taken} is already in use; choose another --live-port (0 picks a free one)`,
    );
  });

  it('refuses a log of the wrong shape, a gallery index naming a scenario that is no file name, and a gallery that holds a symbolic link', async () => {
    expect(
      (
        await request(`${server.liveUrl}__events/${KEY}`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: '{"session": 1}',
        })
      ).status,
    ).toBe(400);
    const bad = join(dir, 'bad');
    mkdirSync(join(bad, GALLERY_DIR), { recursive: true });
    writeFileSync(join(bad, LIVE_INDEX), JSON.stringify({ [KEY]: { scenario: '../escape', suite: 'demo' } }));
    await expect(startGalleryServer({ dir: bad, port: 0, livePort: 0, logDir: join(dir, 'logs2') })).rejects.toThrow(
      /not a gallery index \('\.\.\/escape' is not a safe name/,
    );
    // Any id a bundle may have is one the server takes (one rule for both).
    writeFileSync(join(bad, LIVE_INDEX), JSON.stringify({ [KEY]: { scenario: 'demo.a+b_c-d.s7', suite: 'demo' } }));
    await (await startGalleryServer({ dir: bad, port: 0, livePort: 0, logDir: join(dir, 'logs2') })).close();
    const linked = join(dir, 'linked');
    mkdirSync(join(linked, GALLERY_DIR), { recursive: true });
    writeFileSync(join(linked, LIVE_INDEX), '{}');
    symlinkSync('/etc', join(linked, 'etc'));
    await expect(startGalleryServer({ dir: linked, port: 0, livePort: 0, logDir: join(dir, 'logs2') })).rejects.toThrow(
      UserError,
    );
    await expect(startGalleryServer({ dir: linked, port: 0, livePort: 0, logDir: join(dir, 'logs2') })).rejects.toThrow(
      /symbolic link/,
    );
  });
});

describe('the gallery server: what a log folder may hold', () => {
  /** A server of its own with small limits, and a post to it from its live origin. */
  async function limited(logs: string, limits: { maxSessions?: number; maxStoredBytes?: number }, told: string[]) {
    const own = await startGalleryServer({
      dir: join(dir, 'site'),
      port: 0,
      livePort: 0,
      logDir: logs,
      warn: (line) => told.push(line),
      ...limits,
    });
    const send = (session: string, n: number) =>
      request(`${own.liveUrl}__events/${KEY}`, {
        method: 'POST',
        headers: { origin: new URL(own.liveUrl).origin, 'content-type': 'application/json' },
        body: JSON.stringify({ session, events: nav(n) }),
      });
    return { own, send };
  }
  const files = (logs: string) =>
    readdirSync(join(logs, ID))
      .filter((f) => f.endsWith('.json'))
      .sort();

  it('holds at most maxSessions sessions per configuration (1,000 by default): a new session past it is 429, told once, naming no configuration to the page; stored sessions still grow; a restarted server counts what is on disk', async () => {
    expect(MAX_SESSIONS).toBe(1000);
    const logs = join(dir, 'logs-sessions');
    const told: string[] = [];
    let { own, send } = await limited(logs, { maxSessions: 3 }, told);
    try {
      for (const s of ['a', 'b', 'c']) expect((await send(s, 1)).status).toBe(204);
      // A client posting from ever new sessions: none of them is written.
      for (let i = 0; i < 25; i++) {
        const a = await send(`fresh${i}`, 1);
        expect([a.status, a.text]).toEqual([429, 'too many logs stored; this one is not\n']);
      }
      expect(files(logs)).toEqual(['a.json', 'b.json', 'c.json']);
      expect(told).toEqual([`${ID} has 3 sessions stored, the most allowed; new sessions of it are not stored (429)`]);
      expect((await send('b', 4)).status).toBe(204);
      expect(stored('b', ID, logs).events).toHaveLength(4);
      // A post that adds nothing to a stored session is answered as before.
      expect((await send('a', 1)).status).toBe(204);
      await own.close();
      ({ own, send } = await limited(logs, { maxSessions: 3 }, told));
      expect((await send('d', 1)).status).toBe(429);
      expect((await send('c', 2)).status).toBe(204);
      expect(files(logs)).toEqual(['a.json', 'b.json', 'c.json']);
    } finally {
      await own.close();
    }
  });

  it('holds at most maxStoredBytes of logs in all: a post that would pass it is 429 and the stored log stays as it was', async () => {
    const logs = join(dir, 'logs-bytes');
    const told: string[] = [];
    const { own, send } = await limited(logs, { maxStoredBytes: 500 }, told);
    try {
      expect((await send('a', 10)).status).toBe(204);
      const before = readFileSync(join(logs, ID, 'a.json'), 'utf8');
      // Room for two logs of ten events, not three.
      expect(Buffer.byteLength(before) * 2).toBeLessThanOrEqual(500);
      expect(Buffer.byteLength(before) * 3).toBeGreaterThan(500);
      expect((await send('b', 10)).status).toBe(204);
      expect((await send('a', 40)).status).toBe(429);
      expect((await send('c', 10)).status).toBe(429);
      expect(readFileSync(join(logs, ID, 'a.json'), 'utf8')).toBe(before);
      expect(files(logs)).toEqual(['a.json', 'b.json']);
      expect(told).toEqual(['the stored logs would pass 500 bytes, the most allowed; no log grows further (429)']);
    } finally {
      await own.close();
    }
  });
});
