import { es } from '../../i18n/es';
import './pager.css';

const t = es.common.pager;

interface PagerProps {
  /** What is being paged, for the navigation's name (e.g. 'usuarios'). */
  what: string;
  page: number;
  pageSize: number;
  total: number;
  busy?: boolean;
  onPage: (page: number) => void;
}

/** Previous / next controls of a long list paged on the server; nothing when everything fits on one page. */
export function Pager({ what, page, pageSize, total, busy, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={t.label(what)}>
      <button
        type="button"
        className="button button--small"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t.previous}
      </button>
      <p className="pager__status" aria-live="polite">
        <span>{t.status(page, pages)}</span>
        <span className="pager__range">{t.range(from, to, total)}</span>
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t.next}
      </button>
    </nav>
  );
}
