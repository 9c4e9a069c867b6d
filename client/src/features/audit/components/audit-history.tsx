import { useState } from 'react';
import { MESSAGES, type AuditEntity, type AuditEntryDto } from '@pulso/shared';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardAuditEs } from '../../../i18n/dashboard-audit';
import { failureOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { getAuditHistory } from '../api/audit';
import { AuditChanges, auditWhat } from './audit-changes';
import '../audit.css';

const t = dashboardAuditEs.history;

/**
 * 'Historial de cambios' of one record (a member, a class), folded until opened: what staff changed
 * of it, newest first, read when it is opened.
 */
export function AuditHistory({ entity, id }: { entity: AuditEntity; id: string }) {
  const [entries, setEntries] = useState<AuditEntryDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () => {
    setError(null);
    getAuditHistory(entity, id).then(setEntries, (failure: unknown) => setError(failureOf(failure).message));
  };

  return (
    <details
      className="audit-history"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && !entries) load();
      }}
    >
      <summary>{t.title}</summary>
      {error ? (
        <LoadFailure text={t.loadError} error={error} onRetry={load} />
      ) : !entries ? (
        <Spinner label={t.loading} />
      ) : entries.length === 0 ? (
        <p className="audit__muted">{t.empty}</p>
      ) : (
        <ol className="audit-history__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p className="audit-history__head">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {auditWhat(entry)}{' '}
                <span className="audit__muted">
                  {t.by(entry.actor.name)} (
                  {MESSAGES.users.roles[entry.actor.role as 'admin' | 'trainer'] ?? entry.actor.role})
                </span>
              </p>
              <AuditChanges entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
