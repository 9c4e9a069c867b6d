import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import type { BranchDto } from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardBranchesEs as t } from '../../../i18n/dashboard-branches';
import { assetUrl } from '../../../lib/asset-url';
import { formatDays, toHourChoice } from '../format';
import { cancelledNotice, deleteQuestion, officeReport } from './office-dialogs';
import { useOfficesDashboardStore } from '../store';
import '../offices-dashboard.css';

/** One sede card: image, Nombre, Dirección, Días and 'Horario de atención', with edit and delete. */
function OfficeAdminCard({ office, onDelete }: { office: BranchDto; onDelete: (office: BranchDto) => void }) {
  const nameId = `office-admin-${office.id}`;
  const start = toHourChoice(office.scheduleHourStart) || office.scheduleHourStart;
  const finish = toHourChoice(office.scheduleHourFinish) || office.scheduleHourFinish;
  return (
    <article className="office-admin-card" aria-labelledby={nameId}>
      <img
        className="office-admin-card__image"
        src={assetUrl(office.image)}
        alt={t.imageAlt(office.name)}
        width={320}
        height={200}
        loading="lazy"
      />
      <dl className="data-list office-admin-card__data">
        <div>
          <dt>{t.name}</dt>
          <dd id={nameId} className="office-admin-card__name">
            {office.name}
          </dd>
        </div>
        <div>
          <dt>{t.address}</dt>
          <dd>{office.location}</dd>
        </div>
        <div>
          <dt>{t.days}</dt>
          <dd>{formatDays(office.scheduleDays)}</dd>
        </div>
        <div>
          <dt>{t.schedule}</dt>
          <dd>{t.hours(start, finish)}</dd>
        </div>
      </dl>
      <div className="office-admin-card__actions">
        <Link
          className="button button--small"
          to={paths.dashboardBranchEdit(office.id)}
          aria-label={t.editOf(office.name)}
        >
          {t.edit}
        </Link>
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={t.deleteOf(office.name)}
          onClick={() => onDelete(office)}
        >
          {t.delete}
        </button>
      </div>
    </article>
  );
}

/**
 * /dashboard/sedes: every sede as a card, 'Crear Sede', and delete behind the
 * 'Confirmación' modal. A deleted sede leaves the list at once; every failure shows its message.
 */
export function OfficeAdminList() {
  const { items, status, error, fetchOffices, deleteOffice } = useOfficesDashboardStore(
    useShallow((s) => ({
      items: s.items,
      status: s.status,
      error: s.error,
      fetchOffices: s.fetchOffices,
      deleteOffice: s.deleteOffice,
    })),
  );
  const flow = useActionFlow<BranchDto>((office) => deleteOffice(office.id));

  useEffect(() => {
    void fetchOffices();
  }, [fetchOffices]);

  return (
    <section className="offices-admin" aria-labelledby="offices-admin-title">
      <header className="offices-admin__header">
        <h1 id="offices-admin-title">{t.title}</h1>
        <Link className="button button--primary" to={paths.dashboardBranchCreate}>
          {t.create}
        </Link>
      </header>
      <ListState load={{ status, error }} count={items.length} texts={t} onRetry={() => void fetchOffices()} />
      {status !== 'failed' && items.length > 0 && (
        <div className="offices-admin__list">
          {items.map((office) => (
            <OfficeAdminCard key={office.id} office={office} onDelete={flow.ask} />
          ))}
        </div>
      )}
      <ActionDialogs
        flow={flow}
        ask={deleteQuestion}
        report={(_office, outcome) => officeReport(outcome)}
        declined={cancelledNotice}
      />
    </section>
  );
}
