/**
 * npm run audit: the figures of the validity audit, printed: how dense the pages are, what
 * a degenerate policy gets out of the evaluators, and how many sites their overlays' markup
 * shows to have a pattern. What a reader of looks alone, the loudest
 * control, hidden amounts and shared words get out of the suites is printed by the tests that
 * hold them (test/generator/looks.test.ts, test/simulator/salience-defense.test.ts,
 * test/simulator/word-lists.test.ts), each with its bound.
 */
import { printDensity } from './density.ts';
import { printDegenerate } from './audit/degenerate.ts';
import { printLayoutTell, printSiteTell } from './audit/site-tell.ts';

const seed = Number(process.env.AUDIT_SEED ?? 0);
printDensity(seed);
await printDegenerate(['controls', 'trickyarena-single'], seed);
printSiteTell(['controls', 'trickyarena-single', 'trickyarena-multi', 'webdecept'], seed);
printLayoutTell(['controls', 'trickyarena-single', 'trickyarena-multi', 'webdecept'], seed, seed + 1);
