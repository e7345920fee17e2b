import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executeRun } from '../../../harness/run.ts';
import { labelRun } from '../../../harness/label.ts';
import { Stopped, UserError } from '../../../lib/errors.ts';
import { LABELS, type LabelledStep } from '../../../simulator/measure/labels.ts';
import { decoyIn, runConfig } from '../../helpers.ts';
import { subsetBy } from '../../../harness/subset.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-labels-'));
const runs = join(dir, 'run');
const config = runConfig({ patterns: ['warranty-addon', 'cookie-trap'] });
let whole = '';

beforeAll(async () => {
  await executeRun(config, runs, { noCheck: true });
  await labelRun(runs);
  whole = readFileSync(join(runs, 'labels.jsonl'), 'utf8');
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decoy label on a run folder', () => {
  it('one record per recorded step, with its snapshot and a label per family', () => {
    const episodes = readFileSync(join(runs, 'episodes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { scenario: string; steps: unknown[]; patterns: string[] });
    const lines = whole
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LabelledStep);
    expect(lines.length).toBe(episodes.reduce((n, e) => n + e.steps.length, 0));
    for (const l of lines) {
      expect(LABELS).toContain(l.label);
      expect(Object.keys(l.families)).toEqual(episodes.find((e) => e.scenario === l.scenario)?.patterns);
      expect(l.snapshot.length).toBeGreaterThan(0);
    }
  });

  it('an interrupted labelling (a line cut short) finishes byte for byte as an uninterrupted one', async () => {
    const out = join(dir, 'cut.jsonl');
    writeFileSync(out, whole.slice(0, Math.floor(whole.length * 0.6)));
    const r = await labelRun(runs, { out });
    expect(r.kept).toBeGreaterThan(0);
    expect(readFileSync(out, 'utf8')).toBe(whole);
  }, 300_000);

  it('labelled on three engine processes, or cut short on two and finished on one, the file is byte for byte the labelling on one', async () => {
    const three = join(dir, 'three.jsonl');
    await labelRun(runs, { out: three, workers: 3 });
    expect(readFileSync(three, 'utf8')).toBe(whole);
    // Asked to stop before it starts: the first episode is labelled whole and every lane stops before taking
    // another, however fast each lane runs (a stop asked for on progress could come after every episode was taken).
    const cut = join(dir, 'two.jsonl');
    await expect(labelRun(runs, { out: cut, workers: 2, signal: AbortSignal.abort() })).rejects.toThrow(Stopped);
    const kept = readFileSync(cut, 'utf8');
    expect(whole.startsWith(kept) && kept.length > 0 && kept.length < whole.length).toBe(true);
    const r = await labelRun(runs, { out: cut, workers: 1 });
    expect(r.kept).toBe(1);
    expect(readFileSync(cut, 'utf8')).toBe(whole);
  }, 300_000);

  it('a whole line edited to something decoy label does not write is refused in one line naming the file, the line and the field, and nothing is cut', async () => {
    const out = join(dir, 'edited.jsonl');
    const lines = whole.split('\n');
    const third = JSON.parse(lines[2] as string) as LabelledStep;
    lines[2] = JSON.stringify({ ...third, label: 'hacked-label' });
    writeFileSync(out, lines.join('\n'));
    const before = readFileSync(out, 'utf8');
    await expect(labelRun(runs, { out })).rejects.toThrow(/edited\.jsonl:3: label: Invalid option: expected one of /);
    expect(readFileSync(out, 'utf8')).toBe(before);
    lines[2] = JSON.stringify({ ...third, extra: 1 });
    writeFileSync(out, lines.join('\n'));
    await expect(labelRun(runs, { out })).rejects.toThrow(/edited\.jsonl:3: extra: no such field$/);
  });

  it('a folder that holds no run is a one-line error', async () => {
    await expect(labelRun(join(dir, 'none'))).rejects.toThrow(UserError);
    await expect(labelRun(dir)).rejects.toThrow(/holds no run/);
  });

  it("an --out that holds something other than labels is refused and left byte for byte as it was (the run's own episodes.jsonl included)", async () => {
    const episodes = join(runs, 'episodes.jsonl');
    const before = readFileSync(episodes, 'utf8');
    await expect(labelRun(runs, { out: episodes })).rejects.toThrow(/something other than labels/);
    expect(readFileSync(episodes, 'utf8')).toBe(before);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'a line without its newline');
    await expect(labelRun(runs, { out: notes })).rejects.toThrow(/something other than labels/);
    expect(readFileSync(notes, 'utf8')).toBe('a line without its newline');
  });

  it('a run.json or an episode line that is valid JSON of the wrong shape is a one-line error naming the file and the line, not a crash', async () => {
    const bad = join(dir, 'bad');
    cpSync(runs, bad, { recursive: true });
    rmSync(join(bad, 'labels.jsonl'));
    const episodes = readFileSync(join(runs, 'episodes.jsonl'), 'utf8');
    writeFileSync(join(bad, 'episodes.jsonl'), `${episodes}null\n`);
    const n = episodes.split('\n').length;
    await expect(labelRun(bad)).rejects.toThrow(
      new RegExp(`bad/episodes\\.jsonl:${n}: Invalid input: expected object, received null$`),
    );
    writeFileSync(join(bad, 'run.json'), 'null');
    await expect(labelRun(bad)).rejects.toThrow(/bad\/run\.json: Invalid input: expected object, received null$/);
  });

  it("on part of the episodes (--scenario, --configs, --limit), the lines are the whole labelling's for those episodes; a part labelled first is finished by the whole, and a file holding another part is refused and left as it was", async () => {
    const lines = whole.trimEnd().split('\n');
    const scenarioOf = (l: string) => (JSON.parse(l) as LabelledStep).scenario;
    const ids = [...new Set(lines.map(scenarioOf))];
    const of = (keep: readonly string[]) => lines.filter((l) => keep.includes(scenarioOf(l))).join('\n') + '\n';
    const second = ids[1] as string;
    const named = join(dir, 'named.jsonl');
    const r = await labelRun(runs, { out: named, subset: { scenarios: [second] } });
    expect(r.episodes).toBe(1);
    expect(readFileSync(named, 'utf8')).toBe(of([second]));
    const part = { configs: 3, limit: 2 };
    const drawn = subsetBy(ids, (id) => id, part, config.seed, { items: 'ids', ids: 'as given' });
    const some = join(dir, 'some.jsonl');
    await labelRun(runs, { out: some, subset: part });
    expect(readFileSync(some, 'utf8')).toBe(of(drawn));
    // The first episode labelled, then the whole: the file ends as the whole labelling, the first kept.
    const first = join(dir, 'first.jsonl');
    await labelRun(runs, { out: first, subset: { limit: 1 } });
    expect((await labelRun(runs, { out: first })).kept).toBe(1);
    expect(readFileSync(first, 'utf8')).toBe(whole);
    // Labels of another part are not this labelling's to cut: refused, naming the line, the file as it was.
    await expect(labelRun(runs, { out: named })).rejects.toThrow(
      new RegExp(
        `named\\.jsonl:1 holds the label of ${second.replace(/\./g, '\\.')} step 0, which this labelling does not write there`,
      ),
    );
    expect(readFileSync(named, 'utf8')).toBe(of([second]));
    await expect(labelRun(runs, { out: first, subset: { limit: 1 } })).rejects.toThrow(
      new RegExp(`first\\.jsonl:${of([ids[0] as string]).split('\n').length} holds the label of`),
    );
    expect(readFileSync(first, 'utf8')).toBe(whole);
    const cli = await decoyIn(dir, 'label', '--runs', 'run', '--scenario', 'demo.v5.nothing.s7', '--out', 'x.jsonl');
    expect([cli.code, cli.err]).toEqual([
      2,
      `decoy label: --scenario 'demo.v5.nothing.s7' is none of the ${ids.length} episodes of run (scenario ids, as episodes.jsonl records them)\n`,
    ]);
  }, 300_000);
});
