import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { chromium, type Browser, type Page } from 'playwright-core';
import { families, suites } from '../../scenarios/index.ts';
import type { BundleManifest } from '../../scenarios/bundle.ts';
import type { Locator, Step, TextTarget } from '../../scenarios/model.ts';
import { isLocator, isPoint } from '../../scenarios/steps.ts';
import { generateSuite, writeBundles } from '../../generator/bundle.ts';
import { readBundle } from '../../simulator/loop/bundle.ts';
import { askSite } from '../../simulator/page/engine/jsdom.ts';
import { pathAgent, play, withoutProgress } from '../helpers.ts';
import { UserError } from '../../lib/errors.ts';
import * as site from '../../cli/site.ts';
import * as serve from '../../cli/serve.ts';
import * as score from '../../cli/score.ts';

const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
/** Words that only ground truth or the harness would use (as in the bundle no-leak test). */
const GROUND_TRUTH_WORDS = [
  'deceptive',
  'trap',
  'ground truth',
  'groundTruth',
  'evaluator',
  'safePath',
  'trapPath',
  'outcome',
  'dark pattern',
  'decoy',
  'B_c',
  'B_d',
  'correct_box',
  'dark_box',
];
const SHOT = 'demo.v5.purchase-shopping.control.s7';

let dir = '';
let manifests: BundleManifest[] = [];
/** A configuration's live key, as the built site's index maps it (keys are made under a secret of the build). */
const keyOf = (id: string) => {
  const index = JSON.parse(readFileSync(join(dir, 'dist/site/live.json'), 'utf8')) as Record<
    string,
    { scenario: string }
  >;
  const key = Object.keys(index).find((k) => index[k]?.scenario === id);
  if (!key) throw new Error(`${id} is not in live.json`);
  return key;
};

function decoy(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: withoutProgress(r.stderr) };
}

function tree(root: string, sub = ''): string[] {
  return readdirSync(join(root, sub)).flatMap((name) =>
    statSync(join(root, sub, name)).isDirectory() ? tree(root, join(sub, name)) : [join(sub, name)],
  );
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-site-'));
  const bundles = generateSuite(suites.get('demo'), 7);
  manifests = bundles.map((b) => b.manifest);
  writeBundles(join(dir, 'out/demo'), suites.get('demo'), 7, bundles);
  // What decoy shoot leaves behind, for one configuration.
  mkdirSync(join(dir, 'out/demo', SHOT, 'shots'));
  for (const f of ['start.png', 'start-boxes.png']) writeFileSync(join(dir, 'out/demo', SHOT, 'shots', f), `png:${f}`);
  const built = decoy('site', 'build', '--bundles', 'out/demo', '--out', 'dist/site', '--key-secret', 'same');
  if (built.code !== 0) throw new Error(`site build failed: ${built.err}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy site build', () => {
  it('writes the index, one page per configuration and one live site per configuration', () => {
    const site = join(dir, 'dist/site');
    const index = readFileSync(join(site, 'gallery', 'index.html'), 'utf8');
    expect(index).toContain('demo');
    expect(index).toContain('cookie-trap');
    for (const m of manifests) {
      const page = readFileSync(join(site, 'gallery', 'config', m.id, 'index.html'), 'utf8');
      expect(index).toContain(`/config/${m.id}/`);
      expect(page).toContain(m.task.instruction.replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
      expect(page).toContain(`/live/${keyOf(m.id)}/`);
      for (const p of m.patterns) expect(page).toContain(p.variant);
      expect(existsSync(join(site, 'live', keyOf(m.id), 'index.html'))).toBe(true);
      if (m.id === SHOT) {
        expect(page).toContain(`/config/${m.id}/start-boxes.png`);
        expect(readFileSync(join(site, 'gallery', 'config', m.id, 'start.png'), 'utf8')).toBe('png:start.png');
      } else expect(page).toContain('no screenshot (run decoy shoot)');
    }
    expect(Object.keys(JSON.parse(readFileSync(join(site, 'live.json'), 'utf8')))).toHaveLength(manifests.length);
  });

  it('the live sites carry no ground truth, no evaluator parameters and no scenario id', () => {
    for (const m of manifests) {
      const root = join(dir, 'dist/site/live', keyOf(m.id));
      for (const file of tree(root)) {
        const content = readFileSync(join(root, file), 'utf8');
        const lower = content.toLowerCase();
        for (const f of families.ids()) expect(lower.includes(f), `${m.id}/${file} mentions ${f}`).toBe(false);
        for (const w of GROUND_TRUTH_WORDS)
          expect(new RegExp(`\\b${w}\\b`, 'i').test(content), `${m.id}/${file} mentions '${w}'`).toBe(false);
        for (const p of m.evaluator.patterns) expect(content.includes(JSON.stringify(p.params))).toBe(false);
        expect(content.includes(JSON.stringify(m.task.goal))).toBe(false);
        expect(content.includes(m.id)).toBe(false);
      }
    }
  });

  it('the same bundles under the same --key-secret build to the same files', async () => {
    await site.run([
      'build',
      '--bundles',
      join(dir, 'out/demo'),
      '--out',
      join(dir, 'dist/again'),
      '--key-secret',
      'same',
    ]);
    const a = join(dir, 'dist/site');
    const b = join(dir, 'dist/again');
    const files = tree(a).sort();
    expect(tree(b).sort()).toEqual(files);
    for (const f of files) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
  });

  it('refuses, naming it, an --out holding anything a gallery build did not write, and replaces an earlier gallery whole', () => {
    const fake = join(dir, 'fake');
    mkdirSync(join(fake, 'docs'), { recursive: true });
    writeFileSync(join(fake, 'live.json'), '{}');
    writeFileSync(join(fake, 'thesis.tex'), 'important');
    writeFileSync(join(fake, 'docs', 'a.md'), 'x');
    const before = tree(fake).sort();
    const refused = (out: string, stranger: string) => {
      const r = decoy('site', 'build', '--suite', 'demo', '--out', out);
      expect(r.code, r.err).toBe(2);
      expect(r.err.trim()).toBe(
        `decoy site: ${out} holds ${stranger}, which a gallery build did not write; nothing was changed (choose another --out)`,
      );
    };
    refused('fake', 'docs');
    expect(tree(fake).sort()).toEqual(before);
    // A user's files in an earlier gallery, at its top and deep in it.
    const earlier = join(dir, 'dist/earlier');
    for (const [stranger, file] of [
      ['mine.txt', 'mine.txt'],
      ['gallery/extra', 'gallery/extra/notes.md'],
      [`gallery/config/${SHOT}/notes.md`, `gallery/config/${SHOT}/notes.md`],
      ['live/mine', 'live/mine/index.html'],
      // A name a bundle's site may hold, among a live site's files: told by the build's list.
      [`live/${keyOf(SHOT)}/mine.txt`, `live/${keyOf(SHOT)}/mine.txt`],
    ] as const) {
      rmSync(earlier, { recursive: true, force: true });
      cpSync(join(dir, 'dist/site'), earlier, { recursive: true });
      mkdirSync(dirname(join(earlier, file)), { recursive: true });
      writeFileSync(join(earlier, file), 'mine');
      refused('dist/earlier', stranger);
      expect(readFileSync(join(earlier, file), 'utf8')).toBe('mine');
    }
    rmSync(join(earlier, `live/${keyOf(SHOT)}/mine.txt`));
    // A gallery built before the list is told by its shape: replaced whole too.
    rmSync(join(earlier, 'built.json'));
    const again = decoy('site', 'build', '--bundles', 'out/demo', '--out', 'dist/earlier');
    expect(again.code, again.err).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(earlier, 'live.json'), 'utf8')))).toHaveLength(manifests.length);
    // The build's list holds every file it wrote but the index and the list.
    expect((JSON.parse(readFileSync(join(earlier, 'built.json'), 'utf8')) as string[]).sort()).toEqual(
      tree(earlier)
        .filter((f) => f !== 'live.json' && f !== 'built.json')
        .sort(),
    );
  }, 60_000);

  it.each([
    [['site', 'build'], /give --bundles <dir> \(repeatable\) or --suite/],
    [['site', 'make', '--suite', 'demo'], /expected 'site build'/],
    [['site', 'build', '--bundles', '@/out/demo', '--bundles', '@/out/demo', '--out', '@/dist/x'], /given twice/],
    [
      ['site', 'build', '--bundles', '@/out/demo', '--out', '@/out'],
      /out holds demo, which a gallery build did not write/,
    ],
    [
      ['site', 'build', '--bundles', '@/out/demo', '--out', '@/out/demo/site'],
      /out\/demo\/site is inside .*out\/demo, a folder the build reads; choose another --out/,
    ],
    [['serve', '--dir', '@/nowhere'], /nowhere does not exist/],
    [['serve', '--dir', '@/out/demo'], /holds no gallery/],
    [['serve', '--dir', '@/dist/site', '--port', '99999'], /--port must be an integer from 0 to 65535/],
    [
      ['serve', '--dir', '@/dist/site', '--port', '65535'],
      /--port 65535 leaves no port above it for the live sites; give --live-port/,
    ],
    [
      ['serve', '--dir', '@/dist/site', '--port', '4555', '--live-port', '4555'],
      /need two ports; --port and --live-port are both 4555/,
    ],
    [['score', '--bundle', `@/out/demo/${SHOT}`, '--log', '@/missing.json'], /log file .*missing\.json does not exist/],
    [['score', '--bundle', `@/out/demo/${SHOT}`, '--log', '@/bad.json'], /bad\.json: not valid JSON/],
    [
      ['score', '--bundle', `@/out/demo/${SHOT}`, '--log', '@/shape.json'],
      /event 0 is not an object with a string 'type'/,
    ],
    [['score', '--bundle', `@/out/demo/${SHOT}`, '--log', '@/other.json'], /was collected from demo\.other, not/],
    [['score', '--suite', 'demo', '--scenario', 'nope', '--log', '@/other.json'], /has no configuration 'nope'/],
  ])('bad input %j: an error naming the problem', async ([command, ...args], message) => {
    writeFileSync(join(dir, 'bad.json'), '{"events": [');
    writeFileSync(join(dir, 'shape.json'), '[{"t": 1}]');
    writeFileSync(join(dir, 'other.json'), '{"scenario": "demo.other", "events": []}');
    const commands = { site, serve, score } as Record<
      string,
      { run(argv: readonly string[], io: { say(l: string): void }): Promise<string> }
    >;
    const argv = (args as string[]).map((a) => a.replace(/^@/, dir));
    await expect(commands[command as string]!.run(argv, { say() {} })).rejects.toThrow(UserError);
    await expect(commands[command as string]!.run(argv, { say() {} })).rejects.toThrow(message);
  });
});

describe('the runtime under a base path', () => {
  it("keeps routes, links, history and events the site's own, and posts its log", async () => {
    const m = manifests.find(
      (x) => x.id === 'demo.v5.purchase-shopping.warranty-addon-preselected.s7',
    ) as BundleManifest;
    const key = keyOf(m.id);
    const html = readFileSync(join(dir, 'dist/site/live', key, 'index.html'), 'utf8');
    const posts: { url: string; body: { events: { type: string; route: string }[] } }[] = [];
    const open = (path: string) =>
      new JSDOM(html, {
        url: `http://127.0.0.1:4321${path}`,
        runScripts: 'dangerously',
        pretendToBeVisual: true,
        beforeParse(w) {
          // The site's answers, as the live origin serves them from the built copy.
          askSite(w, (href) => {
            const file = join(dir, 'dist/site/live', key, new URL(href).pathname.slice(`/live/${key}/`.length));
            return new URL(href).pathname.startsWith(`/live/${key}/`) && existsSync(file)
              ? readFileSync(file, 'utf8')
              : null;
          });
          Object.assign(w, {
            scrollTo() {},
            fetch: (url: string, init: { body: string }) => (
              posts.push({ url, body: JSON.parse(init.body) }),
              Promise.resolve({})
            ),
          });
        },
      }).window;
    const shown = (w: { document: Document }) =>
      [...w.document.querySelectorAll('main[data-route]')]
        .filter((p) => !(p as HTMLElement).hidden)
        .map((p) => p.getAttribute('data-route'));

    const w = open(`/live/${key}/`);
    expect(shown(w)).toEqual(['/']);
    const product = [...w.document.querySelectorAll('a')].find(
      (a) => a.textContent === 'Aurora Wireless Headphones',
    ) as HTMLAnchorElement;
    expect(product.getAttribute('href')).toMatch(new RegExp(`^/live/${key}/product/`));
    product.click();
    expect(w.location.pathname).toBe(product.getAttribute('href'));
    const route = product.getAttribute('href')!.slice(`/live/${key}`.length);
    expect(shown(w)).toEqual([route]);
    (
      [...w.document.querySelectorAll(`main[data-route="${route}"] button`)].find((b) =>
        /add to/i.test(b.textContent ?? ''),
      ) as HTMLElement
    ).click();
    expect(w.location.pathname).toBe(`/live/${key}/cart`);
    const last = posts.at(-1)!;
    expect(last.url).toBe(`/__events/${key}`);
    expect(last.body.events.map((e) => e.type)).toContain('cart.added');
    expect(last.body.events.every((e) => !e.route.startsWith('/live/'))).toBe(true);
    expect(last.body.events.filter((e) => e.type === 'nav').map((e) => (e as unknown as { to: string }).to)).toEqual([
      route,
      '/cart',
    ]);
    expect(w.localStorage.getItem('site:events')).toBeNull();
    expect(JSON.parse(w.localStorage.getItem(`/live/${key} site:events`) ?? '[]')).toEqual(last.body.events);
    // jsdom runs history.back() on a timer: wait for the page's own popstate, not for a guessed time.
    const popped = new Promise((r) => w.addEventListener('popstate', r, { once: true }));
    w.history.back();
    await popped;
    expect(shown(w)).toEqual([route]);
    w.close();

    const deep = open(`/live/${key}/cart`);
    expect(shown(deep)).toEqual(['/cart']);
    deep.close();
  });
});

function chromiumPath(): string {
  const given = process.env.DECOY_CHROMIUM;
  if (given) {
    if (!existsSync(given)) throw new Error(`DECOY_CHROMIUM=${given} does not exist`);
    return given;
  }
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();
  if (!found)
    throw new Error(
      "Chromium not found: install Debian's chromium (apt-get install chromium) or set DECOY_CHROMIUM to a Chromium binary",
    );
  return found;
}

/**
 * A person (or an external agent) walking a path from ground truth in Chromium, through
 * Playwright's own role engine rather than decoy's observation: each step's target becomes a
 * Playwright locator (role + name, visible text, or a mouse click at a point).
 */
async function follow(page: Page, base: string, steps: readonly Step[]): Promise<string | null> {
  let answer: string | null = null;
  const at = (t: Locator | TextTarget) =>
    isLocator(t)
      ? page.getByRole(t.role as Parameters<Page['getByRole']>[0], { name: t.name, exact: true }).nth(t.index ?? 0)
      : page.getByText(t.text, { exact: true }).nth(t.index ?? 0);
  for (const step of steps) {
    switch (step.verb) {
      case 'click':
        if (isPoint(step.target)) await page.mouse.click(step.target.x, step.target.y);
        else await at(step.target).click();
        break;
      case 'check':
      case 'uncheck':
      case 'fill':
      case 'select': {
        const t = step.target;
        if (isPoint(t)) throw new Error(`step '${step.id}': ${step.verb} needs a named control, not a point`);
        if (step.verb === 'check') await at(t).check();
        else if (step.verb === 'uncheck') await at(t).uncheck();
        else if (step.verb === 'fill') await at(t).fill(step.value);
        else await at(t).selectOption(step.value);
        break;
      }
      case 'goto':
        await page.goto(base + step.url);
        break;
      case 'back':
        await page.goBack();
        break;
      case 'scroll':
        await page.mouse.wheel(step.dx, step.dy);
        break;
      case 'wait':
        await page.waitForTimeout(step.ms);
        break;
      case 'answer':
        answer = step.text;
        break;
      case 'infeasible':
        break;
      default:
        throw new Error(`the walker does not know the verb of ${JSON.stringify(step satisfies never)}`);
    }
  }
  return answer;
}

/**
 * Resolves once the log file holds `n` events. It wakes on the folder's changes, not on a
 * clock; a file that does not parse fails the test (a reader must never see half a log).
 */
function collected(file: string, n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const count = () =>
      existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { events: unknown[] }).events.length : -1;
    const watcher = watch(dirname(file), (_event, name) => {
      if (name !== basename(file)) return;
      try {
        if (count() === n) {
          watcher.close();
          resolve();
        }
      } catch (e) {
        watcher.close();
        reject(e);
      }
    });
    if (count() === n) {
      watcher.close();
      resolve();
    }
  });
}

describe('decoy serve + Chromium + decoy score', () => {
  let server: ChildProcess | null = null;
  let url = '';
  let gallery = '';
  let browser: Browser | null = null;

  beforeAll(async () => {
    const executablePath = chromiumPath();
    server = spawn(
      process.execPath,
      [BIN, 'serve', '--dir', 'dist/site', '--port', '0', '--log-dir', 'runs/collected'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      const timer = setTimeout(() => reject(new Error(`decoy serve printed no URL: ${out}${err}`)), 30_000);
      server!.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        // The live sites' origin, not the gallery's: that is what an agent is given.
        const m = /live sites at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m) {
          clearTimeout(timer);
          gallery = /the gallery of \S+ at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1] ?? '';
          resolve(m[1] as string);
        }
      });
      server!.stderr!.on('data', (c: Buffer) => (err += c.toString()));
      server!.on('exit', (code) => reject(new Error(`decoy serve exited (${code}): ${err}`)));
    });
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.pid) server.kill('SIGTERM');
  });

  it("a configuration's gallery page shows and links the live site's URL on the live origin", async () => {
    const id = 'demo.v5.purchase-shopping.warranty-addon-preselected.s7';
    const page = await (await fetch(`${gallery}config/${id}/`)).text();
    const live = `${url}live/${keyOf(id)}/`;
    expect(page).toContain(`href="${live}"`);
    expect(page).toContain(`<code>${live}</code>`);
    expect(page).not.toContain('invalid');
  });

  it.each(['demo.v5.purchase-shopping.warranty-addon-preselected.s7', 'demo.v5.find-author-news.cookie-trap-modal.s7'])(
    '%s: the safe and the trap path in Chromium score as the jsdom oracle and trap runs',
    async (id) => {
      const bundle = readBundle(join(dir, 'out/demo', id));
      const { manifest } = bundle;
      const key = keyOf(id);
      const base = `${url}live/${key}`;
      const jsdom = { safe: await play(bundle, 'oracle'), trap: await play(bundle, pathAgent(bundle, 'trapPath')) };
      expect([jsdom.safe.D, jsdom.trap.D]).toEqual([0, 1]);

      for (const which of ['safe', 'trap'] as const) {
        const context = await browser!.newContext({ viewport: manifest.viewport });
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        await page.goto(`${base}/`);
        // Each browser context is a session of its own, and its log a file of its own.
        const session = await page.evaluate(
          (k) => String(JSON.parse(localStorage.getItem(`/live/${k} site:state`) ?? '{}').firstSeen),
          key,
        );
        const logFile = join(dir, 'runs/collected', id, `${session}.json`);
        const answer = await follow(
          page,
          base,
          which === 'safe' ? manifest.groundTruth.safePath : manifest.groundTruth.trapPath,
        );
        const logged = await page.evaluate(
          (k) => JSON.parse(localStorage.getItem(`/live/${k} site:events`) ?? '[]').length as number,
          key,
        );
        expect(logged).toBeGreaterThan(0);
        // The page posts after every event; the server writes each log whole (temporary file,
        // then rename), so every read of the file parses, and the test waits for the last one.
        await collected(logFile, logged);
        await context.close();
        const scored = JSON.parse(
          await score.run([
            '--bundle',
            join(dir, 'out/demo', id),
            '--log',
            logFile,
            '--json',
            ...(answer === null ? [] : ['--answer', answer]),
          ]),
        );
        expect({ which, T: scored.T, D: scored.D }).toEqual({ which, T: jsdom[which].T, D: jsdom[which].D });
      }
    },
  );
});
