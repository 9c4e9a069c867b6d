import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_USER_QUERY } from '@pulso/shared';
import { UsersList } from '../../../features/users-admin/components/users-list';
import { useUsersAdminStore } from '../../../features/users-admin/store';
import { useUiStore } from '../../../features/ui/store';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** The list searched for `q` from its first load (set before the list mounts and loads). */
function SearchedList({ q, currency }: { q: string; currency: string }) {
  useState(() => {
    if (q) useUsersAdminStore.setState({ usersQuery: { ...DEFAULT_USER_QUERY, q } });
    return q;
  });
  return <UsersList currency={currency} />;
}

/** /dashboard/usuarios; `?q=` opens it searched (the overview's lists link a member so). */
export function UsersRoute() {
  usePageTitle(es.titles.dashboard(es.titles.users));
  const currency = useUiStore((s) => s.site.currency);
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  return <SearchedList key={q} q={q} currency={currency} />;
}
