import { parseArgs } from 'node:util';
import { UserError } from '../scenarios/errors.ts';

export interface FlagSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  description: string;
  default?: string;
}

export type Flags = Record<string, FlagSpec>;

/** Strict flag parsing: an unknown flag or a stray argument is a one-line error naming it. */
export function parseFlags<F extends Flags>(command: string, argv: readonly string[], flags: F) {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: Object.fromEntries(Object.entries(flags).map(([k, f]) => [k, { type: f.type, multiple: f.multiple ?? false }])),
      strict: true,
      allowPositionals: true,
    });
    return { values: values as Record<string, string | boolean | string[] | undefined>, positionals };
  } catch (e) {
    throw new UserError(`${command}: ${(e as Error).message.split('\n')[0]?.replace(/\. To specify .*$/, '')}`);
  }
}

export function usage(command: string, synopsis: string, flags: Flags): string {
  const width = Math.max(...Object.keys(flags).map((k) => k.length + (flags[k]?.type === 'string' ? 8 : 0)));
  const lines = Object.entries(flags).map(([k, f]) => {
    const name = f.type === 'string' ? `--${k} <value>` : `--${k}`;
    return `  ${name.padEnd(width + 4)}  ${f.description}${f.default !== undefined ? ` (default: ${f.default})` : ''}`;
  });
  return [`usage: decoy ${command} ${synopsis}`, '', ...lines].join('\n');
}

export function intFlag(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(n)) throw new UserError(`--${name} must be an integer, got '${String(value)}'`);
  return n;
}

/** `--opt key=value` pairs; numbers and booleans are read as such. */
export function keyValues(name: string, values: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const pair of (values as string[] | undefined) ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UserError(`--${name} takes key=value, got '${pair}'`);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    out[key] = raw === 'true' ? true : raw === 'false' ? false : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return out;
}

/** A count flag that may be absent (undefined), never below 0. */
export const optionalInt = (name: string, v: unknown) => (v === undefined ? undefined : Math.max(0, intFlag(name, v, 0)));
