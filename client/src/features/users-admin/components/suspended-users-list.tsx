import '../users-admin.css';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import { formatDate } from '../../../lib/format';
import { useUsersAdminStore } from '../store';
import { EmailText } from './email-text';
import { UserTable } from './user-table';
import { RestoreIcon } from './restore-icon';

/**
 * /dashboard/deletedusers: suspended accounts with their suspension date as
 * day-month-year, the red 'Cuenta Suspendida' badge and a restore button; the list reloads after it.
 */
export function SuspendedUsersList() {
  const list = useUsersAdminStore((s) => s.suspended);
  const fetchSuspended = useUsersAdminStore((s) => s.fetchSuspended);
  const restoreUser = useUsersAdminStore((s) => s.restoreUser);
  const restoring = useActionFlow<string>(restoreUser);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void fetchSuspended(1);
  }, [fetchSuspended]);

  return (
    <section className="users-admin">
      <header className="users-admin__header">
        <div>
          <h1 ref={heading} tabIndex={-1} className="users-admin__title">
            {t.suspended.title}
          </h1>
          <p className="users-admin__muted">{t.suspended.text}</p>
        </div>
        <div className="users-admin__toolbar">
          <Link className="button" to={paths.dashboardUsers}>
            {t.suspended.backToUsers}
          </Link>
        </div>
      </header>

      <ListState
        load={list}
        count={list.value.items.length}
        texts={t.suspended}
        onRetry={() => void fetchSuspended()}
      />

      <UserTable
        list={list}
        caption={t.suspended.caption}
        columns={Object.values(t.suspended.columns)}
        what={t.suspended.title.toLowerCase()}
        onPage={(next) => {
          void fetchSuspended(next);
          heading.current?.focus();
        }}
      >
        {list.value.items.map((user) => (
          <tr key={user.id} data-email={user.email}>
            <td data-label={t.suspended.columns.email} className="users-admin__email">
              {user.erasedAt ? <span className="users-admin__muted">—</span> : <EmailText value={user.email} />}
            </td>
            <th scope="row" data-label={t.suspended.columns.name} className="users-admin__name">
              {user.fullName}
            </th>
            <td data-label={t.suspended.columns.date}>{user.deletedAt ? formatDate(user.deletedAt) : ''}</td>
            <td data-label={t.suspended.columns.status}>
              {user.erasedAt ? (
                <span className="badge">{MESSAGES.users.erasure.erasedAccount}</span>
              ) : (
                <span className="badge badge--danger">{t.suspended.badge}</span>
              )}
            </td>
            <td data-label={t.suspended.columns.restore}>
              {user.erasedAt ? (
                <span className="users-admin__muted">{t.suspended.notRestorable}</span>
              ) : (
                <button
                  type="button"
                  className="button button--small users-admin__icon-button"
                  aria-label={t.suspended.restoreOf(user.fullName)}
                  title={t.suspended.restoreOf(user.fullName)}
                  disabled={restoring.running !== null}
                  onClick={() => restoring.send(user.id)}
                >
                  <RestoreIcon />
                  {restoring.running?.action === user.id && (
                    <span className="users-admin__muted">{t.suspended.restoring}</span>
                  )}
                </button>
              )}
            </td>
          </tr>
        ))}
      </UserTable>

      <ActionDialogs
        flow={restoring}
        report={(_id, outcome) => ({
          message: outcome.message || MESSAGES.users.restored,
          closeLabel: t.suspended.accept,
        })}
      />
    </section>
  );
}
