import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { overviewEs as t } from '../../../i18n/dashboard-overview';
import { formatDate, formatPrice } from '../../../lib/format';
import { useOverviewStore } from '../store';
import { OverviewCharts } from './overview-charts';
import '../overview.css';

const COUNTS = [
  { key: 'activeMembers', label: t.activeMembers, to: paths.dashboardUsers },
  { key: 'classes', label: t.lessons, to: paths.dashboardLessons },
  { key: 'sedes', label: t.branches, to: paths.dashboardBranches },
  { key: 'trainers', label: t.trainers, to: paths.dashboardTrainers },
] as const;

/** /dashboard: the chain's figures from GET /api/stats, with links to the screens that manage them. */
export function Overview() {
  const { stats, status, error, load } = useOverviewStore();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="overview" aria-labelledby="overview-title">
      <header className="overview__header">
        <div>
          <h1 id="overview-title">{t.title}</h1>
          <p className="overview__intro">
            {stats
              ? t.updatedAt(new Date(stats.generatedAt).toLocaleTimeString('es', { timeStyle: 'short' }))
              : t.intro}
          </p>
        </div>
        <button type="button" className="button" onClick={() => void load()} disabled={status === 'loading'}>
          {t.refresh}
        </button>
      </header>

      {status === 'failed' && <LoadFailure text={`${t.loadError}.`} error={error} onRetry={() => void load()} />}
      {!stats && status !== 'failed' && <Spinner label={t.loading} />}

      {stats && (
        <>
          <ul className="overview__counts">
            {COUNTS.map((count) => (
              <li key={count.key} className="overview__count">
                <span className="overview__figure">{stats[count.key].toLocaleString('es')}</span>
                <span className="overview__label">{count.label}</span>
                <Link to={count.to} className="overview__link" aria-label={`${t.manage}: ${count.label}`}>
                  {t.manage}
                </Link>
              </li>
            ))}
          </ul>

          <div className="overview__panels">
            <article className="overview__panel" aria-labelledby="overview-revenue">
              <h2 id="overview-revenue">{t.revenue}</h2>
              {stats.revenueLast30Days.length === 0 ? (
                <p className="empty">{t.noRevenue}</p>
              ) : (
                <ul className="overview__revenue">
                  {stats.revenueLast30Days.map((row) => (
                    <li key={row.currency}>
                      <strong>{formatPrice(row.amount, row.currency)}</strong>
                      <span>{t.payments(row.payments)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </article>

            <article className="overview__panel" aria-labelledby="overview-messages">
              <h2 id="overview-messages">{t.messages}</h2>
              {stats.latestMessages.length === 0 ? (
                <p className="empty">{t.noMessages}</p>
              ) : (
                <ul className="overview__messages">
                  {stats.latestMessages.map((message) => (
                    <li key={message.id}>
                      <div className="overview__message-head">
                        <strong>{message.subject}</strong>
                        <span className={`badge ${message.status === 'sent' ? 'badge--ok' : 'badge--warn'}`}>
                          {message.status === 'sent' ? t.messageSent : t.messagePending}
                        </span>
                      </div>
                      <span className="overview__message-meta">
                        {message.name} · {message.email} · {formatDate(message.createdAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <Link to={paths.dashboardMessages} className="overview__all">
                {t.allMessages}
              </Link>
            </article>
          </div>
        </>
      )}
      <OverviewCharts />
    </section>
  );
}
