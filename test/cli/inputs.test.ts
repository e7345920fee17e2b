import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clip, quote, QUOTE_MAX, UserError } from '../../lib/errors.ts';
import { COMMANDS } from '../../cli/commands.ts';
import { writeBundles } from '../../generator/bundle.ts';
import { bundleFor, decoyIn, withoutProgress } from '../helpers.ts';
import {
  MAX_REPLAY_ACTION_CHARS,
  MAX_REPLAY_FILE_BYTES,
  MAX_REPLAY_LINE_BYTES,
  readReplayFile,
} from '../../harness/replay-file.ts';
import replayAgent from '../../simulator/agents/replay.ts';

const BIN = fileURLToPath(new URL('../../bin/decoy.mjs', import.meta.url));
let dir = '';
let id = '';

function decoy(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 24 });
  return { code: r.status, out: r.stdout, err: withoutProgress(r.stderr) };
}

/** Every path under the test folder: what a refused command must leave unchanged. */
const listing = (sub = ''): string[] =>
  readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? [join(sub, e.name), ...listing(join(sub, e.name))] : [join(sub, e.name)],
  );

const edit = (from: string, to: string, change: (b: string) => void) => {
  cpSync(join(dir, from), join(dir, to), { recursive: true });
  change(join(dir, to));
};
const page = (b: string) => join(b, id, 'site', 'index.html');
// Linux takes at most 128 KiB in one argument; a file holds the 1 MB cases.
const LONG_ARG = 'x'.repeat(100_000);
const MB = 1 << 20;
/** A name as long as a file system takes, for paths an error must cut short. */
const LONG_NAME = 'e'.repeat(250);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'decoy-inputs-'));
  const b = bundleFor({ task: 'signup', domain: 'shopping', patterns: [] }, 7);
  id = b.manifest.id;
  writeBundles(join(dir, 'good'), { id: b.manifest.suite, version: 1 }, 7, [
    { manifest: b.manifest, files: b.site.files },
  ]);
  edit('good', 'scripted', (b) =>
    writeFileSync(
      page(b),
      readFileSync(page(b), 'utf8').replace('</body>', '<script>document.title = "x"</script></body>'),
    ),
  );
  edit('good', 'handler', (b) =>
    writeFileSync(page(b), readFileSync(page(b), 'utf8').replace('</body>', '<img src="x.png" onerror="x()"></body>')),
  );
  edit('good', 'nosite', (b) => rmSync(join(b, id, 'site'), { recursive: true }));
  edit('good', 'noindex', (b) => rmSync(page(b)));
  edit('good', 'linked', (b) => symlinkSync('/etc/hostname', join(b, id, 'site', 'host.txt')));
  edit('good', 'inner-loop', (b) => symlinkSync('loop', join(b, id, 'site', 'loop')));
  symlinkSync('loop', join(dir, 'loop'));
  mkdirSync(join(dir, 'bigsuite'));
  writeFileSync(join(dir, 'bigsuite', 'suite.json'), `{"scenarios": ${'['.repeat(MB)}`);
  mkdirSync(join(dir, 'bigid'));
  writeFileSync(join(dir, 'bigid', 'suite.json'), JSON.stringify({ scenarios: ['y'.repeat(MB)] }));
  mkdirSync(join(dir, 'escape'));
  writeFileSync(join(dir, 'escape', 'suite.json'), JSON.stringify({ scenarios: ['../good'] }));
  writeFileSync(join(dir, 'afile'), 'a file where a folder is asked for');
  mkdirSync(join(dir, LONG_NAME));
  writeFileSync(join(dir, 'huge-action.jsonl'), `${JSON.stringify(`fill('e1', ${'z'.repeat(MB)})`)}\n`);
  writeFileSync(join(dir, 'infinite.jsonl'), `${JSON.stringify('scroll(0, 1e309)')}\n`);
  writeFileSync(join(dir, 'elsewhere.jsonl'), `${JSON.stringify({ action: 'noop()', scenario: 'w'.repeat(MB) })}\n`);
  // Keys every object has: once stored as a plain object's, they crashed with a stack trace.
  for (const key of ['__proto__', 'constructor', 'toString'])
    writeFileSync(join(dir, `key-${key}.jsonl`), `${JSON.stringify({ action: 'noop()', scenario: key })}\n`);
  writeFileSync(
    join(dir, 'key-episode.jsonl'),
    `${JSON.stringify({ scenario: '__proto__', steps: [{ proposal: 'noop()' }] })}\n`,
  );
  writeFileSync(
    join(dir, 'long-action.jsonl'),
    `"noop()"\n${JSON.stringify({ action: `send_msg_to_user('${'z'.repeat(MAX_REPLAY_ACTION_CHARS)}')` })}\n`,
  );
  writeFileSync(
    join(dir, 'long-line.jsonl'),
    `"noop()"\n"noop()"\n${JSON.stringify({ action: 'noop()', pad: 'p'.repeat(MAX_REPLAY_LINE_BYTES) })}\n`,
  );
  // Collected logs: each event must be one the site runtime logs, in its shape.
  cpSync(join(dir, 'good', id), join(dir, 'one'), { recursive: true });
  const log = (name: string, events: unknown[]) => writeFileSync(join(dir, name), JSON.stringify({ events }));
  log('log-submit.json', [{ type: 'submit', t: 1, route: '/', form: 'f1', control: 'c1' }]);
  log('log-order.json', [
    { type: 'nav', t: 1, route: '/', from: '/', to: '/checkout' },
    { type: 'order.placed', t: 2, route: '/checkout', order: 'o1', total: 5 },
  ]);
  log('log-press.json', [{ type: 'press', t: 1, route: '/', control: ['c1'] }]);
  log('log-kind.json', [{ type: 'teleported', t: 1, route: '/' }]);
  // Sparse: as long as it says, without the disk or the time to write it.
  writeFileSync(join(dir, 'long-file.jsonl'), '"noop()"\n');
  truncateSync(join(dir, 'long-file.jsonl'), MAX_REPLAY_FILE_BYTES + 1);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the prefix an error message quotes', () => {
  it('is the input itself when short, else its first characters and its length, always one line (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3 * QUOTE_MAX }), (s) => {
        const q = quote(s);
        expect(q).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(q.length).toBeLessThanOrEqual(6 * QUOTE_MAX + 30);
        if ([...s].length <= QUOTE_MAX && !/[\\'\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(s))
          expect(q).toBe(`'${s}'`);
        if (s.length > 2 * QUOTE_MAX) expect(q).toMatch(new RegExp(`…' \\(${s.length} characters\\)$`));
      }),
    );
    expect(quote('y'.repeat(MB))).toBe(`'${'y'.repeat(QUOTE_MAX)}…' (${MB} characters)`);
    expect(clip('a=\nb')).toBe('a=\\nb');
  });
});

/**
 * Bad inputs, run in this process through the command modules (main.ts prints a UserError's
 * message after `decoy <command>: ` and exits 2): the message must be one line and name the
 * problem. A few are also run as the real command below, for the exit code and stderr.
 */
const BAD: [string[], RegExp][] = [
  // A bundle is data: a script or handler of its own is refused wherever bundles are loaded.
  [
    ['run', '--bundles', '@/scripted', '--out', '@/runs/x'],
    /scripted\/.*\/site\/index.html: a script that is not decoy's runtime \('document.title = "x"'\); .*--trust-bundles/,
  ],
  [['check', '--bundles', '@/handler'], /site\/index.html: an event handler attribute 'onerror="x\(\)"' on <img>/],
  [
    ['site', 'build', '--bundles', '@/scripted', '--out', '@/dist/x'],
    /site\/index.html: a script that is not decoy's runtime/,
  ],
  [['run', '--suite', 'demo', '--trust-bundles', '--out', '@/runs/x'], /--trust-bundles is for bundles read from disk/],
  [['site', 'build', '--suite', 'demo', '--trust-bundles'], /--trust-bundles is for bundles read from disk/],
  // Missing parts, links, loops.
  [['run', '--bundles', '@/nosite', '--out', '@/runs/x'], /nosite\/.*\/site does not exist/],
  [['check', '--bundles', '@/noindex'], /noindex\/.*\/site has no index.html/],
  [['run', '--bundles', '@/linked', '--out', '@/runs/x'], /site\/host.txt is a symbolic link/],
  [['run', '--bundles', '@/inner-loop', '--out', '@/runs/x'], /site\/loop is a symbolic link/],
  [['run', '--bundles', '@/loop', '--out', '@/runs/x'], /--bundles .*loop is a symbolic link loop/],
  [['check', '--bundles', '@/escape'], /suite.json: scenarios.0: '..\/good' is not a safe name/],
  [['score', '--bundle', '@/loop', '--log', '@/afile'], /loop holds no bundle.json/],
  // --out pointing at a file, on every command with --out.
  [['run', '--bundles', '@/good', '--out', '@/afile'], /--out: .*afile is a file, not a folder/],
  [['generate', '--suite', 'demo', '--out', '@/afile'], /--out: .*afile is a file, not a folder/],
  [['demo', '--out', '@/afile'], /--out: .*afile is a file, not a folder/],
  [['site', 'build', '--bundles', '@/good', '--out', '@/afile'], /--out: .*afile is a file, not a folder/],
  [['shoot', '--suite', 'demo', '--out', '@/afile'], /--out: .*afile is a file, not a folder/],
  [['dataset', 'ruc', '--out', '@/afile'], /--out: .*afile is a file, not a folder/],
  // --out the system cannot take: too long, a name too long, a pseudo file system; checked before any work.
  [
    ['run', '--bundles', '@/good', '--out', `@/${'o/'.repeat(2500)}`],
    /--out: '.{60}…' \(\d+ characters\) is too long for a path \(\d+ bytes, at most 4095\)$/,
  ],
  [['generate', '--suite', 'demo', '--out', `@/${'o/'.repeat(2500)}`], /--out: .* is too long for a path/],
  [['site', 'build', '--bundles', '@/good', '--out', `@/${'o/'.repeat(2500)}`], /--out: .* is too long for a path/],
  [['shoot', '--suite', 'demo', '--out', `@/${'o/'.repeat(2500)}`], /--out: .* is too long for a path/],
  [['dataset', 'ruc', '--out', `@/${'o/'.repeat(2500)}`], /--out: .* is too long for a path/],
  [
    ['run', '--bundles', '@/good', '--out', `@/${'n'.repeat(300)}/x`],
    /--out: .* holds a name too long for a file \(300 bytes, at most 255\)$/,
  ],
  [
    ['run', '--bundles', '@/good', '--out', '/proc/decoyx'],
    /--out: \/proc is a system file system, not a place for outputs$/,
  ],
  [
    ['run', '--bundles', '@/good', '--out', '/sys/decoyx/y'],
    /--out: \/sys is a system file system, not a place for outputs$/,
  ],
  [['dataset', 'ruc', '--out', '/proc/decoyx'], /--out: \/proc is a system file system/],
  // Paths to read, quoted by their first characters.
  [
    [
      'run',
      '--bundles',
      '@/good',
      '--agent',
      'replay',
      '--replay',
      `@/${'r/'.repeat(2500)}x.jsonl`,
      '--out',
      '@/runs/x',
    ],
    /--replay: '.{60}…' \(\d+ characters\) is too long for a path/,
  ],
  [['serve', '--dir', `@/${'d/'.repeat(5000)}`], /--dir: '.{60}…' \(\d+ characters\) is too long for a path/],
  // Input quoted by its first characters only.
  [
    ['run', '--bundles', '@/bigsuite', '--out', '@/runs/x'],
    /suite.json: not valid JSON \(it begins '\{"scenarios": \[+…' \(1048590 characters\)\)$/,
  ],
  [
    ['run', '--bundles', '@/bigid', '--out', '@/runs/x'],
    /suite.json: scenarios.0: 'y{60}…' \(1048576 characters\) is not a safe name/,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/huge-action.jsonl', '--out', '@/runs/x'],
    /huge-action.jsonl:1: an action of 1048588 characters; a replayed action is at most 8192$/,
  ],
  // A long action took 90 s and 2.5 GB to parse and was stored twice: refused as it is read, as is a line or a file too long to parse.
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/long-action.jsonl', '--out', '@/runs/x'],
    /long-action.jsonl:2: an action of 8212 characters; a replayed action is at most 8192$/,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/long-line.jsonl', '--out', '@/runs/x'],
    /long-line.jsonl:3: a line of 16777244 bytes; a replay file's line is at most 16777216$/,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/long-file.jsonl', '--out', '@/runs/x'],
    /replay file .*long-file.jsonl is 268435457 bytes; a replay file is at most 268435456$/,
  ],
  // Keys every object has name no configuration of the suite.
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/key-__proto__.jsonl', '--out', '@/runs/x'],
    /names 1 configuration this suite and seed do not have \(__proto__\), and none that they have$/,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/key-constructor.jsonl', '--out', '@/runs/x'],
    /names 1 configuration this suite and seed do not have \(constructor\), and none that they have$/,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/key-toString.jsonl', '--out', '@/runs/x'],
    /do not have \(toString\)/,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/key-episode.jsonl', '--out', '@/runs/x'],
    /do not have \(__proto__\)/,
  ],
  // A collected log whose events are not the runtime's: one line, not a stack trace from the scorer.
  [
    ['score', '--bundle', '@/one', '--log', '@/log-submit.json'],
    /log-submit.json: event 0 \(submit\) is not as the site runtime logs it \(fields: /,
  ],
  [
    ['score', '--bundle', '@/one', '--log', '@/log-order.json'],
    /log-order.json: event 1 \(order.placed\) is not as the site runtime logs it \(items: /,
  ],
  [
    ['score', '--bundle', '@/one', '--log', '@/log-press.json'],
    /log-press.json: event 0 \(press\) is not as the site runtime logs it \(control: /,
  ],
  [
    ['score', '--bundle', '@/one', '--log', '@/log-kind.json'],
    /log-kind.json: event 0 \('teleported'\) is not an event the site runtime logs$/,
  ],
  // An option named by such a key is an option the agent or defense does not have, not one silently dropped.
  [
    ['run', '--bundles', '@/good', '--opt', '__proto__=1', '--out', '@/runs/x'],
    /agent 'naive' has no option '__proto__' \(has: /,
  ],
  [
    ['run', '--bundles', '@/good', '--opt', 'constructor=1', '--out', '@/runs/x'],
    /agent 'naive' has no option 'constructor' \(has: /,
  ],
  [
    ['run', '--bundles', '@/good', '--defense-opt', '__proto__=x', '--out', '@/runs/x'],
    /defense 'none' has no option '__proto__'/,
  ],
  [
    [
      'assess',
      '--suite',
      'demo',
      '--defense',
      'gate',
      '--defense-opt',
      '__proto__=x',
      '--agents',
      'naive',
      '--out',
      '@/runs/x',
    ],
    /defense 'gate' has no option '__proto__'/,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/infinite.jsonl', '--out', '@/runs/x'],
    /infinite.jsonl:1: a number from -1000000000 to 1000000000 was expected, got '1e309' at column 11/,
  ],
  [['run', '--suite', LONG_ARG, '--out', '@/runs/x'], /unknown suite 'x{60}…' \(100000 characters\) \(known: /],
  [
    ['run', '--suite', 'demo', '--seed', LONG_ARG, '--out', '@/runs/x'],
    /--seed must be an integer from 0 to 2147483647, got 'x{60}…' \(100000 characters\)$/,
  ],
  [['run', '--suite', 'demo', `--${LONG_ARG}`, '--out', '@/runs/x'], /unknown option '--x{58}…' \(100002 characters\)/],
  [
    ['run', '--suite', 'demo', '--opt', `${LONG_ARG}`, '--out', '@/runs/x'],
    /--opt takes key=value, got 'x{60}…' \(100000 characters\)$/,
  ],
  [['run', '--suite', 'demo', '--out', '@/runs/x', LONG_ARG], /unexpected argument 'x{60}…' \(100000 characters\)$/],
  [
    ['run', '--bundles', '@/good', '--opt', `${LONG_ARG}=1`, '--out', '@/runs/x'],
    /agent 'naive' has no option 'x{60}…' \(100000 characters\) \(has: /,
  ],
  [
    ['run', '--bundles', '@/good', '--agent', 'replay', '--replay', '@/elsewhere.jsonl', '--out', '@/runs/x'],
    /names 1 configuration this suite and seed do not have \(w{60}… \(1048576 characters\)\)/,
  ],
  // Paths and option values of any length are repeated by their first 60 characters.
  [
    ['run', '--bundles', `@/${LONG_NAME}`, '--out', '@/runs/x'],
    /^.{60}… \(\d+ characters\) holds neither suite.json nor bundle.json; generate one with decoy generate$/,
  ],
  [
    ['score', '--bundle', '@/one', '--log', `@/${LONG_NAME}.json`],
    /^log file .{60}… \(\d+ characters\) does not exist$/,
  ],
  [
    [
      'run',
      '--bundles',
      '@/good',
      '--agent',
      'openai',
      '--opt',
      'model=m',
      '--opt',
      `tools=${LONG_ARG}`,
      '--out',
      '@/runs/x',
    ],
    /^--agent openai: tools must be true or false, got 'x{60}…' \(100000 characters\)$/,
  ],
  [
    ['experience', '--suite', 'ruc', '--summarizer', 'llm', '--summarizer-opt', `${LONG_ARG}=1`, '--out', '@/runs/x'],
    /^summarizer 'llm' has no option 'x{60}…' \(100000 characters\) \(has: model, /,
  ],
];

const at = (args: readonly string[]) => args.map((a) => (a.startsWith('@/') ? join(dir, a.slice(2)) : a));

describe('a replay file read into a map of configurations', () => {
  it('a configuration whose id every object has as a key replays its own lines, and one without lines replays those for every configuration', () => {
    const file = join(dir, 'keys.jsonl');
    writeFileSync(
      file,
      [JSON.stringify({ action: 'scroll(0, 1)', scenario: 'constructor' }), JSON.stringify('noop()')].join('\n'),
    );
    const actions = readReplayFile(file);
    const first = (scenario: string) =>
      replayAgent.create({ seed: 0, options: { actions }, scenario }).act({} as never, []);
    expect(first('constructor')).toBe('scroll(0, 1)');
    expect(first('toString')).toBe('noop()');
    expect(first('__proto__')).toBe('noop()');
  });
});

describe('bad inputs: one line naming the problem, exit 2, nothing written', () => {
  it.each(BAD.map(([args, message]) => [args.map((a) => clip(a, 24)).join(' '), args, message] as const))(
    'decoy %s',
    async (_name, [name, ...args], message) => {
      const before = listing();
      const command = await COMMANDS[name as string]?.load();
      const error = await command?.run(at(args)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UserError);
      const m = (error as Error).message;
      expect(m).not.toContain('\n');
      expect(m).toMatch(message);
      expect(m.length).toBeLessThan(1000);
      expect(listing()).toEqual(before);
    },
  );

  it('a folder where a run file belongs is named in one line, exit 2, nothing written', async () => {
    mkdirSync(join(dir, 'folders', 'run.json'), { recursive: true });
    const before = listing();
    const r = await decoyIn(dir, 'run', '--bundles', 'good', '--no-check', '--out', 'folders');
    expect(r.code).toBe(2);
    expect(r.err).toBe('decoy run: cannot read folders/run.json: a folder stands where a file belongs (EISDIR)\n');
    const report = await decoyIn(dir, 'report', 'folders', '--out', 'never');
    expect(report.code).toBe(2);
    expect(report.err).toMatch(/^decoy report: folders holds no run \(/);
    expect(listing()).toEqual(before);
  });

  // The real command: exit code 2 and one line on stderr, for a bundle folder that loops, a 100 kB argument.
  const SPAWNED: [string[], RegExp][] = [
    [['run', '--bundles', 'loop', '--out', 'runs/x'], /^decoy run: --bundles loop is a symbolic link loop$/],
    [[LONG_ARG], /^decoy: unknown command 'x{60}…' \(100000 characters\) \(known: /],
    [
      ['generate', '--suite', 'demo', '--out', 'o/'.repeat(2500)],
      /^decoy generate: --out: '(o\/){30}…' \(5000 characters\) is too long for a path/,
    ],
  ];
  it.each(SPAWNED.map(([args, m]) => [args.map((a) => clip(a, 24)).join(' '), args, m] as const))(
    'decoy %s exits 2 with one line on stderr',
    (_name, args, message) => {
      const before = listing();
      const r = decoy(...args);
      expect(r.code, r.err.slice(0, 300)).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err.trim()).toMatch(message);
      expect(listing()).toEqual(before);
    },
  );

  it('every command that reads bundles from disk takes --trust-bundles, and no other does', async () => {
    const takes = [];
    for (const [name, entry] of Object.entries(COMMANDS))
      if ((await entry.load()).help().includes('--trust-bundles')) takes.push(name);
    expect(takes.sort()).toEqual(['assess', 'check', 'compare', 'conform', 'label', 'mcp', 'run', 'shoot', 'site']);
  });

  it('--trust-bundles lifts the check: the scripted bundle runs', async () => {
    const run = await COMMANDS.run?.load();
    await run?.run(at(['--bundles', '@/scripted', '--trust-bundles', '--no-check', '--out', '@/runs/trusted']));
    expect(existsSync(join(dir, 'runs/trusted/summary.json'))).toBe(true);
  });
});
