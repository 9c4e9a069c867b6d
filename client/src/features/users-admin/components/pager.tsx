import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';

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
export function Pager({ what, page, pageSize, total, busy, onPage }: PagerProps) {
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
