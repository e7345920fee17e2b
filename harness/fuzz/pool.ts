/** Things of one kind lent out one at a time (engines, engine pairs): a caller waits for one to be free. */
export class Pool<T> {
  private readonly free: T[];
  private readonly waiting: ((t: T) => void)[] = [];

  constructor(readonly all: readonly T[]) {
    this.free = [...all];
  }

  async use<R>(work: (t: T) => Promise<R>): Promise<R> {
    const t = this.free.pop() ?? (await new Promise<T>((r) => this.waiting.push(r)));
    try {
      return await work(t);
    } finally {
      const next = this.waiting.shift();
      if (next) next(t);
      else this.free.push(t);
    }
  }
}
