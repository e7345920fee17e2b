/**
 * Chromium under the episode limits: `decoy run --engine chromium` takes `--step-seconds`
 * and `--max-elements` to the browser, a page past either ends its episode as an error with
 * the reason the jsdom engine gives (simulator/page/engine/limits.ts), and the run goes on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBundles } from '../../generator/bundle.ts';
import type { LoadedBundle } from '../../simulator/loop/bundle.ts';
import { overTime } from '../../simulator/page/engine/limits.ts';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { bundleFor, withoutProgress } from '../helpers.ts';
import { versionPrefix } from '../../scenarios/scenario-id.ts';
import { chromiumOrSkip } from './browser.ts';

const have = chromiumOrSkip();
const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'decoy-chromium-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const control = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);

/** The control bundle under another id, with a script added to every page. */
function crafted(id: string, script: string): LoadedBundle {
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(control.site.files))
    files[path] =
      script && path.endsWith('.html') ? text.replace('</body>', `<script>${script}</script></body>`) : text;
  return { manifest: { ...control.manifest, id }, site: { files } };
}

/**
 * Each crafted page reacts to the agent's first click: one never returns, one adds 200,000
 * elements (in a hidden container: laying them out would cost Chromium seconds, and it is
 * their number the limit is about).
 */
const BUSY = "document.addEventListener('click', function () { for (;;) {} }, true);";
const GROW =
  "document.addEventListener('click', function () { var f = document.createElement('div'); f.hidden = true; for (var i = 0; i < 200000; i++) f.appendChild(document.createElement('i')); document.body.appendChild(f); }, true);";

const decoy = (args: string[]): Promise<{ code: number | null; err: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => resolve({ code, err: withoutProgress(err) }));
  });

describe.skipIf(!have.ok)(`Chromium episodes under the limits ${have.why}`, () => {
  it('a page that loops on a click and one that grows past --max-elements each end as an error naming the limit given, the next episode scores, everything is written and the run exits 1', async () => {
    const id = (name: string) => `${versionPrefix(control.manifest.suite, 1)}${name}`;
    const made = [crafted(id('busy'), BUSY), crafted(id('grow'), GROW), crafted(id('plain'), '')];
    const bundles = join(dir, 'bundles');
    writeBundles(
      bundles,
      { id: control.manifest.suite, version: 1 },
      7,
      made.map((b) => ({ manifest: b.manifest, files: b.site.files })),
    );
    const out = join(dir, 'run');
    const r = await decoy([
      'run',
      '--bundles',
      bundles,
      '--trust-bundles',
      '--engine',
      'chromium',
      '--step-seconds',
      '8',
      '--max-elements',
      '150000',
      '--agent',
      'oracle',
      '--no-check',
      '--out',
      out,
    ]);
    expect(r.code, r.err).toBe(1);
    expect(r.err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^decoy run: pages play in Chromium's renderer, its network closed to the bundle's own files; the self-check's engine sandbox: /,
      ),
      'decoy run: 2 episodes ended in an error (end.reason in episodes.jsonl); everything was written',
    ]);
    const records = readFileSync(join(out, 'episodes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as EpisodeRecord);
    expect(records.map((e) => [e.scenario, e.end])).toEqual([
      [id('busy'), { kind: 'error', reason: overTime(8) }],
      [
        id('grow'),
        { kind: 'error', reason: expect.stringMatching(/^the page has 200\d{3} elements, over the limit of 150000$/) },
      ],
      [id('plain'), expect.objectContaining({ kind: 'answer' })],
    ]);
    expect(records.map((e) => [e.T, e.D])).toEqual([
      [0, 0],
      [0, 0],
      [1, 0],
    ]);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'))).toMatchObject({ episodes: 1, errors: 2 });
    expect(JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'))).toMatchObject({ engine: 'chromium' });
  }, 180_000);
});
