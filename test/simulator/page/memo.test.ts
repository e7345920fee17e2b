import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoBrowser, PageMemo } from '../../../simulator/page/engine/memo.ts';
import type { Browser, ClickOutcome, OpenOptions, SiteFiles } from '../../../simulator/page/engine/browser.ts';
import type { Observation } from '../../../simulator/page/observe.ts';
import type { PageEvent } from '../../../scenarios/contract.ts';
import { LimitError } from '../../../simulator/page/engine/limits.ts';
import { markTrusted } from '../../../simulator/page/sandbox/trusted.ts';
import { compareDefenses } from '../../../harness/compare.ts';
import { memoFileFor } from '../../../harness/pages-memo.ts';
import { executeRun } from '../../../harness/run.ts';
import { loadBundles } from '../../../harness/select.ts';
import { runConfig } from '../../helpers.ts';
import type { LoadedBundle } from '../../../simulator/loop/bundle.ts';

/**
 * A page whose every answer depends on everything done to it so far, observations included
 * (as an engine's element names do), and that counts what it was asked.
 */
class ToyBrowser implements Browser {
  readonly engine = 'jsdom' as const;
  readonly viewport = { width: 1280, height: 800 };
  calls: string[] = [];
  pageOpen = false;
  private state: string[] = [];
  private ms = 0;
  failOn: string | null = null;

  private did(what: string): void {
    this.calls.push(what);
    if (what === this.failOn) throw new LimitError(`the page failed at ${what}`);
    this.state.push(what);
  }
  async open(site: SiteFiles, opts: OpenOptions): Promise<void> {
    this.state = [];
    this.ms = 0;
    this.pageOpen = true;
    this.did(`open ${opts.seed} ${site.files['index.html']}`);
  }
  async observe(): Promise<Observation> {
    this.did('observe');
    return { seen: [...this.state] } as unknown as Observation;
  }
  async clickAt(x: number, y: number): Promise<ClickOutcome> {
    this.did(`click ${x},${y}`);
    return { target: `after ${this.state.length}`, disabled: false };
  }
  async aim(points: readonly { x: number; y: number }[]): Promise<string[]> {
    this.did('aim');
    return points.map(() => 'nothing');
  }
  async fill(ref: string, value: string): Promise<void> {
    this.did(`fill ${ref}=${value}`);
  }
  async selectOption(ref: string, values: readonly string[]): Promise<string[]> {
    this.did(`select ${ref}`);
    return [...values];
  }
  async scrollTo(x: number, y: number): Promise<void> {
    this.did(`scroll ${x},${y}`);
  }
  async goto(url: string): Promise<void> {
    this.did(`goto ${url}`);
  }
  async back(): Promise<void> {
    this.did('back');
  }
  async advance(ms: number): Promise<void> {
    this.did(`advance ${ms}`);
    this.ms += ms;
  }
  elapsed(): number {
    return this.ms;
  }
  async events(): Promise<PageEvent[]> {
    this.calls.push('events');
    return this.state.map((s, i) => ({ t: i, type: 'click', target: s }) as unknown as PageEvent);
  }
  async close(): Promise<void> {
    this.pageOpen = false;
    this.calls.push('close');
  }
}

const site = (page = 'home'): SiteFiles => ({ files: { 'index.html': page } });

/** One episode: open, then each of `clicks` as an agent's step (observe, click, advance), then the log. */
async function episode(b: Browser, s: SiteFiles, clicks: number[], opts: OpenOptions = { seed: 1 }) {
  await b.open(s, opts);
  const seen: unknown[] = [await b.observe()];
  for (const x of clicks) {
    seen.push(await b.clickAt(x, 10));
    await b.advance(1000);
    seen.push(b.elapsed(), await b.observe());
  }
  seen.push(await b.events());
  await b.close();
  return seen;
}

describe('the memo of a comparison', () => {
  it('answers an episode that repeats an earlier one without opening the page, with the same answers', async () => {
    const memo = new PageMemo();
    const first = new ToyBrowser();
    const expected = await episode(new ToyBrowser(), site(), [1, 2, 3]);
    expect(await episode(new MemoBrowser(first, memo, 't'), site(), [1, 2, 3])).toEqual(expected);
    const second = new ToyBrowser();
    expect(await episode(new MemoBrowser(second, memo, 't'), site(), [1, 2, 3])).toEqual(expected);
    expect(second.calls).toEqual([]);
    expect(memo.counts.answered).toBeGreaterThan(0);
  });

  it('where an episode leaves the known calls, opens the page and makes every earlier call again, observations included, then goes on', async () => {
    const memo = new PageMemo();
    await episode(new MemoBrowser(new ToyBrowser(), memo, 't'), site(), [1, 2, 3]);
    const inner = new ToyBrowser();
    const got = await episode(new MemoBrowser(inner, memo, 't'), site(), [1, 2, 9]);
    expect(got).toEqual(await episode(new ToyBrowser(), site(), [1, 2, 9]));
    expect(inner.calls).toEqual([
      'open 1 home',
      'observe',
      'click 1,10',
      'advance 1000',
      'observe',
      'click 2,10',
      'advance 1000',
      'observe',
      'click 9,10',
      'advance 1000',
      'observe',
      'events',
      'close',
    ]);
  });

  it('keys a page by its site, seed, route, viewport and tag: another of any of them is played anew', async () => {
    const memo = new PageMemo();
    await episode(new MemoBrowser(new ToyBrowser(), memo, 't'), site(), [1]);
    const played = async (s: SiteFiles, opts: OpenOptions, tag = 't') => {
      const inner = new ToyBrowser();
      const b = new MemoBrowser(inner, memo, tag);
      await b.open(s, opts);
      await b.observe();
      return inner.calls.length > 0;
    };
    expect(await played(site(), { seed: 1 })).toBe(false);
    expect(await played(site('other'), { seed: 1 })).toBe(true);
    expect(await played(site(), { seed: 2 })).toBe(true);
    expect(await played(site(), { seed: 1, path: '/cart' })).toBe(true);
    expect(await played(site(), { seed: 1, viewport: { width: 390, height: 844 } })).toBe(true);
    expect(await played(site(), { seed: 1 }, 'other limits')).toBe(true);
  });

  it("an episode answered from the memo has its own viewport, not the last page's the engine opened", async () => {
    const memo = new PageMemo();
    const mobile = { width: 390, height: 844 };
    await episode(new MemoBrowser(new ToyBrowser(), memo, 't'), site(), [1]);
    const inner = new ToyBrowser();
    Object.defineProperty(inner, 'viewport', { get: () => mobile });
    const b = new MemoBrowser(inner, memo, 't');
    await b.open(site(), { seed: 9, viewport: mobile });
    await b.observe();
    expect(b.viewport).toEqual(mobile);
    await b.open(site(), { seed: 1 });
    await b.observe();
    expect(b.viewport).toEqual({ width: 1280, height: 800 });
  });

  it('gives every episode a copy: an agent that changes what it was shown changes nothing another episode is shown', async () => {
    const memo = new PageMemo();
    const a = new MemoBrowser(new ToyBrowser(), memo, 't');
    await a.open(site(), { seed: 1 });
    const seen = (await a.observe()) as unknown as { seen: string[] };
    seen.seen.push('planted by an agent');
    for (let i = 0; i < 2; i++) {
      const b = new MemoBrowser(new ToyBrowser(), memo, 't');
      await b.open(site(), { seed: 1 });
      const again = (await b.observe()) as unknown as { seen: string[] };
      expect(again.seen).toEqual(['open 1 home', 'observe']);
      again.seen.push('planted again');
    }
  });

  it('keeps no call that failed: the next episode to reach it plays it and fails the same way, and the rest of a failed episode plays on the page', async () => {
    const memo = new PageMemo();
    for (let i = 0; i < 2; i++) {
      const inner = new ToyBrowser();
      inner.failOn = 'click 2,10';
      const b = new MemoBrowser(inner, memo, 't');
      await b.open(site(), { seed: 1 });
      await b.observe();
      await b.clickAt(1, 10);
      await expect(b.clickAt(2, 10)).rejects.toThrow(LimitError);
      expect(inner.calls.at(-1)).toBe('click 2,10');
      await b.observe();
      expect(inner.calls.at(-1)).toBe('observe');
    }
  });

  it('frees the page the engine opened once the episodes after it are answered from the memo, and at the end', async () => {
    const memo = new PageMemo();
    await episode(new MemoBrowser(new ToyBrowser(), memo, 't'), site(), [1]);
    const inner = new ToyBrowser();
    const b = new MemoBrowser(inner, memo, 't');
    await b.open(site(), { seed: 1 });
    await b.observe();
    await b.clickAt(2, 10);
    expect(inner.pageOpen).toBe(true);
    await b.open(site(), { seed: 1 });
    await b.observe();
    await b.clickAt(1, 10);
    expect(inner.pageOpen).toBe(false);
    await b.clickAt(5, 10);
    await b.close();
    expect(inner.pageOpen).toBe(false);
  });

  it('counts what its answers hold: each is a buffer of its own, not a slice of a larger one', async () => {
    const memo = new PageMemo();
    await episode(
      new MemoBrowser(new ToyBrowser(), memo, 't'),
      site(),
      Array.from({ length: 40 }, (_, i) => i),
    );
    let held = 0;
    const walk = (n: {
      reads: Map<string, Buffer | null>;
      next: Map<string, { answer: Buffer | null; node: never }>;
    }) => {
      for (const a of n.reads.values()) held += a?.buffer.byteLength ?? 0;
      for (const { answer, node } of n.next.values()) {
        held += answer?.buffer.byteLength ?? 0;
        walk(node);
      }
    };
    for (const r of (memo as unknown as { roots: Map<string, never> }).roots.values()) walk(r);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(memo.size);
  });

  it('written to a file and read back under the same code, answers without the engine; under other code, or from a damaged or foreign file, it is empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decoy-memo-file-'));
    try {
      const file = join(dir, 'pages.memo');
      const memo = new PageMemo();
      const expected = await episode(new MemoBrowser(new ToyBrowser(), memo, 't'), site(), [1, 2]);
      memo.save(file, 'code 1');
      const again = PageMemo.read(file, 'code 1');
      expect(again.size).toBe(memo.size);
      const inner = new ToyBrowser();
      expect(await episode(new MemoBrowser(inner, again, 't'), site(), [1, 2])).toEqual(expected);
      expect(inner.calls).toEqual([]);
      expect(PageMemo.read(file, 'code 2').size).toBe(0);
      const bytes = readFileSync(file);
      writeFileSync(file, bytes.subarray(0, bytes.length >> 1));
      expect(PageMemo.read(file, 'code 1').size).toBe(0);
      const flipped = Buffer.from(bytes);
      flipped[bytes.length - 40] = (flipped[bytes.length - 40] as number) ^ 1;
      writeFileSync(file, flipped);
      expect(PageMemo.read(file, 'code 1').size).toBe(0);
      writeFileSync(file, '{"format":"decoy page memo 2"}');
      expect(PageMemo.read(file, 'code 1').size).toBe(0);
      expect(PageMemo.read(join(dir, 'none'), 'code 1').size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('read from a file, makes room for new paths by dropping those no episode reached since, and writes back only the paths reached', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decoy-memo-file-'));
    try {
      const file = join(dir, 'pages.memo');
      const old = new PageMemo(4000);
      for (let i = 0; i < 200; i++) await episode(new MemoBrowser(new ToyBrowser(), old, 't'), site(`old ${i}`), [1]);
      expect(old.size).toBeGreaterThan(3800);
      old.save(file, 'c');
      const memo = PageMemo.read(file, 'c', 4000);
      expect(memo.size).toBe(old.size);
      // A path of an earlier comparison, reached again, answers; a new one is kept though the memo was full.
      const reached = new ToyBrowser();
      await episode(new MemoBrowser(reached, memo, 't'), site('old 0'), [1]);
      expect(reached.calls).toEqual([]);
      await episode(new MemoBrowser(new ToyBrowser(), memo, 't'), site('new'), [1, 2]);
      const again = new ToyBrowser();
      await episode(new MemoBrowser(again, memo, 't'), site('new'), [1, 2]);
      expect(again.calls).toEqual([]);
      memo.save(file, 'c');
      const written = PageMemo.read(file, 'c', 4000);
      const played = async (page: string) => {
        const inner = new ToyBrowser();
        await episode(new MemoBrowser(inner, written, 't'), site(page), page === 'new' ? [1, 2] : [1]);
        return inner.calls.length > 0;
      };
      expect([await played('new'), await played('old 0'), await played('old 3')]).toEqual([false, false, true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps nothing of a page-side defense or of a bundle that runs its own script', async () => {
    const memo = new PageMemo();
    const injected = { seed: 1, inject: { name: 'x.js', source: '' } };
    const trusted = site('trusted');
    markTrusted([{ site: trusted }]);
    for (const [s, opts] of [
      [site(), injected],
      [trusted, { seed: 1 }],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const inner = new ToyBrowser();
        await episode(new MemoBrowser(inner, memo, 't'), s, [1], opts);
        expect(inner.calls.length).toBeGreaterThan(0);
      }
      expect(memo.size).toBe(0);
    }
  });

  it('past its size keeps nothing more and still answers right', async () => {
    const memo = new PageMemo(200);
    const expected = await episode(new ToyBrowser(), site(), [1, 2, 3, 4]);
    for (let i = 0; i < 2; i++)
      expect(await episode(new MemoBrowser(new ToyBrowser(), memo, 't'), site(), [1, 2, 3, 4])).toEqual(expected);
    expect(memo.size).toBeLessThanOrEqual(200);
  });
});

const files = (folder: string) => ['episodes.jsonl', 'summary.json'].map((f) => readFileSync(join(folder, f), 'utf8'));

/** Plays a comparison of `defenses` on `bundles` in `dir`, then each defense alone, and holds the two to the same files. */
async function sameAsAlone(dir: string, bundles: LoadedBundle[], defenses: string[]): Promise<void> {
  const config = { suite: 'demo', patterns: [], bundles: null, agent: 'naive', seed: 7, agentOptions: {}, defenses };
  await compareDefenses(config, join(dir, 'cmp'), { bundles, noCheck: true, workers: 2 });
  for (const d of defenses) {
    await executeRun(runConfig({ defense: d }), join(dir, d), { bundles, noCheck: true });
    expect(files(join(dir, 'cmp', d)), `${d} on ${bundles.map((b) => b.manifest.id).join(', ')}`).toEqual(
      files(join(dir, d)),
    );
  }
}

describe('a comparison with its memo', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'decoy-memo-'));
  });
  // The memos these comparisons kept in the package's cache go with their folders.
  afterAll(() => {
    const outs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((n) => join(dir, n));
    for (const f of [dir, ...outs].map((o) => memoFileFor(o))) rmSync(f, { force: true });
    rmSync(dir, { recursive: true, force: true });
  });
  const demo = loadBundles({ suite: 'demo', seed: 7, patterns: [] });

  it('gives the files a run of each defense alone gives on the two demo sites where an observation names an element a later step acts on (observations on the path)', async () => {
    const bundles = demo.filter((b) =>
      ['signup-shopping.cookie-trap-corner', 'find-author-news.cookie-trap-modal'].some((id) =>
        b.manifest.id.includes(`.${id}.`),
      ),
    );
    expect(bundles).toHaveLength(2);
    await sameAsAlone(join(dir, 'observed'), bundles, ['none', 'gate', 'screen']);
  });

  it("played again in its folder, with a defense's run removed, replays that defense from the memo it kept: no call reaches the engine, and the files are the ones it wrote before", async () => {
    const out = join(dir, 'again');
    const bundles = demo.slice(0, 3);
    const config = {
      suite: 'demo',
      patterns: [],
      bundles: null,
      agent: 'naive',
      seed: 7,
      agentOptions: {},
      defenses: ['none', 'gate', 'intervene'],
    };
    const first = await compareDefenses(config, out, { bundles, noCheck: true, workers: 2 });
    expect(first.calls.played).toBeGreaterThan(0);
    // Kept in the package's cache by the folder's real path, never in the folder.
    expect(existsSync(memoFileFor(out))).toBe(true);
    expect(readdirSync(out).filter((n) => n.includes('memo'))).toEqual([]);
    const gate = files(join(out, 'gate'));
    rmSync(join(out, 'gate'), { recursive: true });
    const second = await compareDefenses(config, out, { bundles, noCheck: true, workers: 2 });
    expect(second.played.find((p) => p.defense === 'gate')?.played).toBe(3);
    expect(second.calls.played).toBe(0);
    expect(second.calls.answered).toBeGreaterThan(0);
    expect(files(join(out, 'gate'))).toEqual(gate);
    // A folder moved elsewhere (as one sent by someone else) brings no answers: they are played.
    const moved = join(dir, 'moved');
    renameSync(out, moved);
    rmSync(join(moved, 'gate'), { recursive: true });
    const third = await compareDefenses(config, moved, { bundles, noCheck: true, workers: 2 });
    expect(third.calls.answered).toBe(0);
    expect(files(join(moved, 'gate'))).toEqual(gate);
    rmSync(memoFileFor(out), { force: true });
  });

  it("property: each defense's episodes and summary are the bytes a run of that defense alone writes, whatever the defenses' order and configurations (seeded)", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(['none', 'gate', 'screen', 'intervene', 'intervene-onestep', 'warn'], {
          minLength: 2,
          maxLength: 4,
        }),
        fc.subarray([...demo.keys()], { minLength: 2, maxLength: 4 }),
        (defenses, picked) =>
          sameAsAlone(
            join(dir, `case-${++n}`),
            picked.map((i) => demo[i]!),
            defenses,
          ),
      ),
      { numRuns: 3, seed: 20261206 },
    );
  });
});
