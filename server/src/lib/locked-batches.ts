import { withDocumentLock } from './document-lock';

interface Pending<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Work on one document that many requests ask for at the same moment (the places of one class
 * session when bookings open), done in batches: requests for a key queue in this process in the
 * order they arrive, and each batch is handled in one hold of the key's document lock (one read,
 * change and write of the document for the whole batch, instead of one lock round per request).
 * A batch is everything queued when the lock is taken. The next batch asks for the lock as soon as
 * this one is answered, so under a burst it is handed over (document-lock.ts) and `handle` may keep
 * what it knows of the document in `hold` for the next batch.
 * Other processes on the database take the same lock, so their batches interleave with these but
 * never overlap them. `handle` gets the batch in arrival order and returns one result per item
 * (or throws, failing the whole batch).
 */
export class LockedBatches<I, R> {
  private readonly queues = new Map<string, Pending<I, R>[]>();
  private readonly running = new Set<string>();

  constructor(
    private readonly lockKey: (key: string) => string,
    /** `hold`: what the batches of one hold of the lock keep for each other (document-lock.ts). */
    private readonly handle: (key: string, items: I[], hold: Record<string, unknown>) => Promise<R[]>,
    private readonly maxBatch = 100,
  ) {}

  submit(key: string, item: I): Promise<R> {
    const done = new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key) ?? [];
      queue.push({ item, resolve, reject });
      this.queues.set(key, queue);
    });
    if (!this.running.has(key)) void this.drain(key);
    return done;
  }

  private async drain(key: string): Promise<void> {
    this.running.add(key);
    try {
      while ((this.queues.get(key)?.length ?? 0) > 0) {
        // The batch is taken once the lock is held: whatever arrived while another process held
        // it joins this batch, so the busier the key, the fewer rounds of the lock it takes.
        let batch: Pending<I, R>[] = [];
        try {
          const results = await withDocumentLock(this.lockKey(key), ({ hold }) => {
            batch = (this.queues.get(key) ?? []).splice(0, this.maxBatch);
            return batch.length > 0
              ? this.handle(
                  key,
                  batch.map((p) => p.item),
                  hold,
                )
              : Promise.resolve([]);
          });
          batch.forEach((p, i) => p.resolve(results[i] as R));
        } catch (error) {
          for (const p of batch) p.reject(error);
          // A failure to take the lock leaves the queue as it was: its requests fail with it.
          if (batch.length === 0) for (const p of this.queues.get(key)?.splice(0) ?? []) p.reject(error);
        }
      }
      this.queues.delete(key);
    } finally {
      this.running.delete(key);
    }
  }
}
