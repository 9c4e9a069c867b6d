import type { ReactNode } from 'react';
import type { UserSort } from '@pulso/shared';
import { Pager } from '../../../components/ui/pager';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import type { Slot } from '../../../lib/resource';
import { USERS_PAGE_SIZE, type UserList } from '../store';

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
  /** A first column of checkboxes: its header (select the page). */
  selectAll?: ReactNode;
}

/** A page of users as a table, kept on screen while the next page loads, with the pager under it. */
export function UserTable({ list, caption, columns, what, onPage, children, sorting, selectAll }: UserTableProps) {
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
              {selectAll && (
                <th scope="col" className="users-admin__check">
                  {selectAll}
                </th>
              )}
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
