import { Stopped } from './errors.ts';

/**
 * Work on `items` (by index, taken in order) by `count` lanes at once, each lane opened once
 * (an engine, a browser) and closed when it has nothing left to take. The first failure stops
 * every lane from taking another item and is thrown once all have stopped and closed; a lane
 * that fails while another was being stopped (Ctrl-C) is what is thrown, so that a real error
 * is not hidden behind the stop. Results kept by index come out in the items' order at any
 * number of lanes.
 */
export async function inLanes<L>(
  items: number,
  count: number,
  lane: { open: (lane: number) => L; close: (lane: L) => Promise<unknown> },
  work: (lane: L, item: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const fail = (error: unknown) => {
    if (!failure || (failure.error instanceof Stopped && !(error instanceof Stopped))) failure = { error };
  };
  const run = async (index: number) => {
    let opened: L;
    try {
      opened = lane.open(index);
    } catch (e) {
      fail(e);
      return;
    }
    try {
      while (!failure && next < items) await work(opened, next++);
    } catch (e) {
      fail(e);
    }
    try {
      await lane.close(opened);
    } catch (e) {
      fail(e);
    }
  };
  const asked = Number.isFinite(count) ? Math.floor(count) : 1;
  const lanes = items === 0 ? 0 : Math.max(1, Math.min(asked, items));
  await Promise.all(Array.from({ length: lanes }, (_, i) => run(i)));
  if (failure) throw (failure as { error: unknown }).error;
}
