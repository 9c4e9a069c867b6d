import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import type { BranchDto } from '@pulso/shared';
import { ConfirmModal, ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { dashboardBranchesEs as t } from '../../../i18n/dashboard-branches';
import { assetUrl } from '../../../lib/asset-url';
import { formatDays, toHourChoice } from '../format';
import { DeleteWhich } from './delete-which';
import { useOfficesDashboardStore } from '../store';
import '../offices-dashboard.css';

type Notice = { message: string; failed?: boolean; title: string };

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
      <dl className="office-admin-card__data">
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
 * /dashboard/sedes (SPEC §2.19): every sede as a card, 'Crear Sede', and delete behind the
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
  const [asking, setAsking] = useState<BranchDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    void fetchOffices();
  }, [fetchOffices]);

  const remove = async (office: BranchDto) => {
    setBusy(true);
    const result = await deleteOffice(office.id);
    setBusy(false);
    setAsking(null);
    setNotice(
      result.ok
        ? { title: t.resultTitle, message: result.message }
        : { title: t.errorTitle, message: result.message, failed: true },
    );
  };

  return (
    <section className="offices-admin" aria-labelledby="offices-admin-title">
      <header className="offices-admin__header">
        <h1 id="offices-admin-title">{t.title}</h1>
        <Link className="button button--primary" to={paths.dashboardBranchCreate}>
          {t.create}
        </Link>
      </header>
      {(status === 'idle' || status === 'loading') && items.length === 0 && <Spinner label={t.loading} />}
      {status === 'failed' && (
        <div className="alert alert--error" role="alert">
          <p>
            {t.loadError} {error}
          </p>
          <button type="button" className="button" onClick={() => void fetchOffices()}>
            {es.common.retry}
          </button>
        </div>
      )}
      {status === 'succeeded' && items.length === 0 && <p className="empty">{t.empty}</p>}
      {status !== 'failed' && items.length > 0 && (
        <div className="offices-admin__list">
          {items.map((office) => (
            <OfficeAdminCard key={office.id} office={office} onDelete={setAsking} />
          ))}
        </div>
      )}
      {asking && (
        <ConfirmModal
          title={t.confirmTitle}
          message={
            <>
              <p>{t.confirmIrreversible}</p>
              <DeleteWhich office={asking} />
              <p>{t.confirmPrompt}</p>
            </>
          }
          confirmLabel={t.ok}
          cancelLabel={t.cancel}
          danger
          busy={busy}
          onConfirm={() => void remove(asking)}
          onCancel={() => {
            if (busy) return;
            setAsking(null);
            setNotice({ title: t.cancelledTitle, message: t.cancelled });
          }}
        />
      )}
      {notice && (
        <ResultModal
          title={notice.title}
          message={notice.message}
          failed={notice.failed}
          closeLabel={t.ok}
          onClose={() => setNotice(null)}
        />
      )}
    </section>
  );
}
