/** The `decoy` command line: the only place that prints and chooses the exit code (bin/decoy.mjs runs it on the process's streams). */
import { clip, Halted, quote, Stopped, UserError } from '../lib/errors.ts';
import type { Io } from './command.ts';
import { CheckFailed } from './check-failed.ts';
import { COMMANDS } from './commands.ts';

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

/** `s` seconds as a person reads a time left: 8 s, 3 min 20 s, 1 h 05 min. */
function duration(s: number): string {
  const whole = Math.max(0, Math.round(s));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

const BAR = 24;

/**
 * Progress of a long job, on stderr so that stdout holds only results: on a terminal, one
 * line rewritten in place with a bar, the rate and the time left; else a plain line every
 * twentieth of the work and at the end, with the same figures. The rate counts from the
 * first report of a step (a resumed run's kept episodes are not its own speed).
 */
export function progressPrinter(stderr: Std['stderr'], now: () => number = () => performance.now()): Io['progress'] {
  const tty = stderr.isTTY === true;
  let step = { label: '', total: 0, from: 0, at: 0, last: -1 };
  return (label, done, total) => {
    if (label !== step.label || total !== step.total || done < step.last)
      step = { label, total, from: done, at: now(), last: done };
    step.last = done;
    const seconds = (now() - step.at) / 1000;
    // Under a second in, a rate is noise (two workers finish their first episodes together).
    const rate = seconds >= 1 && done > step.from ? (done - step.from) / seconds : 0;
    const pace =
      rate > 0
        ? ` · ${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)}/s${done < total ? ` · ${duration((total - done) / rate)} left` : ''}`
        : '';
    const line = `${label}: ${done}/${total}${pace}`;
    if (tty) {
      const filled = total > 0 ? Math.round((BAR * done) / total) : BAR;
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}]`;
      // Cleared to the end of the line: a shorter line leaves nothing of the one before.
      stderr.write(`\r${bar} ${line}\x1b[K${done === total ? '\n' : ''}`);
    } else if (done % Math.max(1, Math.ceil(total / 20)) === 0 || done === total) stderr.write(`${line}\n`);
  };
}

/** Where the command prints: the process's streams, or a test's, which runs commands in its own process. */
export interface Std {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

/** The exit code of a job stopped by Ctrl-C, as a shell gives a process SIGINT ended (128 + 2). */
const INTERRUPTED = 130;

/** Runs one command line and returns its exit code. */
export async function main(argv: readonly string[], std: Std = process): Promise<number> {
  const { stdout, stderr } = std;
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    stdout.write(overview() + '\n');
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    stderr.write(`decoy: unknown command ${quote(name)} (known: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  try {
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      stdout.write(`${entry.summary}\n\n${command.help()}\n`);
      return 0;
    }
    const out = await command.run(rest, {
      say: (line) => stdout.write(line + '\n'),
      warn: (line) => stderr.write(`decoy ${name}: ${line}\n`),
      // JSON output is for programs: they get no progress at all.
      progress: rest.includes('--json') ? () => {} : progressPrinter(stderr),
      // A second Ctrl-C: the job under way is left where it is (everything written is whole).
      halt: () => process.exit(INTERRUPTED),
    });
    if (out) stdout.write(out + '\n');
    return 0;
  } catch (e) {
    if (e instanceof CheckFailed) {
      stdout.write(e.report + '\n');
      stderr.write(`decoy ${name}: ${e.message}\n`);
      return 1;
    }
    if (e instanceof Stopped || e instanceof Halted) {
      // On a terminal the progress line is still open.
      if (stderr.isTTY) stderr.write('\n');
      stderr.write(`decoy ${name}: ${e.message}\n`);
      // Stopped by the user, or by itself: its last episodes ended in one same error (--max-errors).
      return e instanceof Halted ? 1 : INTERRUPTED;
    }
    if (e instanceof UserError) {
      stderr.write(`decoy ${name}: ${e.message}\n`);
      return 2;
    }
    const fsProblem = cannotWrite(e);
    if (fsProblem) {
      stderr.write(`decoy ${name}: ${fsProblem}\n`);
      return 2;
    }
    throw e;
  }
}

/** What the file system refused, as the system says it: the user's to fix (a path, a disk, a permission), not a bug. */
const FS_CODES: Readonly<Record<string, string>> = {
  ENAMETOOLONG: 'the path or a name in it is too long',
  EPERM: 'operation not permitted',
  EACCES: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder stands where a file belongs',
  EEXIST: 'something already stands there',
  ELOOP: 'too many symbolic links',
  EMFILE: 'too many open files',
};

function cannotWrite(e: unknown): string | null {
  if (!(e instanceof Error)) return null;
  const { code, path } = e as NodeJS.ErrnoException;
  const reason = code !== undefined && Object.hasOwn(FS_CODES, code) ? FS_CODES[code] : undefined;
  if (!reason) return null;
  // Reads fail so too (a bundle folder without read permission): the syscall says which.
  const verb = /^(read|scandir|stat|lstat|readlink)$/.test((e as NodeJS.ErrnoException).syscall ?? '')
    ? 'read'
    : 'write';
  return `cannot ${verb} ${typeof path === 'string' ? clip(path) : verb === 'read' ? 'an input' : 'an output'}: ${reason} (${code})`;
}
