import { randomUUID } from 'node:crypto';
import mongoose, { model, Schema } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKeyError } from './db';

/**
 * Work that must be done once however many server processes share the database: periodic jobs
 * (the contact retry, the reset-token purge, and whatever later issues schedule) and the items they
 * handle (one contact message).
 *
 * Every run and every item is leased in `job_leases` by an insert under a unique `_id`, the one
 * write that is safe against a simultaneous one on every engine: FerretDB 1.24 has no transactions
 * and its findOneAndUpdate/updateOne read and rewrite a whole document without isolation, so a
 * lease taken by "update where free" could be taken by two processes at once (see docs/operations.md).
 *
 * A lease is one generation of one key: `<key>#<generation>`. The process whose insert of
 * generation 0 succeeds owns the key; it then marks that generation `done` (the work is finished:
 * nobody takes the key again) or `released` (it failed: the next claimer may try it). When the
 * owner dies, its generation stays `running` until it expires; then the next generation can be
 * inserted, and the one insert that succeeds owns the key. Only a generation's owner ever updates
 * it, so no update can be lost. The lease time must exceed the longest run: a process that is still
 * working past it is taken over.
 */

export const JOB_LEASES = 'job_leases';

type LeaseState = 'running' | 'done' | 'released';

interface LeaseDoc {
  _id: string;
  key: string;
  generation: number;
  owner: string;
  state: LeaseState;
  at: Date;
  expiresAt: Date;
}

/** Declared as a model only for its index, built with the others' (syncIndexes); written through the driver. */
const leaseSchema = new Schema(
  {
    _id: String,
    key: String,
    generation: Number,
    owner: String,
    state: String,
    at: Date,
    expiresAt: Date,
  },
  { versionKey: false },
);
// Each claim reads a key's latest generation.
leaseSchema.index({ key: 1, generation: -1 });
model('JobLease', leaseSchema, JOB_LEASES);

const leases = () => mongoose.connection.collection<LeaseDoc>(JOB_LEASES);

/** This process, as the owner written on its leases. */
export const PROCESS_OWNER = randomUUID();

export interface LeaseOptions {
  /** How long the lease holds without being finished; past it another process may take the key. */
  leaseMs: number;
  owner?: string;
}

/** A key this process owns until it says `finish` (the work is done) or `release` (try again later). */
export class Lease {
  constructor(
    readonly key: string,
    readonly generation: number,
    private readonly id: string,
  ) {}

  /** The work is done: the key is never taken again. */
  finish(): Promise<void> {
    return this.mark('done');
  }

  /** The work failed: the next claim of the key may take it at once. */
  release(): Promise<void> {
    return this.mark('released');
  }

  private async mark(state: LeaseState): Promise<void> {
    await leases().updateOne({ _id: this.id }, { $set: { state, at: new Date() } });
  }
}

/**
 * Takes the key when no process holds it: null when it is done, held by a lease that has not
 * expired, or taken by another process at the same moment.
 */
export async function claimLease(key: string, options: LeaseOptions): Promise<Lease | null> {
  const now = Date.now();
  // Generations are `key#0`, `key#1`...: the newest is found by point reads (a query on `key` would
  // read every lease on the embedded engine). A generation purged long after it ended leaves a gap
  // at the start; what it guarded checks its own state after the claim (see purgeOldLeases).
  let latest: LeaseDoc | null = null;
  for (let generation = 0; ; generation++) {
    const found = await leases().findOne({ _id: `${key}#${generation}` });
    if (!found) break;
    latest = found;
  }
  if (latest && (latest.state === 'done' || (latest.state === 'running' && latest.expiresAt.getTime() > now))) {
    return null;
  }
  const generation = latest ? latest.generation + 1 : 0;
  const id = `${key}#${generation}`;
  try {
    await leases().insertOne({
      _id: id,
      key,
      generation,
      owner: options.owner ?? PROCESS_OWNER,
      state: 'running',
      at: new Date(now),
      expiresAt: new Date(now + options.leaseMs),
    });
  } catch (error) {
    // Another process inserted this generation first: it owns the key.
    if (isDuplicateKeyError(error)) return null;
    throw error;
  }
  return new Lease(key, generation, id);
}

/**
 * Removes leases whose time ended more than `olderThanMs` ago (FerretDB has no TTL indexes). Safe:
 * a periodic run's key names a period long past, and an item's work checks the item's own state
 * after claiming it.
 */
export async function purgeOldLeases(olderThanMs: number): Promise<number> {
  const result = await leases().deleteMany({ expiresAt: { $lt: new Date(Date.now() - olderThanMs) } });
  return result.deletedCount;
}

/** A job run periodically by one process at a time: `run` is called at most once per period. */
export interface PeriodicJob {
  /** Unique, stable across processes: it names the leases. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface JobStats {
  /** Runs this process started. */
  runs: number;
  /** Of them, those that threw. */
  failures: number;
  lastRunAt: Date | null;
  lastError: string | null;
}

export interface JobRunnerOptions {
  leaseMs: number;
  /** How often this process looks for due work; a dead process's run is taken over within it. */
  pollMs: number;
  owner?: string;
  logger?: Pick<Logger, 'warn' | 'error' | 'debug'>;
}

/**
 * Runs the periodic jobs: every `pollMs` each process tries to claim each job's current period
 * (`job:<name>:<period number>`); the one that claims it runs the job and marks the period done.
 * Adding a job is one `add({ name, everyMs, run })` (see src/jobs.ts).
 */
export class JobRunner {
  private readonly jobs = new Map<string, { job: PeriodicJob; stats: JobStats }>();
  private timer: NodeJS.Timeout | undefined;
  private readonly passes = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {}

  add(job: PeriodicJob): this {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
    if (!(job.everyMs > 0)) throw new Error(`job ${job.name} needs a positive period`);
    this.jobs.set(job.name, { job, stats: { runs: 0, failures: 0, lastRunAt: null, lastError: null } });
    return this;
  }

  /** Looks for due work every `pollMs` (one pass at a time) until `stop`. */
  start(): void {
    const tick = () => {
      if (this.stopped) return;
      void this.runDue()
        .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'jobs: could not look for due work'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /**
   * One pass: runs each job whose current period no process has run or is running (or whose run's
   * lease expired). Returns the names of the jobs this call ran. Safe to call from any number of
   * processes at once.
   */
  runDue(now = Date.now()): Promise<string[]> {
    const pass = this.pass(now);
    this.passes.add(pass);
    void pass.catch(() => undefined).finally(() => this.passes.delete(pass));
    return pass;
  }

  private async pass(now: number): Promise<string[]> {
    const ran: string[] = [];
    for (const { job, stats } of this.jobs.values()) {
      if (this.stopped) break;
      const lease = await claimLease(`job:${job.name}:${Math.floor(now / job.everyMs)}`, this.options);
      if (!lease) continue;
      await this.runOnce(job, stats, lease);
      ran.push(job.name);
    }
    return ran;
  }

  private async runOnce(job: PeriodicJob, stats: JobStats, lease: Lease): Promise<void> {
    stats.runs += 1;
    stats.lastRunAt = new Date();
    try {
      await job.run();
      stats.lastError = null;
    } catch (error) {
      stats.failures += 1;
      stats.lastError = error instanceof Error ? error.message : String(error);
      this.options.logger?.warn({ err: error, job: job.name }, 'job failed; it runs again next period');
    }
    // A failed run also ends its period: the job runs again in the next one, not in a loop.
    await lease
      .finish()
      .catch((error: unknown) =>
        this.options.logger?.warn({ err: error, job: job.name }, 'job lease not marked done; it expires'),
      );
  }

  /**
   * Starts no more runs and waits for the one under way, up to `timeoutMs`. False when it was still
   * running then (its lease expires and another process runs that period again).
   */
  async stop(timeoutMs: number): Promise<boolean> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.passes.size === 0) return true;
    const running = Promise.allSettled([...this.passes]);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const finished = await Promise.race([running.then(() => true as const), timedOut]);
    clearTimeout(timer);
    return finished;
  }

  /** Runs and failures of each job in this process (for metrics). */
  stats(): Record<string, JobStats> {
    return Object.fromEntries([...this.jobs].map(([name, { stats }]) => [name, { ...stats }]));
  }
}
