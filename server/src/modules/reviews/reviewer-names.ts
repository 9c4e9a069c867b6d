import mongoose, { type Types } from 'mongoose';
import type { Logger } from 'pino';
import { refreshLesson } from '../lessons/lessons.views';
import { renameReviewer, renameReviewerNow } from './reviews.service';

/**
 * Reviews carry their author's name (a class page names its reviewers without reading their
 * accounts). When someone changes their name, the change is queued here (one document per person,
 * a newer name replacing an older one) and the job runner copies it onto their reviews: finding
 * them means reading every class's reviews, which no request does.
 */
export const REVIEWER_RENAMES = 'reviewer_renames';

interface RenameDoc {
  _id: string;
  name: string;
  at: Date;
}

const renames = () => mongoose.connection.collection<RenameDoc>(REVIEWER_RENAMES);

export async function queueReviewerRename(userId: Types.ObjectId, name: string): Promise<void> {
  await renames().replaceOne({ _id: userId.toString() }, { name, at: new Date() }, { upsert: true });
}

/**
 * Puts `name` on the reviewer's reviews now (through their list) and queues it too, so that an older
 * name still queued never comes back, and the job catches any review the list does not name.
 */
export async function renameReviewerAtOnce(userId: Types.ObjectId, name: string): Promise<void> {
  await queueReviewerRename(userId, name);
  for (const lesson of await renameReviewerNow(userId, name)) await refreshLesson(lesson);
}

/** Copies each queued name onto its reviews and refreshes the classes shown with them (the job). */
export async function applyReviewerRenames(logger?: Pick<Logger, 'warn'>): Promise<number> {
  const queued = await renames().find({}).toArray();
  for (const task of queued) {
    const userId = new mongoose.Types.ObjectId(task._id);
    const changed = await renameReviewer(userId, task.name);
    for (const lesson of changed) await refreshLesson(lesson);
    // A newer name queued meanwhile stays for the next run.
    const now = await renames().findOne({ _id: task._id });
    if (now?.name === task.name) await renames().deleteOne({ _id: task._id });
    else logger?.warn(`reviewer ${task._id} was renamed again while their reviews were updated`);
  }
  return queued.length;
}
