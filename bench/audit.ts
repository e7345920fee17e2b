/**
 * npm run audit: the figures of the validity audit, printed: how dense the pages are, and what
 * a degenerate policy gets out of the evaluators.
 */
import { printDensity } from './density.ts';
import { printDegenerate } from './audit/degenerate.ts';

const seed = Number(process.env.AUDIT_SEED ?? 0);
printDensity(seed);
await printDegenerate(['controls', 'trickyarena-single'], seed);
