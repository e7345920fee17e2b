import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UserError } from '../../../lib/errors.ts';
import { writeBundles } from '../../../generator/bundle.ts';
import { readBundle } from '../../../simulator/loop/bundle.ts';
import { bundleFor } from '../../helpers.ts';

/**
 * A bundle's folder swapped under the loader: once it has looked at `target` `at` times
 * (lstat, stat, open, readdir: whatever the loader checks a path with), `then` runs, as a
 * process racing the loader would. A load found this once in 63,000 tries; here at every
 * moment, deterministically. (This file replaces node:fs: vitest.config.ts runs it apart.)
 */
const swap = vi.hoisted(() => ({ target: '', at: 0, seen: 0, then: (): void => {} }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const { resolve: abs } = await import('node:path');
  // A path reached through a folder's descriptor names that folder's path as it was opened.
  const real = (p: string) => p.replace(/^\/proc\/self\/fd\/\d+/, (fd) => fs.readlinkSync(fd));
  const watched = <F extends (...args: never[]) => unknown>(f: F): F =>
    ((...args: Parameters<F>) => {
      const out = f(...args);
      if (swap.target && typeof args[0] === 'string' && abs(real(args[0])) === swap.target && ++swap.seen === swap.at) {
        swap.target = '';
        swap.then();
      }
      return out;
    }) as F;
  const replaced = {
    lstatSync: watched(fs.lstatSync),
    statSync: watched(fs.statSync),
    openSync: watched(fs.openSync),
    readdirSync: watched(fs.readdirSync),
  };
  return { ...fs, ...replaced, default: { ...fs, ...replaced } };
});

let dir = '';
let good = '';
let n = 0;
const SECRET = 'outside the bundle';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-race-'));
  const b = bundleFor({ task: 'purchase', domain: 'shopping', patterns: [] }, 7);
  writeBundles(join(dir, 'suite'), { id: 'prop', version: 1 }, 7, [{ manifest: b.manifest, files: b.site.files }]);
  good = join(dir, 'suite', b.manifest.id);
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(dir, 'outside', 'note.txt'), SECRET);
  writeFileSync(join(dir, 'outside', 'index.html'), `<p>${SECRET}</p>`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What loading the bundle gives when `target` is swapped for a link out of it after the loader's `at`-th look at it: its files, or the refusal. */
function loadSwapped(
  target: (b: string) => string,
  linkTo: string,
  at: number,
): { files: string[]; refused: string | null; swapped: boolean } {
  const b = join(dir, `b${n++}`);
  cpSync(good, b, { recursive: true });
  mkdirSync(join(b, 'site', 'sub'));
  writeFileSync(join(b, 'site', 'sub', 'note.txt'), "the bundle's own");
  writeFileSync(join(b, 'site', 'note.txt'), "the bundle's own");
  const path = resolve(target(b));
  let swapped = false;
  Object.assign(swap, {
    target: path,
    at,
    seen: 0,
    then: () => {
      renameSync(path, `${path}.away`);
      symlinkSync(linkTo, path);
      swapped = true;
    },
  });
  try {
    const loaded = readBundle(b);
    return { files: Object.values(loaded.site.files), refused: null, swapped };
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    expect(e.message).not.toContain('\n');
    return { files: [], refused: e.message, swapped };
  } finally {
    swap.target = '';
  }
}

describe('a bundle swapped while it is read: what was checked is what is read', () => {
  it.each([
    [
      'a file swapped for a link to a file outside',
      (b: string) => join(b, 'site', 'note.txt'),
      () => join(dir, 'outside', 'note.txt'),
    ],
    [
      'a folder swapped for a link to a folder outside',
      (b: string) => join(b, 'site', 'sub'),
      () => join(dir, 'outside'),
    ],
  ])('%s after any look the loader takes at it: never read through the link', (_what, target, linkTo) => {
    let swaps = 0;
    for (let at = 1; at <= 6; at++) {
      const got = loadSwapped(target, linkTo(), at);
      if (got.swapped) swaps++;
      expect({ at, leaked: got.files.some((f) => f.includes(SECRET)) }).toEqual({ at, leaked: false });
      if (got.refused) expect(got.refused).toMatch(/is a symbolic link/);
    }
    // The loader looked at the path at least once, so the race was run.
    expect(swaps).toBeGreaterThan(0);
  });
});
