import { useState } from 'react';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { CheckField } from '../../../components/ui/form-controls';
import { LoadFailure } from '../../../components/ui/load-state';
import { Modal } from '../../../components/ui/modal';
import { OutcomeLine } from '../../../components/ui/outcome-line';
import { Spinner } from '../../../components/ui/spinner';
import { profileEs } from '../../../i18n/profile';
import { formatDate, formatPrice } from '../../../lib/format';
import { mutate, type Outcome } from '../../../lib/mutation';
import { useLoaded } from '../../../lib/use-loaded';
import * as api from '../api/subscriptions';
import './renewal-box.css';

const t = profileEs.renewal;
const p = profileEs.pause;

type Action = 'cancel' | 'resume' | 'fix' | 'portal';

/**
 * The member's renewing plan on their profile: when it renews and for how much, 'Cancelar
 * renovación' (asked first; it runs to its end) and 'Seguir renovando'; a failed charge with the
 * date access ends and where to fix the card (Stripe's portal, or the demo card's switch).
 * `onOfferPause`: pausing the membership is possible, so it is offered before cancelling.
 */
export function RenewalBox({ onOfferPause }: { onOfferPause?: () => void } = {}) {
  const { value: sub, error, retry, set: setSub } = useLoaded(api.getMySubscription);
  const [cardResult, setCardResult] = useState<Outcome | null>(null);
  const [cardBusy, setCardBusy] = useState(false);
  const [offering, setOffering] = useState(false);

  const flow = useActionFlow<Action>(async (action) => {
    if (action === 'portal') {
      const outcome = await mutate(async () => {
        window.location.assign(await api.openCardPortal());
        return '';
      });
      return outcome;
    }
    return mutate(async () => {
      const saved =
        action === 'cancel'
          ? await api.cancelRenewal()
          : action === 'resume'
            ? await api.resumeRenewal()
            : await api.setDemoCardFailing(false);
      setSub(saved.subscription);
      return saved.message;
    });
  });

  if (error) return <LoadFailure text={t.loadError} error={error} onRetry={retry} />;
  if (sub === undefined) return <Spinner label={t.loading} />;
  if (!sub) return null;

  const amount = formatPrice(sub.amount, sub.currency);
  const live = sub.status === 'active' || sub.status === 'past_due';
  const busy = flow.running !== null;
  const statusText =
    sub.status === 'past_due'
      ? t.pastDue(formatDate(sub.graceUntil ?? sub.paidThrough))
      : sub.status === 'lapsed'
        ? t.lapsed(sub.planName)
        : sub.status === 'canceled'
          ? t.ended(sub.planName, formatDate(sub.endedAt ?? sub.paidThrough))
          : sub.cancelAtPeriodEnd
            ? t.scheduledEnd(sub.planName, formatDate(sub.paidThrough))
            : t.active(sub.planName, formatDate(sub.paidThrough), amount);

  const setFailing = async (failing: boolean) => {
    setCardBusy(true);
    setCardResult(
      await mutate(async () => {
        const saved = await api.setDemoCardFailing(failing);
        setSub(saved.subscription);
        return saved.message;
      }),
    );
    setCardBusy(false);
  };

  return (
    <section className="renewal" aria-labelledby="renewal-title">
      <h3 id="renewal-title" className="renewal__title">
        {t.title}
      </h3>
      <p
        className={sub.status === 'past_due' ? 'alert alert--error' : 'renewal__status'}
        role={sub.status === 'past_due' ? 'alert' : undefined}
      >
        {statusText}
      </p>
      {live && (
        <div className="renewal__actions">
          {sub.status === 'past_due' && sub.provider === 'demo' && (
            <button
              type="button"
              className="button button--small button--primary"
              disabled={busy}
              onClick={() => flow.send('fix')}
            >
              {t.fixCard}
            </button>
          )}
          {sub.status === 'past_due' && sub.provider === 'stripe' && (
            <button
              type="button"
              className="button button--small button--primary"
              disabled={busy}
              onClick={() => flow.send('portal')}
            >
              {t.updateCard}
            </button>
          )}
          {sub.cancelAtPeriodEnd ? (
            <button type="button" className="button button--small" disabled={busy} onClick={() => flow.send('resume')}>
              {t.resume}
            </button>
          ) : (
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              onClick={() => (onOfferPause ? setOffering(true) : flow.ask('cancel'))}
            >
              {flow.running?.action === 'cancel' ? t.cancelling : t.cancel}
            </button>
          )}
        </div>
      )}
      {live && sub.provider === 'demo' && sub.status === 'active' && (
        <div className="renewal__demo">
          <CheckField
            label={t.demoFailing}
            hint={t.demoFailingHint}
            checked={sub.cardFailing}
            disabled={cardBusy}
            onChange={(failing) => void setFailing(failing)}
          />
          <OutcomeLine result={cardResult} pending={cardBusy ? t.saving : null} />
        </div>
      )}
      {offering && onOfferPause && (
        <Modal
          title={p.offerTitle}
          onClose={() => setOffering(false)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setOffering(false)}>
                {p.offerBack}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setOffering(false);
                  flow.ask('cancel');
                }}
              >
                {p.offerContinue}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-autofocus
                onClick={() => {
                  setOffering(false);
                  onOfferPause();
                }}
              >
                {p.offerPause}
              </button>
            </>
          }
        >
          <p>{p.offerText}</p>
        </Modal>
      )}
      <ActionDialogs
        flow={flow}
        ask={() => ({
          title: t.confirmTitle,
          message: t.confirmText(formatDate(sub.paidThrough)),
          confirmLabel: t.cancel,
          busyLabel: t.cancelling,
          cancelLabel: t.keep,
          danger: true,
        })}
        report={(_action, outcome) => ({ title: t.resultTitle, message: outcome.message, closeLabel: t.accept })}
      />
    </section>
  );
}
