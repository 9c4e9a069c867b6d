import { useAuthStore } from '../../auth/store';
import '../users-admin.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, type UserListItemDto } from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import { formatDate } from '../../../lib/format';
import { USERS_PAGE_SIZE, useUsersAdminStore } from '../store';
import { EditUserDialog } from './edit-user-dialog';
import { MembershipStateBadge } from '../../../components/ui/membership-state';
import { EmailText } from './email-text';
import { UserTable } from './user-table';
import { UsersFilters } from './users-filters';
import { BulkBar } from './bulk-actions';

interface UsersListProps {
  /** The installation's currency, for plan prices in the front-desk payment. */
  currency: string;
}

/** Entrenador if isMonitor, otherwise Deportista. */
export function roleLabel(
  user: Pick<UserListItemDto, 'isMonitor'> & { staffRole?: UserListItemDto['staffRole'] },
): string {
  if (user.staffRole) return MESSAGES.users.roles[user.staffRole];
  return user.isMonitor ? t.list.roleTrainer : t.list.roleMember;
}

const NO_SELECTION: ReadonlyMap<string, string> = new Map();

/** /dashboard/usuarios: the users table, its edit popup and the delete confirmation. */
export function UsersList({ currency }: UsersListProps) {
  const manages = useAuthStore((s) => s.role !== 'desk');
  const list = useUsersAdminStore((s) => s.users);
  const fetchUsers = useUsersAdminStore((s) => s.fetchUsers);
  const query = useUsersAdminStore((s) => s.usersQuery);
  const setQuery = useUsersAdminStore((s) => s.setUsersQuery);
  const deleteUser = useUsersAdminStore((s) => s.deleteUser);
  const [editing, setEditing] = useState<UserListItemDto | null>(null);
  // The selection for the bulk actions, by id: kept across pages, gone when the search or filters change.
  const queryKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlyMap<string, string> }>({
    key: '',
    ids: new Map(),
  });
  const selected = selection.key === queryKey ? selection.ids : NO_SELECTION;
  const setSelected = (change: (current: ReadonlyMap<string, string>) => Map<string, string>) =>
    setSelection((current) => ({ key: queryKey, ids: change(current.key === queryKey ? current.ids : NO_SELECTION) }));
  const plans = useUsersAdminStore((s) => s.plans);
  const removal = useActionFlow<UserListItemDto>((user) => deleteUser(user.id));
  const heading = useRef<HTMLHeadingElement>(null);
  const { items, page } = list.value;
  const pageSelected = items.length > 0 && items.every((u) => selected.has(u.id));
  const toggle = (user: UserListItemDto, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(user.id, user.fullName);
      else next.delete(user.id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const user of items) {
        if (on) next.set(user.id, user.fullName);
        else next.delete(user.id);
      }
      return next;
    });

  useEffect(() => {
    void fetchUsers(1);
  }, [fetchUsers]);

  // The row being edited, as the latest list load has it (a granted plan changes its membership).
  const editedUser = editing ? (items.find((u) => u.id === editing.id) ?? editing) : null;

  const changePage = (next: number) => {
    void fetchUsers(next);
    heading.current?.focus();
  };

  return (
    <section className="users-admin">
      <header className="users-admin__header">
        <h1 ref={heading} tabIndex={-1} className="users-admin__title">
          {t.list.title}
        </h1>
        {manages && (
          <div className="users-admin__toolbar">
            <Link className="button button--primary" to={paths.dashboardUserCreate}>
              {t.list.createNew}
            </Link>
            <Link className="button" to={paths.dashboardSuspendedUsers}>
              {t.list.showSuspended}
            </Link>
          </div>
        )}
      </header>

      <UsersFilters total={list.status === 'succeeded' ? list.value.total : null} />

      {manages && (
        <BulkBar
          selected={[...selected].map(([id, name]) => ({ id, name }))}
          plans={plans.value}
          currency={currency}
          onClear={() => setSelected(() => new Map())}
          onDone={() => {
            setSelected(() => new Map());
            void fetchUsers();
          }}
        />
      )}

      <ListState load={list} count={items.length} texts={t.list} onRetry={() => void fetchUsers()} />

      <UserTable
        list={list}
        caption={t.list.caption}
        columns={Object.values(t.list.columns)}
        what={t.list.title.toLowerCase()}
        onPage={changePage}
        sorting={{
          columns: {
            [t.list.columns.name]: 'name',
            [t.list.columns.email]: 'email',
            [t.list.columns.phone]: 'phone',
            [t.list.columns.role]: 'role',
            [t.list.columns.membership]: 'status',
          },
          sort: query.sort,
          dir: query.dir,
          onSort: (sort, dir) => void setQuery({ ...query, sort, dir }),
        }}
        selectAll={
          manages && (
            <>
              <span className="visually-hidden">{t.bulk.select}</span>
              <input
                type="checkbox"
                className="users-admin__checkbox"
                aria-label={t.bulk.selectPage}
                checked={pageSelected}
                onChange={(e) => togglePage(e.target.checked)}
              />
            </>
          )
        }
      >
        {items.map((user, index) => (
          <tr key={user.id} data-email={user.email}>
            {manages && (
              <td data-label={t.bulk.select} className="users-admin__check">
                <input
                  type="checkbox"
                  className="users-admin__checkbox"
                  aria-label={t.bulk.selectOne(user.fullName)}
                  checked={selected.has(user.id)}
                  onChange={(e) => toggle(user, e.target.checked)}
                />
              </td>
            )}
            <td data-label={t.list.columns.number} className="users-admin__number">
              {(page - 1) * USERS_PAGE_SIZE + index + 1}
            </td>
            <th scope="row" data-label={t.list.columns.name} className="users-admin__name">
              <span>
                {user.fullName}
                {user.isAdmin && <span className="badge badge--admin">{t.list.adminBadge}</span>}
              </span>
              {user.homeBranch && <span className="users-admin__muted users-admin__home">{user.homeBranch.name}</span>}
            </th>
            <td data-label={t.list.columns.email} className="users-admin__email">
              <EmailText value={user.email} />
            </td>
            <td data-label={t.list.columns.phone}>{user.phone || t.list.noPhone}</td>
            <td data-label={t.list.columns.role}>{roleLabel(user)}</td>
            <td data-label={t.list.columns.membership}>
              <MembershipStateBadge state={user.membresia?.state ?? null} className="users-admin__status" />
              {user.membresia && user.statusMemberShipIdStatus === 'Activo' && (
                <span className="users-admin__muted users-admin__plan">
                  {user.membresia.name} · <span className="users-admin__date">{formatDate(user.membresia.end)}</span>
                </span>
              )}
            </td>
            <td data-label={t.list.columns.actions}>
              {/* The front desk reads its sede's members' contact data; changing them is the manager's. */}
              {manages ? (
                <div className="users-admin__actions">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t.list.editOf(user.fullName)}
                    onClick={() => setEditing(user)}
                  >
                    {t.list.edit}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-label={t.list.deleteOf(user.fullName)}
                    onClick={() => removal.ask(user)}
                  >
                    {t.list.delete}
                  </button>
                </div>
              ) : (
                <span className="users-admin__muted">{t.list.readOnly}</span>
              )}
            </td>
          </tr>
        ))}
      </UserTable>

      {editedUser && <EditUserDialog user={editedUser} currency={currency} onClose={() => setEditing(null)} />}

      <ActionDialogs
        flow={removal}
        ask={(user) => ({
          title: t.list.deleteTitle,
          message: (
            <>
              <p>{t.list.deleteConfirm}</p>
              <p className="users-admin__muted">{t.list.deleteNote(user.fullName, user.email)}</p>
            </>
          ),
          confirmLabel: t.accept,
          cancelLabel: t.cancel,
          danger: true,
        })}
        report={(_user, outcome) => ({ message: outcome.message || MESSAGES.users.deleted })}
      />
    </section>
  );
}
