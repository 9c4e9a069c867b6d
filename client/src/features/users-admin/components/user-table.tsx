import type { ReactNode } from 'react';
import type { UserSort } from '@pulso/shared';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import type { Slot } from '../../../lib/resource';
import { USERS_PAGE_SIZE, type UserList } from '../store';

interface PagerProps {
  /** What is being paged, for the navigation's name (e.g. 'usuarios'). */
  what: string;
  page: number;
  pageSize: number;
  total: number;
  busy?: boolean;
  onPage: (page: number) => void;
}

/** Previous / next controls of a long list; nothing when everything fits on one page. */
function Pager({ what, page, pageSize, total, busy, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="users-admin__pager" aria-label={t.pager.label(what)}>
      <button
        type="button"
        className="button button--small"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t.pager.previous}
      </button>
      <p className="users-admin__pager-status" aria-live="polite">
        <span>{t.pager.status(page, pages)}</span>
        <span className="users-admin__muted">{t.pager.range(from, to, total)}</span>
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t.pager.next}
      </button>
    </nav>
  );
}

/** Columns that sort the list: a column's name and the sort it asks for. */
export interface TableSort {
  columns: Partial<Record<string, UserSort>>;
  sort: UserSort;
  dir: 'asc' | 'desc';
  /** A click on a column: ascending first, then the other way. */
  onSort: (sort: UserSort, dir: 'asc' | 'desc') => void;
}

interface UserTableProps {
  /** The page on screen, and where its load stands. */
  list: Slot<UserList>;
  caption: string;
  columns: readonly string[];
  /** What is being paged, for the pager's name. */
  what: string;
  onPage: (page: number) => void;
  /** One row per user of the page. */
  children: ReactNode;
  /** Columns that sort the list (the active users' table). */
  sorting?: TableSort;
}

/** A page of users as a table, kept on screen while the next page loads, with the pager under it. */
export function UserTable({ list, caption, columns, what, onPage, children, sorting }: UserTableProps) {
  const busy = list.status === 'loading';
  const { items, page, total } = list.value;
  if (items.length === 0) return null;
  return (
    <>
      <div className="users-admin__table-wrap" aria-busy={busy}>
        {busy && (
          <p className="users-admin__refreshing" role="status">
            {t.list.refreshing}
          </p>
        )}
        <table className="users-admin__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const key = sorting?.columns[column];
                if (!sorting || !key) {
                  return (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  );
                }
                const active = sorting.sort === key;
                const next = active && sorting.dir === 'asc' ? 'desc' : 'asc';
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={active ? (sorting.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button
                      type="button"
                      className="users-admin__sort"
                      title={t.filters.sortBy(column)}
                      onClick={() => sorting.onSort(key, next)}
                    >
                      {column}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <Pager what={what} page={page} pageSize={USERS_PAGE_SIZE} total={total} busy={busy} onPage={onPage} />
    </>
  );
}
