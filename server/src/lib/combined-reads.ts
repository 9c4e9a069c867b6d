import { mongo } from 'mongoose';
import { readCache } from './read-cache';

type Document = mongo.Document;
type Id = string | mongo.ObjectId;

interface Pending {
  id: Id;
  resolve: (doc: Document | null) => void;
  reject: (error: unknown) => void;
}

/** The most documents one combined read asks for (the patched FerretDB looks up at most 1000 by index). */
const MAX_IDS = 500;

/**
 * Point reads by `_id` that requests make of one collection in the same turn of the event loop,
 * sent to the database as one `find({_id: {$in: [...]}})`: when many members book at once, every
 * request reads its own account and its own list of sessions. On the embedded FerretDB a command
 * costs several times a document in it (0.3–0.5 ms a `findOne` against about 0.1 ms a document of
 * a read of 20; Pulso's FerretDB looks `$in` up through the `_id` index: FERRETDB_PATCHES in
 * lib/database-engine.ts), and the server sends and parses one command instead of many. A read made
 * alone is sent as a plain `findOne` at the end of the current turn.
 *
 * Each caller gets a document of its own. The read cache learns the read in each caller's context
 * (the command itself is sent in whichever context scheduled it).
 */
export class CombinedReads<T extends Document> {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly collection: () => mongo.Collection<Document>,
    private readonly projection?: Record<string, number>,
  ) {}

  /** The document with this `_id`, or null. */
  findById(id: Id): Promise<T | null> {
    readCache.noteRead(this.collection().collectionName, id);
    return new Promise((resolve, reject) => {
      this.queue.push({ id, resolve: resolve as (doc: Document | null) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        const batch = this.queue.splice(0);
        for (let i = 0; i < batch.length; i += MAX_IDS) void this.read(batch.slice(i, i + MAX_IDS));
      });
    });
  }

  private async read(batch: Pending[]): Promise<void> {
    const options = this.projection ? { projection: this.projection } : {};
    try {
      if (batch.length === 1) {
        const [only] = batch as [Pending];
        only.resolve(await this.collection().findOne({ _id: only.id } as Document, options));
        return;
      }
      const ids = [...new Map(batch.map((p) => [String(p.id), p.id])).values()];
      const docs = await this.collection()
        .find({ _id: { $in: ids } } as Document, options)
        .toArray();
      const byId = new Map(docs.map((doc) => [String(doc._id), doc]));
      const given = new Set<string>();
      for (const p of batch) {
        const key = String(p.id);
        const doc = byId.get(key) ?? null;
        // The same document asked twice in one turn: the second caller gets a copy.
        p.resolve(doc && given.has(key) ? mongo.BSON.deserialize(mongo.BSON.serialize(doc)) : doc);
        given.add(key);
      }
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}
