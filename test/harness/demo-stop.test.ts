import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'decoy-demo-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy demo stopped by Ctrl-C', () => {
  it('stops after the episode under way with one line giving the command that finishes it (exit 130); the run folder says it is unfinished (run resumes it: test/harness/resume.test.ts)', async () => {
    const args = ['demo', '--bundles', 'b', '--out', 'r'];
    const episodes = join(dir, 'r', 'episodes.jsonl');
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const poll = setInterval(() => {
      if (existsSync(episodes) && readFileSync(episodes, 'utf8').includes('\n')) {
        clearInterval(poll);
        child.kill('SIGINT');
      }
    }, 5);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearInterval(poll);
    expect(code, err).toBe(130);
    expect(err.trim().split('\n')).toEqual([expect.stringMatching(/^decoy demo: stopped after \d+ of 16 episodes; to finish, run the same command again: decoy demo --bundles b --out r$/)]);
    expect(existsSync(join(dir, 'r', 'summary.json'))).toBe(false);

  }, 120_000);
});
