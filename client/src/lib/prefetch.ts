/**
 * Answers the boot script (app/boot.ts) asked for before the app's bundle arrived. The script fills
 * `window.__pulsoPrefetch`; without it (the dev server, tests, a mock build) every call goes to the API.
 */
export interface PrefetchRegistry {
  /** `performance.now()` when the script ran. */
  startedAt: number;
  /** Parsed JSON bodies by API path ('/lessons', '/lessons/Yoga'); a failed call rejects. */
  answers: Map<string, Promise<unknown>>;
}

declare global {
  interface Window {
    __pulsoPrefetch?: PrefetchRegistry;
  }
}

/** An answer older than this belongs to a visit long gone: the data may have changed since. */
export const PREFETCH_MAX_AGE_MS = 30_000;

/** The answer started for `path`, at most once; undefined when there is none or it is too old. */
export function takePrefetched<T>(path: string): Promise<T> | undefined {
  const registry = window.__pulsoPrefetch;
  const answer = registry?.answers.get(path);
  if (!registry || !answer) return undefined;
  registry.answers.delete(path);
  if (performance.now() - registry.startedAt > PREFETCH_MAX_AGE_MS) return undefined;
  return answer as Promise<T>;
}

/**
 * The boot script's answer for `path` when it has one that succeeded, else `load()`: a failed early
 * call is made again through the API client, which reports its error the usual way.
 */
export async function prefetchedOr<T>(path: string, load: () => Promise<T>): Promise<T> {
  const early = takePrefetched<T>(path);
  if (early) {
    try {
      return await early;
    } catch {
      // Fall through to the API client.
    }
  }
  return load();
}
