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
import { cancelledNotice, deleteQuestion, branchReport } from './branch-dialogs';
import { useBranchesDashboardStore } from '../store';
import '../branches-dashboard.css';

/** One sede card: image, Nombre, Dirección, Días and 'Horario de atención', with edit and delete. */
function BranchAdminCard({ branch, onDelete }: { branch: BranchDto; onDelete: (branch: BranchDto) => void }) {
  const nameId = `branch-admin-${branch.id}`;
  const start = toHourChoice(branch.scheduleHourStart) || branch.scheduleHourStart;
  const finish = toHourChoice(branch.scheduleHourFinish) || branch.scheduleHourFinish;
  return (
    <article className="branch-admin-card" aria-labelledby={nameId}>
      <img
        className="branch-admin-card__image"
        src={assetUrl(branch.image)}
        alt={t.imageAlt(branch.name)}
        width={320}
        height={200}
        loading="lazy"
      />
      <dl className="data-list branch-admin-card__data">
        <div>
          <dt>{t.name}</dt>
          <dd id={nameId} className="branch-admin-card__name">
            {branch.name}
          </dd>
        </div>
        <div>
          <dt>{t.address}</dt>
          <dd>{branch.location}</dd>
        </div>
        <div>
          <dt>{t.days}</dt>
          <dd>{formatDays(branch.scheduleDays)}</dd>
        </div>
        <div>
          <dt>{t.schedule}</dt>
          <dd>{t.hours(start, finish)}</dd>
        </div>
      </dl>
      <div className="branch-admin-card__actions">
        <Link
          className="button button--small"
          to={paths.dashboardBranchEdit(branch.id)}
          aria-label={t.editOf(branch.name)}
        >
          {t.edit}
        </Link>
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={t.deleteOf(branch.name)}
          onClick={() => onDelete(branch)}
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
export function BranchAdminList() {
  const { items, status, error, fetchBranches, deleteBranch } = useBranchesDashboardStore(
    useShallow((s) => ({
      items: s.items,
      status: s.status,
      error: s.error,
      fetchBranches: s.fetchBranches,
      deleteBranch: s.deleteBranch,
    })),
  );
  const flow = useActionFlow<BranchDto>((branch) => deleteBranch(branch.id));

  useEffect(() => {
    void fetchBranches();
  }, [fetchBranches]);

  return (
    <section className="branches-admin" aria-labelledby="branches-admin-title">
      <header className="branches-admin__header">
        <h1 id="branches-admin-title">{t.title}</h1>
        <Link className="button button--primary" to={paths.dashboardBranchCreate}>
          {t.create}
        </Link>
      </header>
      <ListState load={{ status, error }} count={items.length} texts={t} onRetry={() => void fetchBranches()} />
      {status !== 'failed' && items.length > 0 && (
        <div className="branches-admin__list">
          {items.map((branch) => (
            <BranchAdminCard key={branch.id} branch={branch} onDelete={flow.ask} />
          ))}
        </div>
      )}
      <ActionDialogs
        flow={flow}
        ask={deleteQuestion}
        report={(_branch, outcome) => branchReport(outcome)}
        declined={cancelledNotice}
      />
    </section>
  );
}
