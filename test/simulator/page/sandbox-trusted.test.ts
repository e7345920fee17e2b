/**
 * A bundle read with --trust-bundles plays in an engine process of its own: never the one
 * decoy's own bundles share, never another trusted bundle's, and gone once its episodes are
 * played; the self-check plays it there too, never in decoy's own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { writeBundles } from '../../../generator/bundle.ts';
import { checkBundles } from '../../../harness/check.ts';
import { loadBundles } from '../../../harness/select.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { JsdomBrowser } from '../../../simulator/page/engine/jsdom.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { DEFAULT_LIMITS } from '../../../simulator/page/engine/limits.ts';
import { EngineProcess, engineProcess } from '../../../simulator/page/sandbox/process.ts';
import { isTrusted, markTrusted } from '../../../simulator/page/sandbox/trusted.ts';
import { bundleFor } from '../../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-trusted-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const own = () => engineProcess(DEFAULT_LIMITS.memoryMb);
/** The process the env's page was opened in. */
const processOf = (env: DecoyEnv) => (env.browser as unknown as { proc: EngineProcess }).proc;

/** A bundle of its own (a copy, so that marking it trusted leaves the original decoy's). */
const copy = (b: LoadedBundle): LoadedBundle => ({ manifest: b.manifest, site: { files: { ...b.site.files } } });

describe('trusted bundles', () => {
  const a = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
  const b = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 8);

  it("each plays in a process of its own, apart from decoy's own bundles and from each other, which ends once it is played", async () => {
    const [trustedA, trustedB] = markTrusted([copy(a), copy(b)]);
    const env = DecoyEnv.sandboxed();
    const seen: EngineProcess[] = [];
    try {
      for (const bundle of [trustedA, a, trustedB, b] as LoadedBundle[]) {
        await env.reset({ bundle, seed: 1 });
        seen.push(processOf(env));
      }
      const [pa, ownFirst, pb, ownSecond] = seen;
      expect(ownFirst).toBe(own());
      expect(ownSecond).toBe(own());
      expect(new Set([pa, pb, own()]).size).toBe(3);
      // Ended when the env moved on to another bundle: nothing of one trusted bundle waits for the next.
      expect([pa?.alive, pb?.alive]).toEqual([false, false]);
    } finally {
      await env.close();
    }
  });

  it("decoy's in-process jsdom refuses a trusted bundle: its scripts would run with decoy's rights", async () => {
    const [trusted] = markTrusted([copy(a)]);
    const env = new DecoyEnv();
    await expect(env.reset({ bundle: trusted as LoadedBundle, seed: 1 })).rejects.toThrow(
      /plays only in the engine sandbox, never in-process/,
    );
    await env.close();
  });

  it('bundles read with --trust-bundles are marked trusted; read without it, not', () => {
    writeBundles(join(dir, 'suite'), { id: a.manifest.suite, version: 1 }, 7, [
      { manifest: a.manifest, files: a.site.files },
    ]);
    expect(loadBundles({ bundles: join(dir, 'suite'), trustBundles: true }).map((x) => isTrusted(x.site))).toEqual([
      true,
    ]);
    expect(loadBundles({ bundles: join(dir, 'suite') }).map((x) => isTrusted(x.site))).toEqual([false]);
  });

  it("the self-check plays a trusted bundle in its own engine process, never in decoy's process or the shared engine", async () => {
    const scripted = copy(a);
    const index = scripted.site.files['index.html'] ?? '';
    const [trusted] = markTrusted([
      {
        ...scripted,
        site: {
          files: {
            ...scripted.site.files,
            'index.html': index.replace('</body>', '<script>document.title = "x"</script></body>'),
          },
        },
      },
    ]);
    const calls = vi.spyOn(EngineProcess.prototype, 'call');
    const inProcess = vi.spyOn(JsdomBrowser.prototype, 'open');
    const rows = await checkBundles([trusted as LoadedBundle], { cacheDir: join(dir, 'cache') });
    expect(rows.length).toBeGreaterThan(0);
    expect(inProcess).not.toHaveBeenCalled();
    const used = new Set(calls.mock.contexts);
    expect(used.size).toBe(1);
    expect(used.has(own())).toBe(false);
  });
});
