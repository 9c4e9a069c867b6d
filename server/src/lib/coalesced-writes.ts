interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Changes to one shared document (a read model many requests touch at once: the class lists, the
 * seats board) written together. Each change is queued under a key and resolves once a write that
 * includes it has finished; changes queued while a write runs are written together by the next one,
 * so under a burst the document is read, changed and written a few times instead of once per
 * request. A key queued twice before its write keeps `keep(queued, next)` (by default the newer).
 * `write` gets the batch and fails every change in it by throwing.
 */
export function coalescedWrites<T>(
  write: (batch: ReadonlyMap<string, T>) => Promise<void>,
  keep: (queued: T, next: T) => T = (_queued, next) => next,
): (key: string, change: T) => Promise<void> {
  let pending = new Map<string, T>();
  let waiters: Waiter[] = [];
  let writer: Promise<void> | undefined;

  async function drain(): Promise<void> {
    while (pending.size > 0) {
      const batch = pending;
      const done = waiters;
      pending = new Map();
      waiters = [];
      try {
        await write(batch);
        for (const waiter of done) waiter.resolve();
      } catch (error) {
        for (const waiter of done) waiter.reject(error);
      }
    }
  }

  return (key, change) => {
    const queued = pending.get(key);
    pending.set(key, queued === undefined ? change : keep(queued, change));
    const written = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    writer ??= drain().finally(() => {
      writer = undefined;
    });
    return written;
  };
}
