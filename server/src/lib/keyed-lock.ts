/**
 * Runs tasks that share a key one after another, in the order they arrive, within this process.
 * FerretDB applies an update as read, change and write without isolation, so two compare-and-set
 * updates of one document can both succeed; serialising them here keeps the writes of a single
 * server exact (on MongoDB the compare-and-set alone would do).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();
  /** Tasks running or queued, by key. */
  private readonly counts = new Map<string, number>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    await previous;
    try {
      return await task();
    } finally {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Tasks queued under `key` behind the one running (none: 0). */
  waiting(key: string): number {
    return Math.max(0, (this.counts.get(key) ?? 0) - 1);
  }

  /** Keys with a task running or waiting (tests). */
  get size(): number {
    return this.tails.size;
  }
}
