import { schemas } from '@pulso/shared';
import { auditChange, auditCreate } from '../audit/audit.middleware';
import { eventAudit } from './calendar.audit';
import { mountRoutes, routeTable, type QueryParameter } from '../../lib/route-table';
import type { AppContext } from '../../lib/context';
import { calendarController } from './calendar.controller';

const RANGE: QueryParameter[] = [
  { name: 'start', required: true, description: 'ISO date-time' },
  { name: 'end', required: true, description: 'ISO date-time' },
];

// prettier-ignore
export const calendarRoutes = routeTable<ReturnType<typeof calendarController>>('/events', [
  { route: 'GET /',         access: 'signed-in', query: RANGE, ok: [200, schemas.calendarEvent.array()], errors: [400], handler: (c) => c.list, summary: "The caller's calendar in a range (at most 62 days)" },
  { route: 'POST /',        access: 'admin', body: schemas.eventForm, ok: [201, schemas.eventSaved], errors: [400], audit: auditCreate('event', eventAudit, (a: { event: { id: string } }) => a.event.id), handler: (c) => c.create, summary: 'Add a gym event' },
  { route: 'DELETE /:id',   access: 'admin', ok: [200, schemas.message], errors: [400, 404], audit: auditChange('event', 'delete', eventAudit), handler: (c) => c.remove, summary: 'Delete a gym event' },
]);

export const calendarRouter = (ctx: AppContext) => mountRoutes(calendarRoutes, calendarController(ctx));
