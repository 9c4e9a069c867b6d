import { env } from '../config/env';

/**
 * Where the browser loads an image field from. The API names the files it serves by their path
 * ('/uploads/<file>'), relative to its own origin, so the site works at whatever address it is
 * opened: such a path is used as it is when the API is on this page's origin (VITE_API_URL '/api',
 * the default) and joined to the API's origin when VITE_API_URL points at another one. Absolute
 * URLs (Cloudinary) and data: URLs are used as they are. app/boot.ts does the same for the image it
 * preloads.
 */
export function assetUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? env.apiOrigin + url : url;
}
