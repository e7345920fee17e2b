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
