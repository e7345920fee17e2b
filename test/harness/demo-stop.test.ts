import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interruptWhenWritten } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-demo-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy demo stopped by Ctrl-C', () => {
  it('stops after the episode under way with one line giving the command that finishes it (exit 130); the run folder says it is unfinished (run resumes it: test/harness/resume.test.ts)', async () => {
    const args = ['demo', '--bundles', 'b', '--out', 'r'];
    const episodes = join(dir, 'r', 'episodes.jsonl');
    const { code, err } = await interruptWhenWritten(dir, args, episodes);
    expect(code, err).toBe(130);
    expect(err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^decoy demo: stopped after \d+ of 16 episodes; to finish, run the same command again: decoy demo --bundles b --out r$/,
      ),
    ]);
    expect(existsSync(join(dir, 'r', 'summary.json'))).toBe(false);
  }, 120_000);
});
