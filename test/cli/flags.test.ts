/**
 * Each flag is declared once (cli/flags.ts): its commander option and its zod field are made
 * from that one declaration, and two commands that take a flag take the same one, so their
 * help cannot drift apart; agent and defense options are checked in one place, in one wording.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { defineCommand } from '../../cli/command.ts';
import { COMMANDS } from '../../cli/commands.ts';
import { flag, type Flag } from '../../cli/flags.ts';
import { decoyIn } from '../helpers.ts';
import * as runCommand from '../../cli/run.ts';
import * as compareCommand from '../../cli/compare.ts';
import { splitDefenseOptions } from '../../harness/defense-options.ts';
import { UserError } from '../../lib/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoy-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Flags whose meaning is the command's own (what --out holds, what --json prints, which defense --defense is, what --key-secret keys), each declared once per meaning. */
const PER_MEANING = new Set(['--out', '--json', '--suite', '--bundles', '--defense', '--runs', '--key-secret']);
/** The flag's words, without what says it applies only beside another. */
const words = (f: Flag) => f.help.replace(/^with [^:]+: /, '');
const nameOf = (f: Flag) => f.spec.split(' ')[0] as string;

describe('flags declared once', () => {
  it('a flag two commands take is one declaration: the same words, type and default in each', async () => {
    const seen = new Map<string, { command: string; flag: Flag }>();
    for (const [command, entry] of Object.entries(COMMANDS)) {
      for (const f of (await entry.load()).flags) {
        const name = nameOf(f);
        const other = seen.get(name);
        if (!other || PER_MEANING.has(name) || (name === '--seed' && f.default !== other.flag.default)) {
          seen.set(name, { command, flag: f });
          continue;
        }
        const where = `${name} in ${other.command} and ${command}`;
        expect(words(f), where).toBe(words(other.flag));
        expect(f.spec, where).toBe(other.flag.spec);
        expect(f.default, where).toBe(other.flag.default);
        expect(f.schema, where).toBe(other.flag.schema);
      }
    }
    expect([...seen.keys()]).toEqual(
      expect.arrayContaining([
        '--opt',
        '--defense-opt',
        '--agent',
        '--seed',
        '--pattern',
        '--trust-bundles',
        '--step-seconds',
        '--browser',
        '--scale',
      ]),
    );
  });

  it('--opt reads the same in run, compare and demo, and every default is shown one way', async () => {
    const line = async (command: string) =>
      (await COMMANDS[command]!.load())
        .help()
        .replace(/\s+/g, ' ')
        .match(/--opt <key=value> (.*?) --/)?.[1];
    expect(await line('run')).toBe('agent option, e.g. susceptibility=0.3 (repeatable)');
    expect(await line('compare')).toBe(await line('run'));
    expect(await line('demo')).toBe(await line('run'));
    for (const [command, entry] of Object.entries(COMMANDS)) {
      const help = (await entry.load()).help();
      expect(help, command).not.toMatch(/\(default "|\(default: "|\(default \d/);
    }
  });

  it('a declaration whose spelling does not give the field it names is refused when the command is made', () => {
    const wrong = defineCommand({
      name: 'x',
      usage: '',
      flags: [flag('defenseOpts', '--defense-opt <key=value>', 'misnamed', z.string().optional())],
      schema: (f) => z.object(f),
      run: async () => '',
    });
    expect(() => wrong.help()).toThrow(/flag --defense-opt <key=value> fills 'defenseOpt', not 'defenseOpts'/);
  });

  it('an option an agent or defense does not declare is refused in the one wording, whichever command is given it', async () => {
    const mine = join(process.cwd(), 'examples', 'block-accept-all.ts');
    const agentCases = [
      ['run', '--suite', 'demo', '--opt', 'nope=1', '--out', 'r1'],
      ['compare', '--suite', 'demo', '--opt', 'nope=1', '--defenses', 'none', '--out', 'c1'],
      ['demo', '--opt', 'nope=1', '--bundles', 'd1', '--out', 'd1r'],
    ];
    for (const args of agentCases) {
      const r = await decoyIn(dir, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toBe(`decoy ${args[0]}: agent 'naive' has no option 'nope' (has: susceptibility)\n`);
    }
    const defenseCases = [
      ['run', '--suite', 'demo', '--defense', mine, '--defense-opt', 'nope=1', '--out', 'r2'],
      ['assess', '--suite', 'demo', '--agents', 'naive', '--defense', mine, '--defense-opt', 'nope=1', '--out', 'a2'],
    ];
    for (const args of defenseCases) {
      const r = await decoyIn(dir, ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toBe(
        `decoy ${args[0]}: defense '${mine.length > 60 ? `${mine.slice(0, 60)}…' (${mine.length} characters)` : `${mine}'`} has no option 'nope' (has: phrase)\n`,
      );
    }
  }, 120_000);
});

describe('a flag given twice over, or beside one it contradicts, is refused in one line', () => {
  const commands = { run: runCommand, compare: compareCommand } as const;
  it.each([
    [['run', '--suite', 'demo', '--seeds', '1,1'], '--seeds: names seed 1 twice'],
    [['compare', '--suite', 'demo', '--seeds', '3,3,1'], '--seeds: names seed 3 twice'],
    [['run', '--suite', 'demo', '--seeds', '1-3,2'], '--seeds: names seed 2 twice'],
    [
      ['run', '--suite', 'demo', '--seeds', '1-2', '--seed', '3'],
      '--seed is for one seed; --seeds names every seed played, give one of the two',
    ],
    [
      ['compare', '--suite', 'demo', '--seeds', '1-2', '--seed', '7'],
      '--seed is for one seed; --seeds names every seed played, give one of the two',
    ],
    [['run', '--suite', 'demo', '--opt', 'k=1', '--opt', 'k=2'], "--opt gives 'k' twice; give each option once"],
    [
      [
        'run',
        '--suite',
        'demo',
        '--defense',
        'gate',
        '--defense-opt',
        'gate:lessons=a',
        '--defense-opt',
        'gate:lessons=b',
      ],
      "--defense-opt gives 'gate:lessons' twice; give each option once",
    ],
    [
      ['run', '--suite', 'demo', '--limit', '99999999999999999999'],
      "--limit must be an integer from 1 to 9007199254740991, got '99999999999999999999'",
    ],
    [['run', '--suite', 'demo', '--limit', '0'], "--limit must be an integer at least 1, got '0'"],
  ])('%j: %s', async ([command, ...args], message) => {
    const argv = [...(args as string[]), '--out', join(dir, 'never')];
    await expect(commands[command as keyof typeof commands].run(argv)).rejects.toThrow(new UserError(message));
  });

  it('a defense option given twice under two names of the defense is refused', () => {
    expect(() =>
      splitDefenseOptions(['examples/block-accept-all.ts'], {
        'block-accept-all:phrase': 'a',
        'examples/block-accept-all.ts:phrase': 'b',
      }),
    ).toThrow("--defense-opt gives 'phrase' to 'block-accept-all' twice; give each option once");
  });
});
