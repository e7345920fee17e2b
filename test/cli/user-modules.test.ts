import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EpisodeRecord } from '../../simulator/loop/runner.ts';
import { decoyIn, withoutProgress } from '../helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'decoy.mjs');
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-cli-modules-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const episodes = (out: string) =>
  readFileSync(join(out, 'episodes.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as EpisodeRecord);

const BLOCK_SCROLL_TS = `
const blocked: string = 'no scrolling';
export default {
  id: 'no-scroll',
  description: 'blocks scrolling',
  options: [{ name: 'why', description: 'the feedback' }],
  create: ({ options }: { options: Record<string, unknown> }) => ({
    review: ({ proposal }: { proposal: { name: string } }) => (proposal.name === 'scroll' ? { kind: 'block' as const, feedback: String(options.why ?? blocked) } : { kind: 'allow' as const }),
  }),
};
`;
const SCROLLER_MJS = `export default { id: 'scroller', description: 'scrolls twice', create: () => ({ act: (o, h) => (h.length < 2 ? 'scroll(0, 200)' : null) }) };`;

/** An environment variable no machine sets: the key of an endpoint that has none. */
const NO_KEY = 'DECOY_TEST_KEY_NEVER_SET';

/** A defense whose endpoint is down: every review fails, each with a request id of its own. */
const OUTAGE = `let n = 0;\nexport default { id: 'outage', description: 'an endpoint down', create: () => ({ review: () => { throw new Error('HTTP 503 (request id ' + (++n * 7919) + ')'); } }) };\n`;

/** A command with the defense of OUTAGE beside it as ./outage.mjs, stopping once `k` episodes in a row fail alike. */
function outageStoppingAt(k: number, ...args: string[]) {
  writeFileSync(join(dir, 'outage.mjs'), OUTAGE);
  return decoyIn(dir, ...args, '--no-check', '--max-errors', String(k));
}
const underOutage = (...args: string[]) => outageStoppingAt(2, ...args);

describe('decoy run with a defense or agent from a file', () => {
  it('a .ts defense and an .mjs agent in a temporary folder, named relative to the current folder, run and are recorded as given', async () => {
    writeFileSync(join(dir, 'no-scroll.ts'), BLOCK_SCROLL_TS);
    writeFileSync(
      join(dir, 'no-scroll.mjs'),
      BLOCK_SCROLL_TS.replace(
        /: string|: \{ options: Record<string, unknown> \}|: \{ proposal: \{ name: string \} \}| as const/g,
        '',
      ),
    );
    writeFileSync(join(dir, 'scroller.mjs'), SCROLLER_MJS);
    for (const defense of ['./no-scroll.ts', './no-scroll.mjs']) {
      const out = `run-${defense.slice(-2)}`;
      const r = await decoyIn(
        dir,
        'run',
        '--suite',
        'demo',
        '--pattern',
        'price-drift',
        '--no-check',
        '--agent',
        './scroller.mjs',
        '--defense',
        defense,
        '--defense-opt',
        'why=stay',
        '--out',
        out,
      );
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`defense ${defense}`);
      const [e] = episodes(join(dir, out));
      expect(e).toMatchObject({ agent: './scroller.mjs', defense, end: { kind: 'agent-stopped' } });
      expect(e?.steps.map((s) => [s.verdict.kind, s.verdict.feedback])).toEqual([
        ['block', 'stay'],
        ['block', 'stay'],
      ]);
      expect(JSON.parse(readFileSync(join(dir, out, 'run.json'), 'utf8'))).toMatchObject({
        agent: './scroller.mjs',
        defense,
        agentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        defenseSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    }
  });

  it("the README's example (examples/block-accept-all.ts) blocks the blanket consent the naive agent takes, and lowers D", async () => {
    const run = async (defense: string, out: string) => {
      const r = await decoyIn(
        ROOT,
        'run',
        '--suite',
        'demo',
        '--pattern',
        'cookie-trap',
        '--no-check',
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
    const none = await run('none', 'cookies-none');
    const mine = await run('./examples/block-accept-all.ts', 'cookies-mine');
    const blocks = mine.flatMap((e) => e.steps).filter((s) => s.verdict.kind === 'block');
    expect(blocks.length).toBeGreaterThan(0);
    for (const s of blocks)
      expect(s.verdict.feedback).toMatch(/^".*(accept|allow) all.*" gives a consent the task did not ask for$/i);
    const d = (es: EpisodeRecord[]) => es.reduce((n, e) => n + e.D, 0);
    expect(d(mine)).toBeLessThan(d(none));
  });

  it('a malformed module is one line on stderr naming the file, exit 2, nothing written', async () => {
    const files: Record<string, string> = {
      'syntax.ts': 'export default {{;',
      'named.mjs': 'export const d = 1;',
      'shape.mjs': 'export default { id: "x", description: "d" };',
      'create-throws.ts':
        'export default { id: "c", description: "d", create: (): never => { throw new Error("no way"); } };',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const cases: [string[], RegExp][] = [
      [['--defense', './absent.ts'], /^decoy run: defense file \.\/absent\.ts does not exist\n$/],
      [
        ['--defense', './syntax.ts'],
        /^decoy run: defense file \.\/syntax\.ts could not be loaded: \.\/syntax\.ts:1:\d+: ERROR: [^\n]+\n$/,
      ],
      [['--defense', 'named.mjs'], /^decoy run: defense file named\.mjs has no default export[^\n]*\n$/],
      [
        ['--defense', './shape.mjs'],
        /^decoy run: defense file \.\/shape\.mjs: its default export is not a DefenseDef \(create: [^\n]+\)\n$/,
      ],
      [
        ['--defense', './create-throws.ts'],
        /^decoy run: defense file \.\/create-throws\.ts: create\(\) threw: no way\n$/,
      ],
      [
        ['--defense', `./${'d/'.repeat(2500)}x.ts`],
        /^decoy run: --defense: '.{60}…' \(\d+ characters\) is too long for a path[^\n]*\n$/,
      ],
      [
        ['--agent', './shape.mjs'],
        /^decoy run: agent file \.\/shape\.mjs: its default export is not an AgentDef[^\n]+\n$/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await decoyIn(
        dir,
        'run',
        '--suite',
        'demo',
        '--pattern',
        'price-drift',
        '--no-check',
        ...args,
        '--out',
        'refused',
      );
      expect(r.err, args.join(' ')).toMatch(message);
      expect(r.code).toBe(2);
    }
    expect(existsSync(join(dir, 'refused'))).toBe(false);
  });

  it('a defense whose review never answers ends each episode in an error naming it and --call-seconds, recorded in run.json; a resume with another limit is refused', async () => {
    writeFileSync(
      join(dir, 'hangs.mjs'),
      `export default { id: 'hangs', description: 'never answers', create: () => ({ review: () => new Promise(() => {}) }) };\n`,
    );
    const args = ['run', '--suite', 'demo', '--pattern', 'price-drift', '--no-check', '--defense', './hangs.mjs'];
    const started = performance.now();
    const r = await decoyIn(dir, ...args, '--call-seconds', '1', '--out', 'hangs');
    const seconds = (performance.now() - started) / 1000;
    expect(r.code, r.err).toBe(1);
    expect(r.err).toMatch(/^decoy run: \d+ episodes? ended in an error/);
    const ended = episodes(join(dir, 'hangs'));
    expect(ended.length).toBeGreaterThan(0);
    for (const e of ended)
      expect(e.end).toEqual({ kind: 'error', reason: "the defense './hangs.mjs' did not answer within 1 s" });
    // Each episode waited its one second, not the default two minutes.
    expect(seconds).toBeLessThan(ended.length * 1 + 30);
    const run = JSON.parse(readFileSync(join(dir, 'hangs', 'run.json'), 'utf8')) as { limits?: unknown };
    expect(run.limits).toEqual({ callSeconds: 1 });
    rmSync(join(dir, 'hangs', 'summary.json'));
    const other = await decoyIn(dir, ...args, '--call-seconds', '2', '--out', 'hangs');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(
      /^decoy run: hangs already holds a different run \(played with other per-episode limits: --call-seconds 1, now --call-seconds 2\); choose another --out or remove it\n$/,
    );
    const bad = await decoyIn(dir, ...args, '--call-seconds', '0', '--out', 'never');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^decoy run: --call-seconds/);
  }, 120_000);

  it('the installed binary (the precompiled build) loads a .ts defense from a file too', () => {
    writeFileSync(join(dir, 'no-scroll.ts'), BLOCK_SCROLL_TS);
    // An option the file does not declare: refused after loading the module, before any episode.
    const r = spawnSync(
      process.execPath,
      [
        BIN,
        'run',
        '--suite',
        'demo',
        '--pattern',
        'price-drift',
        '--no-check',
        '--defense',
        './no-scroll.ts',
        '--defense-opt',
        'how=1',
        '--out',
        'bin-run',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(withoutProgress(r.stderr)).toBe("decoy run: defense './no-scroll.ts' has no option 'how' (has: why)\n");
    expect(r.status).toBe(2);
  });

  it('--max-errors counts errors that differ only in their numbers (a request id) as the same error', async () => {
    const r = await underOutage('run', '--suite', 'demo', '--defense', './outage.mjs', '--out', 'outage');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^decoy run: stopped after 2 of 16 episodes: the last 2 ended in the same error \(the defense '\.\/outage\.mjs' threw: HTTP 503 \(request id \d+\)\)/,
    );
  }, 120_000);

  it('--max-errors under compare names the defense whose episodes kept failing', async () => {
    const r = await underOutage(
      'compare',
      ...['--suite', 'demo', '--pattern', 'preselected-consent'],
      ...['--defenses', 'none,./outage.mjs,gate', '--out', 'outage-cmp'],
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^decoy compare: defense \.\/outage\.mjs: stopped after 2 of 4 episodes: the last 2 ended in the same error \(.*\); everything played is written, these as errors, and the same command goes on after them \(another --out plays them again\); the defenses after it were not played\n$/,
    );
  }, 120_000);

  it('--max-errors under --seeds names the seed whose episodes kept failing', async () => {
    const r = await underOutage(
      'run',
      ...['--suite', 'demo', '--pattern', 'preselected-consent', '--seeds', '3-4'],
      ...['--defense', './outage.mjs', '--out', 'outage-seeds'],
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^decoy run: seed 3: stopped after 2 of 4 episodes: the last 2 ended in the same error \(.*\); the seeds after it were not played\n$/,
    );
    expect(existsSync(join(dir, 'outage-seeds', 's4'))).toBe(false);
    // Of the last seed, nothing is said of seeds after it.
    const last = await underOutage(
      'run',
      ...['--suite', 'demo', '--pattern', 'preselected-consent', '--seeds', '4'],
      ...['--defense', './outage.mjs', '--out', 'outage-last'],
    );
    expect(last.err).toMatch(
      /^decoy run: seed 4: stopped after 2 of 4 episodes: .*\(another --out plays them again\)\n$/,
    );
  }, 120_000);

  it('--max-errors counts a streak on across seeds and defenses: a run of fewer episodes than K still stops the command', async () => {
    const consent = ['--suite', 'demo', '--pattern', 'preselected-consent', '--seeds', '3-5'];
    // 4 episodes a seed: the 5th error in a row is seed 4's first episode.
    const over = await outageStoppingAt(5, 'run', ...consent, '--defense', './outage.mjs', '--out', 'streak-over');
    expect(over.code).toBe(1);
    expect(over.err).toMatch(
      /^decoy run: seed 4: stopped after 1 of 4 episodes: the last 5 ended in the same error \(.*\); the seeds after it were not played\n$/,
    );
    expect(existsSync(join(dir, 'streak-over', 's3', 'summary.json'))).toBe(true);
    expect(existsSync(join(dir, 'streak-over', 's5'))).toBe(false);
    // Reached at a seed's last episode: that seed's run is written whole and the next is not begun.
    const at = await outageStoppingAt(4, 'run', ...consent, '--defense', './outage.mjs', '--out', 'streak-at');
    expect(at.code).toBe(1);
    expect(at.err).toMatch(
      /^decoy run: seed 4: not begun: the last 4 episodes played ended in the same error \(.*\); .*; the seeds after it were not played\n$/,
    );
    expect(existsSync(join(dir, 'streak-at', 's3', 'summary.json'))).toBe(true);
    expect(existsSync(join(dir, 'streak-at', 's4'))).toBe(false);
    // A comparison's seeds count on too.
    const cmp = await outageStoppingAt(
      6,
      ...['compare', ...consent, '--defenses', './outage.mjs', '--out', 'streak-cmp'],
    );
    expect(cmp.code).toBe(1);
    expect(cmp.err).toMatch(
      /^decoy compare: seed 4: defense \.\/outage\.mjs: stopped after 2 of 4 episodes: the last 6 ended in the same error \(.*\); the seeds after it were not played\n$/,
    );
    // An episode that ends otherwise starts the count again: none between two failing runs, never 5 in a row.
    const broken = await outageStoppingAt(
      5,
      ...['compare', '--suite', 'demo', '--pattern', 'preselected-consent', '--seed', '3'],
      ...['--defenses', './outage.mjs,none', '--out', 'streak-broken'],
    );
    expect(broken.err, broken.err).not.toMatch(/stopped|not played/);
    expect(existsSync(join(dir, 'streak-broken', 'compare.json'))).toBe(true);
  }, 240_000);

  it('--max-errors: a seed found finished sits between errors and starts the count again; errors that differ in a hex or UUID request id are the same error', async () => {
    // Fails while DECOY_TEST_OUTAGE is set, with an id of letters and digits, else allows: one file, so one run.
    writeFileSync(
      join(dir, 'flip.mjs'),
      `export default { id: 'flip', description: 'an endpoint that goes down', create: () => ({ review: () => { if (process.env.DECOY_TEST_OUTAGE) throw new Error('HTTP 503 (request ' + crypto.randomUUID() + ')'); return { kind: 'allow' }; } }) };\n`,
    );
    const play = (...args: string[]) =>
      decoyIn(
        dir,
        'run',
        '--suite',
        'demo',
        '--pattern',
        'preselected-consent',
        '--no-check',
        '--defense',
        './flip.mjs',
        ...args,
      );
    expect((await play('--seeds', '2', '--out', 'flip-a')).code).toBe(0);
    expect((await play('--seeds', '2-3', '--out', 'flip-b')).code).toBe(0);
    process.env.DECOY_TEST_OUTAGE = '1';
    try {
      // 4 errors in seed 1, seed 2 kept, 4 in seed 3: never 5 in a row.
      const between = await play('--seeds', '1-3', '--max-errors', '5', '--out', 'flip-a');
      expect(between.err).not.toMatch(/stopped after|not begun/);
      expect(existsSync(join(dir, 'flip-a', 'seeds.json'))).toBe(true);
      // 4 in a row at seed 1's end, and no seed after it left to play: nothing to stop.
      const after = await play('--seeds', '1-3', '--max-errors', '4', '--out', 'flip-b');
      expect(after.err).not.toMatch(/stopped after|not begun/);
      expect(existsSync(join(dir, 'flip-b', 'seeds.json'))).toBe(true);
      const uuid = await play('--max-errors', '2', '--out', 'flip-c');
      expect(uuid.code).toBe(1);
      expect(uuid.err).toMatch(/^decoy run: stopped after 2 of 4 episodes: the last 2 ended in the same error/);
    } finally {
      delete process.env.DECOY_TEST_OUTAGE;
    }
  }, 240_000);

  it('a bad option value, a file an option names that is missing, a create that throws, or a vision agent without a browser are refused before the suite is generated', async () => {
    writeFileSync(
      join(dir, 'throws.mjs'),
      `export default { id: 'throws', description: 'no key', create: () => { throw new Error('no key set'); } };\n`,
    );
    const cases: [string[], RegExp][] = [
      [
        ['run', '--defense', 'gate', '--defense-opt', 'lessons=./missing.json'],
        /^decoy run: lessons: no file '\.\/missing\.json'\n$/,
      ],
      [
        ['run', '--defense', './throws.mjs'],
        /^decoy run: defense file \.\/throws\.mjs: create\(\) threw: no key set\n$/,
      ],
      [['run', '--agent', 'openai'], /needs a model/],
      [
        ['run', '--agent', 'openai', '--opt', 'model=m', '--opt', 'vision=true'],
        /looks at screenshots.*add --engine chromium\n$/,
      ],
      [
        ['compare', '--defenses', 'none,gate', '--defense-opt', 'gate:lessons=3'],
        /^decoy compare: defense 'gate': lessons: expected lessons or a file of them, got '3'\n$/,
      ],
      [
        ['compare', '--defenses', 'none,./throws.mjs'],
        /^decoy compare: defense file \.\/throws\.mjs: create\(\) threw: no key set\n$/,
      ],
      [['compare', '--defenses', 'none', '--agent', 'openai', '--seeds', '1-2'], /needs a model/],
      [
        ['compare', '--defenses', 'none,gate', '--defense-opt', 'gate:lessons=./gate-notes.txt'],
        /^decoy compare: defense 'gate': lessons: no file '\.\/gate-notes\.txt'\n$/,
      ],
      // Every call would go out live, to OpenAI's endpoint, without a key.
      [
        ['run', '--defense', 'gate-llm', '--defense-opt', 'model=m', '--defense-opt', `api_key_env=${NO_KEY}`],
        new RegExp(`^decoy run: --defense gate-llm: no API key: set ${NO_KEY} `),
      ],
      [
        [
          'compare',
          '--defenses',
          'none,gate-llm',
          '--defense-opt',
          'model=m',
          '--defense-opt',
          `api_key_env=${NO_KEY}`,
        ],
        new RegExp(`^decoy compare: --defense gate-llm: no API key: set ${NO_KEY} `),
      ],
      [
        ['run', '--agent', 'openai', '--opt', 'model=m', '--opt', `api_key_env=${NO_KEY}`],
        new RegExp(`^decoy run: --agent openai: no API key: set ${NO_KEY} `),
      ],
      [
        ['run', '--agent', 'replay', '--replay', './bad-action.jsonl'],
        /^decoy run: \.\/bad-action\.jsonl:1: [^\n]*\n$/,
      ],
    ];
    writeFileSync(join(dir, 'bad-action.jsonl'), '"click("\n');
    for (const [args, says] of cases) {
      const r = await decoyIn(dir, ...args, '--suite', 'demo', '--out', 'refused-early');
      expect(r.err, args.join(' ')).toMatch(says);
      expect(r.code, args.join(' ')).toBe(2);
      expect(
        r.progress.filter((l) => l.includes('generate')),
        args.join(' '),
      ).toEqual([]);
      expect(existsSync(join(dir, 'refused-early')), args.join(' ')).toBe(false);
    }
  }, 120_000);

  it('the binary exits once the run is written, even where a defense left a timer running (a keep-alive client)', () => {
    writeFileSync(
      join(dir, 'keep-alive.mjs'),
      `export default { id: 'keep-alive', description: 'allows all', create: () => { setInterval(() => {}, 5000); return { review: () => ({ kind: 'allow' }) }; } };\n`,
    );
    const args = ['run', '--suite', 'demo', '--pattern', 'price-drift', '--no-check', '--defense', './keep-alive.mjs'];
    const r = spawnSync(process.execPath, [BIN, ...args, '--out', 'kept-alive'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(r.signal, 'still running after 90 s').toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/wrote kept-alive\/episodes\.jsonl and kept-alive\/summary\.json\n$/);
  }, 120_000);
});

describe('a defense outside the checkout imports decoy/defense', () => {
  const EXAMPLE = readFileSync(join(ROOT, 'examples', 'block-accept-all.ts'), 'utf8');

  it.each(['block.ts', 'block.mts'])(
    'the example copied to a folder of its own as %s runs in-process and through the binary, the same episodes',
    async (name) => {
      expect(EXAMPLE).toContain("from 'decoy/defense'");
      const own = mkdtempSync(join(tmpdir(), 'decoy-faces-'));
      try {
        writeFileSync(join(own, name), EXAMPLE);
        const args = ['--suite', 'demo', '--pattern', 'cookie-trap', '--no-check', '--defense', `./${name}`];
        const inside = await decoyIn(own, 'run', ...args, '--out', 'in');
        expect(inside.err).toBe('');
        expect(inside.code).toBe(0);
        const bin = spawnSync(process.execPath, [BIN, 'run', ...args, '--out', 'bin'], { cwd: own, encoding: 'utf8' });
        expect(withoutProgress(bin.stderr)).toBe('');
        expect(bin.status).toBe(0);
        expect(readFileSync(join(own, 'bin', 'episodes.jsonl'), 'utf8')).toBe(
          readFileSync(join(own, 'in', 'episodes.jsonl'), 'utf8'),
        );
      } finally {
        rmSync(own, { recursive: true, force: true });
      }
    },
  );

  it("a defense in a project of its own keeps that project's tsconfig paths, wherever decoy is started from", async () => {
    const own = mkdtempSync(join(tmpdir(), 'decoy-own-tsconfig-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'decoy-started-here-'));
    try {
      writeFileSync(
        join(own, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['./lib/*'] } } }),
      );
      mkdirSync(join(own, 'lib'));
      writeFileSync(join(own, 'lib', 'words.ts'), "export const WHY = 'no scrolling here';\n");
      writeFileSync(
        join(own, 'def.ts'),
        BLOCK_SCROLL_TS.replace(
          "const blocked: string = 'no scrolling';",
          "import { WHY as blocked } from '@lib/words.ts';",
        ),
      );
      const r = await decoyIn(
        elsewhere,
        'run',
        '--suite',
        'demo',
        '--pattern',
        'price-drift',
        '--no-check',
        '--defense',
        join(own, 'def.ts'),
        '--out',
        'o',
      );
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
    } finally {
      rmSync(own, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('tsconfig.faces.json maps each face package.json exports, to the same file', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };
    const faces = JSON.parse(readFileSync(join(ROOT, 'tsconfig.faces.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    const exported = Object.entries(pkg.exports)
      .filter(([k, v]) => k !== './package.json' && v.endsWith('.ts'))
      .map(([k, v]) => [`decoy${k.slice(1)}`, [v]]);
    expect(faces.compilerOptions.paths).toEqual(Object.fromEntries(exported));
  });
});

describe('the documentation', () => {
  it('quotes examples/block-accept-all.ts verbatim, the file the tests load', () => {
    const example = readFileSync(join(ROOT, 'examples', 'block-accept-all.ts'), 'utf8');
    const docs = ['README.md', 'README-user.md']
      .filter((f) => existsSync(join(ROOT, f)))
      .map((f) => readFileSync(join(ROOT, f), 'utf8'))
      .join('\n');
    expect(docs).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});
