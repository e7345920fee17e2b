import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inLanes, inOrder } from '../../lib/lanes.ts';
import { Stopped } from '../../lib/errors.ts';

/** A tick of the event loop, so that lanes interleave. */
const tick = () => new Promise((r) => setImmediate(r));

describe('inLanes', () => {
  it('property: every item is worked once, by min(count, items) lanes each opened and closed once; a failure is thrown after every lane closed, and each other lane takes at most the one item it was taking (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(12),
        fc.integer({ min: 1, max: 5 }),
        fc.option(fc.nat(11)),
        fc.array(fc.nat(3), { minLength: 12, maxLength: 12 }),
        async (items, count, failAt, waits) => {
          const worked: number[] = [];
          const opened: number[] = [];
          const closed: number[] = [];
          let failedAt = -1;
          const takenAfterFailure: number[] = [];
          const run = inLanes(
            items,
            count,
            { open: (lane) => (opened.push(lane), lane), close: async (lane) => (await tick(), closed.push(lane)) },
            async (_lane, item) => {
              if (failedAt >= 0) takenAfterFailure.push(item);
              worked.push(item);
              for (let w = 0; w < waits[item]!; w++) await tick();
              if (item === failAt) {
                failedAt = item;
                throw new Error(`item ${item}`);
              }
            },
          );
          const fails = failAt !== null && failAt < items;
          if (fails) await expect(run).rejects.toThrow(`item ${failAt}`);
          else await run;
          expect(opened.sort()).toEqual(Array.from({ length: Math.min(count, items) }, (_, i) => i));
          expect(closed.sort()).toEqual(opened);
          expect(new Set(worked).size).toBe(worked.length);
          // Lanes run at once: another may take its next item in the same turn as the failure, and none after.
          expect(takenAfterFailure.length).toBeLessThanOrEqual(Math.max(0, Math.min(count, items) - 1));
          if (!fails) expect(worked.sort((a, b) => a - b)).toEqual(Array.from({ length: items }, (_, i) => i));
        },
      ),
      { seed: 20261207 },
    );
  });

  it('a lane that cannot be opened fails the work once the others have stopped, and is not closed', async () => {
    const closed: number[] = [];
    const worked: number[] = [];
    await expect(
      inLanes(
        4,
        2,
        {
          open: (lane) => {
            if (lane === 1) throw new Error('no browser');
            return lane;
          },
          close: async (lane) => void closed.push(lane),
        },
        async (_lane, item) => void worked.push(item),
      ),
    ).rejects.toThrow('no browser');
    expect(closed).toEqual([0]);
    expect(worked.length).toBeLessThanOrEqual(1);
  });

  it('a lane that fails while another is being stopped (Ctrl-C) is what is thrown, not the stop; a count that is no number is one lane', async () => {
    const lanes = { open: (lane: number) => lane, close: async () => {} };
    await expect(
      inLanes(2, 2, lanes, async (_lane, item) => {
        if (item === 0) throw new Stopped('stopped after 0 of 2');
        await tick();
        throw new Error('the page crashed');
      }),
    ).rejects.toThrow('the page crashed');
    const opened: number[] = [];
    await inLanes(3, Number.NaN, { open: (lane) => (opened.push(lane), lane), close: async () => {} }, async () => {});
    expect(opened).toEqual([0]);
  });
});

describe('inOrder', () => {
  it('property: items put in any order are handed on in their order, each once, as soon as it and every one before it are in; what is handed on is always a prefix (seeded)', () => {
    fc.assert(
      fc.property(
        fc.nat(15).chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n })),
        (order) => {
          const emitted: number[] = [];
          const o = inOrder<string>(order.length, (item, i) => {
            expect(item).toBe(`item ${i}`);
            emitted.push(i);
          });
          const put = new Set<number>();
          for (const i of order) {
            o.put(i, `item ${i}`);
            put.add(i);
            let prefix = 0;
            while (put.has(prefix)) prefix++;
            expect(emitted).toEqual([...Array(prefix).keys()]);
            expect(o.emitted).toBe(prefix);
          }
          expect(emitted).toEqual([...Array(order.length).keys()]);
        },
      ),
      { seed: 20261207 },
    );
  });

  it('an item whose hand-on fails is not counted as handed on', () => {
    const o = inOrder<number>(3, (item) => {
      if (item === 1) throw new Error('disk full');
    });
    o.put(0, 0);
    expect(() => o.put(1, 1)).toThrow('disk full');
    expect(o.emitted).toBe(1);
  });
});
