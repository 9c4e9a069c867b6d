import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LoadFailure } from '../../../components/ui/load-state';
import { ConfirmModal, ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { calendarEs } from '../../../i18n/calendar';
import type { Outcome } from '../../../lib/mutation';
import { slotFor } from '../../../lib/resource';
import { useCalendarFeedStore } from '../feed-store';
import '../calendar.css';

const f = calendarEs.feed;

/**
 * 'Calendario en tu móvil' on the profile: the private feed address with 'Copiar', how to add it
 * to Google Calendar, Apple Calendar or Outlook, and 'Generar un enlace nuevo' (after a question:
 * the old address stops working).
 */
export function CalendarFeedCard({ userId, teaches }: { userId: string; teaches: boolean }) {
  const { feed, busy, fetchFeed, renew } = useCalendarFeedStore(
    useShallow((s) => ({ feed: s.feed, busy: s.busy, fetchFeed: s.fetchFeed, renew: s.renew })),
  );
  const { value, status, error } = slotFor(feed, userId);
  const [copied, setCopied] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);

  useEffect(() => {
    void fetchFeed(userId);
  }, [userId, fetchFeed]);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(f.copied);
    } catch {
      setCopied(f.copyFailed);
    }
  };

  let address;
  if (status === 'failed') {
    address = <LoadFailure text={f.loadError} error={error} onRetry={() => void fetchFeed(userId)} />;
  } else if (!value) {
    address = <Spinner label={f.loading} />;
  } else {
    address = (
      <>
        <div className="field">
          <label className="field__label" htmlFor="calendar-feed-url">
            {f.urlLabel}
          </label>
          <div className="field__control">
            <input
              id="calendar-feed-url"
              className="feed__url"
              type="text"
              readOnly
              value={value.url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--primary" onClick={() => void copy(value.url)}>
              {f.copy}
            </button>
          </div>
        </div>
        <p className="feed__status" role="status">
          {copied}
        </p>
      </>
    );
  }

  return (
    <article className="profile__card profile__card--wide feed" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{f.title}</h2>
      <p>
        {f.intro}
        {teaches && ` ${f.trainerIntro}`}
      </p>
      {address}
      <h3 className="feed__how">{f.howTitle}</h3>
      <ul className="feed__steps">
        {f.steps.map(([app, how]) => (
          <li key={app}>
            <strong>{app}:</strong> {how}
          </li>
        ))}
      </ul>
      <p className="session__muted">
        {f.refreshNote} {f.privateNote}
      </p>
      <button type="button" className="button button--small" onClick={() => setAsking(true)} disabled={!value || busy}>
        {f.renew}
      </button>
      {asking && (
        <ConfirmModal
          title={f.renewTitle}
          message={f.renewQuestion}
          confirmLabel={f.renewConfirm}
          cancelLabel={f.keep}
          busy={busy}
          busyLabel={f.renewing}
          danger
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            void renew(userId).then((outcome) => {
              setAsking(false);
              setCopied(null);
              setResult(outcome);
            });
          }}
        />
      )}
      {result && <ResultModal message={result.message} failed={!result.ok} onClose={() => setResult(null)} />}
    </article>
  );
}
