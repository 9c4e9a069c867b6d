import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { es } from '../../i18n/es';
import { usePageTitle } from '../../lib/use-page-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** What browsers throw when a dynamic import (a code-split route) cannot be fetched or evaluated. */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/**
 * The generic fallback screen: the spec's 'Unexpected Application Error!' in Spanish, then the error.
 * A screen whose code could not be downloaded gets its own message and a retry instead.
 */
export function ErrorScreen() {
  const error = useRouteError();
  usePageTitle(isChunkLoadError(error) ? es.errorScreen.chunkTitle : es.titles.error);
  const reload = () => window.location.reload();
  if (isChunkLoadError(error)) {
    return (
      <section className="section message-page" role="alert">
        <h1>{es.errorScreen.chunkTitle}</h1>
        <p>{es.errorScreen.chunkText}</p>
        <button type="button" className="button button--primary" onClick={reload}>
          {es.errorScreen.retry}
        </button>
      </section>
    );
  }
  return (
    <section className="section message-page" role="alert">
      <h1>{es.errorScreen.title}</h1>
      <pre className="error-screen__detail">{describe(error)}</pre>
      <button type="button" className="button button--primary" onClick={reload}>
        {es.errorScreen.reload}
      </button>
    </section>
  );
}
