/**
 * A property of your own defense over decoy's scenario space, in your own test suite: every
 * case fast-check draws is a site decoy generates; a failing case is shrunk, written as a
 * bundle you can open, and named with the command that replays it.
 */
import { test } from '@fast-check/vitest';
import { afterAll } from 'vitest';
import { closePlayers, expectNoFailure, scenario } from 'decoy/fuzz';
import blockAcceptAll from '../block-accept-all.ts';

afterAll(closePlayers);

test.prop([scenario({ families: ['cookie-trap'], maxFamilies: 1 })], { numRuns: 12, seed: 1 })(
  'block-accept-all never stops a task the agent alone completes, and never breaks a page',
  (c) =>
    expectNoFailure(
      c,
      { agent: 'naive', defense: blockAcceptAll },
      { kinds: ['blocked-safe', 'broke-page', 'errored'] },
    ),
);
