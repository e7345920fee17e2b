import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progressPrinter } from '../../cli/main.ts';
import { decoyIn } from '../helpers.ts';
import { checkCacheFile } from '../../harness/check.ts';
import { loadBundles } from '../../harness/select.ts';

/** A printer on a fake stderr and a fake clock that moves `ms` per report. */
function printer(isTTY: boolean, ms: number) {
  let text = '';
  let clock = 0;
  const p = progressPrinter({ write: (t: string) => (text += t), isTTY }, () => clock);
  return {
    report: (label: string, done: number, total: number) => (p(label, done, total), (clock += ms)),
    text: () => text,
  };
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-progress-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('progress', () => {
  it('off a terminal: a plain line every twentieth and at the end, with the rate and the time left counted from the first report, once a second has passed', () => {
    const p = printer(false, 500);
    // A resumed run: 20 kept, then one episode every half second.
    for (let done = 20; done <= 60; done++) p.report('episodes', done, 60);
    const lines = p.text().trimEnd().split('\n');
    expect(lines[0]).toBe('episodes: 21/60');
    expect(lines[1]).toBe('episodes: 24/60 · 2.0/s · 18 s left');
    expect(lines.at(-1)).toBe('episodes: 60/60 · 2.0/s');
    expect(lines).toHaveLength(14);
  });

  it('on a terminal: one line rewritten in place, a bar, cleared to its end, closed at the end; a new step starts its own count', () => {
    const p = printer(true, 100);
    for (let done = 1; done <= 4; done++) p.report('self-check', done, 4);
    const parts = p.text().split('\r').slice(1);
    expect(parts[0]).toBe('[######..................] self-check: 1/4\x1b[K');
    expect(parts[3]).toBe('[########################] self-check: 4/4\x1b[K\n');
    p.report('episodes', 0, 12);
    for (let done = 1; done <= 12; done++) p.report('episodes', done, 12);
    expect(p.text().split('\r').at(-1)).toBe('[########################] episodes: 12/12 · 10/s\x1b[K\n');
  });

  it('of a run goes to stderr, the generation and the self-check too, and never to stdout; a command printing JSON reports none', async () => {
    // Its verdicts forgotten, so that the self-check plays and reports; not the default seed, whose verdicts the version ships.
    for (const b of loadBundles({ suite: 'demo', seed: 8, patterns: ['preselected-consent'] }))
      rmSync(checkCacheFile(b), { force: true });
    const r = await decoyIn(
      dir,
      'run',
      '--suite',
      'demo',
      '--seed',
      '8',
      '--pattern',
      'preselected-consent',
      '--out',
      'a',
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).not.toMatch(/\d+\/\d+/);
    expect(r.out).toMatch(/ · 4 episodes in \d+\.\d s, \d+\.\d s of it the self-check/);
    // The rate once a second has passed: four episodes may take less.
    expect(r.progress.at(-1)).toMatch(/^episodes: 4\/4( · [\d.]+\/s)?\n$/);
    expect(r.progress.filter((l) => l.startsWith('self-check: 4/4'))).toHaveLength(1);
    // The suite is made first, and said so: a large one takes seconds.
    expect(r.progress[0]).toMatch(/^generate: 1\/4/);
    expect(r.progress.filter((l) => l.startsWith('generate: 4/4'))).toHaveLength(1);
    const json = await decoyIn(dir, 'check', '--suite', 'demo', '--pattern', 'preselected-consent', '--json');
    expect(json.code).toBe(0);
    expect(json.progress).toEqual([]);
    expect(Array.isArray(JSON.parse(json.out))).toBe(true);
  });
});
