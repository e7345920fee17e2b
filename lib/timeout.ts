/**
 * `work`'s result, or `late()` thrown once `ms` pass first. The timer is cleared either way,
 * and keeps the process alive while it runs: a promise nothing will settle would otherwise
 * let the process end with nothing written.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
