import type { z } from 'zod';

/**
 * An error the user caused (bad flag, unknown id, malformed file). The CLI prints its
 * message on one line and exits non-zero; anything else is a bug and keeps its stack.
 */
export class UserError extends Error {
  override name = 'UserError';
}

/** How many characters of a user's input an error message repeats. */
export const QUOTE_MAX = 60;

/**
 * Input as an error message repeats it: on one line (control characters escaped) and cut
 * to its first `max` characters with its length said, so that a 1 MB argument or file gives
 * a message of one short line. Every message that repeats input goes through here.
 */
export function clip(input: string, max = QUOTE_MAX, quoted = false): string {
  const head = [...input.slice(0, 2 * max)].slice(0, max);
  const cut = head.join('').length < input.length;
  const shown = head
    .map((c) => {
      const code = c.codePointAt(0) ?? 0;
      if (quoted && (c === '\\' || c === "'")) return `\\${c}`;
      if (c === '\n') return '\\n';
      if (c === '\t') return '\\t';
      if (c === '\r') return '\\r';
      if (code < 0x20 || (code >= 0x7f && code < 0xa0) || c === '\u2028' || c === '\u2029')
        return `\\u${code.toString(16).padStart(4, '0')}`;
      return c;
    })
    .join('');
  const q = quoted ? "'" : '';
  return cut ? `${q}${shown}…${q} (${input.length} characters)` : `${q}${shown}${q}`;
}

/**
 * A path as an error message repeats it: whole up to `max` characters, else `…` and its last
 * `max`. A file deep in a folder the user named is told by its end (the bundle and the file
 * in it), which clip would cut off.
 */
export function clipPath(path: string, max = QUOTE_MAX): string {
  const chars = [...path.slice(-2 * max)];
  if (chars.length <= max && chars.join('').length === path.length) return clip(path, max);
  return `…${clip(chars.slice(-max).join(''), max)}`;
}

/** At most `max` characters of text that came from a page, an engine or a library, on one line: the reason an episode or a request failed. */
export function shortReason(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `clip` in single quotes (a quote or backslash in it escaped). */
export const quote = (input: string, max = QUOTE_MAX): string => clip(input, max, true);

/**
 * The first thing a schema found wrong with a file a user gave, as `field: problem` (the field
 * as a path, `steps.3.verdict.kind`): what its one-line error says after the file's name.
 */
export function firstIssue(error: z.ZodError, fallback: string): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  const at = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys')
    return `${clip([at, issue.keys[0] ?? ''].filter((p) => p !== '').join('.'))}: no such field`;
  return at === '' ? issue.message : `${clip(at)}: ${issue.message}`;
}

export function unknownId(kind: string, id: string, known: readonly string[]): UserError {
  return new UserError(`unknown ${kind} ${quote(id)} (known: ${known.join(', ')})`);
}

/**
 * A long job asked to stop (Ctrl-C) that stopped between two items: what it finished is
 * written whole and kept, and running the same command again does only the rest.
 */
export class Stopped extends UserError {
  override name = 'Stopped';
}

/** A run stopped by itself: its episodes keep ending in the same error (--max-errors). What was played is written and the run resumes. */
export class Halted extends UserError {
  override name = 'Halted';
}
