import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateSuite, writeBundles } from '../../generator/bundle.ts';
import { suites } from '../../scenarios/index.ts';
import { executeRun } from '../../harness/run.ts';
import { loadBundles } from '../../harness/select.ts';
import { launchableChromium, releaseChromium } from '../../simulator/page/engine/chromium.ts';
import type { ContentPart } from '../../simulator/llm/chat.ts';
import { startServer, type TestServer } from '../llm/server.ts';
import { browsingPolicy } from '../llm/browsing.ts';
import { runConfig } from '../helpers.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
let dir = '';
let bundlesDir = '';
let server: TestServer;

beforeAll(async () => {
  if (!have.ok) return;
  dir = mkdtempSync(join(tmpdir(), 'decoy-vision-'));
  bundlesDir = join(dir, 'bundles');
  const demo = suites.get('demo');
  writeBundles(
    bundlesDir,
    demo,
    7,
    generateSuite(demo, 7).filter((b) => b.manifest.id.includes('purchase-shopping.control')),
  );
  server = await startServer(browsingPolicy(loadBundles({ bundles: bundlesDir }), []));
});
afterAll(async () => {
  await server?.close();
  releaseChromium();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const play = async (name: string, opts: Record<string, unknown>, engine: 'chromium' | 'jsdom') =>
  executeRun(
    runConfig({
      bundles: bundlesDir,
      agent: 'openai',
      agentOptions: { model: 'scripted-vlm', base_url: server.url, ...opts },
      ...(engine === 'chromium' ? { engine: 'chromium' as const } : {}),
    }),
    join(dir, name),
    { noCheck: true, ...(engine === 'chromium' ? { executable: await launchableChromium() } : {}) },
  );

/** The screenshots the agent sent, as PNG bytes. */
const images = (from: number) =>
  server.requests.slice(from).map((r) => {
    const parts = r.messages[1]!.content as ContentPart[];
    const img = parts.find((p) => p.type === 'image_url') as Extract<ContentPart, { type: 'image_url' }>;
    return Buffer.from(img.image_url.url.replace(/^data:image\/png;base64,/, ''), 'base64');
  });

describe.skipIf(!have.ok)(`the openai agent with vision=true ${have.why}`, () => {
  it('sends the viewport as a PNG each turn, with set-of-marks drawn over it when asked, and completes the task', async () => {
    const before = server.requests.length;
    const plain = await play('plain', { vision: 'true' }, 'chromium');
    expect(plain.errors).toBe(0);
    expect(JSON.parse(readFileSync(plain.summaryFile, 'utf8')).counts.t).toBe(1);
    const shots = images(before);
    expect(shots.length).toBeGreaterThan(1);
    const meta = await sharp(shots[0]!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1280, 800]);
    const marked = server.requests.length;
    await play('marks', { vision: 'true', marks: 'true' }, 'chromium');
    const withMarks = images(marked);
    // The same first page, with the numbered boxes over it.
    expect(withMarks[0]!.equals(shots[0]!)).toBe(false);
    expect((await sharp(withMarks[0]!).metadata()).width).toBe(1280);
  });

  it('is refused before anything is written where the engine paints nothing (jsdom)', async () => {
    const r = await play('jsdom', { vision: 'true' }, 'jsdom').then(
      () => '',
      (e: Error) => e.message,
    );
    expect(r).toMatch(/looks at screenshots, which only a browser that paints gives: add --engine chromium/);
  });
});
