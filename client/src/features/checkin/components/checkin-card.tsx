import { useEffect, useMemo, useState } from 'react';
import QRCode from 'qrcode';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { checkinEs as t } from '../../../i18n/checkin';
import { useCheckinStore } from '../store';
import '../checkin.css';

/** The modules of `text`'s QR code as one SVG path (dark squares), and its size in modules. */
function qrPath(text: string): { d: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) d += `M${x} ${y}h1v1h-1z`;
  }
  return { d, size: modules.size };
}

/** Seconds from `now` until `at` (never below 0). */
const secondsUntil = (at: string, now: number) => Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));

/**
 * The member's check-in code on their profile: a QR code the front desk scans and the same code as
 * text to type. It changes every 30 seconds: a new one is fetched when the shown one expires.
 */
export function CheckinCard() {
  const { value: card, status, error } = useCheckinStore((s) => s.card);
  const fetchCard = useCheckinStore((s) => s.fetchCard);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    void fetchCard();
  }, [fetchCard]);

  useEffect(() => {
    if (!card) return undefined;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    // The next code, a moment after this one changes on the server.
    const renew = window.setTimeout(
      () => void fetchCard({ quiet: true }),
      Math.max(1000, Date.parse(card.changesAt) - Date.now() + 250),
    );
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(renew);
    };
  }, [card, fetchCard]);

  const qr = useMemo(() => (card ? qrPath(card.code) : null), [card]);

  return (
    <article className="profile__card checkin-card">
      <h2>{t.card.title}</h2>
      <p>{t.card.intro}</p>
      {status === 'failed' && !card ? (
        <LoadFailure text={t.card.loadError} error={error} onRetry={() => void fetchCard()} />
      ) : !card || !qr ? (
        <Spinner label={t.card.loading} />
      ) : (
        <div className="checkin-card__body">
          <svg
            className="checkin-card__qr"
            viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
            role="img"
            aria-label={t.card.qrLabel(card.display)}
            shapeRendering="crispEdges"
          >
            <rect x="-2" y="-2" width={qr.size + 4} height={qr.size + 4} fill="#fff" />
            <path d={qr.d} fill="#000" />
          </svg>
          <p className="checkin-card__code">
            <span className="visually-hidden">{t.card.codeLabel}: </span>
            <code>{card.display}</code>
          </p>
          <p className="checkin-card__timer" aria-hidden="true">
            {t.card.nextIn(secondsUntil(card.changesAt, now))}
          </p>
          <p className="checkin-card__note">{t.card.changes}</p>
        </div>
      )}
    </article>
  );
}
