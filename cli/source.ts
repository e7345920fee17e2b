import type { Command } from 'commander';
import { z } from 'zod';
import type { BundleSource } from '../harness/select.ts';
import { flag, list, repeat, seed, SEED_DEFAULT, SEED_HELP, text, TRUST_HELP, TRUST_WITHOUT_BUNDLES } from './command.ts';

/** The flags of commands that work on a suite generated in memory or on bundles from disk. */
export function sourceFlags(cmd: Command, what: string): Command {
  return cmd
    .option('--suite <name>', `suite to generate and ${what} (see decoy list)`)
    .option('--bundles <dir>', `${what} bundles written by decoy generate instead`)
    .option('--seed <n>', SEED_HELP, String(SEED_DEFAULT))
    .option('--pattern <family>', 'with --suite: keep only configurations with this pattern family (repeatable)', repeat)
    .option('--trust-bundles', TRUST_HELP);
}

export const sourceShape = { suite: text, bundles: text, seed, pattern: list, trustBundles: flag };

/** --suite (with --seed, --pattern) or --bundles, exactly one. */
export function toSource(o: { suite?: string | undefined; bundles?: string | undefined; seed: number; pattern: readonly string[]; trustBundles: boolean }, ctx: z.RefinementCtx): BundleSource {
  if (o.suite !== undefined && o.bundles !== undefined) ctx.addIssue({ code: 'custom', message: 'give --suite or --bundles, not both' });
  else if (o.bundles !== undefined) {
    if (o.pattern.length > 0) ctx.addIssue({ code: 'custom', message: '--pattern selects from a suite; with --bundles, generate the selection instead' });
    return { bundles: o.bundles, trustBundles: o.trustBundles };
  } else if (o.suite === undefined) ctx.addIssue({ code: 'custom', message: 'give --suite <name> or --bundles <dir>' });
  else if (o.trustBundles) ctx.addIssue({ code: 'custom', message: TRUST_WITHOUT_BUNDLES });
  return { suite: o.suite ?? '', seed: o.seed, patterns: o.pattern };
}
