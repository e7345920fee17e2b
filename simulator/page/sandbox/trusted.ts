/**
 * The sites of bundles read with --trust-bundles: their pages may hold any script, which
 * no check has read, so each plays in an engine process of its own (process.ts), never in
 * the one decoy's own bundles share, nor in another trusted bundle's: a page that took over
 * its engine could otherwise rewrite the episodes of every bundle played after it. Known
 * by the site object the bundle carries, which every episode hands to the engine as it is.
 */
const sites = new WeakSet<object>();

/** Marks bundles as trusted (read with --trust-bundles); returns them. */
export function markTrusted<T extends { readonly site: object }>(bundles: T[]): T[] {
  for (const b of bundles) sites.add(b.site);
  return bundles;
}

export const isTrusted = (site: object): boolean => sites.has(site);
