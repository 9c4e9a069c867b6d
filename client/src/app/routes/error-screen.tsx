import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { es } from '../../i18n/es';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The generic fallback screen: the spec's 'Unexpected Application Error!' in Spanish, then the error. */
export function ErrorScreen() {
  const error = useRouteError();
  return (
    <section className="section message-page" role="alert">
      <h1>{es.errorScreen.title}</h1>
      <pre className="error-screen__detail">{describe(error)}</pre>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {es.errorScreen.reload}
      </button>
    </section>
  );
}
