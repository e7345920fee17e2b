import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decoyIn, interruptWhenWritten } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-cli-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy compare', () => {
  it.each([
    [['--defenses', 'none,no-such-defense'], /^decoy compare: unknown defense 'no-such-defense'/],
    [['--defenses', 'none,gate,none'], /^decoy compare: --defenses names 'none' twice$/],
    [['--defenses', ' , '], /^decoy compare: --defenses names no defense$/],
    [['--agent', 'replay', '--defenses', 'none,gate'], /^decoy compare: compare plays one agent behind every defense/],
    [['--opt', 'nope=1', '--defenses', 'none,gate'], /^decoy compare: agent 'naive' has no option 'nope'/],
  ])('%j is one line on stderr, exit 2, and nothing written', async (args, message) => {
    const r = await decoyIn(dir, 'compare', '--suite', 'trickyarena-single', '--pattern', 'cookie-trap', '--out', 'cmp', ...args);
    expect(r.code, r.err).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err.trim()).toMatch(message);
    expect(existsSync(join(dir, 'cmp'))).toBe(false);
  });

  it('stopped by Ctrl-C, it stops after the episode under way with one line giving the command that finishes it (exit 130)', async () => {
    const args = ['compare', '--suite', 'trickyarena-single', '--pattern', 'cookie-trap', '--no-check', '--defenses', 'none,gate', '--out', 'stop'];
    const episodes = join(dir, 'stop', 'none', 'episodes.jsonl');
    const { code, err } = await interruptWhenWritten(dir, args, episodes);
    expect(code, err).toBe(130);
    expect(err.trim().split('\n')).toEqual([expect.stringMatching(/^decoy compare: stopped after \d of 4 episodes of defense none \(0 of 2 defenses done\); to finish, run the same command again: decoy compare --suite trickyarena-single --pattern cookie-trap --no-check --defenses none,gate --out stop$/)]);
    expect(existsSync(join(dir, 'stop', 'compare.json'))).toBe(false);
  }, 120_000);
});
