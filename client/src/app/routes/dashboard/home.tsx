import { es } from '../../../i18n/es';

/** /dashboard: the overview grows with the admin issue; the shell and its guard are here now. */
export function DashboardHomeRoute() {
  return (
    <section>
      <h1>{es.dashboard.title}</h1>
    </section>
  );
}
