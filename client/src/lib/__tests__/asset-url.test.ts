import { afterEach, describe, expect, test, vi } from 'vitest';

/** assetUrl as a SPA built with these VITE_* settings has it. */
async function assetUrlBuiltWith(settings: Record<string, string>) {
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import('../asset-url')).assetUrl;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('assetUrl', () => {
  test('when the API is on the page’s origin (the default /api), then image paths stay paths, at any address the site is opened', async () => {
    const assetUrl = await assetUrlBuiltWith({});
    expect(assetUrl('/uploads/a.jpg')).toBe('/uploads/a.jpg');
  });

  test('when VITE_API_URL points at another origin, then image paths are loaded from the API’s origin', async () => {
    const assetUrl = await assetUrlBuiltWith({ VITE_API_URL: 'http://127.0.0.1:3000/api' });
    expect(assetUrl('/uploads/a.jpg')).toBe('http://127.0.0.1:3000/uploads/a.jpg');
  });

  test('when the URL is already absolute or data, then it is used as it is', async () => {
    const assetUrl = await assetUrlBuiltWith({ VITE_API_URL: 'https://api.example/api' });
    for (const url of [
      'https://res.cloudinary.com/pulso/image/upload/v1/pulso/a.jpg',
      '//cdn.example/a.jpg',
      'data:image/png;base64,AAAA',
    ]) {
      expect(assetUrl(url)).toBe(url);
    }
  });

  test('when the SPA runs in mock mode, then the paths are its own files, whatever VITE_API_URL says', async () => {
    const assetUrl = await assetUrlBuiltWith({ VITE_API_URL: 'https://api.example/api', VITE_API_MODE: 'mock' });
    expect(assetUrl('/demo-images/sede-1.jpg')).toBe('/demo-images/sede-1.jpg');
  });
});
