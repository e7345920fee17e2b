/**
 * --trust-bundles plays scripts no check has read: every command that plays them says on
 * stderr which boundary the engine runs in, and refuses them where there is no kernel
 * boundary (no bubblewrap, or one that cannot start) unless --unsafe-no-sandbox is given.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/commands.ts';
import { writeBundles } from '../../generator/bundle.ts';
import { kernelBoundary } from '../../simulator/page/sandbox/boundary.ts';
import { bundleFor, decoyIn, withoutProgress } from '../helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
let dir = '';

/** The CLI with PATH set to `path` alone: bwrap is looked for there. */
function decoyWithPath(path: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, PATH: path },
  });
  return { code: r.status, out: r.stdout, err: withoutProgress(r.stderr) };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-sandbox-flag-'));
  const b = bundleFor({ task: 'signup', domain: 'shopping', patterns: [] }, 7);
  writeBundles(join(dir, 'good'), { id: b.manifest.suite, version: 1 }, 7, [
    { manifest: b.manifest, files: b.site.files },
  ]);
  cpSync(join(dir, 'good'), join(dir, 'scripted'), { recursive: true });
  const page = join(dir, 'scripted', b.manifest.id, 'site', 'index.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('</body>', '<script>document.title = "x"</script></body>'));
  mkdirSync(join(dir, 'empty'));
  // A bwrap that cannot start, as where user namespaces are off.
  mkdirSync(join(dir, 'broken'));
  writeFileSync(
    join(dir, 'broken', 'bwrap'),
    '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n',
  );
  chmodSync(join(dir, 'broken', 'bwrap'), 0o755);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRUSTED = ['--bundles', 'scripted', '--trust-bundles', '--no-check'];

describe('--trust-bundles and the kernel boundary', () => {
  it('every command that plays the pages of bundles it may trust takes --unsafe-no-sandbox, and no other does', async () => {
    const takes = [];
    for (const [name, entry] of Object.entries(COMMANDS))
      if ((await entry.load()).help().includes('--unsafe-no-sandbox')) takes.push(name);
    expect(takes.sort()).toEqual(['assess', 'check', 'compare', 'conform', 'label', 'mcp', 'run']);
  });

  it.each([
    ['no bubblewrap', 'empty', /bubblewrap \(bwrap\) is not installed/],
    [
      'a bubblewrap that cannot start',
      'broken',
      /bubblewrap cannot start here: bwrap: No permissions to create new namespace/,
    ],
  ])(
    'with %s, --trust-bundles is refused in one line naming --unsafe-no-sandbox, and nothing is written',
    (_what, path, why) => {
      for (const args of [
        ['run', ...TRUSTED, '--out', 'runs/refused'],
        ['check', '--bundles', 'scripted', '--trust-bundles'],
      ]) {
        const r = decoyWithPath(join(dir, path), ...args);
        expect(r.code, r.err).toBe(2);
        expect(r.err.trim().split('\n')).toHaveLength(1);
        expect(r.err).toMatch(
          /--trust-bundles plays scripts no check has read, and the engine has no kernel boundary here/,
        );
        expect(r.err).toMatch(why);
        expect(r.err).toMatch(/pass --unsafe-no-sandbox/);
      }
      expect(existsSync(join(dir, 'runs', 'refused'))).toBe(false);
    },
  );

  it('with --unsafe-no-sandbox the trusted bundles play, and the run says the engine has only the permission model', () => {
    const r = decoyWithPath(join(dir, 'empty'), 'run', ...TRUSTED, '--unsafe-no-sandbox', '--out', 'runs/unsafe');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe(
      "decoy run: engine sandbox: Node's permission model only (bubblewrap (bwrap) is not installed)\n",
    );
    expect(existsSync(join(dir, 'runs', 'unsafe', 'summary.json'))).toBe(true);
  });

  it('--unsafe-no-sandbox without --trust-bundles is refused', () => {
    const r = decoyWithPath(
      join(dir, 'empty'),
      'run',
      '--bundles',
      'good',
      '--unsafe-no-sandbox',
      '--out',
      'runs/stray',
    );
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--unsafe-no-sandbox goes with --trust-bundles/);
  });

  it.skipIf(kernelBoundary().kind === 'none' && !process.env.CI)(
    'where bubblewrap runs, trusted bundles play inside it and the run says so',
    async () => {
      const r = await decoyIn(dir, 'run', ...TRUSTED, '--out', 'runs/confined');
      expect(r.code, r.err).toBe(0);
      expect(r.err).toBe(
        "decoy run: engine sandbox: bubblewrap (no network, read-only code) and Node's permission model\n",
      );
    },
  );
});
