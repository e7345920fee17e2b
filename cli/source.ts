import type { z } from 'zod';
import type { BundleSource } from '../harness/select.ts';
import { SEED_DEFAULT, TRUST_WITHOUT_BUNDLES } from './command.ts';
import { PHRASINGS_DEFAULT, type Phrasings } from '../scenarios/phrasing.ts';

/** --suite (with --seed, --pattern) or --bundles (flags.ts sourceFlags), exactly one; a seed undefined (only with suiteSourceFlags) is the default one. */
export function toSource(
  o: {
    suite?: string | undefined;
    bundles?: string | undefined;
    seed?: number | undefined;
    pattern: readonly string[];
    phrasings?: Phrasings | undefined;
    trustBundles: boolean;
  },
  ctx: z.RefinementCtx,
  suiteSeedOnly = false,
): BundleSource {
  if (o.suite !== undefined && o.bundles !== undefined)
    ctx.addIssue({ code: 'custom', message: 'give --suite or --bundles, not both' });
  else if (o.bundles !== undefined) {
    if (o.pattern.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: '--pattern selects from a suite; with --bundles, generate the selection instead',
      });
    else if (o.phrasings !== undefined)
      ctx.addIssue({ code: 'custom', message: '--phrasings is for --suite; bundles hold their own texts' });
    else if (suiteSeedOnly && o.seed !== undefined)
      ctx.addIssue({ code: 'custom', message: '--seed is for --suite; bundles hold their own seed' });
    return { bundles: o.bundles, trustBundles: o.trustBundles };
  } else if (o.suite === undefined) ctx.addIssue({ code: 'custom', message: 'give --suite <name> or --bundles <dir>' });
  else if (o.trustBundles) ctx.addIssue({ code: 'custom', message: TRUST_WITHOUT_BUNDLES });
  return {
    suite: o.suite ?? '',
    seed: o.seed ?? SEED_DEFAULT,
    patterns: o.pattern,
    ...(o.phrasings && o.phrasings !== PHRASINGS_DEFAULT ? { phrasings: o.phrasings } : {}),
  };
}

/** The suite a run records: the one named, or for a folder of bundles the suite its first bundle says it comes from. */
export const suiteNameOf = (source: BundleSource, bundles: readonly { manifest: { suite: string } }[]): string =>
  'suite' in source ? source.suite : (bundles[0]?.manifest.suite ?? '');
