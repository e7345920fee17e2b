/** The `decoy` command: the only place that prints and exits. */
import { UserError } from '../scenarios/errors.ts';
import * as check from './check.ts';
import * as conform from './conform.ts';
import * as dataset from './dataset.ts';
import * as shoot from './shoot.ts';
import { CheckFailed } from './check.ts';
import * as demo from './demo.ts';
import * as generate from './generate.ts';
import * as list from './list.ts';
import * as run from './run.ts';
import * as site from './site.ts';
import * as serve from './serve.ts';
import * as score from './score.ts';

interface Command {
  summary: string;
  help(): string;
  /** The returned text is printed at the end; `say` prints while a long-running command works. */
  run(argv: readonly string[], io: { say(line: string): void }): Promise<string>;
}

const COMMANDS: Record<string, Command> = { demo, list, generate, run, check, conform, shoot, dataset, site, serve, score };

function overview(): string {
  const w = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return [
    'decoy: deceptive-interface sites with ground truth, and an offline replay simulator for web-agent defenses',
    '',
    'usage: decoy <command> [options]     (decoy <command> --help for its options)',
    '',
    ...Object.entries(COMMANDS).map(([k, c]) => `  ${k.padEnd(w)}  ${c.summary}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(overview() + '\n');
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`decoy: unknown command '${name}' (known: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(command.help() + '\n');
    return 0;
  }
  try {
    const out = await command.run(rest, { say: (line) => process.stdout.write(line + '\n') });
    if (out) process.stdout.write(out + '\n');
    return 0;
  } catch (e) {
    if (e instanceof CheckFailed) {
      process.stdout.write(e.report + '\n');
      process.stderr.write(`decoy ${name}: ${e.message}\n`);
      return 1;
    }
    if (e instanceof UserError) {
      process.stderr.write(`decoy ${name}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));
