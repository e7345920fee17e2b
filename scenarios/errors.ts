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
 * Input as an error message quotes it: in single quotes, on one line (control characters
 * escaped), and cut to its first `max` characters with its length said, so that a 1 MB
 * argument or file gives a message of one short line.
 */
export function quote(input: string, max = QUOTE_MAX): string {
  const chars = [...input];
  const shown = chars.slice(0, max).map((c) => {
    const code = c.codePointAt(0) ?? 0;
    if (c === '\\' || c === "'") return `\\${c}`;
    if (c === '\n') return '\\n';
    if (c === '\t') return '\\t';
    if (c === '\r') return '\\r';
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || c === '\u2028' || c === '\u2029') return `\\u${code.toString(16).padStart(4, '0')}`;
    return c;
  });
  return chars.length > max ? `'${shown.join('')}…' (${chars.length} characters)` : `'${shown.join('')}'`;
}

export function unknownId(kind: string, id: string, known: readonly string[]): UserError {
  return new UserError(`unknown ${kind} ${quote(id)} (known: ${known.join(', ')})`);
}
