/**
 * DUDE's Stage 2 loop with the rule summarizer and the gate, on a small ruc sample whose states
 * are reached once for the whole file (the loop itself judges in milliseconds).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusOf, drawSamples, type Corpus } from '../../../harness/experience/corpus.ts';
import { clickKey, judgeSplit } from '../../../harness/experience/judge.ts';
import { inlineLessons } from '../../../harness/experience/lessons.ts';
import { runExperience, PATIENCE, type ExperienceResult } from '../../../harness/experience/loop.ts';
import { ruleSummarizer } from '../../../harness/experience/rule.ts';
import { experience, type ExperienceConfig } from '../../../harness/experience/run.ts';
import type { Summarizer, SummaryInput } from '../../../harness/experience/summarizer.ts';
import type { ClickSample } from '../../../simulator/measure/clicks.ts';
import { defenses } from '../../../simulator/loop/registries.ts';
import { parseLessons } from '../../../simulator/defenses/_gate/lessons.ts';

const gate = defenses.get('gate');
const SIZES = { suite: 'ruc', seed: 7, normal: 12, deceptive: 12 };
/** A point no generated click is at: planted in every test-split sample, it must reach no summarizer. */
const CANARY = { x: 1277, y: 797, label: -1 as const };
const CANARY_TASK = 'CANARY: a test-split sample';

const dir = mkdtempSync(join(tmpdir(), 'decoy-experience-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let corpus: Corpus;
let samples: ClickSample[];

/** A summarizer that hands every input it gets to `seen` and then summarizes as the rule does. */
function spying(seen: SummaryInput[]): Summarizer {
  return {
    id: 'rule',
    summarize: (input) => {
      seen.push(input);
      return ruleSummarizer.summarize(input);
    },
  };
}

const loop = (c: Corpus, more: Partial<Parameters<typeof runExperience>[0]> = {}) =>
  runExperience({
    corpus: c,
    defense: gate,
    summarizer: ruleSummarizer,
    iterations: 20,
    batch: 15,
    anchors: 5,
    seed: 7,
    ...more,
  });

beforeAll(async () => {
  const drawn = await drawSamples(SIZES);
  for (const s of drawn.samples)
    if (s.split === 'test') {
      s.task = CANARY_TASK;
      s.clicks.push({ ...CANARY });
    }
  samples = drawn.samples;
  corpus = await corpusOf(drawn, { suite: 'ruc', seed: 7 });
}, 240_000);

describe('decoy experience: the loop terminates under each of its rules', () => {
  let full: ExperienceResult;
  beforeAll(async () => {
    full = await loop(corpus);
  });

  it('three iterations without a better validation pass rate stop it, with the best kept', () => {
    expect(full.stop.rule).toBe('no-improvement');
    const last = full.iterations.at(-1)!;
    expect(last.iteration - full.best).toBe(PATIENCE);
    const passes = full.iterations.map((r) => r.valid.pass ?? -1);
    expect(passes[full.best]).toBe(Math.max(...passes));
    expect(passes.indexOf(Math.max(...passes))).toBe(full.best);
    expect(last.failures).toBeGreaterThan(0);
  });

  it('the iteration cap stops it', async () => {
    const r = await loop(corpus, { iterations: 1 });
    expect(r.stop.rule).toBe('iterations');
    expect(r.iterations.map((i) => i.iteration)).toEqual([0, 1]);
    const none = await loop(corpus, { iterations: 0 });
    expect(none.stop.rule).toBe('iterations');
    expect(none.iterations).toHaveLength(1);
  });

  it('an empty failure pool stops it: on the training samples its lessons can fix, it ends once all are fixed', async () => {
    // The training clicks the first run's last lessons get right: every failure among them is one a lesson fixed.
    const last = full.iterations.at(-1)!;
    const judged = await judgeSplit(corpus.train, gate, { lessons: inlineLessons(last.lessons) }, corpus.seed);
    const right = new Set(judged.clicks.filter((c) => c.correct).map((c) => c.key));
    const fixable = {
      ...corpus,
      train: corpus.train
        .map((r) => ({
          ...r,
          sample: { ...r.sample, clicks: r.sample.clicks.filter((_, i) => right.has(clickKey(r.sample.id, i))) },
        }))
        .filter((r) => r.sample.clicks.length > 0),
    };
    const r = await loop(fixable);
    expect(r.iterations[0]!.failures).toBeGreaterThan(0);
    expect(r.stop.rule).toBe('empty-pool');
    expect(r.iterations.at(-1)!.failures).toBe(0);
    expect(r.iterations.at(-1)!.iteration).toBeGreaterThan(0);
  });
});

describe('decoy experience: the pools', () => {
  it('κ counts persistence: each failure has κ one more than before if it stayed wrong, else 1, and the batch is drawn with those κ', async () => {
    const r = await loop(corpus, { batch: 3, iterations: 6 });
    for (let t = 1; t < r.iterations.length; t++) {
      const before = new Map(r.iterations[t - 1]!.pool);
      for (const [key, kappa] of r.iterations[t]!.pool)
        expect(kappa, `${key} at ${t}`).toBe((before.get(key) ?? 0) + 1);
      for (const b of r.iterations[t]!.batch) expect(b.kappa).toBe(before.get(b.key));
      expect(r.iterations[t]!.batch).toHaveLength(Math.min(3, before.size));
    }
    // Some failure resisted every iteration: its κ grew with them.
    const last = r.iterations.at(-1)!;
    expect(Math.max(...last.pool.map(([, k]) => k))).toBe(last.iteration + 1);
  });
});

describe('decoy experience: what it writes', () => {
  const config: ExperienceConfig = {
    suite: 'ruc',
    seed: 7,
    normal: 12,
    deceptive: 12,
    defense: 'gate',
    defenseOptions: {},
    summarizer: 'rule',
    summarizerOptions: {},
    iterations: 20,
    batch: 15,
    anchors: 5,
  };
  // Validation on the training samples too, so that lessons move the validation curve (three validation samples seldom do).
  const learning = () => ({ ...corpus, valid: [...corpus.train, ...corpus.valid] });
  const files = (out: string) =>
    Object.fromEntries(
      readdirSync(out)
        .sort()
        .map((f) => [f, readFileSync(join(out, f), 'utf8')]),
    );

  it('refuses a corpus of the other phrasings than the config asks for, before writing anything', async () => {
    const out = join(dir, 'held');
    await expect(experience({ ...config, phrasings: 'heldout' }, { out, corpus: learning() })).rejects.toThrow(
      /not of the config's/,
    );
    expect(readdirSync(out)).toEqual([]);
  });

  it('the validation curve is written per iteration, and lessons.txt holds the lessons of the best validation iteration', async () => {
    const out = join(dir, 'a');
    const run = await experience(config, { out, corpus: learning() });
    const curve = JSON.parse(readFileSync(join(out, 'curve.json'), 'utf8'));
    expect(curve.iterations).toHaveLength(run.result.iterations.length);
    expect(curve.iterations.map((i: { valid: { pass: number } }) => i.valid.pass)).toEqual(
      run.result.iterations.map((i) => i.valid.pass),
    );
    expect(curve.iterations[0]).toMatchObject({ iteration: 0, lessons: 0, file: 'lessons-00.txt' });
    expect(curve.best).toBe(run.result.best);
    expect(curve.stop).toEqual(run.result.stop);
    expect(curve.metric).toMatch(/validation pass rate/);
    const passes: number[] = curve.iterations.map((i: { valid: { pass: number } }) => i.valid.pass);
    expect(curve.best).toBe(passes.indexOf(Math.max(...passes)));
    expect(curve.best).toBeGreaterThan(0);
    const best = parseLessons(join(out, 'lessons.txt'));
    expect(best.length).toBeGreaterThan(0);
    expect(best).toEqual(parseLessons(join(out, curve.iterations[curve.best].file)));
    expect(best).toEqual(run.result.iterations[curve.best]!.lessons);
    for (const i of curve.iterations) expect(parseLessons(join(out, i.file))).toHaveLength(i.lessons);
    expect(readFileSync(join(out, 'curve.svg'), 'utf8')).toMatch(/^<svg [^]*<polyline [^]*<\/svg>\n$/);
    expect(run.table).toMatch(/iteration\s+lessons\s+F\s+train pass %\s+valid pass %/);
    expect(run.table).toMatch(/← best/);
  });

  it('the lessons file is read by the gate and does not lower its validation pass rate against no lessons, on the real validation split', async () => {
    const out = join(dir, 'b');
    await experience(config, { out, corpus });
    const file = join(out, 'lessons.txt');
    const without = await judgeSplit(corpus.valid, gate, {}, corpus.seed);
    const withLessons = await judgeSplit(corpus.valid, gate, { lessons: file }, corpus.seed);
    expect(withLessons.figures.passRate!).toBeGreaterThanOrEqual(without.figures.passRate!);
    const curve = JSON.parse(readFileSync(join(out, 'curve.json'), 'utf8'));
    expect(withLessons.figures.passRate).toBe(curve.iterations[curve.best].valid.pass);
  });

  it('the same seed gives the same bytes, into a new folder or over an earlier experience; another seed draws other batches', async () => {
    const [a, b] = [join(dir, 'same-1'), join(dir, 'same-2')];
    await experience({ ...config, batch: 2 }, { out: a, corpus: learning() });
    await experience({ ...config, batch: 2 }, { out: b, corpus: learning() });
    expect(files(a)).toEqual(files(b));
    // Again into a folder holding an experience: it is replaced, file for file.
    await experience({ ...config, batch: 2, iterations: 1 }, { out: a, corpus: learning() });
    expect(Object.keys(files(a))).toEqual([
      'curve.json',
      'curve.svg',
      'lessons-00.txt',
      'lessons-01.txt',
      'lessons.txt',
    ]);
    await experience({ ...config, batch: 2 }, { out: a, corpus: learning() });
    expect(files(a)).toEqual(files(b));
    const r7 = await loop(corpus, { batch: 2, iterations: 3 });
    const r8 = await loop(corpus, { batch: 2, iterations: 3, seed: 8 });
    expect(r7.iterations.map((i) => i.batch)).not.toEqual(r8.iterations.map((i) => i.batch));
  });
});

describe('decoy experience: what the summarizer sees', () => {
  it('test-split labels never reach it: no planted test click, only training clicks, and nothing that names a scenario', async () => {
    expect(samples.some((s) => s.split === 'test' && s.task === CANARY_TASK)).toBe(true);
    const seen: SummaryInput[] = [];
    await loop(corpus, { summarizer: spying(seen), batch: 40, anchors: 40, iterations: 3 });
    expect(seen.length).toBeGreaterThan(0);
    const train = new Set(
      corpus.train.flatMap((r) => r.sample.clicks.map((c) => `${r.sample.url} ${c.x},${c.y} ${c.label}`)),
    );
    // The scenario id names the task and the pattern family (`ruc.v5.<task>.<family>.i0.s7`); a benign one says `control`, a plain word.
    const ids = samples.flatMap((s) => [s.id, s.scenario, ...s.scenario.split('.').filter((p) => p.includes('-'))]);
    for (const input of seen) {
      const cases = [...input.failures, ...input.anchors];
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) expect(train.has(`${c.url} ${c.click.x},${c.click.y} ${c.label}`), c.id).toBe(true);
      const text = JSON.stringify({ lessons: input.lessons, cases });
      expect(text).not.toContain(CANARY_TASK);
      expect(text).not.toContain(`"x":${CANARY.x},"y":${CANARY.y}`);
      for (const id of ids) expect(text).not.toContain(id);
    }
  });
});

describe('decoy experience: stopped midway', () => {
  it('loses nothing written: every file it wrote is whole, curve.json holds the iterations done, lessons.txt the best of them', async () => {
    const out = join(dir, 'stopped');
    const stop = new AbortController();
    const config: ExperienceConfig = {
      ...SIZES,
      defense: 'gate',
      defenseOptions: {},
      summarizer: 'rule',
      summarizerOptions: {},
      iterations: 20,
      batch: 15,
      anchors: 5,
    };
    const run = experience(config, {
      out,
      corpus: { ...corpus, valid: [...corpus.train, ...corpus.valid] },
      progress: (label, done) => {
        if (label === 'iterations' && done === 1) stop.abort();
      },
      signal: stop.signal,
    });
    await expect(run).rejects.toThrow(/^stopped after iteration 1$/);
    const curve = JSON.parse(readFileSync(join(out, 'curve.json'), 'utf8'));
    expect(curve.stop).toBeNull();
    expect(curve.iterations.map((i: { iteration: number }) => i.iteration)).toEqual([0, 1]);
    expect(readdirSync(out).sort()).toEqual([
      'curve.json',
      'curve.svg',
      'lessons-00.txt',
      'lessons-01.txt',
      'lessons.txt',
    ]);
    expect(parseLessons(join(out, 'lessons.txt'))).toEqual(parseLessons(join(out, curve.iterations[curve.best].file)));
  });
});
