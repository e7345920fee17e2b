import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocket, type Socket } from 'node:dgram';
import { chromium, type Page } from 'playwright-core';
import {
  ChromiumBrowser,
  ChromiumError,
  chromiumLaunches,
  findChromium,
  launchableChromium,
  LAUNCH_ARGS,
  releaseChromium,
} from '../../simulator/page/engine/chromium.ts';
import { ORIGIN } from '../../simulator/page/engine/browser.ts';
import { DecoyEnv } from '../../simulator/loop/env.ts';
import { runEpisode } from '../../simulator/loop/runner.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import { bundleFor, pathAgent, play } from '../helpers.ts';
import { LimitError } from '../../simulator/page/engine/limits.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
let listener: Socket;
let port = 0;
/** Every datagram the listener on 127.0.0.1 received, and a wake-up for the first one. */
const received: string[] = [];
let firstPacket: Promise<void>;

beforeAll(async () => {
  listener = createSocket('udp4');
  firstPacket = new Promise((resolve) => listener.once('message', () => resolve()));
  listener.on('message', (m, from) => received.push(`${from.address}:${from.port} ${m.length} bytes`));
  await new Promise<void>((resolve) => listener.bind(0, '127.0.0.1', () => resolve()));
  port = listener.address().port;
});
afterAll(() => listener.close());

/**
 * What a hostile page tries: WebRTC with a STUN and a TURN server at the listener (the
 * ICE agent sends binding requests as soon as gathering starts), and WebTransport from the
 * page and from a worker. `window.__probe` settles when gathering is complete or refused.
 */
const probe = (p: number) => `<script>
window.__probe = (async () => {
  const out = {};
  try {
    const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${p}' }, { urls: 'turn:127.0.0.1:${p}?transport=udp', username: 'u', credential: 'p' }] });
    pc.createDataChannel('x');
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise((done) => { if (pc.iceGatheringState === 'complete') done(); pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && done(); });
    out.rtc = 'gathered';
  } catch (e) { out.rtc = 'refused: ' + e.name; }
  try { new WebTransport('https://127.0.0.1:${p}/').ready.catch(() => {}); out.transport = 'opened'; } catch (e) { out.transport = 'refused: ' + e.name; }
  try { new Worker(URL.createObjectURL(new Blob(["try { new WebTransport('https://127.0.0.1:${p}/').ready.catch(() => {}); } catch (e) {}"]))); } catch (e) {}
  return out;
})();
</script>`;

function crafted(p: number): LoadedBundle {
  const bundle = bundleFor(
    { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
    7,
  );
  const files = {
    ...bundle.site.files,
    'index.html': bundle.site.files['index.html']!.replace('</head>', `${probe(p)}</head>`),
  };
  return { manifest: bundle.manifest, site: { files } };
}

/** The probe page in a bare Playwright browser launched with `args` (no init script of ours). */
async function bare(args: readonly string[], wait: (page: Page) => Promise<unknown>): Promise<unknown> {
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: [...args] });
  try {
    const context = await browser.newContext();
    await context.route('**/*', (r) =>
      r.request().url().startsWith(ORIGIN)
        ? r.fulfill({
            status: 200,
            contentType: 'text/html',
            body: `<html><head>${probe(port)}</head><body>x</body></html>`,
          })
        : r.abort('blockedbyclient'),
    );
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/`);
    return await wait(page);
  } finally {
    await browser.close();
  }
}

describe.skipIf(!have.ok)(`Chromium sends no UDP ${have.why}`, () => {
  it('the probe page reaches a UDP listener on 127.0.0.1 when nothing stops it (so the tests below can see a leak)', async () => {
    await bare([], () => firstPacket);
    expect(received.length).toBeGreaterThan(0);
    received.length = 0;
  }, 60_000);

  it('with the launch flags alone, WebRTC gathers its candidates and the listener receives nothing', async () => {
    const out = await bare(LAUNCH_ARGS, (page) =>
      page.evaluate(() => (window as unknown as { __probe: Promise<unknown> }).__probe),
    );
    expect(out).toMatchObject({ rtc: 'gathered' });
    expect(received).toEqual([]);
  }, 60_000);

  it('in the engine (flags and init script, one launch for the check and the work), the page has no WebRTC, the listener receives nothing, and the episode scores as without the probe', async () => {
    const executable = await launchableChromium();
    const before = chromiumLaunches();
    const browser = new ChromiumBrowser({ executable });
    try {
      const bundle = crafted(port);
      const env = new DecoyEnv({ browser });
      const trap = pathAgent(bundle, 'trapPath');
      const record = await runEpisode({
        env,
        bundle,
        seed: 1,
        agent: trap,
        agentId: 'trap',
        defense: { review: () => ({ kind: 'allow' }) },
        defenseId: 'none',
      });
      const page = (browser as unknown as { pg: Page }).pg;
      const out = await page.evaluate(() => (window as unknown as { __probe?: Promise<unknown> }).__probe ?? 'gone');
      expect(out).toEqual({ rtc: 'refused: ReferenceError', transport: 'refused: ReferenceError' });
      expect(received).toEqual([]);
      const plain = await play(
        bundleFor(
          { task: 'purchase', domain: 'shopping', patterns: [{ family: 'warranty-addon', variant: 'preselected' }] },
          7,
        ),
        pathAgent(bundle, 'trapPath'),
      );
      expect({ T: record.T, D: record.D, events: record.events.length }).toEqual({
        T: plain.T,
        D: plain.D,
        events: plain.events.length,
      });
      expect(record.D).toBe(1);
      expect(chromiumLaunches()).toBe(before);
    } finally {
      await browser.close();
      await releaseChromium();
    }
  }, 60_000);
});

describe.skipIf(!have.ok)(
  `Chromium failures are short errors, and the next episode gets a working browser ${have.why}`,
  () => {
    const plain = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
    const busy: LoadedBundle = {
      manifest: plain.manifest,
      site: {
        files: {
          ...plain.site.files,
          'index.html': plain.site.files['index.html']!.replace('</head>', '<script>for (;;) {}</script></head>'),
        },
      },
    };
    const browser = have.ok ? new ChromiumBrowser({ callMs: 5_000 }) : null;
    afterAll(async () => browser?.close());

    it('a page in a busy loop: open throws a LimitError naming the step limit; a crashed page: a one-line ChromiumError; each time, and after the browser itself is gone, the next open works', async () => {
      const hung = await browser!.open(busy.site, { seed: 1 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(hung).toBeInstanceOf(LimitError);
      expect((hung as Error).message).toBe('a step took more than 5 s');
      const launches = chromiumLaunches();
      await browser!.open(plain.site, { seed: 1 });
      expect(chromiumLaunches()).toBe(launches + 1);
      expect((await browser!.observe()).elements.length).toBeGreaterThan(0);

      const page = (browser as unknown as { pg: Page }).pg;
      await page.goto('chrome://crash').catch(() => {});
      const crashed = await browser!.observe().then(
        () => null,
        (e: unknown) => e,
      );
      expect(crashed).toBeInstanceOf(ChromiumError);
      expect((crashed as Error).message).toMatch(/^Chromium failed \(observe\): .{1,200}$/);
      await browser!.open(plain.site, { seed: 1 });
      expect((await browser!.observe()).elements.length).toBeGreaterThan(0);

      // The browser itself gone between episodes: the next open launches another.
      await (browser as unknown as { browser: { close(): Promise<void> } }).browser.close();
      const before = chromiumLaunches();
      await browser!.open(plain.site, { seed: 1 });
      expect((await browser!.observe()).elements.length).toBeGreaterThan(0);
      expect(chromiumLaunches()).toBe(before + 1);
    }, 120_000);
  },
);
