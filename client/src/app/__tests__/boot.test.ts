import { TOKEN_STORAGE_KEY } from '@pulso/shared';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// Image fields as the API sends them: paths on the API's origin.
const LESSON_IMAGE = '/uploads/yoga.jpg';
const BRANCH_IMAGE = '/uploads/centro.jpg';
/** Where a SPA built with VITE_API_URL pointing at another origin finds the API. */
const HOSTED_API = 'https://api.example';

const BODIES: Record<string, unknown> = {
  '/api/config': { gymName: 'Pulso', currency: 'usd', googleClientId: null },
  '/api/memberships': [],
  '/api/lessons': [{ name: 'Yoga', image: LESSON_IMAGE }],
  '/api/types': [{ id: '1', name: 'Cardio' }],
  '/api/branchoffice': { branchOffice: [{ name: 'Centro', image: BRANCH_IMAGE }] },
  '/api/lessons/Ca%C3%B1a%20Yoga': { name: 'Caña Yoga', image: LESSON_IMAGE },
};

const fetchMock = vi.fn((address: string) => {
  const url = address.startsWith(HOSTED_API) ? address.slice(HOSTED_API.length) : address;
  return Promise.resolve(
    url in BODIES ? new Response(JSON.stringify(BODIES[url]), { status: 200 }) : new Response('{}', { status: 404 }),
  );
});

/** Runs the boot script as if the browser had opened `path`. */
async function boot(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  await import('../boot');
  const answers = window.__pulsoPrefetch?.answers ?? new Map<string, Promise<unknown>>();
  await Promise.allSettled(answers.values());
  // Let the handlers that preload the image run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return [...answers.keys()];
}

const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) =>
    l.getAttribute('href'),
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  delete window.__pulsoPrefetch;
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  window.history.replaceState(null, '', '/');
});

describe('the boot script', () => {
  test('when a visitor opens the landing page, then it asks for the settings and plans and preloads the first slide', async () => {
    expect(await boot('/')).toEqual(['/config', '/memberships']);
    expect(preloadedImages()).toEqual(['/gallery/galeria-1.jpg']);
  });

  test('when someone signed in opens the landing page, then the plans are left to the app', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a.b.c');
    expect(await boot('/')).toEqual(['/config']);
  });

  test('when /clases opens, then it asks for the classes and types and preloads the first class image', async () => {
    expect(await boot('/clases/')).toEqual(['/config', '/lessons', '/types']);
    expect(preloadedImages()).toEqual([LESSON_IMAGE]);
  });

  test('when /sedes opens, then it asks for the sedes and preloads the first one’s image', async () => {
    expect(await boot('/sedes')).toEqual(['/config', '/branchoffice']);
    expect(preloadedImages()).toEqual([BRANCH_IMAGE]);
  });

  test('when a class page opens, then it asks for that class by the path the app uses', async () => {
    expect(await boot('/clases/Ca%C3%B1a%20Yoga')).toEqual(['/config', '/lessons/Ca%C3%B1a%20Yoga']);
    expect(preloadedImages()).toEqual([LESSON_IMAGE]);
  });

  test('when another page opens, then only the site settings are asked for', async () => {
    expect(await boot('/contactanos')).toEqual(['/config']);
    expect(preloadedImages()).toEqual([]);
  });

  test('when the API is on another origin (VITE_API_URL), then its calls go there and its image paths are resolved against it', async () => {
    vi.stubEnv('VITE_API_URL', `${HOSTED_API}/api/`);
    expect(await boot('/sedes')).toEqual(['/config', '/branchoffice']);
    expect(fetchMock).toHaveBeenCalledWith(`${HOSTED_API}/api/branchoffice`, expect.anything());
    expect(preloadedImages()).toEqual([`${HOSTED_API}${BRANCH_IMAGE}`]);
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    // The SPA's own files stay on the page's origin.
    await boot('/');
    expect(preloadedImages()).toEqual(['/gallery/galeria-1.jpg']);
  });

  test('when a call fails, then its answer rejects for the app to retry and nothing is preloaded', async () => {
    await boot('/clases/Desconocida');
    await expect(window.__pulsoPrefetch?.answers.get('/lessons/Desconocida')).rejects.toThrow('HTTP 404');
    expect(preloadedImages()).toEqual([]);
  });
});
