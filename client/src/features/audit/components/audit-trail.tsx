import { useRef } from 'react';
import {
  auditActionLabel,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  DEFAULT_AUDIT_QUERY,
  MESSAGES,
  type AuditEntity,
  type AuditQuery,
} from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import { LoadFailure } from '../../../components/ui/load-state';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardAuditEs as t } from '../../../i18n/dashboard-audit';
import { formatDateTime } from '../../../lib/format';
import { useLoaded } from '../../../lib/use-loaded';
import { useServerPage } from '../../../lib/use-server-page';
import { AUDIT_PAGE_SIZE, getAuditTrail, getStaff } from '../api/audit';
import { AuditChanges } from './audit-changes';
import '../audit.css';

const roleName = (role: string) => MESSAGES.users.roles[role as 'admin' | 'trainer'] ?? role;

/**
 * /dashboard/registro: the audit trail, newest first, filtered by person, kind of record and dates,
 * paged on the server. Each row: when, who (and in which role), what, the values before and after,
 * and the address it came from.
 */
export function AuditTrail() {
  const { query, setQuery, list, busy, error, load } = useServerPage(getAuditTrail, DEFAULT_AUDIT_QUERY);
  const staff = useLoaded(getStaff);
  const heading = useRef<HTMLHeadingElement>(null);

  const change = (next: Partial<AuditQuery>) => {
    const merged = { ...query, ...next };
    // A range the wrong way round is not sent: the later field waits for the earlier one.
    if (merged.from && merged.to && merged.to < merged.from) setQuery(merged);
    else load(merged, 1);
  };
  const filtered = JSON.stringify(query) !== JSON.stringify(DEFAULT_AUDIT_QUERY);

  return (
    <section className="audit" aria-labelledby="audit-title">
      <h1 id="audit-title" ref={heading} tabIndex={-1}>
        {t.title}
      </h1>
      <p className="audit__intro">{t.intro}</p>

      <section className="audit__filters" role="search" aria-label={t.filters.label}>
        <div className="form audit__filters-row">
          <SelectField
            label={t.filters.actor}
            name="actor"
            placeholder={t.filters.anyActor}
            placeholderValue=""
            options={(staff.value ?? []).map((person) => ({ value: person.id, label: person.name }))}
            value={query.actor}
            onChange={(e) => change({ actor: e.target.value })}
          />
          <SelectField
            label={t.filters.entity}
            name="entity"
            placeholder={t.filters.anyEntity}
            placeholderValue=""
            options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: AUDIT_ENTITY_LABELS[entity] }))}
            value={query.entity}
            onChange={(e) => change({ entity: e.target.value as AuditEntity | '' })}
          />
          <Field
            label={t.filters.from}
            type="date"
            name="from"
            value={query.from}
            max={query.to || undefined}
            onChange={(e) => change({ from: e.target.value })}
          />
          <Field
            label={t.filters.to}
            type="date"
            name="to"
            value={query.to}
            min={query.from || undefined}
            onChange={(e) => change({ to: e.target.value })}
          />
        </div>
        <div className="audit__filters-actions">
          {list && filtered && (
            <p className="audit__muted" role="status">
              {t.filters.found(list.total)}
            </p>
          )}
          {filtered && (
            <button type="button" className="button button--small" onClick={() => load(DEFAULT_AUDIT_QUERY, 1)}>
              {t.filters.clear}
            </button>
          )}
        </div>
      </section>

      {error ? (
        <LoadFailure text={t.loadError} error={error} onRetry={() => load(query, list?.page ?? 1)} />
      ) : !list ? (
        <Spinner label={t.loading} />
      ) : list.items.length === 0 ? (
        <p className="empty">{filtered ? t.empty : t.emptyAll}</p>
      ) : (
        <div className="table-stack" aria-busy={busy}>
          <table className="table audit__table">
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.at}</th>
                <th scope="col">{t.columns.actor}</th>
                <th scope="col">{t.columns.action}</th>
                <th scope="col">{t.columns.record}</th>
                <th scope="col">{t.columns.changes}</th>
                <th scope="col">{t.columns.ip}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t.columns.at}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <th scope="row" data-label={t.columns.actor}>
                    <span>
                      {entry.actor.name}
                      <span className="audit__muted audit__role">{roleName(entry.actor.role)}</span>
                    </span>
                  </th>
                  <td data-label={t.columns.action}>{auditActionLabel(entry.entity, entry.action)}</td>
                  <td data-label={t.columns.record}>
                    <span>
                      <span className="audit__muted">{AUDIT_ENTITY_LABELS[entry.entity]}</span> {entry.label}
                    </span>
                  </td>
                  <td data-label={t.columns.changes}>
                    <AuditChanges entry={entry} />
                  </td>
                  <td data-label={t.columns.ip} className="audit__ip">
                    {entry.ip || t.noIp}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {list && (
        <Pager
          what={t.what}
          page={list.page}
          pageSize={AUDIT_PAGE_SIZE}
          total={list.total}
          busy={busy}
          onPage={(page) => {
            load(query, page);
            heading.current?.focus();
          }}
        />
      )}
    </section>
  );
}
