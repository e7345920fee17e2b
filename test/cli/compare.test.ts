import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBundles } from '../../generator/bundle.ts';
import { compareDefenses } from '../../harness/compare.ts';
import { executeRun } from '../../harness/run.ts';
import { kernelBoundary } from '../../simulator/page/sandbox/boundary.ts';
import { bundleFor, decoyIn, interruptWhenWritten } from '../helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-cli-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A bundle folder (one configuration) whose page holds a script of its own: it loads only with --trust-bundles. */
function scriptedBundles(): string {
  const b = bundleFor({ task: 'signup', domain: 'shopping', patterns: [] }, 7);
  writeBundles(join(dir, 'good'), { id: b.manifest.suite, version: 1 }, 7, [
    { manifest: b.manifest, files: b.site.files },
  ]);
  cpSync(join(dir, 'good'), join(dir, 'scripted'), { recursive: true });
  const page = join(dir, 'scripted', b.manifest.id, 'site', 'index.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('</body>', '<script>document.title = "x"</script></body>'));
  return join(dir, 'scripted');
}

describe('decoy compare', () => {
  it.each([
    [['--defenses', 'none,no-such-defense'], /^decoy compare: unknown defense 'no-such-defense'/],
    [['--defenses', 'none,gate,none'], /^decoy compare: --defenses names 'none' twice$/],
    [['--defenses', ' , '], /^decoy compare: --defenses names no defense$/],
    [['--agent', 'replay', '--defenses', 'none,gate'], /^decoy compare: compare plays one agent behind every defense/],
    [['--opt', 'nope=1', '--defenses', 'none,gate'], /^decoy compare: agent 'naive' has no option 'nope'/],
  ])('%j is one line on stderr, exit 2, and nothing written', async (args, message) => {
    const r = await decoyIn(
      dir,
      'compare',
      '--suite',
      'trickyarena-single',
      '--pattern',
      'cookie-trap',
      '--out',
      'cmp',
      ...args,
    );
    expect(r.code, r.err).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err.trim()).toMatch(message);
    expect(existsSync(join(dir, 'cmp'))).toBe(false);
  });

  it('stopped by Ctrl-C, it stops after the episode under way with one line giving the command that finishes it (exit 130)', async () => {
    const args = [
      'compare',
      '--suite',
      'trickyarena-single',
      // Episodes enough that the signal, sent once the first is written, lands before the last on a loaded machine.
      '--limit',
      '12',
      '--no-check',
      '--defenses',
      'none,gate',
      '--out',
      'stop',
    ];
    const episodes = join(dir, 'stop', 'none', 'episodes.jsonl');
    const { code, err } = await interruptWhenWritten(dir, args, episodes);
    expect(code, err).toBe(130);
    expect(err.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^decoy compare: stopped after \d+ of 12 episodes of defense none \(0 of 2 defenses done\); to finish, run the same command again: decoy compare --suite trickyarena-single --limit 12 --no-check --defenses none,gate --out stop$/,
      ),
    ]);
    expect(existsSync(join(dir, 'stop', 'compare.json'))).toBe(false);
  }, 120_000);

  it('--bundles that need --trust-bundles: refused without it naming the flag, loaded with it, by the one loader every command uses (the library calls too)', async () => {
    const scripted = scriptedBundles();
    const unsafe = kernelBoundary().kind === 'none' ? ['--unsafe-no-sandbox'] : [];
    const refused = await decoyIn(
      dir,
      'compare',
      '--bundles',
      scripted,
      '--defenses',
      'none,gate',
      '--no-check',
      '--out',
      'untrusted',
    );
    expect(refused.code, refused.err).toBe(2);
    expect(refused.err.trim().split('\n')).toHaveLength(1);
    expect(refused.err).toMatch(/site\/index\.html: a script that is not decoy's runtime .*--trust-bundles/);
    expect(existsSync(join(dir, 'untrusted'))).toBe(false);
    const trusted = await decoyIn(
      dir,
      'compare',
      '--bundles',
      scripted,
      '--trust-bundles',
      ...unsafe,
      '--defenses',
      'none,gate',
      '--no-check',
      '--out',
      'trusted',
    );
    expect(trusted.code, trusted.err).toBe(0);
    expect(existsSync(join(dir, 'trusted', 'compare.json'))).toBe(true);
    // Called without bundles in memory, compare and run load the folder run.json names with the trust they are given.
    const config = {
      suite: 'prop',
      patterns: [],
      bundles: scripted,
      agent: 'naive',
      seed: 7,
      agentOptions: {},
      defenses: ['none'],
    };
    await expect(compareDefenses(config, join(dir, 'lib-untrusted'), { noCheck: true })).rejects.toThrow(
      /--trust-bundles/,
    );
    await compareDefenses(config, join(dir, 'lib-trusted'), { noCheck: true, trustBundles: true });
    expect(existsSync(join(dir, 'lib-trusted', 'compare.json'))).toBe(true);
    const run = { ...config, defense: 'none', defenseOptions: {}, replay: null };
    await expect(executeRun(run, join(dir, 'run-untrusted'), { noCheck: true })).rejects.toThrow(/--trust-bundles/);
    expect((await executeRun(run, join(dir, 'run-trusted'), { noCheck: true, trustBundles: true })).errors).toBe(0);
  }, 300_000);
});
