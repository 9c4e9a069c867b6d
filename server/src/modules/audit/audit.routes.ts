import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable, type QueryParameter } from '../../lib/route-table';
import { auditController } from './audit.controller';

const AUDIT_QUERY: QueryParameter[] = [
  { name: 'actor', description: "Who made the changes: a staff account's id" },
  { name: 'entity', description: "'user', 'plan', 'branch', 'lesson', 'session', 'payment' or 'event'" },
  { name: 'from', description: "The first day (YYYY-MM-DD, the gym's date)" },
  { name: 'to', description: "The last day (YYYY-MM-DD, the gym's date), included" },
];

const AUDIT_NOTES =
  'Every change staff made through the dashboard or the API: who (and in which role), when, from which address, the record and its values before and after. Append-only: no route changes or deletes an entry. 400 VALIDATION_FAILED naming a filter that is not valid.';

// prettier-ignore
export const auditRoutes = routeTable<ReturnType<typeof auditController>>('/audit', [
  { route: 'GET /',             access: 'admin', paged: true, query: AUDIT_QUERY, ok: [200, schemas.auditEntry.array()], errors: [400], handler: (c) => c.list, summary: 'The audit trail, newest first, filtered by person, record kind and dates', notes: AUDIT_NOTES },
  { route: 'GET /:entity/:id',  access: 'admin', ok: [200, schemas.auditEntry.array()], errors: [400, 404], handler: (c) => c.history, summary: "One record's history (a member's includes their check-ins and desk payments), newest first, the latest 100" },
]);

export const auditRouter = (ctx: AppContext) => mountRoutes(auditRoutes, auditController(ctx));
