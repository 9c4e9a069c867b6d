import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LoadStatus } from '@pulso/shared';
import { es } from '../../i18n/es';
import type { DialogLink } from './modal';
import { Spinner } from './spinner';

interface LoadFailureProps {
  /** What could not be loaded ('No se pudieron cargar las sedes.'); the reason follows it. */
  text: string;
  error: string | null;
  onRetry: () => void;
  /** A way back beside the retry (a screen that cannot show anything without what failed). */
  back?: DialogLink;
}

/** A load that failed: what and why, with 'Intenta de nuevo'. */
export function LoadFailure({ text, error, onRetry, back }: LoadFailureProps) {
  const retry = (
    <button type="button" className="button" onClick={onRetry}>
      {es.common.retry}
    </button>
  );
  return (
    <div className="alert alert--error" role="alert">
      <p>
        {text} {error}
      </p>
      {back ? (
        <div className="alert__actions">
          {retry}
          <Link className="button" to={back.to}>
            {back.label}
          </Link>
        </div>
      ) : (
        retry
      )}
    </div>
  );
}

/** What a list says while it loads, when it failed and when it is empty. */
export interface ListTexts {
  loading: string;
  /** What could not be loaded; the reason follows it. */
  loadError: string;
  /** Nothing when the screen says it another way. */
  empty?: string;
}

interface ListStateProps {
  /** Where the list's load stands. */
  load: { status: LoadStatus; error: string | null };
  /** How many rows are on screen. */
  count: number;
  texts: ListTexts;
  onRetry: () => void;
  /** Shown instead of the spinner until the first rows arrive (the sedes' loading gif). */
  spinner?: ReactNode;
}

/** What a list says besides its rows: a spinner until the first ones, a failure with a retry, or none. */
export function ListState({ load: { status, error }, count, texts, onRetry, spinner }: ListStateProps) {
  return (
    <>
      {(status === 'idle' || status === 'loading') && count === 0 && (spinner ?? <Spinner label={texts.loading} />)}
      {status === 'failed' && <LoadFailure text={texts.loadError} error={error} onRetry={onRetry} />}
      {status === 'succeeded' && count === 0 && texts.empty && <p className="empty">{texts.empty}</p>}
    </>
  );
}

interface ScreenLoadProps {
  /** What the screen needs has arrived. */
  ready: boolean;
  /** What could not be loaded, when a load failed. */
  failed: string | null;
  error: string | null;
  loading: string;
  onRetry: () => void;
  back: DialogLink;
  /** The screen's own section class, so the failure sits where the screen would. */
  className: string;
  children: ReactNode;
}

/** An edit screen until its data is there: a spinner, or the failure with a retry and a way back. */
export function ScreenLoad({ ready, failed, error, loading, onRetry, back, className, children }: ScreenLoadProps) {
  if (failed) {
    return (
      <section className={className}>
        <LoadFailure text={failed} error={error} onRetry={onRetry} back={back} />
      </section>
    );
  }
  return ready ? children : <Spinner label={loading} />;
}
