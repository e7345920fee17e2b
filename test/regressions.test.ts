/**
 * decoy's own saved counterexamples (`decoy fuzz --save test/regressions`): each is a case a
 * shipped defense once failed on, or, as the first ones, one a weakened defense fails on and
 * the shipped one stops (a screen, gate or Veer without its rule for boxes the page ticked). A
 * defense that regresses fails here, with the case, its bundle and the replay command named.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closePlayers, regressions } from 'decoy/fuzz';

const saved = regressions('test/regressions');
afterAll(closePlayers);

describe('saved counterexamples stay fixed', () => {
  it('the folder holds some', () => expect(saved.length).toBeGreaterThan(0));
  for (const r of saved) it(r.name, () => r.check());
});
