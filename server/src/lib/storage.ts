import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { onDuplicateKey } from './db';

export interface StoredFile {
  /** What the driver needs to delete the file later. */
  key: string;
  /**
   * Where the file is served, and what image fields send as they are: a path on this server
   * ('/uploads/...', which clients resolve against the API's origin, so the site works at any
   * address it is opened at) or an absolute URL (Cloudinary).
   */
  url: string;
}

/** Where uploaded images live: local disk by default, Cloudinary when CLOUDINARY_URL is set. */
export interface StorageDriver {
  save(data: Buffer, extension: 'jpg' | 'png'): Promise<StoredFile>;
  remove(key: string): Promise<void>;
}

/** Files under DATA_DIR/uploads with server-made names, served at /uploads/<name>. */
export class LocalDiskStorage implements StorageDriver {
  constructor(private readonly dir: string) {}

  async save(data: Buffer, extension: 'jpg' | 'png'): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const key = `${randomUUID()}.${extension}`;
    await writeFile(path.join(this.dir, key), data, { flag: 'wx' });
    return { key, url: `/uploads/${key}` };
  }

  async remove(key: string): Promise<void> {
    // Keys are our own names; anything else is never a path to follow.
    if (!/^[0-9a-f-]{36}\.(jpg|png)$/.test(key)) return;
    await rm(path.join(this.dir, key), { force: true });
  }
}

/** An uploaded image whose content has been checked. */
export interface NewImage {
  data: Buffer;
  extension: 'jpg' | 'png';
}

/** The image fields of a record: set when a new image was stored, empty otherwise. */
export type ImageFields = { image: string; imageKey: string } | Record<string, never>;

/**
 * Stores the image (when there is one) and then writes the record with its fields. When the write
 * fails the stored image is removed again, so a failed request leaves no file behind; when it
 * succeeds, the image it replaces (`replacing`) is removed.
 */
export async function withStoredImage<T>(
  storage: StorageDriver,
  image: NewImage | undefined,
  write: (imageFields: ImageFields) => Promise<T>,
  replacing?: string,
): Promise<T> {
  const stored = image ? await storage.save(image.data, image.extension) : undefined;
  let result: T;
  try {
    result = await write(stored ? { image: stored.url, imageKey: stored.key } : {});
  } catch (error) {
    if (stored) await storage.remove(stored.key);
    throw error;
  }
  if (stored && replacing) await storage.remove(replacing);
  return result;
}

/**
 * Updates a record whose name is unique, with its new image if one came (`withStoredImage`: the
 * image it replaces, `replacing`, is removed once the write succeeded). A duplicate name becomes
 * `taken()`, a record gone in the meantime `gone()`.
 */
export async function updateWithImage<T>(
  storage: StorageDriver,
  image: NewImage | undefined,
  replacing: string | undefined,
  update: (imageFields: ImageFields) => Promise<T | null>,
  errors: { taken: () => Error; gone: () => Error },
): Promise<T> {
  return onDuplicateKey(
    () =>
      withStoredImage(
        storage,
        image,
        async (imageFields) => {
          const updated = await update(imageFields);
          if (!updated) throw errors.gone();
          return updated;
        },
        replacing,
      ),
    errors.taken,
  );
}
