import { describe, expect, it } from 'vitest';
import { stoppable } from '../../cli/stop.ts';

describe('stoppable: Ctrl-C during a long job', () => {
  it('the first asks the job to stop after its item; the second halts through io, which main.ts gives (exit 130)', async () => {
    const before = process.listeners('SIGINT');
    let halted = 0;
    const r = await stoppable({ halt: () => void halted++ }, async (signal) => {
      // Called as the signal would call it: emitting SIGINT would reach the test runner's own listeners too.
      const [ours] = process.listeners('SIGINT').filter((l) => !before.includes(l));
      ours?.('SIGINT');
      expect([signal.aborted, halted]).toEqual([true, 0]);
      ours?.('SIGINT');
      expect(halted).toBe(1);
      return 'finished';
    });
    expect(r).toBe('finished');
    expect(process.listeners('SIGINT')).toEqual(before);
  });
});
