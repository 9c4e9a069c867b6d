import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { auditChange, auditCreate } from '../audit/audit.middleware';
import { lessonsController } from './lessons.controller';
import { lessonAudit } from './lessons.audit';

// prettier-ignore
export const lessonsRoutes = routeTable<ReturnType<typeof lessonsController>>('/lessons', [
  { route: 'GET /',              access: 'anyone', ok: [200, schemas.lessonListItem.array()], handler: (c) => c.listAvailable, summary: 'Available classes' },
  { route: 'GET /all',           access: 'anyone', ok: [200, schemas.lessonListItem.array()], handler: (c) => c.listAll, summary: 'Every current class' },
  { route: 'GET /retired',       access: 'manager', ok: [200, schemas.lessonListItem.array()], handler: (c) => c.listRetired, summary: 'Retired classes' },
  { route: 'GET /detail/:id',    access: 'anyone', ok: [200, schemas.lesson], errors: [400, 404], handler: (c) => c.byId, summary: 'One class by id' },
  { route: 'POST /create',       access: 'manager', body: schemas.lessonForm.create, multipart: 'lessonAttributes', ok: [201, schemas.lessonSaved], errors: [400, 409, 413, 415], audit: auditCreate('lesson', lessonAudit, (a: { lesson: { id: string } }) => a.lesson.id), handler: (c) => c.create, summary: 'Create a class' },
  { route: 'PUT /update/:id',    access: 'manager', scope: { lesson: 'id' }, body: schemas.lessonForm.update, multipart: 'lessonAttributes', ok: [200, schemas.lessonSaved], errors: [400, 404, 409, 413, 415], audit: auditChange('lesson', 'update', lessonAudit), handler: (c) => c.update, summary: 'Update a class' },
  { route: 'DELETE /delete/:id', access: 'manager', scope: { lesson: 'id' }, ok: [200, schemas.message], errors: [400, 404], audit: auditChange('lesson', 'delete', lessonAudit), handler: (c) => c.remove, summary: 'Retire a class' },
  { route: 'PUT /restore/:id',   access: 'manager', scope: { lesson: 'id' }, ok: [200, schemas.message], errors: [400, 404, 409], audit: auditChange('lesson', 'restore', lessonAudit), handler: (c) => c.restore, summary: 'Restore a retired class (409 when it no longer fits its sede or its trainer)' },
  { route: 'GET /:name',         access: 'anyone', ok: [200, schemas.lesson], errors: [404], handler: (c) => c.byName, summary: 'One class by name' },
]);

export function lessonsRouter(ctx: AppContext) {
  return mountRoutes(lessonsRoutes, lessonsController(ctx));
}
