import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { profileEs } from '../../../i18n/profile';
import { formatDate, formatPrice } from '../../../lib/format';
import { useLoaded } from '../../../lib/use-loaded';
import { getAllSubscriptions } from '../api/subscriptions';
import './renewal-box.css';

const t = profileEs.renewals;
const STATE = profileEs.renewalStates;

/** The admin's list of renewing plans (issue 23, item 5: who stopped their renewal and when). */
export function RenewalsTable() {
  const { value: rows, error, retry } = useLoaded(getAllSubscriptions);

  return (
    <section className="renewals" aria-labelledby="renewals-title">
      <h1 id="renewals-title">{t.title}</h1>
      <p>{t.intro}</p>
      {error ? (
        <LoadFailure text={t.loadError} error={error} onRetry={retry} />
      ) : !rows ? (
        <Spinner label={t.loading} />
      ) : rows.length === 0 ? (
        <p className="empty">{t.none}</p>
      ) : (
        <div className="table-stack">
          <table className="table">
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.member}</th>
                <th scope="col">{t.plan}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.renewsAt}</th>
                <th scope="col">{t.cancelled}</th>
                <th scope="col">{t.method}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" data-label={t.member}>
                    {row.memberName}
                  </th>
                  <td data-label={t.plan}>
                    {row.planName} · {formatPrice(row.amount, row.currency)}
                  </td>
                  <td data-label={t.state}>{STATE(row)}</td>
                  <td data-label={t.renewsAt}>{row.renewsAt ? formatDate(row.renewsAt) : t.noDate}</td>
                  <td data-label={t.cancelled}>
                    {row.canceledAt ? t.cancelledOn(formatDate(row.canceledAt)) : t.noDate}
                  </td>
                  <td data-label={t.method}>{t.provider[row.provider]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
