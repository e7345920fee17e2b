/**
 * JSON with every object's keys sorted: the same value, however it was built (in memory, or
 * read back from a file whose keys came in another order), is the same text. What a hash of a
 * value is taken over (a cassette's request key, a bundle's verdict).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
