import type { Command } from 'commander';
import { z } from 'zod';
import type { BundleSource } from '../harness/select.ts';
import { flag, list, repeat, seed, SEED_DEFAULT, SEED_HELP, SUITE_SEED_HELP, suiteSeed, text, TRUST_HELP, TRUST_WITHOUT_BUNDLES } from './command.ts';

/**
 * The flags of commands that work on a suite generated in memory or on bundles from disk.
 * `suiteSeed`: the seed only generates the suite (the command plays nothing with it), so
 * it is refused beside bundles, which hold their own.
 */
export function sourceFlags(cmd: Command, what: string, suiteSeed = false): Command {
  return cmd
    .option('--suite <name>', `suite to generate and ${what} (see decoy list)`)
    .option('--bundles <dir>', `${what} bundles written by decoy generate instead`)
    .option('--seed <n>', suiteSeed ? SUITE_SEED_HELP : SEED_HELP, suiteSeed ? undefined : String(SEED_DEFAULT))
    .option('--pattern <family>', 'with --suite: keep only configurations with this pattern family (repeatable)', repeat)
    .option('--trust-bundles', TRUST_HELP);
}

export const sourceShape = { suite: text, bundles: text, seed, pattern: list, trustBundles: flag };
/** sourceShape where the seed only generates the suite (sourceFlags' `suiteSeed`). */
export const suiteSourceShape = { ...sourceShape, seed: suiteSeed };

/** --suite (with --seed, --pattern) or --bundles, exactly one; a seed undefined (only with suiteSourceShape) is the default one. */
export function toSource(o: { suite?: string | undefined; bundles?: string | undefined; seed?: number | undefined; pattern: readonly string[]; trustBundles: boolean }, ctx: z.RefinementCtx, suiteSeedOnly = false): BundleSource {
  if (o.suite !== undefined && o.bundles !== undefined) ctx.addIssue({ code: 'custom', message: 'give --suite or --bundles, not both' });
  else if (o.bundles !== undefined) {
    if (o.pattern.length > 0) ctx.addIssue({ code: 'custom', message: '--pattern selects from a suite; with --bundles, generate the selection instead' });
    else if (suiteSeedOnly && o.seed !== undefined) ctx.addIssue({ code: 'custom', message: '--seed is for --suite; bundles hold their own seed' });
    return { bundles: o.bundles, trustBundles: o.trustBundles };
  } else if (o.suite === undefined) ctx.addIssue({ code: 'custom', message: 'give --suite <name> or --bundles <dir>' });
  else if (o.trustBundles) ctx.addIssue({ code: 'custom', message: TRUST_WITHOUT_BUNDLES });
  return { suite: o.suite ?? '', seed: o.seed ?? SEED_DEFAULT, patterns: o.pattern };
}
