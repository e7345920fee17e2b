import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { decoyIn } from '../helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(ROOT, 'test', 'fixtures', 'inject');
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-cli-inject-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** decoy run on the demo's warranty configurations behind `defense`. */
const warrantyRun = (defense: string) => [
  'run',
  '--suite',
  'demo',
  '--pattern',
  'warranty-addon',
  '--defense',
  defense,
];
/** The same behind a page-side script that throws on every page. */
const THROWING = warrantyRun('inject:test/fixtures/inject/throws.js');
const episodes = (out: string) =>
  readFileSync(join(out, 'episodes.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as EpisodeRecord);
const D = (es: EpisodeRecord[]) => es.reduce((n, e) => n + e.D, 0);

describe('decoy run --defense inject:<file.js>', () => {
  it('a script that is missing, a folder, not .js or not a classic script is one line on stderr naming it, exit 2, nothing written (run and conform alike)', async () => {
    writeFileSync(join(dir, 'rules.ts'), 'document.title = "x";');
    mkdirSync(join(dir, 'folder.js'), { recursive: true });
    writeFileSync(join(dir, 'syntax.js'), readFileSync(join(FIXTURES, 'bad-syntax.js')));
    writeFileSync(join(dir, 'module.js'), readFileSync(join(FIXTURES, 'module.js')));
    const cases: [string, RegExp][] = [
      ['inject:./absent.js', /^decoy (run|conform): injected script file \.\/absent\.js does not exist\n$/],
      ['inject:./folder.js', /^decoy (run|conform): injected script file \.\/folder\.js is not a file\n$/],
      ['inject:./rules.ts', /^decoy (run|conform): injected script \.\/rules\.ts is not a \.js file\n$/],
      [
        'inject:./syntax.js',
        /^decoy (run|conform): injected script \.\/syntax\.js does not parse as a script \(line 3\): Unexpected token '\)'\n$/,
      ],
      [
        'inject:./module.js',
        /^decoy (run|conform): injected script \.\/module\.js does not parse as a script \(line 1\): Cannot use import statement outside a module\n$/,
      ],
      ['inject:', /^decoy (run|conform): --defense inject: names no script \(inject:<file\.js>\)\n$/],
    ];
    for (const [defense, message] of cases) {
      const r = await decoyIn(dir, ...warrantyRun(defense), '--out', 'refused');
      expect(r.err, defense).toMatch(message);
      expect(r.code).toBe(2);
      const c = await decoyIn(
        dir,
        'conform',
        '--suite',
        'demo',
        '--pattern',
        'warranty-addon',
        '--browser',
        '/nonexistent/chromium',
        '--defense',
        defense,
      );
      expect(c.err, defense).toMatch(message);
      expect(c.code).toBe(2);
    }
    expect(existsSync(join(dir, 'refused'))).toBe(false);
    const agentSide = await decoyIn(dir, 'conform', '--suite', 'demo', '--defense', 'gate');
    expect(agentSide.err).toBe(
      "decoy conform: conform compares engines, so --defense takes only a page-side defense (inject:<file.js>), not 'gate'\n",
    );
    expect(agentSide.code).toBe(2);
    const assess = await decoyIn(
      dir,
      'assess',
      '--defense',
      'inject:./rules.ts',
      '--suite',
      'demo',
      '--agents',
      'naive',
      '--out',
      'refused',
    );
    expect(assess.err).toBe(
      "decoy assess: assess judges a defense's verdicts on each step; inject:./rules.ts changes the pages instead (measure it with decoy run)\n",
    );
    expect(assess.code).toBe(2);
    expect(existsSync(join(dir, 'refused'))).toBe(false);
  });

  it("run.json keeps the path as given and the script's sha256; resuming with the script changed is refused, with it unchanged the run finishes", async () => {
    writeFileSync(join(dir, 'rules.js'), readFileSync(join(FIXTURES, 'untick.js')));
    const args = [
      'run',
      '--suite',
      'demo',
      '--pattern',
      'warranty-addon',
      '--opt',
      'susceptibility=1',
      '--defense',
      'inject:./rules.js',
      '--out',
      'resumed',
    ];
    const first = await decoyIn(dir, ...args);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('defense inject:./rules.js');
    const runJson = JSON.parse(readFileSync(join(dir, 'resumed', 'run.json'), 'utf8')) as Record<string, unknown>;
    expect(runJson).toMatchObject({
      defense: 'inject:./rules.js',
      defenseSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(episodes(join(dir, 'resumed')).map((e) => e.defense)).toEqual(['inject:./rules.js', 'inject:./rules.js']);
    // Stopped after its first episode, as a kill would leave it.
    const kept = readFileSync(join(dir, 'resumed', 'episodes.jsonl'), 'utf8').split('\n')[0] + '\n';
    writeFileSync(join(dir, 'resumed', 'episodes.jsonl'), kept);
    rmSync(join(dir, 'resumed', 'summary.json'));
    writeFileSync(join(dir, 'rules.js'), readFileSync(join(FIXTURES, 'untick.js'), 'utf8') + '\n// changed\n');
    const changed = await decoyIn(dir, ...args);
    expect(changed.err).toBe(
      'decoy run: resumed already holds a different run (the injected script ./rules.js changed since); choose another --out or remove it\n',
    );
    expect(changed.code).toBe(2);
    writeFileSync(join(dir, 'rules.js'), readFileSync(join(FIXTURES, 'untick.js')));
    const resumed = await decoyIn(dir, ...args);
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toContain('1 more kept from the interrupted run');
  });

  it('episodes the injected script fails are written as errors, the run goes on, and decoy run exits 1 once everything is written', async () => {
    const r = await decoyIn(ROOT, ...THROWING, '--out', join(dir, 'throws'));
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'decoy run: 2 episodes ended in an error (end.reason in episodes.jsonl); everything was written\n',
    );
    expect(episodes(join(dir, 'throws')).map((e) => e.end)).toEqual(
      [1, 2].map(() => ({
        kind: 'error',
        reason:
          "the injected script test/fixtures/inject/throws.js threw: Cannot read properties of null (reading 'apply')",
      })),
    );
    expect(existsSync(join(dir, 'throws', 'summary.json'))).toBe(true);
  });

  it('--max-errors stops a run whose episodes keep ending in the same error, exit 1, with what was played written; the same command goes on from there', async () => {
    const out = join(dir, 'halted');
    const args = THROWING;
    const first = await decoyIn(ROOT, ...args, '--max-errors', '1', '--out', out);
    expect(first.code).toBe(1);
    expect(first.err).toMatch(
      /^decoy run: stopped after 1 of 2 episodes: the last 1 ended in the same error \(the injected script .*threw: .*\); everything played is written, these as errors, and the same command goes on after them \(another --out plays them again\)\n$/,
    );
    expect(episodes(out)).toHaveLength(1);
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
    const again = await decoyIn(ROOT, ...args, '--max-errors', '1', '--out', out);
    expect(again.code).toBe(1);
    expect(again.err).toBe(
      'decoy run: 2 episodes ended in an error (end.reason in episodes.jsonl); everything was written\n',
    );
    expect(episodes(out)).toHaveLength(2);
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
  });

  it("the documented example (examples/untick-preselected.js) lowers D for the naive agent at susceptibility 1 on the demo suite's preselection families, and the demo takes it too", async () => {
    const run = async (defense: string, out: string) => {
      const r = await decoyIn(
        ROOT,
        'run',
        '--suite',
        'demo',
        '--pattern',
        'preselected-consent',
        '--pattern',
        'warranty-addon',
        '--opt',
        'susceptibility=1',
        '--defense',
        defense,
        '--out',
        join(dir, out),
      );
      expect(r.code, r.err).toBe(0);
      return episodes(join(dir, out));
    };
    const none = await run('none', 'example-none');
    const ruled = await run('inject:examples/untick-preselected.js', 'example-ruled');
    expect(D(ruled)).toBeLessThan(D(none));
    expect(ruled.every((e) => e.T === 1)).toBe(true);
    const demo = await decoyIn(
      ROOT,
      'demo',
      '--defense',
      'inject:examples/untick-preselected.js',
      '--bundles',
      join(dir, 'demo-bundles'),
      '--out',
      join(dir, 'demo-run'),
    );
    expect(demo.code, demo.err).toBe(0);
    expect(demo.out).toContain('defense inject:examples/untick-preselected.js');
  }, 120_000);
});

describe('the documentation', () => {
  it('quotes examples/untick-preselected.js verbatim, the file the tests load', () => {
    const example = readFileSync(join(ROOT, 'examples', 'untick-preselected.js'), 'utf8');
    const docs = readFileSync(join(ROOT, 'docs', 'testing-a-defense.md'), 'utf8');
    expect(docs).toContain(`\`\`\`js\n${example}\`\`\``);
  });
});
