import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import { HttpError } from './http-error';
import type { StorageDriver, StoredFile } from './storage';

/** GridFS's default chunk size (255 KiB): an image of up to 5 MB is at most 21 chunks. */
const CHUNK_SIZE = 255 * 1024;
/** Our own names only: anything else is never looked up. */
const KEY = /^[0-9a-f-]{36}\.(jpg|png)$/;
const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;

interface FileDoc {
  _id: string;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  filename: string;
  metadata: { contentType: string };
}

interface ChunkDoc {
  _id: string;
  files_id: string;
  n: number;
  data: mongoose.mongo.Binary;
}

/**
 * Images in the database itself, in GridFS's layout (`uploads.files`, `uploads.chunks`), so every
 * server on the database serves every image, the replica set replicates them and `npm run backup`
 * includes them; no external account is needed.
 *
 * The documents are GridFS's (mongofiles and the drivers' GridFSBucket read them), but written and
 * read here by `_id`: a file is `<uuid>.<ext>`, its chunks `<uuid>.<ext>#<n>`. GridFSBucket finds
 * chunks by `files_id` and `n`, which FerretDB answers by reading the whole chunks collection (on the
 * embedded engine one image took 1.6 s to read with 60 stored); by `_id` each chunk is one lookup.
 * The chunks are written before the file document, so a file that can be found is complete, and
 * removed after it. Images never change under their name, so the bytes of recently served ones
 * are kept in memory (`cacheBytes`); the file document is still read on every request, so a removed
 * image is gone from every server at once.
 */
export class GridFsStorage implements StorageDriver {
  private readonly cache: LRUCache<string, Buffer>;

  constructor(
    private readonly bucket = 'uploads',
    cacheBytes = 32 * 1024 * 1024,
  ) {
    this.cache = new LRUCache({ maxSize: cacheBytes, sizeCalculation: (data) => Math.max(1, data.length) });
  }

  private files() {
    return mongoose.connection.collection<FileDoc>(`${this.bucket}.files`);
  }

  private chunks() {
    return mongoose.connection.collection<ChunkDoc>(`${this.bucket}.chunks`);
  }

  async save(data: Buffer, extension: 'jpg' | 'png'): Promise<StoredFile> {
    const key = `${randomUUID()}.${extension}`;
    const chunks: ChunkDoc[] = [];
    for (let n = 0; n * CHUNK_SIZE < data.length; n++) {
      const part = data.subarray(n * CHUNK_SIZE, (n + 1) * CHUNK_SIZE);
      chunks.push({ _id: `${key}#${n}`, files_id: key, n, data: new mongoose.mongo.Binary(part) });
    }
    try {
      if (chunks.length) await this.chunks().insertMany(chunks, { ordered: true });
      await this.files().insertOne({
        _id: key,
        length: data.length,
        chunkSize: CHUNK_SIZE,
        uploadDate: new Date(),
        filename: key,
        metadata: { contentType: CONTENT_TYPES[extension] },
      });
    } catch (error) {
      await this.removeChunks(key).catch(() => undefined);
      throw error;
    }
    return { key, url: `/uploads/${key}` };
  }

  async remove(key: string): Promise<void> {
    if (!KEY.test(key)) return;
    await this.files().deleteOne({ _id: key });
    this.cache.delete(key);
    await this.removeChunks(key);
  }

  /** Deletes chunk 0, 1, 2… by `_id` until one is not there. */
  private async removeChunks(key: string): Promise<void> {
    for (let n = 0; ; n++) {
      if ((await this.chunks().deleteOne({ _id: `${key}#${n}` })).deletedCount === 0) return;
    }
  }

  /** The stored file and its bytes, or null when there is no such file. */
  async read(key: string): Promise<{ file: FileDoc; data: Buffer } | null> {
    if (!KEY.test(key)) return null;
    const file = await this.files().findOne({ _id: key });
    if (!file) return null;
    const cached = this.cache.get(key);
    if (cached) return { file, data: cached };
    const count = Math.ceil(file.length / file.chunkSize);
    let chunks = await Promise.all(
      Array.from({ length: count }, (_, n) => this.chunks().findOne({ _id: `${key}#${n}` })),
    );
    if (chunks.some((chunk) => !chunk)) {
      // Written by another GridFS client (its chunk ids are ObjectIds): the standard query.
      chunks = await this.chunks().find({ files_id: key }).sort({ n: 1 }).toArray();
    }
    const data = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk?.data.buffer ?? [])));
    if (data.length !== file.length) throw new Error(`GridFS file ${key} is incomplete`);
    this.cache.set(key, data);
    return { file, data };
  }

  /**
   * Serves `/uploads/<name>` as the local-disk driver's static folder does: the same cache headers,
   * content types, ETag and Last-Modified (conditional requests answer 304), cross-origin use
   * allowed, 404 for anything else.
   */
  handler(): RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.status(405).setHeader('Allow', 'GET, HEAD');
        res.setHeader('Content-Length', '0');
        res.end();
        return;
      }
      let name: string;
      try {
        name = decodeURIComponent(req.path.slice(1));
      } catch {
        // As the static folder answers a path it cannot decode.
        return next(Object.assign(new Error('Failed to decode the upload path'), { status: 400 }));
      }
      this.read(name).then((found) => {
        if (!found) return next(HttpError.notFound());
        const { file, data } = found;
        res.setHeader('Cache-Control', 'public, max-age=604800');
        res.setHeader('Last-Modified', file.uploadDate.toUTCString());
        res.setHeader('ETag', `W/"${file.length.toString(16)}-${file.uploadDate.getTime().toString(16)}"`);
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        res.type(file.metadata?.contentType ?? name.split('.').pop() ?? 'application/octet-stream');
        // send answers HEAD without a body and a fresh conditional request with 304.
        res.send(data);
      }, next);
    };
  }
}
