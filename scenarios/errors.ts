/**
 * An error the user caused (bad flag, unknown id, malformed file). The CLI prints its
 * message on one line and exits non-zero; anything else is a bug and keeps its stack.
 */
export class UserError extends Error {
  override name = 'UserError';
}

export function unknownId(kind: string, id: string, known: readonly string[]): UserError {
  return new UserError(`unknown ${kind} '${id}' (known: ${known.join(', ')})`);
}

/**
 * A long job asked to stop (Ctrl-C) that stopped between two items: what it finished is
 * written whole and kept, and running the same command again does only the rest.
 */
export class Stopped extends UserError {
  override name = 'Stopped';
}
