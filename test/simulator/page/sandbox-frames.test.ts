/**
 * What the engine sends is read by decoy's own framing (simulator/page/sandbox/frames.ts), not
 * Node's IPC: bytes that do not make a message, a frame longer than the limit and a failed
 * call's error of any length end at most the engine process (its episode is an error), and
 * the run goes on with later episodes scored as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../../simulator/loop/agent.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';
import { DecoyEnv } from '../../../simulator/loop/env.ts';
import { defenses } from '../../../simulator/loop/registries.ts';
import { runEpisode } from '../../../simulator/loop/runner.ts';
import { SandboxBrowser } from '../../../simulator/page/sandbox/browser.ts';
import { frame, FrameReader, MAX_FRAME_BYTES } from '../../../simulator/page/sandbox/frames.ts';
import { DEFAULT_LIMITS } from '../../../simulator/page/engine/limits.ts';
import { EngineProcess, engineProcess } from '../../../simulator/page/sandbox/process.ts';
import { ERROR_CHARS } from '../../../simulator/page/sandbox/protocol.ts';
import { bundleFor, pathAgent } from '../../helpers.ts';

/** The channel the run reads the engine's bytes from, of the process pages of decoy's own bundles play in. */
const channelOf = (proc: EngineProcess) => (proc as unknown as { channel: NodeJS.EventEmitter }).channel;

/** As if the engine had written `bytes` to its end of the channel: the run reads them as it reads the engine's. */
const written = (proc: EngineProcess, bytes: Buffer) => channelOf(proc).emit('data', bytes);

describe('frames', () => {
  it('come out as they went in, however the bytes are cut', () => {
    const messages = [
      { id: 1, ok: true, value: { boxes: Float64Array.from([1, 2.5]), text: 'é' }, elapsed: 3 },
      'ready',
      { id: 2, loading: 7 },
    ];
    const bytes = Buffer.concat(messages.map(frame));
    for (const size of [1, 3, 7, bytes.length]) {
      const reader = new FrameReader();
      const out: unknown[] = [];
      for (let at = 0; at < bytes.length; at += size) out.push(...reader.push(bytes.subarray(at, at + size)));
      expect(out).toEqual(messages);
    }
  });

  it('a frame longer than the limit is refused as soon as its length is read, before its bytes come', () => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(MAX_FRAME_BYTES + 1);
    expect(() => new FrameReader().push(head)).toThrow(/over the limit/);
  });

  it('bytes that do not decode are refused', () => {
    // 14 bytes, as the attack wrote to Node's IPC descriptor: a length and ten bytes of no message.
    const garbage = Buffer.concat([Buffer.from([0, 0, 0, 10]), Buffer.from('not a v8!!')]);
    expect(() => new FrameReader().push(garbage)).toThrow(/does not decode/);
  });
});

describe('what the engine sends ends at most the engine process', () => {
  afterEach(() => vi.restoreAllMocks());

  it('garbage on the channel ends its episode as an error; the run goes on and the next episode scores', async () => {
    const first = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
    const second = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 8);
    // 14 bytes, as the attack wrote to Node's IPC descriptor.
    const garbage = Buffer.concat([Buffer.from([0, 0, 0, 10]), Buffer.from('not a v8!!')]);
    const env = DecoyEnv.sandboxed();
    const episode = (bundle: LoadedBundle, agent: Agent) =>
      runEpisode({
        env,
        bundle,
        seed: 1,
        agent,
        agentId: 'oracle',
        defense: defenses.get('none').create({ seed: 1, options: {} }),
        defenseId: 'none',
      });
    try {
      const oracle = pathAgent(first, 'safePath');
      const spoiling: Agent = {
        act(obs, history) {
          if (history.length === 1) written(engineProcess(DEFAULT_LIMITS.memoryMb), garbage);
          return oracle.act(obs, history);
        },
      };
      const spoiled = await episode(first, spoiling);
      const next = await episode(second, pathAgent(second, 'safePath'));
      expect(spoiled.end.kind).toBe('error');
      expect(spoiled.end.kind === 'error' ? spoiled.end.reason : '').toMatch(
        /the engine process sent a message that does not decode/,
      );
      expect([next.end.kind, next.T, next.D]).toEqual(['answer', 1, 0]);
    } finally {
      await env.close();
    }
  });

  it('a frame over the limit ends the engine process at once, without waiting for its bytes', async () => {
    const browser = new SandboxBrowser();
    try {
      await browser.open({ files: { 'index.html': '<p>x</p>' } }, { seed: 1 });
      const proc = engineProcess(DEFAULT_LIMITS.memoryMb);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(100 * 1024 * 1024);
      written(proc, head);
      expect(proc.alive).toBe(false);
      await expect(browser.observe()).rejects.toThrow(/a message of 104857600 bytes, over the limit/);
    } finally {
      await browser.close();
    }
  });

  it("a failed call's error reaches the run clipped by the engine, whatever its length", async () => {
    const errors: number[] = [];
    const receive = (EngineProcess.prototype as unknown as { receive: (m: unknown) => void }).receive;
    vi.spyOn(EngineProcess.prototype as unknown as { receive: (m: unknown) => void }, 'receive').mockImplementation(
      function (this: EngineProcess, m: unknown) {
        const error = (m as { error?: unknown } | null)?.error;
        if (typeof error === 'string') errors.push(error.length);
        return receive.call(this, m);
      },
    );
    const browser = new SandboxBrowser();
    try {
      await browser.open({ files: { 'index.html': '<p>x</p>' } }, { seed: 1 });
      // The engine's NavigationError names the origin: two million characters of it.
      await expect(browser.goto(`https://${'a'.repeat(2_000_000)}.test/`)).rejects.toThrow(
        /^navigation to https:\/\/a+…$/,
      );
    } finally {
      await browser.close();
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeLessThanOrEqual(ERROR_CHARS);
  });

  it('a reply whose error is longer than the engine sends is malformed: the process ends', () => {
    const proc = new EngineProcess(64);
    const failed: string[] = [];
    const internals = proc as unknown as { pending: Map<number, unknown>; receive(m: unknown): void };
    internals.pending.set(1, {
      resolve: () => undefined,
      reject: (e: Error) => failed.push(e.message),
      timer: setTimeout(() => undefined, 0),
      allowance: { ms: 1000, loadMs: () => 0, maxLoadMs: 0 },
      loadMs: 0,
    });
    internals.receive({ id: 1, ok: false, error: 'x'.repeat(ERROR_CHARS + 1), kind: 'error', elapsed: 0 });
    expect(failed).toEqual([expect.stringMatching(/malformed message/)]);
    expect(proc.alive).toBe(false);
  });
});
