import { isSedeScoped } from '@pulso/shared';
import { useAuthStore } from '../../auth/store';
import { useEffect, useState } from 'react';
import {
  DEFAULT_USER_QUERY,
  MESSAGES,
  USER_ROLES,
  USER_STATUSES,
  type UserQuery,
  type UserRole,
  type UserStatus,
} from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import { OutcomeLine } from '../../../components/ui/outcome-line';
import { dashboardUsersEs } from '../../../i18n/dashboard-users';
import { mutate, type Outcome } from '../../../lib/mutation';
import { saveFile } from '../../../lib/save-file';
import { useBranchesStore } from '../../branches/store';
import { downloadUsersCsv } from '../api/users-admin';
import { useUsersAdminStore } from '../store';

const t = dashboardUsersEs.filters;

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

/**
 * Above the users table: a search (name, e-mail or phone), filters by state, plan, home sede and
 * role, 'Limpiar filtros', and 'Exportar CSV' of the list as it is filtered and sorted now.
 */
export function UsersFilters({ total }: { total: number | null }) {
  const query = useUsersAdminStore((s) => s.usersQuery);
  const setQuery = useUsersAdminStore((s) => s.setUsersQuery);
  const plans = useUsersAdminStore((s) => s.plans);
  const fetchPlans = useUsersAdminStore((s) => s.fetchPlans);
  const branches = useBranchesStore((s) => s.items);
  const sedeScoped = useAuthStore((s) => isSedeScoped(s.role));
  const fetchBranches = useBranchesStore((s) => s.fetchBranches);
  const [typed, setTyped] = useState(query.q);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<Outcome | null>(null);

  useEffect(() => {
    if (useUsersAdminStore.getState().plans.status === 'idle') void fetchPlans();
    if (useBranchesStore.getState().status === 'idle') void fetchBranches();
  }, [fetchPlans, fetchBranches]);

  // The search goes once typing pauses.
  useEffect(() => {
    if (typed.trim() === query.q) return undefined;
    const timer = setTimeout(() => void setQuery({ ...query, q: typed.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, query, setQuery]);

  const change = (next: Partial<UserQuery>) => void setQuery({ ...query, q: typed.trim(), ...next });
  const filtered =
    JSON.stringify({ ...query, sort: '', dir: '' }) !== JSON.stringify({ ...DEFAULT_USER_QUERY, sort: '', dir: '' });

  const exportCsv = async () => {
    setExporting(true);
    setExported(
      await mutate(
        async () => {
          const { file, fileName } = await downloadUsersCsv({ ...query, q: typed.trim() });
          saveFile(file, fileName);
          return t.exported;
        },
        () => t.exportFailed,
      ),
    );
    setExporting(false);
  };

  return (
    <section className="users-admin__filters" role="search" aria-label={t.label}>
      <div className="form users-admin__filters-row">
        <Field
          label={t.search}
          type="search"
          value={typed}
          placeholder={t.searchHint}
          maxLength={100}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') change({ q: typed.trim() });
          }}
        />
        <SelectField
          label={t.status}
          name="status"
          placeholder={t.anyStatus}
          placeholderValue=""
          options={[...USER_STATUSES]}
          value={query.status}
          onChange={(e) => change({ status: e.target.value as UserStatus | '' })}
        />
        <SelectField
          label={t.plan}
          name="plan"
          placeholder={t.anyPlan}
          placeholderValue=""
          options={plans.value.map((p) => ({ value: p.id, label: p.name }))}
          value={plans.status === 'succeeded' ? query.plan : ''}
          onChange={(e) => change({ plan: e.target.value })}
        />
        {/* A sede's staff list their sede's accounts only: the server keeps them to it. */}
        {!sedeScoped && (
          <SelectField
            label={t.branch}
            name="branch"
            placeholder={t.anyBranch}
            placeholderValue=""
            options={[{ value: 'none', label: t.noBranch }, ...branches.map((b) => ({ value: b.id, label: b.name }))]}
            value={query.branch}
            onChange={(e) => change({ branch: e.target.value })}
          />
        )}
        <SelectField
          label={t.role}
          name="role"
          placeholder={t.anyRole}
          placeholderValue=""
          options={USER_ROLES.map((r) => ({ value: r, label: MESSAGES.users.roles[r] }))}
          value={query.role}
          onChange={(e) => change({ role: e.target.value as UserRole | '' })}
        />
      </div>
      <div className="users-admin__filters-actions">
        {total !== null && (filtered || query.q) && (
          <p className="users-admin__muted" role="status">
            {t.found(total)}
          </p>
        )}
        {(filtered || typed) && (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setTyped('');
              void setQuery({ ...DEFAULT_USER_QUERY, sort: query.sort, dir: query.dir });
            }}
          >
            {t.clear}
          </button>
        )}
        <button type="button" className="button button--small" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? t.exporting : t.export}
        </button>
        <OutcomeLine result={exported} pending={exporting ? t.exporting : null} />
      </div>
    </section>
  );
}
