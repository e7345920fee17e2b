import { describe, expect, it } from 'vitest';
import { stoppable } from '../../cli/stop.ts';

describe('stoppable: Ctrl-C during a long job', () => {
  it('the first asks the job to stop after its item; the second halts through io, which main.ts gives (exit 130)', async () => {
    const before = process.listeners('SIGINT');
    let halted = 0;
    const r = await stoppable({ halt: () => void halted++ }, async (signal) => {
      // Called as the signal would call it: emitting SIGINT would reach the test runner's own listeners too.
      const [ours] = process.listeners('SIGINT').filter((l) => !before.includes(l));
      ours?.('SIGINT');
      expect([signal.aborted, halted]).toEqual([true, 0]);
      ours?.('SIGINT');
      expect(halted).toBe(1);
      return 'finished';
    });
    expect(r).toBe('finished');
    expect(process.listeners('SIGINT')).toEqual(before);
  });
});

describe('decoy check stopped by Ctrl-C', () => {
  it('says in one line how to finish (exit 130), and run again checks only what it had not', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const { decoyIn, withoutProgress } = await import('../helpers.ts');
    const { checkCacheFile } = await import('../../harness/check.ts');
    const { loadBundles } = await import('../../harness/select.ts');
    const dir = mkdtempSync(join(tmpdir(), 'decoy-check-stop-'));
    // A seed no other test checks, its verdicts forgotten: the check has all 16 to do, so that a
    // Ctrl-C sent after the first (however late a busy machine reads it) comes before the last.
    const args = ['check', '--suite', 'demo', '--seed', '4242', '--workers', '1'];
    for (const b of loadBundles({ suite: 'demo', seed: 4242, patterns: [] }))
      rmSync(checkCacheFile(b), { force: true });
    try {
      const child = spawn(process.execPath, [fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url)), ...args], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      let sent = false;
      child.stderr.on('data', (d: Buffer) => {
        err += d;
        // Once: a second Ctrl-C ends the process at once, without a word.
        if (!sent && /configurations: 1\/16/.test(err)) ((sent = true), child.kill('SIGINT'));
      });
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      expect(code, err).toBe(130);
      const said = withoutProgress(err).trim().split('\n');
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        /^decoy check: stopped during the self-check, after \d+ of 16 configurations; to finish, run the same command again: decoy check --suite demo --seed 4242 --workers 1$/,
      );
      const again = await decoyIn(dir, ...args);
      expect(again.code, again.err).toBe(0);
      // Its first report of the check (after the suite's generation) counts the verdicts kept from the stopped check.
      const first = again.progress.find((l) => l.startsWith('configurations: ')) ?? '';
      expect(Number(/^configurations: (\d+)\/16/.exec(first)?.[1])).toBeGreaterThanOrEqual(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
