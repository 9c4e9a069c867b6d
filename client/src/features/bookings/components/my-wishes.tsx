import { useEffect } from 'react';
import { sessionDayLabel, parseSessionId, type WishDto } from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../i18n/es';
import { useBookingsStore } from '../store';
import '../bookings.css';

const t = es.bookings.wish;

/** 'Mis esperas' on the profile: each wider wait, what it waits for and whether a place came. */
export function MyWishes() {
  const { value: wishes, status, error } = useBookingsStore((s) => s.wishes);
  const fetchWishes = useBookingsStore((s) => s.fetchWishes);
  const removeWish = useBookingsStore((s) => s.removeWish);
  const flow = useActionFlow<WishDto>((wish) => removeWish(wish.id));

  useEffect(() => {
    void fetchWishes();
  }, [fetchWishes]);

  return (
    <article className="profile__card">
      <h2>{t.mineTitle}</h2>
      {status === 'failed' ? (
        <LoadFailure text={t.loadError} error={error} onRetry={() => void fetchWishes()} />
      ) : status !== 'succeeded' ? (
        <Spinner label={t.loading} />
      ) : wishes.length === 0 ? (
        <p className="empty">{t.none}</p>
      ) : (
        <ul className="profile__list wishes">
          {wishes.map((wish) => {
            const date = wish.session ? parseSessionId(wish.session)?.date : undefined;
            return (
              <li key={wish.id}>
                <strong>{wish.kind === 'lesson' ? wish.targetName : t.ofType(wish.targetName)}</strong>
                <span>{t.band(wish.days, wish.from, wish.to)}</span>
                <span className={wish.session ? 'wishes__booked' : 'wishes__waiting'}>
                  {date ? t.booked(sessionDayLabel(date)) : t.waiting}
                </span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t.removeLabel(wish.targetName)}
                  disabled={flow.running !== null}
                  onClick={() => flow.ask(wish)}
                >
                  {t.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ActionDialogs
        flow={flow}
        ask={(wish) => ({
          title: t.remove,
          message: t.removeQuestion(wish.targetName),
          confirmLabel: t.remove,
          cancelLabel: t.keep,
        })}
        report={(_wish, outcome) => ({ title: t.resultTitle, message: outcome.message, closeLabel: t.accept })}
      />
    </article>
  );
}
