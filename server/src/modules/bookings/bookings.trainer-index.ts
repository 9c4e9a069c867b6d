import mongoose, { Types } from 'mongoose';
import { addDays } from '@pulso/shared';
import { withDocumentLock } from '../../lib/document-lock';

/**
 * The sessions each trainer teaches as a substitute, one document a trainer (`trainer_sessions`,
 * `_id` = the trainer's id): the sessions a trainer teaches by their class come from the class's
 * weekly pattern, and these are the others, so "the sessions T teaches" is a point read of T's
 * list instead of a search of every session.
 *
 * The session's own document decides who teaches it (`lesson_sessions.trainer`); this list only
 * says where to look. An admin's change adds the session to the new substitute's list before the
 * session names them, and takes it out of the previous one's after, so a list may name a session
 * its trainer no longer teaches (readers check the session) but never misses one they do. Each
 * list is written under its document lock, by `_id`.
 */

export const TRAINER_SESSIONS = 'trainer_sessions';

export interface SubstituteEntry {
  session: string;
  /** The session's date at the gym and its local start and end (`YYYY-MM-DDTHH:mm`). */
  date: string;
  start: string;
  end: string;
}

interface TrainerSessionsDoc {
  _id: Types.ObjectId;
  entries: SubstituteEntry[];
}

const lists = () => mongoose.connection.collection<TrainerSessionsDoc>(TRAINER_SESSIONS);

/** Entries of sessions this long past leave a list when it is written. */
const KEEP_PAST_DAYS = 400;

const oid = (id: string) => new Types.ObjectId(id);

async function rewrite(trainer: string, change: (entries: SubstituteEntry[]) => SubstituteEntry[]): Promise<void> {
  await withDocumentLock(`trainer-sessions:${trainer}`, async () => {
    const stored = (await lists().findOne({ _id: oid(trainer) })) as TrainerSessionsDoc | null;
    const cutoff = addDays(new Date().toISOString().slice(0, 10), -KEEP_PAST_DAYS);
    const entries = change(stored?.entries ?? []).filter((e) => e.date >= cutoff);
    await lists().replaceOne({ _id: oid(trainer) }, { entries }, { upsert: true });
  });
}

/** `trainer` substitutes in the session `id` (of the gym date `date`, from `start` to `end`). */
export async function indexSubstitute(
  trainer: string,
  session: { id: string; date: string; start: string; end: string },
): Promise<void> {
  const entry: SubstituteEntry = { session: session.id, date: session.date, start: session.start, end: session.end };
  await rewrite(trainer, (entries) => [...entries.filter((e) => e.session !== session.id), entry]);
}

/** `trainer` no longer substitutes in the session `id`. */
export async function unindexSubstitute(trainer: string, id: string): Promise<void> {
  await rewrite(trainer, (entries) => entries.filter((e) => e.session !== id));
}

/** The sessions `trainer` was made the substitute of, in [from, to] (gym dates): one point read. */
export async function substituteEntries(trainer: Types.ObjectId, from: string, to: string): Promise<SubstituteEntry[]> {
  const stored = (await lists().findOne({ _id: trainer })) as TrainerSessionsDoc | null;
  return (stored?.entries ?? []).filter((e) => e.date >= from && e.date <= to);
}
