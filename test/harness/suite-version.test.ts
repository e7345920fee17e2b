import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { executeRun, runDemo } from '../../harness/run.ts';
import type { RunConfig } from '../../harness/run-folder.ts';
import { labelRun } from '../../harness/label.ts';
import { assessSteps } from '../../harness/assess.ts';
import { assertBundleFolder, loadBundles } from '../../harness/select.ts';
import { generateSuite, writeBundles } from '../../generator/bundle.ts';
import { suites } from '../../scenarios/index.ts';
import { Stopped } from '../../lib/errors.ts';
import { decoyIn, runConfig } from '../helpers.ts';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-version-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const demo = suites.get('demo');
const PATTERN = 'preselected-consent';
const config = runConfig({ patterns: [PATTERN], agent: 'oracle' });
const bundles = loadBundles({ suite: 'demo', seed: 7, patterns: [PATTERN] });

/** The run as another version of decoy would have written it: `suiteVersion` as given (absent for undefined) in run.json, and its episodes' ids of that version (none before versions). */
function rewriteVersion(out: string, version: number | undefined): void {
  const file = join(out, 'run.json');
  const { suiteVersion: _v, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as RunConfig;
  const { suite, ...others } = rest;
  const held = version === undefined ? rest : { suite, suiteVersion: version, ...others };
  writeFileSync(file, JSON.stringify(held, null, 2) + '\n');
  const episodes = join(out, 'episodes.jsonl');
  const ids = readFileSync(episodes, 'utf8').replaceAll(
    `"scenario":"demo.v${demo.version}.`,
    version === undefined ? '"scenario":"demo.' : `"scenario":"demo.v${version}.`,
  );
  writeFileSync(episodes, ids);
}

describe('a result is tied to the version of the suite it was played on', () => {
  it('run.json records the suite version beside the suite, and every episode names a scenario of that version', async () => {
    const out = join(dir, 'plain');
    await executeRun(config, out, { bundles, noCheck: true });
    const run = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunConfig;
    expect(Object.keys(run).slice(0, 2)).toEqual(['suite', 'suiteVersion']);
    expect(run.suiteVersion).toBe(demo.version);
    const episodes = readFileSync(join(out, 'episodes.jsonl'), 'utf8').trim().split('\n');
    for (const line of episodes)
      expect((JSON.parse(line) as { scenario: string }).scenario.startsWith(`demo.v${demo.version}.`)).toBe(true);
  });

  it.each([
    [demo.version + 1, `played on demo v${demo.version + 1}; this decoy generates v${demo.version}`],
    [undefined, `played on demo from before suites were versioned; this decoy generates v${demo.version}`],
  ])(
    'an unfinished run of suite version %s is not resumed with this version: refused naming both, its episodes kept',
    async (version, said) => {
      const out = join(dir, `resume-${String(version)}`);
      const stop = new AbortController();
      await expect(
        executeRun(config, out, {
          bundles,
          noCheck: true,
          signal: stop.signal,
          progress: (_l, done) => done === 1 && stop.abort(),
        }),
      ).rejects.toThrow(Stopped);
      rewriteVersion(out, version);
      const before = readFileSync(join(out, 'episodes.jsonl'), 'utf8');
      await expect(executeRun(config, out, { bundles, noCheck: true })).rejects.toThrow(said);
      expect(readFileSync(join(out, 'episodes.jsonl'), 'utf8')).toBe(before);
    },
  );

  it.each([demo.version + 1, undefined])(
    'a finished run of suite version %s is neither labelled nor assessed against this version’s sites',
    async (version) => {
      const out = join(dir, `finished-${String(version)}`);
      await executeRun(config, out, { bundles, noCheck: true });
      rewriteVersion(out, version);
      const said = new RegExp(
        `was played (on demo v${String(version)}|before suites were versioned); this decoy generates v${demo.version}`,
      );
      await expect(labelRun(out)).rejects.toThrow(said);
      await expect(assessSteps({ runs: [out] }, { defense: 'none', defenseOptions: {} })).rejects.toThrow(said);
    },
  );

  it('decoy generate refuses a folder holding the same suite and seed under another version, and writes nothing there', () => {
    const out = join(dir, 'bundles');
    const made = generateSuite({ ...demo, scenarios: () => demo.scenarios().slice(0, 2) }, 7);
    writeBundles(out, { id: 'demo', version: demo.version + 1 }, 7, made);
    const index = readFileSync(join(out, 'suite.json'), 'utf8');
    expect(() => assertBundleFolder(out, demo, 7)).toThrow(
      `holds demo v${demo.version + 1}, not v${demo.version}; choose another --out`,
    );
    expect(() => writeBundles(out, demo, 7, made)).toThrow('already holds a different generated suite');
    expect(readFileSync(join(out, 'suite.json'), 'utf8')).toBe(index);
    expect(JSON.parse(index)).toMatchObject({ suite: 'demo', version: demo.version + 1, seed: 7 });
  });

  it('the demo replaces its own bundles of another version (and nothing else in their folder), then runs on this one', async () => {
    const bundlesDir = join(dir, 'demo-bundles');
    const demoInto = () =>
      runDemo({
        agent: 'oracle',
        defense: 'none',
        seed: 7,
        agentOptions: {},
        bundles: bundlesDir,
        out: join(dir, 'demo-run'),
      });
    const older = { id: 'demo', version: demo.version + 1 };
    const made = generateSuite({ ...demo, ...older, scenarios: () => demo.scenarios().slice(0, 3) }, 7);
    writeBundles(bundlesDir, older, 7, made);
    mkdirSync(join(bundlesDir, 'notes'));
    writeFileSync(join(bundlesDir, 'notes', 'mine.txt'), 'kept');
    // A hand-edited suite.json that lists folders of the user's own: they are not its bundles, and stay.
    mkdirSync(join(bundlesDir, 'demo.keep-me'));
    writeFileSync(join(bundlesDir, 'demo.keep-me', 'bundle.json'), '{"id": "other"}');
    const index = JSON.parse(readFileSync(join(bundlesDir, 'suite.json'), 'utf8')) as { scenarios: string[] };
    writeFileSync(
      join(bundlesDir, 'suite.json'),
      JSON.stringify({ ...index, scenarios: [...index.scenarios, 'notes', 'demo.keep-me'] }),
    );
    await expect(demoInto()).rejects.toThrow('is not empty and holds no generated suite');
    expect(readFileSync(join(bundlesDir, 'notes', 'mine.txt'), 'utf8')).toBe('kept');
    expect(readFileSync(join(bundlesDir, 'demo.keep-me', 'bundle.json'), 'utf8')).toBe('{"id": "other"}');
    for (const b of made) expect(existsSync(join(bundlesDir, b.manifest.id))).toBe(false);
    rmSync(join(bundlesDir, 'notes'), { recursive: true });
    rmSync(join(bundlesDir, 'demo.keep-me'), { recursive: true });
    writeBundles(bundlesDir, older, 7, made);
    const r = await demoInto();
    expect(r.errors).toBe(0);
    // Played from the folder it wrote, the demo's run still records the version that folder holds.
    expect((JSON.parse(readFileSync(join(dir, 'demo-run', 'run.json'), 'utf8')) as RunConfig).suiteVersion).toBe(
      demo.version,
    );
    expect(r.table).toContain(`suite demo v${demo.version} ·`);
    const names = readdirSync(bundlesDir).filter((n) => n !== 'suite.json');
    expect(names).toHaveLength(demo.scenarios().length);
    expect(names.every((n) => n.startsWith(`demo.v${demo.version}.`))).toBe(true);
    // A suite.json that says another version than this decoy's is refused, and nothing is written.
    const held = JSON.parse(readFileSync(join(bundlesDir, 'suite.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(bundlesDir, 'suite.json'), JSON.stringify({ ...held, version: demo.version + 1 }));
    const lied = join(dir, 'lied-run');
    await expect(executeRun({ ...config, bundles: bundlesDir }, lied, { noCheck: true })).rejects.toThrow(
      `suite.json: version: 'demo' v${demo.version + 1}, but this decoy generates v${demo.version}`,
    );
    expect(existsSync(lied)).toBe(false);
  });

  it.each([
    [1, /suite\.json: version: 'demo' v1, but this decoy generates v5; generate the bundles again with this decoy$/],
    ['two', /suite\.json: version: "two" is not a version \(a whole number from 1\)$/],
    [0, /suite\.json: version: 0 is not a version/],
  ])(
    'decoy run --bundles refuses a suite.json whose version is %j, in one line naming the file and the field',
    async (version, said) => {
      expect(demo.version).toBe(5);
      const copy = join(dir, `copy-${String(version)}`);
      writeBundles(copy, demo, 7, generateSuite({ ...demo, scenarios: () => demo.scenarios().slice(0, 2) }, 7));
      const index = join(copy, 'suite.json');
      writeFileSync(index, JSON.stringify({ ...JSON.parse(readFileSync(index, 'utf8')), version }));
      const r = await decoyIn(dir, 'run', '--bundles', copy, '--agent', 'oracle', '--out', `run-${String(version)}`);
      expect(r.code).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err.trim()).toMatch(said);
      expect(existsSync(join(dir, `run-${String(version)}`))).toBe(false);
    },
  );

  it('a suite.json with ids of another version than the one it names is refused; one with no version is played, recording none', async () => {
    const slice = () => demo.scenarios().slice(0, 2);
    const later = { id: 'demo', version: demo.version + 1 };
    const copy = join(dir, 'ids');
    const made = generateSuite({ ...demo, ...later, scenarios: slice }, 7);
    writeBundles(copy, later, 7, made);
    const index = join(copy, 'suite.json');
    writeFileSync(index, JSON.stringify({ ...JSON.parse(readFileSync(index, 'utf8')), version: demo.version }));
    await expect(executeRun({ ...config, bundles: copy }, join(dir, 'ids-run'), { noCheck: true })).rejects.toThrow(
      `bundle '${made[0]?.manifest.id}' is of 'demo' v${demo.version + 1}`,
    );
    const plain = join(dir, 'unversioned');
    writeBundles(plain, demo, 7, generateSuite({ ...demo, scenarios: slice }, 7));
    const { version: _v, ...bare } = JSON.parse(readFileSync(join(plain, 'suite.json'), 'utf8')) as object & {
      version: number;
    };
    writeFileSync(join(plain, 'suite.json'), JSON.stringify(bare));
    const out = join(dir, 'unversioned-run');
    await executeRun({ ...config, bundles: plain }, out, { noCheck: true });
    expect((JSON.parse(readFileSync(join(out, 'run.json'), 'utf8')) as RunConfig).suiteVersion).toBeUndefined();
    // Bundles of another version stay refused when their suite.json says no version, and one bundle's folder alone.
    const { version: _w, ...unsaid } = JSON.parse(readFileSync(index, 'utf8')) as object & { version: number };
    writeFileSync(index, JSON.stringify(unsaid));
    const refusal = `bundle '${made[0]?.manifest.id}' is of 'demo' v${demo.version + 1}, but this decoy generates v${demo.version}`;
    await expect(executeRun({ ...config, bundles: copy }, join(dir, 'unsaid-run'), { noCheck: true })).rejects.toThrow(
      refusal,
    );
    const one = join(copy, made[0]?.manifest.id ?? '');
    await expect(executeRun({ ...config, bundles: one }, join(dir, 'one-run'), { noCheck: true })).rejects.toThrow(
      refusal,
    );
  });
});
