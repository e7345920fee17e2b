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

/**
 * Items finished in any order (by lanes), handed on in their order: each once it and every one
 * before it are in, so what is written is always a prefix of the whole at any number of lanes.
 * `emitted`: how many have been handed on.
 */
export function inOrder<T>(
  count: number,
  emit: (item: T, index: number) => void,
): { put: (index: number, item: T) => void; readonly emitted: number } {
  const held: (T | undefined)[] = new Array(count);
  let next = 0;
  return {
    put(index, item) {
      held[index] = item;
      while (next < count && held[next] !== undefined) {
        const at = next;
        const ready = held[at] as T;
        held[at] = undefined;
        emit(ready, at);
        next = at + 1;
      }
    },
    get emitted() {
      return next;
    },
  };
}
