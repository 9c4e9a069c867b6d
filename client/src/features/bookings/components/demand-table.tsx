import { useEffect } from 'react';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../i18n/es';
import { useSessionsAdminStore } from '../admin-store';
import '../bookings.css';

const t = es.bookings.demand;

/** The admin's table of waiting demand: by class, sede, weekday and hour (charts come with the overview). */
export function DemandTable() {
  const { value: rows, status, error } = useSessionsAdminStore((s) => s.demand);
  const fetchDemand = useSessionsAdminStore((s) => s.fetchDemand);

  useEffect(() => {
    void fetchDemand();
  }, [fetchDemand]);

  return (
    <section className="demand" aria-labelledby="demand-title">
      <h1 id="demand-title">{t.title}</h1>
      <p>{t.intro}</p>
      {status === 'failed' ? (
        <LoadFailure text={t.loadError} error={error} onRetry={() => void fetchDemand()} />
      ) : status !== 'succeeded' ? (
        <Spinner label={t.loading} />
      ) : rows.length === 0 ? (
        <p className="empty">{t.none}</p>
      ) : (
        <div className="table-stack">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t.lesson}</th>
                <th scope="col">{t.branch}</th>
                <th scope="col">{t.weekday}</th>
                <th scope="col">{t.hour}</th>
                <th scope="col">{t.waiting}</th>
                <th scope="col">{t.wishes}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.lessonId}-${row.weekday}`}>
                  <td data-label={t.lesson}>{row.lessonName}</td>
                  <td data-label={t.branch}>{row.branchName}</td>
                  <td data-label={t.weekday}>{row.weekday}</td>
                  <td data-label={t.hour}>{row.hour}</td>
                  <td data-label={t.waiting}>{row.waiting}</td>
                  <td data-label={t.wishes}>{row.wishes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
