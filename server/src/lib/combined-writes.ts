import type { mongo } from 'mongoose';

type Collection<T extends Document> = mongo.Collection<T>;
type Document = mongo.Document;
type AnyBulkWriteOperation<T extends Document> = mongo.AnyBulkWriteOperation<T>;
import { isDuplicateKeyError } from './db';

type Id = string | { toString(): string };

type Op =
  | { kind: 'insert'; doc: Document & { _id: Id }; resolve: (inserted: boolean) => void; reject: (e: unknown) => void }
  | { kind: 'delete'; filter: Document & { _id: Id }; resolve: () => void; reject: (e: unknown) => void }
  | { kind: 'replace'; doc: Document & { _id: Id }; resolve: () => void; reject: (e: unknown) => void };

/** A command's error for one of its statements (MongoBulkWriteError's `writeErrors`). */
interface StatementError {
  index: number;
  code?: number;
  errmsg?: string;
}

function statementErrors(error: unknown): Map<number, StatementError> | null {
  const list = (error as { writeErrors?: StatementError | StatementError[] }).writeErrors;
  if (!list) return null;
  return new Map((Array.isArray(list) ? list : [list]).map((e) => [e.index, e]));
}

const statementError = (e: StatementError) =>
  Object.assign(new Error(e.errmsg ?? 'write failed'), { code: e.code, errmsg: e.errmsg });

/**
 * Point writes (each to one document, by `_id`) that requests make to one collection in the same turn
 * of the event loop, sent to the database as one command: the inserts as one `insertMany`, the
 * deletes by `_id` alone as one `deleteMany` of a list of `_id`s, the other deletes and the
 * replacements as one `bulkWrite`. On the embedded FerretDB each command is a SQLite
 * transaction that costs far more than a document in it (docs/performance.md, "Booking rush"), so
 * when many requests arrive at once (bookings opening) the database does a fraction of the work; a
 * write made alone waits only for the end of the current turn. Each write still succeeds or fails on
 * its own; two writes to one document go in order, in separate commands (the second once the first
 * is answered).
 */
export class CombinedWrites {
  private queue: Op[] = [];
  private scheduled = false;
  /** The command on its way for each document written (the next write of it waits for it). */
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(private readonly collection: () => Collection<Document>) {}

  /** Inserts `doc`; false when a document with its `_id` exists (nothing written). */
  insert(doc: Document & { _id: Id }): Promise<boolean> {
    return new Promise((resolve, reject) => this.push({ kind: 'insert', doc, resolve, reject }));
  }

  /** Deletes the document `filter` names (by `_id`, with any further conditions), if it is there. */
  delete(filter: Document & { _id: Id }): Promise<void> {
    return new Promise((resolve, reject) => this.push({ kind: 'delete', filter, resolve, reject }));
  }

  /** Writes `doc` whole under its `_id` (inserted when missing). */
  replace(doc: Document & { _id: Id }): Promise<void> {
    return new Promise((resolve, reject) => this.push({ kind: 'replace', doc, resolve, reject }));
  }

  private push(op: Op): void {
    this.queue.push(op);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush(this.queue.splice(0));
    });
  }

  private async flush(ops: Op[]): Promise<void> {
    // A document written twice in the turn: its later writes go in the next command, in order; one
    // whose earlier write is still on its way waits for it.
    const seen = new Set<string>();
    const now: Op[] = [];
    const later: Op[] = [];
    for (const op of ops) {
      const id = idOf(op);
      const busy = this.inFlight.get(id);
      if (busy) void busy.then(() => this.push(op));
      else if (seen.has(id)) later.push(op);
      else {
        seen.add(id);
        now.push(op);
      }
    }
    const inserts = now.filter((op): op is Extract<Op, { kind: 'insert' }> => op.kind === 'insert');
    const others = now.filter((op): op is Exclude<Op, { kind: 'insert' }> => op.kind !== 'insert');
    const running = Promise.all([this.insertAll(inserts), this.writeAll(others)]).then(() => undefined);
    for (const op of now) this.inFlight.set(idOf(op), running);
    await running;
    for (const op of now) if (this.inFlight.get(idOf(op)) === running) this.inFlight.delete(idOf(op));
    if (later.length > 0) await this.flush(later);
  }

  private async insertAll(ops: Extract<Op, { kind: 'insert' }>[]): Promise<void> {
    if (ops.length === 0) return;
    try {
      await this.collection().insertMany(ops.map((op) => op.doc) as never[], { ordered: false });
      for (const op of ops) op.resolve(true);
    } catch (error) {
      const errors = statementErrors(error);
      if (!errors) {
        for (const op of ops) op.reject(error);
        return;
      }
      ops.forEach((op, i) => {
        const failed = errors.get(i);
        if (!failed) op.resolve(true);
        else if (isDuplicateKeyError(failed)) op.resolve(false);
        else op.reject(statementError(failed));
      });
    }
  }

  private async writeAll(ops: Exclude<Op, { kind: 'insert' }>[]): Promise<void> {
    // Deletes by `_id` alone go as one delete of a list of `_id`s: on FerretDB each statement of a
    // bulk write is a lookup and a delete of its own (Pulso's FerretDB finds a list by index).
    const byId = ops.filter(
      (op): op is Extract<Op, { kind: 'delete' }> => op.kind === 'delete' && Object.keys(op.filter).length === 1,
    );
    await Promise.all([this.deleteAll(byId), this.bulkWrite(ops.filter((op) => !(byId as Op[]).includes(op)))]);
  }

  private async deleteAll(ops: Extract<Op, { kind: 'delete' }>[]): Promise<void> {
    if (ops.length < 2) return this.bulkWrite(ops);
    try {
      await this.collection().deleteMany({ _id: { $in: ops.map((op) => op.filter._id) } } as Document);
      for (const op of ops) op.resolve();
    } catch (error) {
      for (const op of ops) op.reject(error);
    }
  }

  private async bulkWrite(ops: Exclude<Op, { kind: 'insert' }>[]): Promise<void> {
    if (ops.length === 0) return;
    const statements = ops.map((op) =>
      op.kind === 'delete'
        ? { deleteOne: { filter: op.filter } }
        : { replaceOne: { filter: { _id: op.doc._id }, replacement: withoutId(op.doc), upsert: true } },
    ) as unknown as AnyBulkWriteOperation<Document>[];
    try {
      await this.collection().bulkWrite(statements, { ordered: false });
      for (const op of ops) op.resolve();
    } catch (error) {
      const errors = statementErrors(error);
      ops.forEach((op, i) => {
        const failed = errors ? errors.get(i) : { index: i };
        if (!failed) op.resolve();
        else op.reject(errors ? statementError(failed) : error);
      });
    }
  }
}

const idOf = (op: Op) => String(op.kind === 'delete' ? op.filter._id : op.doc._id);

function withoutId(doc: Document): Document {
  const rest = { ...doc };
  delete rest._id;
  return rest;
}
