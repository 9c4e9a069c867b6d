import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

type Job = { op: 'hash'; password: string; cost: number } | { op: 'verify'; password: string; hash: string };

interface Task {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/** The hashing threads' nice value (0 is the default, 19 the lowest priority). */
export const HASHING_NICE = 10;

/** Where bcryptjs is, for the workers (they start from source text, outside any module). */
function bcryptPath(): string {
  try {
    return createRequire(path.join(process.cwd(), 'noop.js')).resolve('bcryptjs');
  } catch {
    return 'bcryptjs';
  }
}

const workerSource = (modulePath: string) => `
const { parentPort } = require('node:worker_threads');
const bcrypt = require(${JSON.stringify(modulePath)});
// Below the threads that answer requests: on Linux a priority set from a thread is that thread's
// alone, so under a burst of sign-ins the cores go to reads first and the hashing takes what is left.
try { require('node:os').setPriority(${HASHING_NICE}); } catch {}
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/**
 * bcrypt off the event loop. A cost-10 hash is about 56 ms of CPU; done on the main thread (even
 * through bcryptjs's async API, whose slices last up to 100 ms) every other request would wait
 * behind each login. Here a small pool of worker threads does the hashing and the main thread
 * keeps answering. With `workers` 0 (or where threads cannot start) it hashes in-thread.
 */
export class PasswordHasher {
  private readonly all = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly queue: Task[] = [];
  private source: string | undefined;
  private inThread: boolean;

  constructor(
    private readonly cost: number,
    private readonly workers = 1,
  ) {
    this.inThread = workers <= 0;
  }

  hash(password: string): Promise<string> {
    if (this.inThread) return bcrypt.hash(password, this.cost);
    return this.run({ op: 'hash', password, cost: this.cost }) as Promise<string>;
  }

  verify(password: string, hash: string): Promise<boolean> {
    if (this.inThread) return bcrypt.compare(password, hash);
    return this.run({ op: 'verify', password, hash }) as Promise<boolean>;
  }

  /**
   * Stops the workers. An idle worker never keeps the process alive (only one with a job does, so a
   * script awaiting a hash is not cut short); this is for tidy shutdowns and tests.
   */
  async close(): Promise<void> {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.inThread) {
      const worker = this.idle.pop() ?? (this.all.size < this.workers ? this.spawn() : undefined);
      if (!worker) return;
      const task = this.queue.shift() as Task;
      this.busy.set(worker, task);
      worker.ref();
      worker.postMessage(task.job);
    }
    if (this.inThread) this.drainInThread();
  }

  private spawn(): Worker | undefined {
    this.source ??= workerSource(bcryptPath());
    let worker: Worker;
    try {
      worker = new Worker(this.source, { eval: true });
    } catch {
      this.inThread = true;
      return undefined;
    }
    this.all.add(worker);
    let answered = false;
    worker.on('message', (message: { result?: string | boolean; error?: string }) => {
      answered = true;
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      if (this.all.has(worker)) this.idle.push(worker);
      if (task) {
        if (message.error !== undefined) task.reject(new Error(message.error));
        else task.resolve(message.result as string | boolean);
      }
      this.dispatch();
    });
    const lost = () => {
      if (!this.all.delete(worker)) return;
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      // Its job is retried on another worker: a lost worker loses no login. A worker that died
      // before its first answer could not start at all (no threads, no bcryptjs): hash in-thread.
      if (task) this.queue.unshift(task);
      if (!answered) this.inThread = true;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    // Unreferenced only now: adding a 'message' listener references a worker again.
    worker.unref();
    return worker;
  }

  private drainInThread(): void {
    for (const task of this.queue.splice(0)) {
      const work =
        task.job.op === 'hash' ? this.hash(task.job.password) : this.verify(task.job.password, task.job.hash);
      work.then(task.resolve, task.reject);
    }
  }
}
