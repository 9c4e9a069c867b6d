/**
 * The boot script: a separate, tiny entry that index.html loads with `async` ahead of the app's bundle
 * (see bootScript() in vite.config.ts), so it runs as soon as it arrives. On the public pages whose
 * largest paint is an image it starts the API calls the page makes and fetches that image, in parallel
 * with the bundle instead of after it. The app takes the answers through lib/prefetch.ts. It also does,
 * while the page waits for the bundle, the slow first-time set-ups the page would otherwise do after
 * its first paint (see warmUp).
 *
 * It must import nothing at run time: a module shared with the app would become a chunk this script
 * waits for. Type imports are fine.
 */
import type { BranchDto, LessonDto, LessonListItemDto, PlanDto, PublicConfigDto } from '@pulso/shared';
import type { PrefetchRegistry } from '../lib/prefetch';

// The same base and origin as config/env.ts (not imported, see above). Mock builds load no boot script.
const apiUrl = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') || '/api';
const apiOrigin = /^https?:\/\//i.test(apiUrl) ? new URL(apiUrl).origin : '';

/** TOKEN_STORAGE_KEY of @pulso/shared (boot.test.ts checks they agree). */
const TOKEN_STORAGE_KEY = 'token';

/** The landing gallery's first slide (features/landing/components/gallery.tsx). */
const FIRST_SLIDE = '/gallery/galeria-1.jpg';

const registry: PrefetchRegistry = { startedAt: performance.now(), answers: new Map() };
window.__pulsoPrefetch = registry;

/** Starts GET `path` (the same path the app's API function asks for) and records its answer. */
function call<T>(path: string): Promise<T> {
  const answer = fetch(apiUrl + path, { headers: { Accept: 'application/json' } }).then((res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.json() as Promise<T>;
  });
  registry.answers.set(path, answer);
  return answer;
}

/**
 * Fetches the page's largest image at high priority, so the <img> the app renders finds it ready.
 * `url` is an image field or a file of the SPA (`fromApi` false): API paths are resolved as
 * lib/asset-url.ts does, so the preloaded address is the one the app asks for.
 */
function preloadImage(url: string | null | undefined, fromApi = true) {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = fromApi && url.startsWith('/') && !url.startsWith('//') ? apiOrigin + url : url;
  document.head.append(link);
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The first Spanish collator or number format of a page loads locale data (tens of ms, four times that
 * on a slow phone) and the first storage read waits for the browser; later ones are instant. Done
 * here, the main thread is idle anyway; done by the app, they would land after the first paint.
 */
function warmUp(page: string, lessonPage: boolean) {
  try {
    localStorage.getItem(TOKEN_STORAGE_KEY);
    // The landing's plan prices (lib/format.ts), a class's average stars (lesson-detail.tsx) and the
    // class list's sort (features/lessons/filter.ts).
    if (page === '/' || lessonPage) new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(0);
    if (page === '/clases') new Intl.Collator('es', { sensitivity: 'base', numeric: true }).compare('a', 'b');
  } catch {
    // Storage disabled or no Intl support: the app copes (or fails) the same way without this.
  }
}

/** Whether a session token is stored (lib/api-client.ts sends it); the first storage read is slow. */
function signedIn(): boolean {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

const ignore = () => undefined;
const page = location.pathname.replace(/\/+$/, '') || '/';
const lessonPage = /^\/(?:clases|detail)\/([^/]+)$/.exec(page);

call<PublicConfigDto>('/config').catch(ignore);
if (page === '/') {
  preloadImage(FIRST_SLIDE, false);
  // Visitors see the plans below the gallery (features/plans/components/plans-section.tsx).
  if (!signedIn()) call<PlanDto[]>('/memberships').catch(ignore);
} else if (page === '/clases') {
  // The first card's image is the largest paint (features/lessons/components/lesson-card.tsx).
  call<LessonListItemDto[]>('/lessons')
    .then((lessons) => preloadImage(lessons[0]?.image))
    .catch(ignore);
  call<unknown>('/types').catch(ignore);
} else if (page === '/sedes') {
  call<{ branchOffice: BranchDto[] }>('/branchoffice')
    .then(({ branchOffice }) => preloadImage(branchOffice[0]?.image))
    .catch(ignore);
} else if (lessonPage?.[1]) {
  const name = decoded(lessonPage[1]);
  if (name) {
    call<LessonDto>(`/lessons/${encodeURIComponent(name)}`)
      .then((lesson) => preloadImage(lesson.image))
      .catch(ignore);
  }
}

warmUp(page, lessonPage !== null);
