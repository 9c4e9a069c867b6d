import mongoose, { type Types } from 'mongoose';
import { withDocumentLock } from '../../lib/document-lock';
import { UserModel, type UserDoc } from './users.model';

/**
 * The active trainers, one small document each (`_id` the account's), kept beside the accounts:
 * finding a trainer by full name (the spec's lesson form names the trainer) or listing them reads
 * this collection of a few dozen documents instead of every account, which the embedded engine
 * would read whole for any filter but `_id`. Every change that makes, unmakes, renames or suspends
 * a trainer calls syncTrainer(); migration 005 builds it for an existing database.
 */
export const TRAINERS = 'trainers';

export interface TrainerEntry {
  _id: Types.ObjectId;
  fullName: string;
  email: string;
}

const trainers = () => mongoose.connection.collection<TrainerEntry>(TRAINERS);

type TrainerFields = Pick<UserDoc, '_id' | 'fullName' | 'email' | 'isMonitor' | 'deletedAt'>;

/** Whether an account, as read, is an active trainer: one who can be given a class. */
export const actsAsTrainer = (doc: Partial<Pick<UserDoc, 'isMonitor' | 'deletedAt'>> | null | undefined) =>
  !!doc?.isMonitor && !doc.deletedAt;

/**
 * Brings the account's entry in line with the account as stored now. Under a lock per account, so
 * two changes of one account at the same moment cannot leave the older state behind.
 */
export async function syncTrainer(id: Types.ObjectId): Promise<void> {
  await withDocumentLock(`trainer:${id.toString()}`, async () => {
    const doc = await UserModel.findById(id, {
      fullName: 1,
      email: 1,
      isMonitor: 1,
      deletedAt: 1,
    }).lean<TrainerFields>();
    if (doc && actsAsTrainer(doc)) {
      await trainers().replaceOne({ _id: id }, { fullName: doc.fullName, email: doc.email }, { upsert: true });
    } else {
      await trainers().deleteOne({ _id: id });
    }
  });
}

/** The active trainers with this full name (ids; at most `limit`), from the directory. */
export async function trainerIdsNamed(fullName: string, limit = 10): Promise<Types.ObjectId[]> {
  const docs = await trainers()
    .find({ fullName }, { projection: { _id: 1 } })
    .limit(limit)
    .toArray();
  return docs.map((d) => d._id);
}

/** Every active trainer, by name. */
export async function directoryTrainers(): Promise<TrainerEntry[]> {
  const docs = await trainers().find({}).toArray();
  return docs.sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0));
}

/**
 * Builds the directory from the accounts (one read of them all: migration 005 and a restore, never a
 * request). Entries of accounts that are no longer active trainers go. Returns how many trainers.
 */
export async function rebuildTrainerDirectory(): Promise<number> {
  const active = new Set<string>();
  const cursor = UserModel.find({ isMonitor: true }, { fullName: 1, email: 1, isMonitor: 1, deletedAt: 1 })
    .lean<TrainerFields>()
    .cursor();
  for await (const doc of cursor) {
    if (!actsAsTrainer(doc)) continue;
    active.add(doc._id.toString());
    await trainers().replaceOne({ _id: doc._id }, { fullName: doc.fullName, email: doc.email }, { upsert: true });
  }
  for (const entry of await trainers()
    .find({}, { projection: { _id: 1 } })
    .toArray()) {
    if (!active.has(entry._id.toString())) await trainers().deleteOne({ _id: entry._id });
  }
  return active.size;
}
