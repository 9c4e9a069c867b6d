import {
  AUDIT_ENTITIES,
  AUDIT_FIELD_LABELS,
  AUDIT_HISTORY_LIMIT,
  auditHistoryKey,
  isAuditEntityId,
  type AuditEntity,
  ERROR_CODES,
  MESSAGES,
  parseAuditQuery,
  schemas,
  type AuditEntryDto,
} from '@pulso/shared';
import type { AuditRec } from '../db';
import { MockHttpError } from '../http';
import type { Route } from '../route';
import { pageOf } from './users';

/** The audit module (server/src/modules/audit): the trail the routes' `audit` write (../audit.ts). */

const toDto = (entry: AuditRec): AuditEntryDto => ({
  ...entry,
  changes: entry.changes.map((c) => ({ ...c, label: AUDIT_FIELD_LABELS[c.field] ?? c.field })),
});

export const auditHandlers = (route: Route) => [
  route('GET /audit', { access: 'admin', ok: [200, schemas.auditEntry.array()] }, ({ url, data, headers }) => {
    const parsed = parseAuditQuery(Object.fromEntries(url.searchParams));
    if ('invalid' in parsed) {
      throw MockHttpError.validation({ [parsed.invalid]: MESSAGES.users.queryInvalid(parsed.invalid) });
    }
    const { actor, entity, from, to } = parsed.query;
    const rows = [...(data.audit ?? [])]
      .reverse()
      .filter((e) => !actor || e.actor.id === actor)
      .filter((e) => !entity || e.entity === entity)
      .filter((e) => !from || e.at.slice(0, 10) >= from)
      .filter((e) => !to || e.at.slice(0, 10) <= to);
    const { page, limit } = pageOf(url.searchParams);
    headers.set('X-Total-Count', String(rows.length));
    return rows.slice((page - 1) * limit, page * limit).map(toDto);
  }),

  route('GET /audit/:entity/:id', { access: 'admin', ok: [200, schemas.auditEntry.array()] }, ({ params, data }) => {
    if (!(AUDIT_ENTITIES as readonly string[]).includes(params.entity)) {
      throw new MockHttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.api.routeNotFound);
    }
    if (!isAuditEntityId(params.entity as AuditEntity, params.id)) throw MockHttpError.invalidId();
    const key = `${params.entity}:${params.id}`;
    return [...(data.audit ?? [])]
      .filter((e) => auditHistoryKey(e.entity, e.entityId) === key || e.related.includes(key))
      .reverse()
      .slice(0, AUDIT_HISTORY_LIMIT)
      .map(toDto);
  }),
];
