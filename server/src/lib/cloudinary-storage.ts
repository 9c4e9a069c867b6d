import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import { v2 as cloudinary, type ConfigOptions, type UploadApiResponse } from 'cloudinary';
import type { StorageDriver, StoredFile } from './storage';

/** Reads cloud name, key and secret from a cloudinary://KEY:SECRET@CLOUD_NAME URL. */
export function parseCloudinaryUrl(value: string): { cloud_name: string; api_key: string; api_secret: string } {
  const url = new URL(value);
  if (url.protocol !== 'cloudinary:' || !url.hostname || !url.username || !url.password) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://API_KEY:API_SECRET@CLOUD_NAME');
  }
  return {
    cloud_name: url.hostname,
    api_key: decodeURIComponent(url.username),
    api_secret: decodeURIComponent(url.password),
  };
}

/**
 * Images in Cloudinary (CLOUDINARY_URL): uploaded through the signed upload API under a folder,
 * served from their secure URL, deleted by public id when replaced.
 */
export class CloudinaryStorage implements StorageDriver {
  private readonly options: ConfigOptions;

  constructor(
    cloudinaryUrl: string,
    private readonly folder = 'pulso',
    /** Only for tests: another https address for the upload API, and the agent to reach it. */
    uploadPrefix?: string,
    agent?: Agent,
  ) {
    this.options = {
      ...parseCloudinaryUrl(cloudinaryUrl),
      secure: true,
      ...(uploadPrefix ? { upload_prefix: uploadPrefix } : {}),
      ...(agent ? { agent } : {}),
    };
  }

  async save(data: Buffer, extension: 'jpg' | 'png'): Promise<StoredFile> {
    const mime = extension === 'png' ? 'image/png' : 'image/jpeg';
    const result: UploadApiResponse = await cloudinary.uploader.upload(
      `data:${mime};base64,${data.toString('base64')}`,
      {
        ...this.options,
        folder: this.folder,
        public_id: randomUUID(),
        resource_type: 'image',
        overwrite: false,
      },
    );
    return { key: result.public_id, url: result.secure_url };
  }

  async remove(key: string): Promise<void> {
    if (!key) return;
    await cloudinary.uploader.destroy(key, { ...this.options, resource_type: 'image', invalidate: true });
  }
}
