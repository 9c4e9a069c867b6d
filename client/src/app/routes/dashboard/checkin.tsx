import { useEffect } from 'react';
import { isSedeScoped } from '@pulso/shared';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { useAuthStore } from '../../../features/auth/store';
import { useBranchesStore } from '../../../features/branches/store';
import { CheckinDesk } from '../../../features/checkin/components/checkin-desk';
import { checkinEs as t } from '../../../i18n/checkin';
import { es } from '../../../i18n/es';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/checkin: the front desk checks members in by scanning or typing their code. */
export function CheckinRoute() {
  usePageTitle(es.titles.dashboard(t.desk.title));
  const branches = useBranchesStore((s) => s.items);
  const status = useBranchesStore((s) => s.status);
  const error = useBranchesStore((s) => s.error);
  const fetchBranches = useBranchesStore((s) => s.fetchBranches);
  const role = useAuthStore((s) => s.role);
  const ownBranch = useAuthStore((s) => s.user?.homeBranch?.id ?? null);
  // A sede's manager or front desk checks members in at their own sede (the server refuses others).
  const offered = isSedeScoped(role) && ownBranch ? branches.filter((b) => b.id === ownBranch) : branches;

  useEffect(() => {
    void fetchBranches();
  }, [fetchBranches]);

  // A reload of the sedes keeps the desk (and its camera) on screen: only the first load waits.
  return (
    <section className="dashboard-page checkin-page">
      <h1>{t.desk.title}</h1>
      <p>{t.desk.intro}</p>
      {status === 'failed' ? (
        <LoadFailure text={t.desk.branchesError} error={error} onRetry={() => void fetchBranches()} />
      ) : status !== 'succeeded' && branches.length === 0 ? (
        <Spinner label={es.common.loading} />
      ) : (
        <CheckinDesk branches={offered.map((b) => ({ id: b.id, name: b.name }))} />
      )}
    </section>
  );
}
