import mongoose from 'mongoose';
import { withDocumentLock } from './document-lock';

interface OwnedListDoc {
  _id: string;
  ids: string[];
}

/**
 * A list of the ids of what one person owns in a collection that is not kept by person (their
 * reviews, kept by class; their contact messages), one document per owner (`_id`: the owner's key),
 * so everything of theirs is found by a point read: their data export (and, later, their erasure)
 * reads nothing else. Each owner's list is changed under their document lock (FerretDB applies two
 * updates of one document without isolation). An id is listed before what it names is written, so
 * nothing written is ever missing from the list; what a list names and cannot be found was never
 * written, and readers skip it.
 */
export function ownedList(collection: string) {
  const lists = () => mongoose.connection.collection<OwnedListDoc>(collection);
  /** Adds under way in this process: the same one asked again at once (twenty reviews sent together) waits for it. */
  const adding = new Map<string, Promise<void>>();
  const listed = async (owner: string, id: string) => !!(await lists().findOne({ _id: owner }))?.ids.includes(id);
  return {
    collection,
    add(owner: string, id: string): Promise<void> {
      const key = `${owner}\n${id}`;
      let pending = adding.get(key);
      if (!pending) {
        pending = (async () => {
          // Listed already (the common case: a member's second review of a class): no lock needed.
          if (await listed(owner, id)) return;
          await withDocumentLock(`${collection}:${owner}`, async () => {
            const doc = await lists().findOne({ _id: owner });
            if (doc?.ids.includes(id)) return;
            await lists().replaceOne({ _id: owner }, { ids: [...(doc?.ids ?? []), id] }, { upsert: true });
          });
        })().finally(() => adding.delete(key));
        adding.set(key, pending);
      }
      return pending;
    },
    async ids(owner: string): Promise<string[]> {
      return (await lists().findOne({ _id: owner }))?.ids ?? [];
    },
    /** Forgets the owner's list (their account was erased, and what it named with it). */
    async drop(owner: string): Promise<void> {
      await withDocumentLock(`${collection}:${owner}`, () => lists().deleteOne({ _id: owner }));
    },
  };
}

/** The classes each member reviewed (key: the member's id; ids: the classes'). */
export const reviewerLessons = ownedList('reviewer_lessons');
/** The contact messages sent from each address (key: the normalised e-mail; ids: the messages'). */
export const contactSenders = ownedList('contact_senders');
/** The sign-in identities (Google) of each account (key: the user's id; ids: the identities' `_id`s). */
export const identityOwners = ownedList('identity_owners');
