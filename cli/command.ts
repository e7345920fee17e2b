import { accessSync, constants, existsSync, statfsSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { z } from 'zod';
import { clip, quote, UserError } from '../lib/errors.ts';
import type { Progress } from '../harness/progress.ts';
import { SEED_MAX } from '../lib/seed.ts';

export { SEED_MAX };

/** A flag of the command line, declared once (flags.ts holds every declaration). */
export interface Flag<K extends string = string, S extends z.ZodType = z.ZodType> {
  /** The config field it fills: commander's name for it (`--defense-opt` → defenseOpt, `--no-check` → check). */
  readonly key: K;
  /** As commander spells it: `--seed <n>`, `--runs <dirs...>`, `--json`. */
  readonly spec: string;
  readonly help: string;
  readonly schema: S;
  /** The value the flag has when not given, as it would be typed; shown in the help as `(default: …)`. */
  readonly default?: string;
  /** Commander refuses the command without it. */
  readonly required?: boolean;
  /** May be given more than once, each value kept (the help says so). */
  readonly repeatable?: boolean;
}

/** The config fields of a command's flags, each its flag's zod type. */
export type ShapeOf<F extends readonly Flag[]> = { [E in F[number] as E['key']]: E['schema'] };

/** What a command may do besides returning its text: say a line while it works, warn of a problem it carries on past, report progress. */
export interface Io {
  say(line: string): void;
  warn(line: string): void;
  progress: Progress;
  /**
   * Ends the process at once, as interrupted (a second Ctrl-C: stop.ts stoppable): main.ts's,
   * which alone chooses exit codes. A command run without main's io is never ended so.
   */
  halt(): void;
}

const QUIET: Io = { say: () => {}, warn: () => {}, progress: () => {}, halt: () => {} };

export interface CommandModule {
  /** Usage and flags (the summary is main.ts's, shown with it). */
  help(): string;
  /** The flags it takes, as declared (flags.ts). */
  readonly flags: readonly Flag[];
  /** The returned text is printed at the end by main.ts; `io` prints while a long-running command works. */
  run(argv: readonly string[], io?: Io): Promise<string>;
}

/**
 * A command: its flags (each declared once in flags.ts, from which both its commander option
 * and its zod field are made), the zod schema that turns the parsed flags into a read-only
 * config (`schema` gets the flags' fields and adds the positional arguments and the rules
 * between flags), and the one harness call that makes text of the config. Bad flags are
 * one-line UserErrors; nothing here prints or exits.
 *
 * A command's module holds only this; `run` imports the harness when it runs, so that
 * `decoy <command> --help` loads no engine (test/cli/startup.test.ts holds every command to it).
 */
export function defineCommand<F extends readonly Flag[], S extends z.ZodType>(spec: {
  name: string;
  usage: string;
  /** A positional argument: its commander spelling and help. */
  argument?: readonly [string, string];
  flags: F;
  schema(shape: ShapeOf<F>): S;
  run(config: Readonly<z.output<S>>, io: Io): Promise<string>;
}): CommandModule {
  const schema = spec.schema(shapeOf(spec.flags));
  const make = (mandatory = true) => {
    const cmd = new Command(`decoy ${spec.name}`)
      .helpOption(false)
      .exitOverride()
      .configureOutput({ writeOut: () => {}, writeErr: () => {} })
      .usage(spec.usage);
    if (spec.argument) cmd.argument(...spec.argument);
    for (const f of spec.flags) cmd.addOption(optionOf(f, mandatory));
    return onlyOnce(cmd.allowExcessArguments(true));
  };
  const parse = (cmd: Command, argv: readonly string[]) => {
    try {
      cmd.parse([...argv], { from: 'user' });
    } catch (e) {
      // commander quotes what it got in single quotes: those quotes are cut to a short prefix like ours.
      if (e instanceof CommanderError)
        throw new UserError(
          (e.message.replace(/^error: /, '').split('\n')[0] ?? '').replace(/'([^']*)'/g, (_, got: string) =>
            quote(got),
          ),
        );
      throw e;
    }
  };
  return {
    flags: spec.flags,
    help: () => make().helpInformation().trimEnd(),
    async run(argv, io = QUIET) {
      // Commander tells a missing required flag before an unknown one, so `--ot x` would be told
      // as --out missing: every other check of the line goes first, without the required ones.
      parse(make(false), argv);
      const cmd = make();
      parse(cmd, argv);
      const parsed = schema.safeParse({ ...cmd.opts(), args: cmd.args, given: givenOn(cmd) });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const key = issue?.path[0];
        // Messages written for a flag name it; a field's generic message gets the flag's name here.
        const named = !issue || issue.message.startsWith('--') || key === undefined || key === 'args';
        throw new UserError(
          named
            ? (issue?.message ?? 'bad flags')
            : `--${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${issue.message}`,
        );
      }
      return spec.run(Object.freeze(parsed.data) as Readonly<z.output<S>>, io);
    },
  };
}

/**
 * The flags given on the line (`--no-check`, `--limit`), as they are spelt: a schema that
 * declares `given` (the zod type below) tells a flag given from its default, which commander
 * fills in alike. Other schemas drop the field.
 */
const givenOn = (cmd: Command): string[] =>
  cmd.options.filter((o) => cmd.getOptionValueSource(o.attributeName()) === 'cli').map((o) => o.long ?? o.flags);
export const given = z.array(z.string());

/** The commander option a flag declares (flags.ts), required if `mandatory`; its name must give the config field the declaration names. */
function optionOf(f: Flag, mandatory: boolean): Option {
  const o = new Option(f.spec, f.repeatable ? `${f.help} (repeatable)` : f.help);
  if (f.repeatable) o.argParser(repeat);
  if (f.default !== undefined) o.default(f.default, f.default);
  if (f.required && mandatory) o.makeOptionMandatory();
  if (o.attributeName() !== f.key) throw new Error(`flag ${f.spec} fills '${o.attributeName()}', not '${f.key}'`);
  return o;
}

/** The zod fields of the flags, by their keys. */
const shapeOf = <F extends readonly Flag[]>(flags: F): ShapeOf<F> =>
  Object.fromEntries(flags.map((f) => [f.key, f.schema])) as ShapeOf<F>;

/** A flag that takes one value, given twice (`--seed 1 --seed 2`), is refused: commander would keep the last silently. */
function onlyOnce(cmd: Command): Command {
  for (const option of cmd.options) {
    if (!(option.required || option.optional) || option.variadic || option.parseArg === repeat) continue;
    let seen = false;
    cmd.on(`option:${option.name()}`, () => {
      if (seen) throw new UserError(`${option.long} was given twice; give it once (repeatable flags say so in --help)`);
      seen = true;
    });
  }
  return cmd;
}

/** Collects a repeatable flag's values. */
export const repeat = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** An integer flag from `min` to `max`; the message names the flag and what it got. */
export function int(flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
  return z.string().transform((v, ctx) => {
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < min || n > max) {
      // A number past the largest is told the largest, which "at least" alone leaves out.
      const above = /^\d+$/.test(v) && !(Number.isSafeInteger(n) && n <= max);
      ctx.addIssue({
        code: 'custom',
        message: `--${flag} must be an integer ${above ? `from ${min} to ${max}` : range}, got ${quote(v)}`,
      });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * A seed: an integer from 0 to 2^31 − 1. The PRNG takes 32-bit seeds, so larger or negative
 * numbers would alias other seeds; they are refused rather than silently folded.
 */
export const seed = int('seed', 0, SEED_MAX);
/** `1-5`, `1,3,7` or `1-3,9`: the seeds in order; a seed named twice is refused, as a label or a defense named twice is. */
export const seedList = z.string().transform((text, ctx) => {
  const seeds = new Set<number>();
  const bad = (message: string) => (ctx.addIssue({ code: 'custom', message: `--seeds: ${message}` }), z.NEVER);
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) return bad(`${quote(text)} is not a list of seeds (like 1-5, or 1,3,7)`);
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    if (b < a) return bad(`${a}-${b} runs backwards`);
    if (b > SEED_MAX) return bad(`${b} is past the largest seed, ${SEED_MAX}`);
    if (b - a >= 1000 || seeds.size >= 1000) return bad('more than 1,000 seeds');
    for (let s = a; s <= b; s++) {
      if (seeds.has(s)) return bad(`names seed ${s} twice`);
      seeds.add(s);
    }
  }
  return Object.freeze([...seeds].sort((x, y) => x - y));
});
/** The seed a command generates with when none is given. */
export const SEED_DEFAULT = 7;
/** A seed where only a suite takes it (flags.ts suiteSeed): undefined when not given. */
export const suiteSeed = seed.optional();

/** A number as people write it: digits, an optional minus sign and decimal fraction (no hex, exponents or spaces). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * `--opt key=value` pairs; plain decimals and true/false are read as such, other text stays
 * text. A value JavaScript would read as a number in another way (0x1, 1e0, .5, +1, Infinity)
 * is an error rather than a number nobody wrote; so is an empty value.
 */
export function keyValues(flag: string) {
  return z
    .array(z.string())
    .optional()
    .transform((pairs, ctx) => {
      // No prototype: `__proto__=1` is an option named so (refused as unknown), not a write that vanishes.
      const out: Record<string, string | number | boolean> = Object.create(null);
      for (const pair of pairs ?? []) {
        const eq = pair.indexOf('=');
        if (eq <= 0) ctx.addIssue({ code: 'custom', message: `--${flag} takes key=value, got ${quote(pair)}` });
        else if (pair.slice(eq + 1).trim() === '')
          ctx.addIssue({ code: 'custom', message: `--${flag} ${clip(pair)} gives no value` });
        else {
          const raw = pair.slice(eq + 1);
          if (!DECIMAL.test(raw) && !Number.isNaN(Number(raw))) {
            ctx.addIssue({
              code: 'custom',
              message: `--${flag} ${clip(pair)}: write numbers as plain decimals (like 0.3)`,
            });
          } else if (Object.hasOwn(out, pair.slice(0, eq)))
            // The last would win silently: a key given twice is a slip, whichever value was meant.
            ctx.addIssue({
              code: 'custom',
              message: `--${flag} gives ${quote(pair.slice(0, eq))} twice; give each option once`,
            });
          else
            out[pair.slice(0, eq)] =
              raw === 'true' ? true : raw === 'false' ? false : DECIMAL.test(raw) ? Number(raw) : raw;
        }
      }
      return Object.freeze(out);
    });
}

export const list = z
  .array(z.string())
  .optional()
  .transform((v) => Object.freeze([...(v ?? [])]));
/** No positional arguments: a stray one (`--pattern a b`) is an error, never dropped. */
export const noArgs = z.array(z.string()).superRefine((a, ctx) => {
  if (a.length > 0) ctx.addIssue({ code: 'custom', message: `unexpected argument ${quote(a[0] ?? '')}` });
});
/** A value that names something (a path, a suite, an agent): never empty, which would mean the current folder or nothing. */
export const path = z.string().refine((v) => v.trim() !== '', 'an empty value names nothing');
export const text = path.optional();

/** Linux's limits on a path and on one name in it (PATH_MAX counts the closing NUL). */
const PATH_MAX = 4095;
const NAME_MAX = 255;

/** Why the system would refuse `p` as a path for its length, or null. Asked up front: Node's own error is a stack trace. */
export function tooLong(p: string): string | null {
  const bytes = Buffer.byteLength(resolve(p));
  if (bytes > PATH_MAX) return `${quote(p)} is too long for a path (${bytes} bytes, at most ${PATH_MAX})`;
  const name = p.split(sep).find((n) => Buffer.byteLength(n) > NAME_MAX);
  if (name !== undefined)
    return `${quote(p)} holds a name too long for a file (${Buffer.byteLength(name)} bytes, at most ${NAME_MAX})`;
  return null;
}

/** File systems that only look like folders: writing under them fails late, or (Node's recursive mkdir under /proc) never returns. */
const PSEUDO_FS = new Set([
  0x9fa0 /* proc */, 0x62656572 /* sysfs */, 0x64626720 /* debugfs */, 0x73636673 /* securityfs */,
  0x27e0eb /* cgroup */, 0x63677270 /* cgroup2 */,
]);

/**
 * Why `dir` cannot be a folder to write into (too long, a file stands at it or above it, its
 * nearest existing folder is not writable or is a pseudo file system), or null. Asked before
 * anything is written, so the error names the flag instead of a stack trace midway.
 */
export function notAFolder(dir: string): string | null {
  const long = tooLong(dir);
  if (long) return long;
  for (let p = dir; ; p = dirname(p)) {
    if (existsSync(p)) {
      if (!statSync(p).isDirectory())
        return p === dir
          ? `${clip(dir)} is a file, not a folder`
          : `${clip(p)} is a file, so ${clip(dir)} cannot be a folder`;
      if (PSEUDO_FS.has(Number(statfsSync(p).type)))
        return `${clip(p)} is a system file system, not a place for outputs`;
      try {
        accessSync(p, constants.W_OK);
      } catch {
        return `${clip(p)} is not a folder this user may write into`;
      }
      return null;
    }
    if (dirname(p) === p) return null;
  }
}

/** An output folder: a path (by default any non-empty one) that is a folder or can become one. */
export const outDir = (flag: string, value: z.ZodString = path) =>
  value.superRefine((v, ctx) => {
    const problem = notAFolder(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `--${flag}: ${problem}` });
  });
/** An output file: not a folder, in a folder that is one or can become one. */
export const outFile = (flag: string) =>
  path.superRefine((v, ctx) => {
    const problem =
      existsSync(v) && statSync(v).isDirectory()
        ? `${clip(v)} is a folder, not a file`
        : notAFolder(dirname(resolve(v)));
    if (problem) ctx.addIssue({ code: 'custom', message: `--${flag}: ${problem}` });
  });
/** A file or folder to read: a non-empty path the system can take. */
export const inPath = (flag: string) =>
  path.superRefine((v, ctx) => {
    const problem = tooLong(v);
    if (problem) ctx.addIssue({ code: 'custom', message: `--${flag}: ${problem}` });
  });
export const TRUST_WITHOUT_BUNDLES =
  "--trust-bundles is for bundles read from disk (--bundles); a suite generated here is decoy's own";
/** A flag that takes no value: given or not. */
export const bool = z
  .boolean()
  .optional()
  .transform((v) => v === true);
export const required = (name: string) =>
  z
    .string({ error: `--${name} is required` })
    .refine((v) => v.trim() !== '', `--${name} is required (an empty value names nothing)`);
