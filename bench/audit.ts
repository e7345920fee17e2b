/** npm run audit: the figures of the validity audit (what a degenerate policy, a text-free reader or a word list gets out of the suites), printed. */
import { printDegenerate } from './audit/degenerate.ts';

await printDegenerate();
